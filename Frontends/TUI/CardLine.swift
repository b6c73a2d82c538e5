import Shared

/// How cards are laid out on the rows of a frame: columns that line up from card to card.
@MainActor
struct CardLine {
    private let numberWidth: Int
    private let timeWidth: Int
    private let badgeWidth: Int
    private let marksWidth: Int
    private let titleWidth: Int
    private let columns: Int

    /// The columns for `cards` on a screen `columns` wide.
    init(cards: [(card: DashboardModel.Card, number: Int)], columns: Int) {
        self.columns = columns
        numberWidth = max(2, String(cards.map(\.number).max() ?? 1).count)
        timeWidth = cards.map { $0.card.timeText.count }.max() ?? 0
        // As wide as the widest repeat shown ("↻ Every 3 days"), at most 20 columns (the rest is cut).
        badgeWidth = min(20, cards.compactMap { $0.card.recurrence.map { Columns.width("↻ " + $0) } }.max() ?? 0)
        marksWidth = cards.map { ($0.card.priorityMarks?.count).map { $0 + 1 } ?? 0 }.max() ?? 0
        let fixed = 2 + numberWidth + 1 + 4 + marksWidth + 2 + timeWidth + (badgeWidth > 0 ? badgeWidth + 2 : 0)
        let chips = cards.map { Self.chipsWidth($0.card) }.max() ?? 0
        let titles = max(10, cards.map { Columns.width(Columns.visible($0.card.title)) }.max() ?? 0)
        let rest = max(0, columns - fixed - 1)
        // Titles as wide as the longest shown, as long as the tags fit after them; else the tags
        // are cut, but a title keeps 24 columns (or the room there is).
        let width = titles + 2 + chips <= rest ? titles : max(min(rest, 24, titles), rest - chips - 2)
        // Room left at least for the count of a card's tags ("+3"), which is never dropped.
        let count = cards.map { $0.card.reminder.tags.isEmpty ? 0 : 1 + String($0.card.reminder.tags.count).count }.max() ?? 0
        titleWidth = count > 0 ? max(min(10, width), min(width, rest - count - 2)) : width
    }

    private static func chipsWidth(_ card: DashboardModel.Card) -> Int {
        let names = [card.listName.map { "in " + Columns.visible($0) }].compactMap { $0 }
            + card.tags.map { "#" + Columns.visible($0.name) } + [card.moreTags].compactMap { $0 }
        return Columns.width(names.joined(separator: " "))
    }

    /// Draws `card` numbered `number` on `row`; the selected one in reverse video with a marker.
    func draw(_ card: DashboardModel.Card, number: Int, selected: Bool, row: Int, on terminal: Terminal) {
        var base = Look.plain
        base.reverse = selected
        if selected { terminal.blank(row, 0, columns, base) }
        var column = terminal.put(row, 0, selected ? "▸ " : "  ", base.colored(selected ? nil : Palette.brand))
        let numberText = String(number)
        column = terminal.put(row, column, String(repeating: " ", count: numberWidth - numberText.count) + numberText + " ", base)
        let done = card.urgency == .done
        column = terminal.put(row, column, card.isCancelled ? "[-] " : done ? "[x] " : "[ ] ", base)
        if let marks = card.priorityMarks {
            var marksLook = base.colored(done ? nil : card.reminder.priority == .high ? Palette.alert : Palette.today)
            marksLook.bold = !done
            marksLook.dim = done
            terminal.put(row, column, marks, marksLook)
        }
        column += marksWidth
        var titleLook = base
        titleLook.dim = done
        // The progress whole after the title ("(40%)"), the title cut to leave it room.
        let progress = card.progressText.map { "(\($0))" }
        let progressRoom = progress.map { Columns.width($0) + 1 } ?? 0
        let titleRoom = progressRoom > 0 && progressRoom + 4 <= titleWidth ? titleWidth - progressRoom : titleWidth
        let end = terminal.put(row, column, Columns.visible(card.title), titleLook, room: titleRoom)
        if let progress, titleRoom < titleWidth {
            var progressLook = base
            progressLook.dim = true
            terminal.put(row, end + 1, progress, progressLook)
        }
        column += titleWidth + 2
        var timeLook = base
        switch card.urgency {
        case .overdue: timeLook = timeLook.colored(Palette.alert)
        case .today: timeLook = timeLook.colored(Palette.today)
        case .upcoming, .someday: break
        case .done: timeLook.dim = true
        }
        terminal.put(row, column, card.timeText, timeLook)
        column += timeWidth + 2
        if badgeWidth > 0 {
            if let badge = card.recurrence { terminal.put(row, column, "↻ " + badge, base.colored(Palette.brand), room: badgeWidth) }
            column += badgeWidth + 2
        }
        // Whole tags while they fit with the count of those after them ("+2"): a tag is never cut
        // to a shorter name, and tags left out are always counted (the list's name leaves room).
        let total = card.reminder.tags.count
        if let list = card.listName, column < columns - 1 {
            var listLook = base
            listLook.dim = true
            let countRoom = total > 0 ? 2 + String(total).count : 0
            column = terminal.put(row, column, "in " + Columns.visible(list), listLook, room: columns - column - countRoom) + 1
        }
        var shown = 0
        for chip in card.tags {
            let text = "#" + Columns.visible(chip.name), after = total - shown - 1
            guard column + Columns.width(text) + (after > 0 ? 2 + String(after).count : 0) <= columns else { break }
            column = terminal.put(row, column, text, base.colored(RGB(hex: chip.colorHex))) + 1
            shown += 1
        }
        if shown < total, column + 1 + String(total - shown).count <= columns { terminal.put(row, column, "+\(total - shown)", base) }
    }
}
