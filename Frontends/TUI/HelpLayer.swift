/// The keys, listed over the screen until any key is typed.
@MainActor
final class HelpLayer: Layer {
    private let title: String
    private let keys: [(keys: String, action: String)]
    private(set) var isClosed = false

    /// The keys `keys` under `title`.
    init(title: String, keys: [(keys: String, action: String)]) {
        self.title = title
        self.keys = keys
    }

    func draw(on terminal: Terminal) -> (row: Int, column: Int)? {
        let keyWidth = keys.map { Columns.width($0.keys) }.max() ?? 0
        let width = min(terminal.columns - 2, keyWidth + (keys.map { Columns.width($0.action) }.max() ?? 0) + 8)
        let box = Box(on: terminal, width: width, height: keys.count + 4, title: title)
        for (index, entry) in keys.enumerated() where index < box.rows - 2 {
            terminal.put(box.row(index + 1), box.inner, entry.keys, .bold)
            terminal.put(box.row(index + 1), box.inner + keyWidth + 2, entry.action, .plain, room: box.room - keyWidth - 2)
        }
        terminal.put(box.top + box.height - 1, box.left + 2, " any key closes ", .dim)
        return nil
    }

    func handle(_ key: Key, on screen: Screen) async {
        isClosed = true
    }
}
