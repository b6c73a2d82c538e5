/// A filter chosen from a short list (every list or one of them, any priority or one): the one in
/// force is marked, Enter chooses, Esc closes.
@MainActor
final class FilterChoiceLayer: Layer {
    /// One line to choose: its text, in its colour when it has one.
    struct Choice {
        /// What the line says.
        let text: String
        /// Its colour, `nil` for the terminal's.
        var color: RGB?
    }

    private let title: String
    private let choices: [Choice]
    private let chosen: Int
    private let problem: String?
    private let choose: (Int) async -> Void
    private var position: Int
    private(set) var isClosed = false

    /// `choices` under `title`, the one at `chosen` in force; Enter calls `choose` with the index of
    /// the line chosen. `problem` says why the choices could not all be read.
    init(title: String, choices: [Choice], chosen: Int, problem: String? = nil, choose: @escaping (Int) async -> Void) {
        self.title = title
        self.choices = choices
        self.chosen = chosen
        self.problem = problem
        self.choose = choose
        position = chosen
    }

    func draw(on terminal: Terminal) -> (row: Int, column: Int)? {
        let box = Box(on: terminal, width: 44, height: min(terminal.rows - 2, choices.count + 5), title: title)
        let shown = max(1, box.rows - 3)
        let first = max(0, min(position - shown + 1, choices.count - shown))
        for index in first..<min(choices.count, first + shown) {
            let row = box.row(index - first + 1)
            var look = Look(reverse: index == position)
            terminal.blank(row, box.inner, box.room, look)
            terminal.put(row, box.inner, index == chosen ? "● " : "  ", look)
            look.color = choices[index].color
            terminal.put(row, box.inner + 2, choices[index].text, look, room: box.room - 2)
        }
        terminal.put(box.row(box.rows - 1), box.inner, problem ?? "Enter chooses · Esc closes",
                     problem == nil ? .dim : Look.bold.colored(Palette.alert), room: box.room)
        return nil
    }

    func handle(_ key: Key, on screen: Screen) async {
        switch key {
        case .char("j"), .down: position = min(position + 1, choices.count - 1)
        case .char("k"), .up: position = max(0, position - 1)
        case .escape, .char("q"): isClosed = true
        case .enter:
            isClosed = true
            await choose(position)
        default: break
        }
    }
}
