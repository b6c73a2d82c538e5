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

    /// The text of `line`: a bold title, a numbered card, or a dimmed note.
    func render(_ line: DashboardModel.Line) -> String {
        switch line {
        case .title(let title): return style.bold(title + (filter.map { " · #\(VisibleText.escaped($0))" } ?? ""))
        case .card(let card):
            number += 1
            ids.append(card.id)
            return Self.line(card, number: number, style: style)
        case .empty(let text), .more(let text): return "  " + style.dim(text)
        }
    }

    /// "  3. [ ] Title  Today 09:00  (overdue)  ↻ Daily  #Work #Home +2", the title cut to fit the width.
    static func line(_ card: DashboardModel.Card, number: Int, style: Style) -> String {
        // Built piece by piece: `list` writes one per open reminder. Widths are counted only on a
        // terminal, where the title is cut to fit.
        let head = String(number).leftPadded(to: 3) + (card.urgency == .done ? ". [x] " : ". [ ] ")
        var tail = "", tailWidth = 0
        func add(_ plain: String, _ painted: String) {
            tail += "  "
            tail += painted
            if style.width != nil { tailWidth += 2 + plain.count }
        }
        add(card.timeText, timeColor(card, style))
        if card.urgency == .overdue { add("(overdue)", style.red("(overdue)")) }
        if let badge = card.recurrence {
            let text = "↻ " + badge
            add(text, style.dim(text))
        }
        if !card.tags.isEmpty || card.moreTags != nil {
            var plain = "", painted = ""
            for chip in card.tags {
                let name = "#" + VisibleText.escaped(chip.name)
                if !plain.isEmpty { plain += " "; painted += " " }
                plain += name
                painted += style.colors ? style.tag(chip) : name
            }
            if let more = card.moreTags {
                if !plain.isEmpty { plain += " "; painted += " " }
                plain += more
                painted += more
            }
            add(plain, painted)
        }
        var title = VisibleText.escaped(card.title)
        if let width = style.width { title = style.fit(title, room: width - head.count - tailWidth) }
        return head + (card.urgency == .done ? style.dim(title) : title) + tail
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

extension String {
    /// The text right-aligned in `width` columns.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
