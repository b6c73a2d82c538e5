/// A framed panel drawn over the screen, centred: its place and how to draw inside it.
@MainActor
struct Box {
    /// Where the frame is and how big, in rows and columns.
    let top: Int, left: Int, height: Int, width: Int

    /// A panel `width` × `height` (cut to the terminal), centred, its frame drawn with `title`.
    init(on terminal: Terminal, width: Int, height: Int, title: String, look: Look = .bold) {
        self.width = min(width, terminal.columns - 2)
        self.height = min(height, terminal.rows - 2)
        top = max(0, (terminal.rows - self.height) / 2)
        left = max(0, (terminal.columns - self.width) / 2)
        let horizontal = String(repeating: "─", count: max(0, self.width - 2))
        terminal.put(top, left, "┌" + horizontal + "┐")
        for row in 1..<max(1, self.height - 1) {
            terminal.put(top + row, left, "│")
            terminal.blank(top + row, left + 1, self.width - 2, .plain)
            terminal.put(top + row, left + self.width - 1, "│")
        }
        terminal.put(top + self.height - 1, left, "└" + horizontal + "┘")
        terminal.put(top, left + 2, " \(title) ", look, room: self.width - 4)
    }

    /// The first column inside, after a margin.
    var inner: Int { left + 2 }
    /// The columns inside, margins aside.
    var room: Int { width - 4 }
    /// The row `index` inside the frame (from 0).
    func row(_ index: Int) -> Int { top + 1 + index }
    /// How many rows there are inside.
    var rows: Int { height - 2 }
}
