import FrontSupport
import Foundation
import Shared

/// The dashboard as text lines.
final class DashboardText: @unchecked Sendable {
    private let style: Style
    private let filter: String?
    private var number = 0
    /// The ids of the cards rendered, in their numbers' order.
    private(set) var ids: [UUID] = []

    /// A renderer numbering cards from 1 across sections; section titles say the filter (already
    /// made visible: `DashboardModel.filterDescription`).
    init(style: Style, filter: String?) {
        self.style = style
        self.filter = filter
    }

    /// Writes `line` to `output`: a bold title, a numbered card, or a dimmed note. A card's bytes
    /// go straight into the output's buffer: `list` writes one per open reminder.
    func write(_ line: DashboardModel.Line, to output: PagedOutput) {
        switch line {
        case .title(let title): output.line(style.bold(title + (filter.map { " · " + $0 } ?? "")))
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

    /// "  3. [ ] !!! Title  Today 09:00  (overdue)  ↻ Daily  in Work  #Errands #Home +2", the title
    /// cut to fit the width (on a terminal), appended to `out` as UTF-8.
    static func write(_ card: DashboardModel.Card, number: Int, style: Style, into out: inout [UInt8]) {
        let digits = String(number)
        if digits.utf8.count < 3 { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 3 - digits.utf8.count)) }
        out.append(digits)
        out.append(card.urgency != .done ? ". [ ] " : card.isCancelled ? ". [-] " : ". [x] ")
        if let marks = card.priorityMarks {
            out.append(card.urgency == .done ? style.dim(marks) : card.reminder.priority == .high ? style.red(marks) : style.yellow(marks))
            out.append(" ")
        }
        var title = VisibleText.escaped(card.title)
        if let width = style.width {
            // The columns the tail takes: its text without colours.
            var plain: [UInt8] = []
            writeTail(card, style: Style(colors: false, width: width), into: &plain)
            let marks = card.priorityMarks.map { $0.count + 1 } ?? 0
            title = style.fit(title, room: width - max(3, digits.utf8.count) - 6 - marks - String(decoding: plain, as: UTF8.self).count)
        }
        out.append(card.urgency == .done ? style.dim(title) : title)
        writeTail(card, style: style, into: &out)
    }

    /// What follows a card's title: "  Today 09:00  (overdue)  ↻ Daily  #Work #Home +2".
    private static func writeTail(_ card: DashboardModel.Card, style: Style, into out: inout [UInt8]) {
        // An undated card is under "No date": it says no time.
        if card.urgency != .someday {
            out.append("  ")
            out.append(timeColor(card, style))
        }
        if card.urgency == .overdue {
            out.append("  ")
            out.append(style.red("(overdue)"))
        }
        if card.isCancelled {
            out.append("  ")
            out.append(style.dim("(cancelled)"))
        } else if let progress = card.progressText {
            out.append("  ")
            out.append(style.yellow("(\(progress))"))
        }
        if let badge = card.recurrence {
            out.append("  ")
            out.append(style.dim("↻ " + badge))
        }
        if let list = card.listName {
            out.append("  ")
            out.append(style.dim("in " + VisibleText.escaped(list)))
        }
        guard !card.tags.isEmpty || card.moreTags != nil else { return }
        out.append("  ")
        for (index, chip) in card.tags.enumerated() {
            if index > 0 { out.append(" ") }
            if style.colors {
                out.append(style.tag(chip))
            } else {
                out.append("#")
                out.append(VisibleText.escaped(chip.name))
            }
        }
        if let more = card.moreTags {
            if !card.tags.isEmpty { out.append(" ") }
            out.append(more)
        }
    }

    private static func timeColor(_ card: DashboardModel.Card, _ style: Style) -> String {
        switch card.urgency {
        case .overdue: style.red(card.timeText)
        case .today: style.yellow(card.timeText)
        case .upcoming: card.timeText
        case .someday: style.dim(card.timeText)
        case .done: style.dim(card.timeText)
        }
    }
}
