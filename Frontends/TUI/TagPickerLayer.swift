import Shared

/// The tag picker of the edit sheet: every tag in its colour, the chosen ones ticked (space), and
/// a new tag made inline (n, a name, Tab for its colour, Enter).
@MainActor
final class TagPickerLayer: Layer {
    private let picker: TagPickerModel
    private var position = 0
    /// The new tag's name being typed, `nil` when not making one.
    private var nameEditor: LineEditor?
    private(set) var isClosed = false

    /// The picker of `picker`, the form's tags.
    init(picker: TagPickerModel) {
        self.picker = picker
    }

    func draw(on terminal: Terminal) -> (row: Int, column: Int)? {
        let tags = picker.allTags
        let box = Box(on: terminal, width: 56, height: min(terminal.rows - 2, tags.count + 8), title: "Tags")
        let shown = max(1, box.rows - 5)
        let first = max(0, min(position - shown + 1, tags.count - shown))
        if tags.isEmpty { terminal.put(box.row(1), box.inner, "No tags yet: n makes one.", .dim) }
        for index in first..<min(tags.count, first + shown) {
            let row = box.row(index - first + 1), tag = tags[index]
            var look = Look(reverse: index == position && nameEditor == nil)
            terminal.blank(row, box.inner, box.room, look)
            terminal.put(row, box.inner, picker.selectedIDs.contains(tag.id) ? "[x] " : "[ ] ", look)
            look.color = RGB(hex: tag.colorHex)
            terminal.put(row, box.inner + 4, "#" + Columns.visible(tag.name), look, room: box.room - 4)
        }
        let newRow = box.row(box.rows - 3)
        var cursor: (row: Int, column: Int)?
        if let editor = nameEditor {
            let column = terminal.put(newRow, box.inner, "New tag: ", .bold)
            cursor = editor.draw(on: terminal, row: newRow, column: column, room: box.room - 20, look: Look(underline: true))
            let color = RGB(hex: picker.palette[min(max(picker.newTagColorIndex, 0), picker.palette.count - 1)])
            terminal.put(newRow, box.inner + box.room - 9, "● colour", Look(bold: true, color: color))
        }
        if let problem = picker.creationError {
            terminal.put(box.row(box.rows - 2), box.inner, problem, Look.bold.colored(Palette.alert), room: box.room)
        }
        let hint = nameEditor == nil ? "space chooses · n new tag · Enter/Esc done" : "Tab colour · Enter creates · Esc back"
        terminal.put(box.row(box.rows - 1), box.inner, hint, .dim, room: box.room)
        return cursor
    }

    func handle(_ key: Key, on screen: Screen) async {
        if var editor = nameEditor {
            switch key {
            case .escape: nameEditor = nil
            case .tab: picker.newTagColorIndex = (picker.newTagColorIndex + 1) % picker.palette.count
            case .enter:
                picker.newTagName = editor.text
                if let tag = picker.createTapped() {
                    nameEditor = nil
                    position = picker.allTags.firstIndex { $0.id == tag.id } ?? position
                }
            default:
                if editor.handle(key) {
                    nameEditor = editor
                    picker.newTagName = editor.text
                }
            }
            return
        }
        let tags = picker.allTags
        switch key {
        case .char("j"), .down: position = min(position + 1, max(0, tags.count - 1))
        case .char("k"), .up: position = max(0, position - 1)
        case .char(" "), .char("x"):
            guard tags.indices.contains(position) else { return }
            let id = tags[position].id
            if picker.selectedIDs.contains(id) { picker.deselect(id) } else { picker.select(id) }
        case .char("n"): nameEditor = LineEditor("")
        case .enter, .escape, .char("q"): isClosed = true
        default: break
        }
    }
}
