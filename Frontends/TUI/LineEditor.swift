/// A line of text being typed: the characters and where the cursor is among them.
struct LineEditor {
    private(set) var characters: [Character]
    private(set) var cursor: Int

    /// An editor holding `text`, the cursor after it.
    init(_ text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    /// The text typed.
    var text: String { String(characters) }

    /// Does what `key` means to a line of text; false when it is not an editing key.
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .char(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            cursor -= 1
            characters.remove(at: cursor)
        case .delete, .control("d"):
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .control("u"):
            characters.removeFirst(cursor)
            cursor = 0
        case .control("k"): characters.removeLast(characters.count - cursor)
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default: return false
        }
        return true
    }

    /// Draws the text in `room` columns at `row`, `column`, scrolled so the cursor shows; returns
    /// where the cursor is on screen.
    @MainActor
    func draw(on terminal: Terminal, row: Int, column: Int, room: Int, look: Look) -> (row: Int, column: Int) {
        let visible = characters.map { Columns.visible(String($0)) }
        var start = 0
        func widthBefore(_ end: Int) -> Int { visible[start..<end].reduce(0) { $0 + Columns.width($1) } }
        while start < cursor, widthBefore(cursor) >= room { start += 1 }
        var text = "", used = 0
        for piece in visible[start...] {
            let width = Columns.width(piece)
            if used + width > room { break }
            text += piece
            used += width
        }
        terminal.blank(row, column, room, look)
        terminal.put(row, column, text, look, room: room)
        return (row, column + widthBefore(cursor))
    }
}
