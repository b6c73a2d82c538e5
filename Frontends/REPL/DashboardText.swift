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
    let ids = ListingSpool()
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
            ids.add(card.reminder)
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
        for _ in (number < 10 ? 1 : number < 100 ? 2 : 3)..<3 { out.append(UInt8(ascii: " ")) }
        number.appendDecimal(to: &out)
        out.append(contentsOf: checkbox(card).utf8)
        if let marks = card.priorityMarks {
            out.append(contentsOf: styledMarks(marks, card, style).utf8)
            out.append(UInt8(ascii: " "))
        }
        if card.urgency == .done && !style.isPlain {
            out.append(contentsOf: style.dim(VisibleText.escaped(card.title)).utf8)
        } else {
            VisibleText.appendEscaped(card.title, to: &out)
        }
        var first = true
        CardPart.forEach(of: card) { part in
            out.append(UInt8(ascii: " "))
            if first || !part.isTag { out.append(UInt8(ascii: " ")) }
            if part.isTag { first = false }
            if style.isPlain {
                part.appendPlain(to: &out)
            } else {
                out.append(contentsOf: part.styled(style).utf8)
            }
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
        forEach(of: card) { parts.append($0) }
        return parts
    }

    /// Passes the parts after `card`'s title to `body`, in order.
    static func forEach(of card: DashboardModel.Card, _ body: (CardPart) -> Void) {
        // An undated card is under "No date": it says no time.
        if card.urgency != .someday { body(.time(card.timeText, card.urgency)) }
        if card.urgency == .overdue { body(.overdue) }
        if card.isCancelled {
            body(.cancelled)
        } else if let progress = card.progressText {
            body(.progress(progress))
        }
        if let badge = card.recurrence { body(.repeats(badge)) }
        if let alarms = card.alarmText { body(.alarms(alarms)) }
        if let list = card.listName { body(.list(list)) }
        for chip in card.tags { body(.tag(chip)) }
        if let more = card.moreTags { body(.more(more)) }
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
        var bytes: [UInt8] = []
        appendPlain(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text without colours, appended to `bytes` as UTF-8.
    func appendPlain(to bytes: inout [UInt8]) {
        switch self {
        case .time(let text, _), .more(let text): bytes.append(contentsOf: text.utf8)
        case .overdue: bytes.append(contentsOf: "(overdue)".utf8)
        case .cancelled: bytes.append(contentsOf: "(cancelled)".utf8)
        case .progress(let text): bytes.append(contentsOf: "(\(text))".utf8)
        case .repeats(let badge):
            bytes.append(contentsOf: "↻ ".utf8)
            bytes.append(contentsOf: badge.utf8)
        case .alarms(let text):
            bytes.append(contentsOf: "⏰ ".utf8)
            bytes.append(contentsOf: text.utf8)
        case .list(let name):
            bytes.append(contentsOf: "in ".utf8)
            VisibleText.appendEscaped(name, to: &bytes)
        case .tag(let chip):
            bytes.append(UInt8(ascii: "#"))
            VisibleText.appendEscaped(chip.name, to: &bytes)
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
