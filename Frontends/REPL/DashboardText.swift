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
        let head = "\(String(number).leftPadded(to: 3)). \(card.urgency == .done ? "[x]" : "[ ]") "
        var tail: [(plain: String, painted: String)] = [(card.timeText, timeColor(card, style))]
        if card.urgency == .overdue { tail.append(("(overdue)", style.red("(overdue)"))) }
        if let badge = card.recurrence { tail.append(("↻ \(badge)", style.dim("↻ \(badge)"))) }
        let tags = card.tags.map { ("#" + VisibleText.escaped($0.name), style.tag($0)) } + (card.moreTags.map { [($0, $0)] } ?? [])
        if !tags.isEmpty { tail.append((tags.map(\.0).joined(separator: " "), tags.map(\.1).joined(separator: " "))) }
        let tailWidth = tail.reduce(0) { $0 + 2 + $1.plain.count }
        let title = style.fit(VisibleText.escaped(card.title), room: (style.width ?? .max / 2) - head.count - tailWidth)
        let shownTitle = card.urgency == .done ? style.dim(title) : title
        return head + shownTitle + tail.map { "  " + $0.painted }.joined()
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
