import Foundation
import Shared

/// The dashboard: a header with the filter and the search, the rows of To Do and Completed, a line
/// for what the last action did, and a line for the notification due or the keys.
@MainActor
final class DashboardLayer: Layer {
    private let dashboard: DashboardModel
    private let due: DueNotificationModel
    private let core: MemossCore
    /// The search being typed, `nil` when not typing one.
    private var searchEditor: LineEditor?
    /// The first row of `dashboard.rows` on screen.
    private var top = 0
    /// The selected card and how far below `top` it was in the last frame: a reload that adds or
    /// removes rows above it keeps it on the same line of the screen.
    private var lastSelection: (key: DashboardModel.CardKey, offset: Int)?
    private var pageRows = 20

    /// The dashboard stays until the user quits.
    let isClosed = false

    /// The dashboard of `dashboard`, with `due`'s notifications, over `core`.
    init(dashboard: DashboardModel, due: DueNotificationModel, core: MemossCore) {
        self.dashboard = dashboard
        self.due = due
        self.core = core
    }

    // MARK: Drawing

    func draw(on terminal: Terminal) -> (row: Int, column: Int)? {
        drawHeader(on: terminal)
        let listTop = 1, height = max(1, terminal.rows - 3)
        pageRows = height
        let rows = dashboard.rows
        scroll(rows: rows, height: height)
        let visible = rows[min(top, rows.count)..<min(rows.count, top + height)]
        let cards = visible.compactMap { if case .card(let card, let number) = $0 { (card, number) } else { nil } }
        let layout = CardLine(cards: cards, columns: terminal.columns)
        for (offset, row) in visible.enumerated() {
            let line = listTop + offset
            switch row {
            case .section(let title, let total):
                terminal.put(line, 0, "\(title) · \(DashboardModel.Section.grouped(total))", .bold)
            case .group(let heading):
                let color = heading == "Overdue" ? Palette.alert : heading == "Today" ? Palette.today : Palette.upcoming
                terminal.put(line, 2, heading, Look.bold.colored(color))
            case .card(let card, let number):
                layout.draw(card, number: number, selected: card.key == dashboard.selected, row: line, on: terminal)
            case .note(let text):
                terminal.put(line, 4, text, .dim)
            }
        }
        drawMessage(on: terminal, row: terminal.rows - 2)
        return drawFooter(on: terminal, row: terminal.rows - 1)
    }

    /// Keeps the selected card on screen, on the line it was on when only the rows around it changed.
    private func scroll(rows: [DashboardModel.Row], height: Int) {
        guard let selected = dashboard.selected, let index = dashboard.selectedRow else {
            top = 0
            return
        }
        if let last = lastSelection, last.key == selected {
            top = index - last.offset
        }
        if index < top { top = index > 0 && isHeading(rows[index - 1]) ? index - 1 : index }
        if index >= top + height { top = index - height + 1 }
        top = max(0, min(top, max(0, rows.count - height)))
        if index >= top + height { top = index - height + 1 }
        lastSelection = (selected, index - top)
    }

    private func isHeading(_ row: DashboardModel.Row) -> Bool {
        switch row {
        case .section, .group: true
        case .card, .note: false
        }
    }

    private func drawHeader(on terminal: Terminal) {
        terminal.blank(0, 0, terminal.columns, .reverse)
        var column = terminal.put(0, 1, "Memoss", Look(bold: true, reverse: true))
        column = terminal.put(0, column, " · ", .reverse)
        if let tag = dashboard.filterTag, dashboard.filterList == nil, dashboard.filterPriority == nil {
            column = terminal.put(0, column, "#" + Columns.visible(tag.name), Look(bold: true, reverse: true, color: RGB(hex: tag.colorHex)))
        } else {
            column = terminal.put(0, column, dashboard.filterDescription ?? "All reminders", .reverse)
        }
        if let editor = searchEditor {
            column = terminal.put(0, column, " · searching \"\(Columns.visible(editor.text))\"", .reverse)
        } else if !dashboard.search.isEmpty {
            column = terminal.put(0, column, " · matching \"\(Columns.visible(dashboard.search))\"", .reverse)
        }
        let environment = core.environment
        let now = LocalDateTime(of: environment.now(), in: environment.timeZone)
        let clock = "\(CardTimeFormatter.fullDay(now.date)) \(now.time) "
        let clockColumn = terminal.columns - Columns.width(clock)
        if clockColumn > column + 1 { terminal.put(0, clockColumn, clock, .reverse) }
    }

    private func drawMessage(on terminal: Terminal, row: Int) {
        // What the user just did comes first; then what answering a notification did.
        if let error = dashboard.error {
            terminal.put(row, 1, error, Look.bold.colored(Palette.alert))
        } else if let status = dashboard.status {
            terminal.put(row, 1, status)
        } else if let error = due.error {
            terminal.put(row, 1, error, Look.bold.colored(Palette.alert))
        } else if let status = due.status {
            terminal.put(row, 1, status)
        }
    }

    private func drawFooter(on terminal: Terminal, row: Int) -> (row: Int, column: Int)? {
        if let editor = searchEditor {
            terminal.put(row, 0, "/", .bold)
            let cursor = editor.draw(on: terminal, row: row, column: 1, room: terminal.columns - 30, look: .plain)
            terminal.put(row, terminal.columns - 28, "Enter keeps it · Esc clears", .dim)
            return cursor
        }
        if let shown = due.current {
            let look = Look(bold: true, reverse: true, color: Palette.today)
            terminal.blank(row, 0, terminal.columns, look)
            let keys = "  C done · Z snooze · D dismiss · N later "
            let more = due.moreCount > 0 ? " (+\(due.moreCount))" : ""
            terminal.put(row, 1, "⏰ " + shown.text + more, look, room: terminal.columns - Columns.width(keys) - 2)
            terminal.put(row, terminal.columns - Columns.width(keys), keys, look)
            return nil
        }
        terminal.put(row, 1, "space done  x delete  e edit  a add  / search  t tag  u undo  ? help  q quit", .dim)
        return nil
    }

    // MARK: Keys

    func handle(_ key: Key, on screen: Screen) async {
        if searchEditor != nil { return await handleSearch(key) }
        switch key {
        case .char("j"), .down: await dashboard.moveSelection(by: 1)
        case .char("k"), .up: await dashboard.moveSelection(by: -1)
        case .pageDown, .control("f"): await dashboard.moveSelection(by: pageRows)
        case .pageUp, .control("b"): await dashboard.moveSelection(by: -pageRows)
        case .control("d"): await dashboard.moveSelection(by: pageRows / 2)
        case .control("u"): await dashboard.moveSelection(by: -pageRows / 2)
        case .char("g"), .home: dashboard.selectFirst()
        case .char("G"), .end: await dashboard.selectLast()
        case .char(" "): await dashboard.completeSelectedTapped()
        case .char("x"): await dashboard.quickDeleteTapped()
        case .char("d"):
            dashboard.deleteTapped()
            await ask(on: screen)
        case .char("R"):
            await dashboard.resetTodayAsked()
            await ask(on: screen)
        case .enter, .char("e"):
            guard let reminder = dashboard.editTarget() else { return }
            await openSheet(core.formModel(.edit(reminder)), on: screen)
        case .char("a"):
            guard let form = try? await core.addForm(start: dashboard.newReminderStart) else { return }
            await openSheet(form, on: screen)
        case .char("u"): await dashboard.undoTapped()
        case .control("r"): await dashboard.redoTapped()
        case .char("/"): searchEditor = LineEditor(dashboard.search)
        case .char("t"): await screen.present(await tagFilter())
        case .char("l"): await screen.present(await listFilter())
        case .char("p"): await screen.present(priorityFilter())
        case .char("c"): await dashboard.showAllCompletedTapped()
        case .control("l"): await dashboard.refreshTapped()
        case .char("?"): await screen.present(HelpLayer(title: "Keys", keys: Keymap.dashboard))
        case .char("q"), .control("c"): screen.quit()
        case .char("C"):
            dashboard.messagesDismissed()
            await due.completeTapped()
            await dashboard.load()
        case .char("Z"):
            dashboard.messagesDismissed()
            await due.snoozeTapped()
        case .char("N"):
            dashboard.messagesDismissed()
            due.putAsideTapped()
        case .char("D"):
            dashboard.messagesDismissed()
            await due.dismissTapped()
        case .escape:
            if !dashboard.search.isEmpty {
                await dashboard.searchChanged("")
            } else if dashboard.filterDescription != nil {
                await dashboard.clearFilterTapped()
            }
        default: break
        }
    }

    private func handleSearch(_ key: Key) async {
        guard var editor = searchEditor else { return }
        switch key {
        case .enter:
            searchEditor = nil
        case .escape:
            searchEditor = nil
            await dashboard.searchChanged("")
        case .down: await dashboard.moveSelection(by: 1)
        case .up: await dashboard.moveSelection(by: -1)
        default:
            guard editor.handle(key) else { return }
            searchEditor = editor
            await dashboard.searchChanged(editor.text)
        }
    }

    /// Any tag, or one of them, to narrow the dashboard to.
    private func tagFilter() async -> FilterChoiceLayer {
        let dashboard = dashboard
        let picker = core.tagPickerModel()
        var problem: String?
        do {
            try await picker.load()
        } catch {
            problem = ErrorMessage.describe(error)
        }
        let tags = picker.allTags
        let choices = [FilterChoiceLayer.Choice(text: "All tags")]
            + tags.map { FilterChoiceLayer.Choice(text: "#" + Columns.visible($0.name), color: RGB(hex: $0.colorHex)) }
        let chosen = dashboard.filterTag.flatMap { tag in tags.firstIndex { $0.id == tag.id } }.map { $0 + 1 } ?? 0
        return FilterChoiceLayer(title: "Filter by tag", choices: choices, chosen: chosen, problem: problem) { index in
            await dashboard.filterTapped(index == 0 ? nil : tags[index - 1])
        }
    }

    /// Every list, or one of them, to narrow the dashboard to.
    private func listFilter() async -> FilterChoiceLayer {
        let dashboard = dashboard
        var lists: [ReminderList] = []
        var problem: String?
        do {
            lists = try await dashboard.listChoices()
        } catch {
            problem = ErrorMessage.describe(error)
        }
        let choices = [FilterChoiceLayer.Choice(text: "All lists")]
            + lists.map { FilterChoiceLayer.Choice(text: Columns.visible($0.name), color: RGB(hex: $0.colorHex)) }
        let chosen = dashboard.filterList.flatMap { list in lists.firstIndex { $0.id == list.id } }.map { $0 + 1 } ?? 0
        return FilterChoiceLayer(title: "Filter by list", choices: choices, chosen: chosen, problem: problem) { index in
            await dashboard.listFilterTapped(index == 0 ? nil : lists[index - 1])
        }
    }

    /// Any priority, or one of them, to narrow the dashboard to.
    private func priorityFilter() -> FilterChoiceLayer {
        let dashboard = dashboard
        let levels: [Priority] = [.high, .medium, .low, .none]
        let choices = [FilterChoiceLayer.Choice(text: "Any priority")] + levels.map { level in
            FilterChoiceLayer.Choice(text: level == .none ? "No priority" : "\(level.marks) \(level.word)",
                                     color: level == .high ? Palette.alert : level == .none ? nil : Palette.today)
        }
        let chosen = dashboard.filterPriority.flatMap { levels.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        return FilterChoiceLayer(title: "Filter by priority", choices: choices, chosen: chosen) { index in
            await dashboard.priorityFilterTapped(index == 0 ? nil : levels[index - 1])
        }
    }

    /// Shows the dashboard's question, if it asked one, until it is answered.
    private func ask(on screen: Screen) async {
        guard let confirmation = dashboard.confirmation else { return }
        let dashboard = dashboard
        await screen.present(ConfirmLayer(confirmation, cards: dashboard.confirmationCards,
                                          confirm: { await dashboard.confirmTapped() },
                                          cancel: { dashboard.confirmationCancelled() }))
    }

    /// Opens the sheet on `form`; what it changes (a tag created, the reminder saved) is one command for undo.
    private func openSheet(_ form: ReminderFormModel, on screen: Screen) async {
        await form.load()
        await Journal.command {
            await screen.present(SheetLayer(form: form))
        }
        await dashboard.formClosed(form)
    }
}
