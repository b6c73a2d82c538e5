import Shared

/// The dashboard as text lines.
enum DashboardText {
    /// Each section's title, then its cards numbered from 1 across sections, or its empty text.
    static func render(_ sections: [DashboardModel.Section], style: Style, filter: String? = nil) -> String {
        var text = ""
        var number = 0
        for section in sections {
            text += style.bold(section.title + (filter.map { " · #\(VisibleText.escaped($0))" } ?? "")) + "\n"
            if section.cards.isEmpty { text += "  " + style.dim(section.emptyText) + "\n" }
            for card in section.cards {
                number += 1
                text += line(card, number: number, style: style) + "\n"
            }
            if let more = section.moreText { text += "  " + style.dim(more) + "\n" }
        }
        return text
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
