import Foundation
import Shared

/// The dashboard as text lines.
final class DashboardText: @unchecked Sendable {
    private let style: Style
    private let filter: String?
    private var number = 0
    /// The ids of the cards rendered, in their numbers' order.
    private(set) var ids: [UUID] = []

    /// A renderer numbering cards from 1 across sections; section titles say the tag filter.
    init(style: Style, filter: String?) {
        self.style = style
        self.filter = filter
    }

    /// Writes `line` to `output`: a bold title, a numbered card, or a dimmed note. A card's bytes
    /// go straight into the output's buffer: `list` writes one per open reminder.
    func write(_ line: DashboardModel.Line, to output: PagedOutput) {
        switch line {
        case .title(let title): output.line(style.bold(title + (filter.map { " · #\(VisibleText.escaped($0))" } ?? "")))
        case .card(let card):
            number += 1
            ids.append(card.id)
            scratch.removeAll(keepingCapacity: true)
            Self.write(card, number: number, style: style, into: &scratch)
            output.line(utf8: scratch)
        case .empty(let text), .more(let text): output.line("  " + style.dim(text))
        }
    }

    private var scratch: [UInt8] = []

    /// "  3. [ ] Title  Today 09:00  (overdue)  ↻ Daily  #Work #Home +2", the title cut to fit the
    /// width (on a terminal), appended to `out` as UTF-8.
    static func write(_ card: DashboardModel.Card, number: Int, style: Style, into out: inout [UInt8]) {
        func append(_ text: String) {
            var text = text
            text.withUTF8 { out.append(contentsOf: $0) }
        }
        let digits = String(number)
        if digits.utf8.count < 3 { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 3 - digits.utf8.count)) }
        append(digits)
        append(card.urgency == .done ? ". [x] " : ". [ ] ")
        var title = VisibleText.escaped(card.title)
        if let width = style.width {
            title = style.fit(title, room: width - max(3, digits.utf8.count) - 6 - tailWidth(card))
        }
        append(card.urgency == .done ? style.dim(title) : title)
        append("  ")
        append(timeColor(card, style))
        if card.urgency == .overdue {
            append("  ")
            append(style.red("(overdue)"))
        }
        if let badge = card.recurrence {
            append("  ")
            append(style.dim("↻ " + badge))
        }
        if !card.tags.isEmpty || card.moreTags != nil {
            append("  ")
            for (index, chip) in card.tags.enumerated() {
                if index > 0 { append(" ") }
                if style.colors {
                    append(style.tag(chip))
                } else {
                    append("#")
                    append(VisibleText.escaped(chip.name))
                }
            }
            if let more = card.moreTags {
                if !card.tags.isEmpty { append(" ") }
                append(more)
            }
        }
    }

    /// The columns taken by what follows a card's title.
    private static func tailWidth(_ card: DashboardModel.Card) -> Int {
        var width = 2 + card.timeText.count
        if card.urgency == .overdue { width += 2 + "(overdue)".count }
        if let badge = card.recurrence { width += 2 + 2 + badge.count }
        if !card.tags.isEmpty || card.moreTags != nil {
            let names = card.tags.map { "#" + VisibleText.escaped($0.name) } + (card.moreTags.map { [$0] } ?? [])
            width += 2 + names.joined(separator: " ").count
        }
        return width
    }

    private static func timeColor(_ card: DashboardModel.Card, _ style: Style) -> String {
        switch card.urgency {
        case .overdue: style.red(card.timeText)
        case .today: style.yellow(card.timeText)
        case .upcoming: card.timeText
        case .done: style.dim(card.timeText)
        }
    }
}
