import FrontSupport
import Foundation
import Shared

/// Cards laid out in columns for a terminal `width` columns wide: numbers right-aligned, titles in
/// a column and times in the next, then the badges and tags; no line wider than the terminal.
///
/// The title column is as wide as the longest title, or what the width leaves once the widest
/// time and tail have their room, but never less than half of what is left after the number and
/// the time (or 12 columns): a title longer than its column is cut with "…". What follows the
/// time takes the rest: badges first, then as many tags as fit, the others counted ("+3"), a
/// single tag cut with "…" when even it does not fit.
struct CardColumns {
    /// The most cards laid out together: a longer section is laid out in blocks of this many,
    /// so a listing's memory does not grow with the store.
    static let blockSize = 200

    /// The lines, one per card, with their colours.
    let lines: [String]

    /// The layout of `cards` (with their numbers) for `width` columns, coloured by `style`.
    init(_ cards: [(card: DashboardModel.Card, number: Int)], width: Int, style: Style) {
        let digits = max(3, String(cards.map(\.number).max() ?? 0).count)
        let prefix = digits + 6
        let times = cards.map { card in CardPart.tail(of: card.card).first.flatMap { if case .time(let text, _) = $0 { text } else { nil } } }
        let timeColumn = times.map { $0.map { TerminalColumns.width(of: $0) } ?? 0 }.max() ?? 0
        // Priority marks ("!!! ") open the title column.
        let marks = cards.map { $0.card.priorityMarks.map { $0 + " " } ?? "" }
        let titles = cards.indices.map { marks[$0] + VisibleText.escaped(cards[$0].card.title) }
        let titleWidths = titles.map { TerminalColumns.width(of: $0) }
        let rests = cards.map { card in CardPart.tail(of: card.card).filter { if case .time = $0 { false } else { true } } }
        let restWidths = rests.map(Self.width(of:))
        let available = width - prefix - (timeColumn > 0 ? 2 + timeColumn : 0)
        let longest = titleWidths.max() ?? 0
        let widestRest = restWidths.max() ?? 0
        let floor = min(longest, max(12, available / 2))
        let titleColumn = max(1, max(floor, min(longest, available - (widestRest > 0 ? 2 + widestRest : 0))))
        var lines: [String] = []
        for (index, entry) in cards.enumerated() {
            let card = entry.card
            var line = String(repeating: " ", count: digits - String(entry.number).count) + String(entry.number) + DashboardText.checkbox(card)
            var used = prefix
            let title = TerminalColumns.fit(titles[index], columns: min(titleColumn, max(1, width - used)))
            let hasMore = times[index] != nil || !rests[index].isEmpty
            let shownTitle = hasMore ? TerminalColumns.padded(title, to: titleColumn) : title
            // The marks in their colour when they are shown whole.
            let mark = marks[index].dropLast()
            if let priorityMarks = card.priorityMarks, !mark.isEmpty, shownTitle.hasPrefix(marks[index]) {
                let rest = String(shownTitle.dropFirst(marks[index].count))
                line += DashboardText.styledMarks(priorityMarks, card, style) + " " + (card.urgency == .done ? style.dim(rest) : rest)
            } else {
                line += card.urgency == .done ? style.dim(shownTitle) : shownTitle
            }
            used += hasMore ? titleColumn : TerminalColumns.width(of: title)
            if let time = times[index], used + 2 < width {
                let fitted = TerminalColumns.fit(time, columns: width - used - 2)
                let part = CardPart.time(fitted, card.urgency)
                let shown = rests[index].isEmpty ? part.styled(style) : part.styled(style) + String(repeating: " ", count: max(0, timeColumn - TerminalColumns.width(of: fitted)))
                line += "  " + shown
                used += 2 + (rests[index].isEmpty ? TerminalColumns.width(of: fitted) : max(timeColumn, TerminalColumns.width(of: fitted)))
            } else if timeColumn > 0, !rests[index].isEmpty, used + 2 + timeColumn < width {
                // No time on this card (an undated one among dated ones): the column stays.
                line += String(repeating: " ", count: 2 + timeColumn)
                used += 2 + timeColumn
            }
            line += Self.tail(rests[index], room: width - used, total: card.reminder.tags.count, style: style)
            lines.append(line)
        }
        self.lines = lines
    }

    /// The columns the parts take, separated as a card writes them.
    private static func width(of parts: [CardPart]) -> Int {
        var total = 0, first = true
        for part in parts {
            total += (first || !part.isTag ? 2 : 1) + TerminalColumns.width(of: part.plain)
            if part.isTag { first = false }
        }
        return total
    }

    /// The badges and tags that fit in `room` columns: badges whole or cut, then tags while they
    /// fit, the rest of the card's `total` tags counted as "+N".
    private static func tail(_ parts: [CardPart], room: Int, total: Int, style: Style) -> String {
        var text = "", used = 0
        let badges = parts.filter { !$0.isTag }
        for badge in badges {
            guard used + 3 <= room else { break }
            let fitted = TerminalColumns.fit(badge.plain, columns: room - used - 2)
            text += "  " + (fitted == badge.plain ? badge.styled(style) : restyled(badge, fitted, style))
            used += 2 + TerminalColumns.width(of: fitted)
        }
        let tags: [TagChip] = parts.compactMap { if case .tag(let chip) = $0 { chip } else { nil } }
        guard total > 0 else { return text }
        var shown = 0
        for (index, chip) in tags.enumerated() {
            let name = CardPart.tag(chip).plain
            let separator = index == 0 ? 2 : 1
            let left = total - index - 1
            let countRoom = left > 0 ? 1 + "+\(left)".count : 0
            let needed = separator + TerminalColumns.width(of: name)
            if used + needed + countRoom <= room {
                text += String(repeating: " ", count: separator) + style.tag(chip)
                used += needed
                shown += 1
                continue
            }
            // The first tag alone, cut, when it is all that would show.
            if index == 0 {
                let cutRoom = room - used - separator - countRoom
                if cutRoom >= 4 {
                    let cut = TerminalColumns.fit(name, columns: cutRoom)
                    text += String(repeating: " ", count: separator) + style.colored(cut, hex: chip.colorHex)
                    used += separator + TerminalColumns.width(of: cut)
                    shown = 1
                }
            }
            break
        }
        let hidden = total - shown
        guard hidden > 0 else { return text }
        let count = "+\(hidden)"
        let separator = shown == 0 ? 2 : 1
        if used + separator + count.count <= room { text += String(repeating: " ", count: separator) + count }
        return text
    }

    /// A badge cut to `text`, in the badge's colour.
    private static func restyled(_ part: CardPart, _ text: String, _ style: Style) -> String {
        switch part {
        case .overdue: style.red(text)
        case .progress: style.yellow(text)
        case .cancelled, .repeats, .list: style.dim(text)
        default: text
        }
    }
}
