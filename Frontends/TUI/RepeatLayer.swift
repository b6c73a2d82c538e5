import Shared

/// The recurrence picker of the edit sheet: the quick choices for the reminder's date, and a
/// custom repeat typed as a phrase ("every 2 weeks on tue,thu, 10 times").
@MainActor
final class RepeatLayer: Layer {
    private let form: ReminderFormModel
    private var position: Int
    /// The phrase being typed, `nil` when choosing from the list.
    private var phraseEditor: LineEditor?
    private(set) var isClosed = false

    /// The picker of `form`'s repeat.
    init(form: ReminderFormModel) {
        self.form = form
        let options = form.recurrencePicker.options
        position = options.firstIndex { $0.kind == form.recurrencePicker.kind } ?? options.count
    }

    func draw(on terminal: Terminal) -> (row: Int, column: Int)? {
        let options = form.recurrencePicker.options
        let box = Box(on: terminal, width: 60, height: options.count + 8, title: "Repeat")
        for (index, label) in (options.map(\.label) + ["Custom…"]).enumerated() {
            let row = box.row(index + 1)
            let look = Look(reverse: index == position && phraseEditor == nil)
            terminal.blank(row, box.inner, box.room, look)
            let chosen = index < options.count ? options[index].kind == form.recurrencePicker.kind : form.recurrencePicker.kind == .custom
            terminal.put(row, box.inner, (chosen ? "● " : "  ") + label, look, room: box.room)
        }
        var cursor: (row: Int, column: Int)?
        let phraseRow = box.row(options.count + 2)
        if let editor = phraseEditor {
            let column = terminal.put(phraseRow, box.inner, "Repeat: ", .bold)
            cursor = editor.draw(on: terminal, row: phraseRow, column: column, room: box.room - 8, look: Look(underline: true))
        } else if form.recurrencePicker.kind == .custom {
            terminal.put(phraseRow, box.inner, form.recurrencePicker.label, .dim, room: box.room)
        }
        if let message = form.message(for: .repeat) {
            terminal.put(phraseRow + 1, box.inner, message, Look.bold.colored(Palette.alert), room: box.room)
        }
        let hint = phraseEditor == nil ? "Enter chooses · Esc closes" : "e.g. every 2 weeks on tue,thu, 10 times · Enter · Esc"
        terminal.put(box.row(box.rows - 1), box.inner, hint, .dim, room: box.room)
        return cursor
    }

    func handle(_ key: Key, on screen: Screen) async {
        let options = form.recurrencePicker.options
        if var editor = phraseEditor {
            switch key {
            case .escape: phraseEditor = nil
            case .enter:
                form.typed(editor.text, into: .repeat)
                if form.message(for: .repeat) == nil { isClosed = true }
            default:
                if editor.handle(key) { phraseEditor = editor }
            }
            return
        }
        switch key {
        case .char("j"), .down: position = min(position + 1, options.count)
        case .char("k"), .up: position = max(0, position - 1)
        case .escape, .char("q"): isClosed = true
        case .enter, .char(" "):
            if position < options.count {
                form.repeatChosen(options[position].kind)
                isClosed = true
            } else {
                phraseEditor = LineEditor("")
            }
        default: break
        }
    }
}
