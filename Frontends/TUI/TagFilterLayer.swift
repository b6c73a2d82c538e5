import Shared

/// The tag picker as a filter: every reminder, or one tag's (Enter chooses, Esc closes).
@MainActor
final class TagFilterLayer: Layer {
    private let dashboard: DashboardModel
    private let picker: TagPickerModel
    private var position = 0
    private var problem: String?
    private(set) var isClosed = false

    /// A filter for `dashboard`, choosing among `picker`'s tags.
    init(dashboard: DashboardModel, picker: TagPickerModel) {
        self.dashboard = dashboard
        self.picker = picker
    }

    func draw(on terminal: Terminal) -> (row: Int, column: Int)? {
        let tags = picker.allTags
        let box = Box(on: terminal, width: 44, height: min(terminal.rows - 2, tags.count + 6), title: "Filter by tag")
        let shown = box.rows - 3
        let first = max(0, min(position - shown + 1, tags.count + 1 - shown))
        for index in first..<min(tags.count + 1, first + shown) {
            let row = box.row(index - first + 1)
            let chosen = index == 0 ? dashboard.filterTag == nil : dashboard.filterTag?.id == tags[index - 1].id
            var look = Look(reverse: index == position)
            terminal.blank(row, box.inner, box.room, look)
            terminal.put(row, box.inner, chosen ? "● " : "  ", look)
            if index == 0 {
                terminal.put(row, box.inner + 2, "All reminders", look)
            } else {
                look.color = RGB(hex: tags[index - 1].colorHex)
                terminal.put(row, box.inner + 2, "#" + Columns.visible(tags[index - 1].name), look, room: box.room - 2)
            }
        }
        terminal.put(box.row(box.rows - 1), box.inner, problem ?? "Enter chooses · Esc closes", problem == nil ? .dim : Look.bold.colored(Palette.alert))
        return nil
    }

    func handle(_ key: Key, on screen: Screen) async {
        switch key {
        case .char("j"), .down: position = min(position + 1, picker.allTags.count)
        case .char("k"), .up: position = max(0, position - 1)
        case .escape, .char("q"): isClosed = true
        case .enter:
            isClosed = true
            if position == 0 {
                await dashboard.clearFilterTapped()
            } else {
                await dashboard.filterTapped(picker.allTags[position - 1])
            }
        default: break
        }
    }

    /// Reads the tags, with the current filter's chosen.
    func load() async {
        do {
            try await picker.load()
            position = dashboard.filterTag.flatMap { tag in picker.allTags.firstIndex { $0.id == tag.id } }.map { $0 + 1 } ?? 0
        } catch {
            problem = ErrorMessage.describe(error)
        }
    }
}
