import Shared

/// Text measured in terminal columns, by the fronts' one width rule (`TerminalColumns`): a CJK
/// character or an emoji takes two, a combining mark none.
enum Columns {
    /// The columns `character` takes.
    static func width(_ character: Character) -> Int { TerminalColumns.width(of: character) }

    /// The columns `text` takes.
    static func width(_ text: String) -> Int { TerminalColumns.width(of: text) }

    /// `text` cut to take at most `room` columns, ending with "…" when cut.
    static func fit(_ text: String, _ room: Int) -> String { TerminalColumns.fit(text, columns: room) }

    /// Text that came from a user, with control characters made visible (never run by the terminal).
    static func visible(_ text: String) -> String { VisibleText.escaped(text) }
}
