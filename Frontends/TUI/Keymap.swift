/// The keys, as the help overlay lists them (and docs/tui.md repeats).
enum Keymap {
    /// The dashboard's keys.
    static let dashboard: [(keys: String, action: String)] = [
        ("j k  ↓ ↑", "move"),
        ("PgDn PgUp  Ctrl-D Ctrl-U", "a page, half a page"),
        ("g G  Home End", "first, last"),
        ("space", "complete (a repeating one moves on), or reopen"),
        ("x", "delete at once (u brings it back)"),
        ("d", "delete, after asking"),
        ("Enter  e", "edit in the sheet"),
        ("a", "add in the sheet"),
        ("u  Ctrl-R", "undo, redo"),
        ("/", "search titles (Enter keeps it, Esc clears it)"),
        ("t  l  p", "filter by a tag, a list, a priority (Esc clears)"),
        ("c", "every completed one, or the last 10"),
        ("R", "reset today: lists what goes, then asks"),
        ("C Z D N", "notification: complete, snooze 15 min, dismiss (answered everywhere), put aside"),
        ("Ctrl-L", "draw again and number from 1"),
        ("?", "this help"),
        ("q", "quit"),
    ]

    /// The edit sheet's keys.
    static let sheet: [(keys: String, action: String)] = [
        ("Tab ↓  Shift-Tab ↑", "next field, previous field"),
        ("typing", "changes the field (Ctrl-U clears it)"),
        ("Enter", "next field; on Repeat and Tags, their picker"),
        ("← →", "on Repeat, the next choice; on List, another list"),
        ("Ctrl-S", "save"),
        ("Esc", "close (asks first when something changed)"),
    ]
}
