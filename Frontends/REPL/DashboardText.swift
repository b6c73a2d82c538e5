import FrontSupport
import Foundation
import Shared

/// The dashboard as text lines: off a terminal, each card as it comes; on one, the cards of a
/// section laid out in columns that fit the terminal's width (`CardColumns`).
final class DashboardText: @unchecked Sendable {
    private let style: Style
    private let filter: String?
    private let query: String?
    private var number = 0
    /// The ids of the cards rendered, in their numbers' order.
    private(set) var ids: [UUID] = []
    /// On a terminal, the cards waiting to be laid out together, with their numbers.
    private var block: [(card: DashboardModel.Card, number: Int)] = []
    /// The terminal's width when the listing started, `nil` off a terminal.
    private let width: Int?

    /// A renderer numbering cards from 1 across sections; section titles say the filter (already
    /// made visible: `DashboardModel.filterDescription`) and the query as typed.
    init(style: Style, filter: String?, query: String? = nil) {
        self.style = style
        self.filter = filter
        self.query = query
        width = style.width
    }

    /// Writes `line` to `output`: a bold title, a numbered card, or a dimmed note. Off a terminal a
    /// card's bytes go straight into the output's buffer (`list` writes one per open reminder); on
    /// one, cards are held until their section ends (or `CardColumns.blockSize` of them are held).
    func write(_ line: DashboardModel.Line, to output: PagedOutput) {
        if case .card(let card) = line {
            number += 1
            ids.append(card.id)
            guard let width else {
                scratch.removeAll(keepingCapacity: true)
                Self.write(card, number: number, style: style, into: &scratch)
                return output.line(utf8: scratch)
            }
            block.append((card, number))
            if block.count >= CardColumns.blockSize { flush(to: output, width: width) }
            return
        }
        if let width { flush(to: output, width: width) }
        switch line {
        case .title(let title):
            let text = title + (filter.map { " · " + $0 } ?? "") + (query.map { " · \(VisibleText.escaped($0))" } ?? "")
            output.line(style.bold(width.map { TerminalColumns.fit(text, columns: $0) } ?? text))
        case .empty(let text), .more(let text):
            output.line("  " + style.dim(width.map { TerminalColumns.fit(text, columns: $0 - 2) } ?? text))
        case .card: break
        }
    }

    /// Writes the cards held; the listing calls it at its end.
    func finish(to output: PagedOutput) {
        if let width { flush(to: output, width: width) }
    }

    private func flush(to output: PagedOutput, width: Int) {
        guard !block.isEmpty else { return }
        for line in CardColumns(block, width: width, style: style).lines { output.line(line) }
        block.removeAll(keepingCapacity: true)
    }

    private var scratch: [UInt8] = []

    /// "  3. [ ] !!! Title  Today 09:00  (overdue)  ↻ Daily  ⏰ -15m  in Work  #Errands #Home +2", as it is,
    /// appended to `out` as UTF-8.
    static func write(_ card: DashboardModel.Card, number: Int, style: Style, into out: inout [UInt8]) {
        let digits = String(number)
        if digits.utf8.count < 3 { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 3 - digits.utf8.count)) }
        out.append(digits)
        out.append(checkbox(card))
        if let marks = card.priorityMarks {
            out.append(styledMarks(marks, card, style))
            out.append(" ")
        }
        let title = VisibleText.escaped(card.title)
        out.append(card.urgency == .done ? style.dim(title) : title)
        var first = true
        for part in CardPart.tail(of: card) {
            out.append(first || !part.isTag ? "  " : " ")
            if part.isTag { first = false }
            out.append(part.styled(style))
        }
    }

    /// A card's priority marks ("!!!") in their colour: red when high, yellow below, dim once done.
    static func styledMarks(_ marks: String, _ card: DashboardModel.Card, _ style: Style) -> String {
        card.urgency == .done ? style.dim(marks) : card.reminder.priority == .high ? style.red(marks) : style.yellow(marks)
    }

    /// ". [ ] ", ". [x] " or ". [-] ".
    static func checkbox(_ card: DashboardModel.Card) -> String {
        card.urgency != .done ? ". [ ] " : card.isCancelled ? ". [-] " : ". [x] "
    }
}

/// A piece of what follows a card's title, in order: its time, the badges, then its tags.
enum CardPart {
    case time(String, DashboardModel.Card.Urgency)
    case overdue
    case cancelled
    case progress(String)
    case repeats(String)
    /// Its alarms, when not the default: "⏰ -1d, -15m".
    case alarms(String)
    /// The list it is in: "in Work".
    case list(String)
    case tag(TagChip)
    /// "+2": tags the card does not show.
    case more(String)

    /// The parts after `card`'s title: "Today 09:00", "(overdue)", "↻ Daily", "#Work", "+2".
    static func tail(of card: DashboardModel.Card) -> [CardPart] {
        var parts: [CardPart] = []
        // An undated card is under "No date": it says no time.
        if card.urgency != .someday { parts.append(.time(card.timeText, card.urgency)) }
        if card.urgency == .overdue { parts.append(.overdue) }
        if card.isCancelled {
            parts.append(.cancelled)
        } else if let progress = card.progressText {
            parts.append(.progress(progress))
        }
        if let badge = card.recurrence { parts.append(.repeats(badge)) }
        if let alarms = card.alarmText { parts.append(.alarms(alarms)) }
        if let list = card.listName { parts.append(.list(list)) }
        parts += card.tags.map(CardPart.tag)
        if let more = card.moreTags { parts.append(.more(more)) }
        return parts
    }

    /// Whether it is one of the tags (or the count of those not shown), which are separated by one space.
    var isTag: Bool {
        switch self {
        case .tag, .more: true
        default: false
        }
    }

    /// The text, without colours.
    var plain: String {
        switch self {
        case .time(let text, _): text
        case .overdue: "(overdue)"
        case .cancelled: "(cancelled)"
        case .progress(let text): "(\(text))"
        case .repeats(let badge): "↻ " + badge
        case .alarms(let text): "⏰ " + text
        case .list(let name): "in " + VisibleText.escaped(name)
        case .tag(let chip): "#" + VisibleText.escaped(chip.name)
        case .more(let text): text
        }
    }

    /// The text in its colours.
    func styled(_ style: Style) -> String {
        switch self {
        case .time(let text, let urgency):
            switch urgency {
            case .overdue: style.red(text)
            case .today: style.yellow(text)
            case .upcoming: text
            case .someday, .done: style.dim(text)
            }
        case .overdue: style.red(plain)
        case .cancelled: style.dim(plain)
        case .progress: style.yellow(plain)
        case .repeats, .alarms, .list: style.dim(plain)
        case .tag(let chip): style.tag(chip)
        case .more(let text): text
        }
    }
}
