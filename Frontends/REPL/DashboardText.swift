import Shared

/// The dashboard as plain text lines.
enum DashboardText {
    /// Each section's title, then its cards numbered from 1 across sections, or a line saying it is empty.
    static func render(_ sections: [DashboardModel.Section]) -> String {
        var text = ""
        var number = 0
        for section in sections {
            text += "\(section.title)\n"
            if section.cards.isEmpty { text += "  \(section.emptyText)\n" }
            for card in section.cards {
                number += 1
                let mark = card.urgency == .done ? "[x]" : "[ ]"
                let flag = (card.urgency == .overdue ? "  (overdue)" : "") + (card.recurrence.map { "  ↻ \($0)" } ?? "")
                let tags = (card.tags.map { "#" + VisibleText.escaped($0.name) } + [card.moreTags].compactMap { $0 })
                    .joined(separator: " ")
                text += "\(String(number).leftPadded(to: 3)). \(mark) \(VisibleText.escaped(card.title))  \(card.timeText)\(flag)"
                text += tags.isEmpty ? "\n" : "  \(tags)\n"
            }
        }
        return text
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
