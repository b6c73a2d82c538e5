import Domain
import Foundation

/// Reads dates and times the way people type them at a prompt or on a command line.
package enum TypedInput {
    private static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// `YYYY-MM-DD`, `today`, `tomorrow`, or a weekday name (`fri`, `Friday`: today when it is that
    /// day, else the next one); `nil` for anything else.
    package static func date(_ text: String, today: LocalDate) -> LocalDate? {
        let word = text.trimmingWhitespace().lowercased()
        switch word {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        default: break
        }
        if word.count >= 3, let index = weekdays.firstIndex(where: { $0.hasPrefix(word) }) {
            return today.adding(days: ((index + 1 - today.weekday) % 7 + 7) % 7)
        }
        return LocalDate(iso: word)
    }

    /// Which comes first in a numeric date such as 05/12/2026: the day (`dmy`: 5 December) or
    /// the month (`mdy`: May 12). Never guessed: a file or a person says which.
    package enum DateOrder: String, CaseIterable, Sendable {
        case dmy, mdy
    }

    /// The parts of a numeric date `D/M/YYYY` (or with `.` or `-`; one or two digits, a four-digit
    /// year last), `nil` for any other shape.
    private static func numericParts(_ text: String) -> (first: Int, second: Int, year: Int)? {
        let word = text.trimmingWhitespace()
        guard let separator = ["/", ".", "-"].first(where: { word.contains($0) }) else { return nil }
        let parts = word.split(separator: Character(separator), omittingEmptySubsequences: false)
        guard parts.count == 3, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count), parts[2].count == 4,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let first = Int(parts[0]), let second = Int(parts[1]), let year = Int(parts[2]) else { return nil }
        return (first, second, year)
    }

    /// Whether `text` is a numeric date that needs a `DateOrder` to be read.
    package static func isNumericDate(_ text: String) -> Bool { numericParts(text) != nil }

    /// `text` as a numeric date read in `order`; `nil` when it is not one or names no day.
    package static func numericDate(_ text: String, order: DateOrder) -> LocalDate? {
        guard let parts = numericParts(text) else { return nil }
        let (day, month) = order == .dmy ? (parts.first, parts.second) : (parts.second, parts.first)
        return LocalDate(year: parts.year, month: month, day: day)
    }

    /// When `text` is written as a date (`YYYY-MM-DD`, month 1–12, day 1–31) but names no day of
    /// the calendar, the sentence saying so: "2100-02-29 does not exist: February 2100 has 28
    /// days."; `nil` otherwise.
    package static func missingDay(_ text: String) -> String? {
        let word = text.trimmingWhitespace()
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day), LocalDate(year: year, month: month, day: day) == nil,
              year >= 1
        else { return nil }
        let days = LocalDate.daysIn(month: month, year: year)
        return "\(word) does not exist: \(monthNames[month - 1]) \(year) has \(days) days."
    }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                                     "August", "September", "October", "November", "December"]

    /// `HH:mm` (24-hour), or `9am`, `9:30pm`, `12am` (midnight), `12pm` (noon), each also with
    /// seconds as spreadsheets write them (`17:30:00`, `9:00:00 AM`; reminders are to the minute, so
    /// the seconds are dropped); `nil` for anything else.
    package static func time(_ text: String) -> LocalTime? {
        var word = text.trimmingWhitespace().lowercased()
        // H:MM:SS → H:MM (the seconds two digits, at most 59).
        let meridiem = word.hasSuffix("am") || word.hasSuffix("pm") ? String(word.suffix(2)) : ""
        let withSeconds = word.dropLast(meridiem.count).trimmingWhitespace().split(separator: ":", omittingEmptySubsequences: false)
        if withSeconds.count == 3 {
            let seconds = withSeconds[2]
            guard seconds.count == 2, seconds.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(seconds), value < 60
            else { return nil }
            word = withSeconds[0] + ":" + withSeconds[1] + meridiem
        }
        guard word.hasSuffix("am") || word.hasSuffix("pm") else { return LocalTime(hhmm: word) }
        let isPM = word.hasSuffix("pm")
        let clock = word.dropLast(2).trimmingWhitespace()
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(parts[0]), (1...12).contains(hour), parts[0].count <= 2
        else { return nil }
        let minute = parts.count == 2 ? Int(parts[1]) : 0
        guard let minute, parts.count == 1 || parts[1].count == 2 else { return nil }
        return LocalTime(hour: hour % 12 + (isPM ? 12 : 0), minute: minute)
    }

    /// How long to snooze: `10` or `10m` (minutes), `1h`, `1h30m`, `1h30`, or a time of day
    /// (`17:30`, `5:30pm`) to snooze until; `nil` for anything else. Minutes are not range-checked
    /// here (the snooze refuses 0 and more than a week with a sentence).
    package static func snooze(_ text: String) -> SnoozeLength? {
        let word = text.trimmingWhitespace().lowercased()
        if word.contains(":") || word.hasSuffix("am") || word.hasSuffix("pm") { return time(word).map(SnoozeLength.until) }
        var minutes = 0, number = "", sawUnit = false
        for character in word {
            if character.isASCII && character.isNumber { number.append(character); continue }
            guard let value = Int(number), number.count <= 6 else { return nil }
            switch character {
            case "h": minutes += value * 60
            case "m": minutes += value
            default: return nil
            }
            number = ""
            sawUnit = true
        }
        if !number.isEmpty {
            guard let value = Int(number), number.count <= 6 else { return nil }
            minutes += value  // "10" and the "30" of "1h30" are minutes
        } else if !sawUnit {
            return nil
        }
        return .minutes(minutes)
    }

    /// The hint shown when a date was not understood.
    package static let dateHint = "Enter a date as YYYY-MM-DD, today, tomorrow or a weekday name"
    /// The hint shown when a time was not understood.
    package static let timeHint = "Enter a time as HH:mm (24-hour), 9am or 9:30pm"

    /// The items of a typed list: separated by commas; within an item, words separated by
    /// spaces are items of their own unless quoted ("Word games") or the item is one of
    /// `wholeItems` as written (so `Word games, Work` keeps its two names).
    package static func listItems(_ line: String, wholeItems: (String) -> Bool = { _ in false }) -> [String] {
        var items: [String] = []
        for part in splitOutsideQuotes(line, at: { $0 == "," }) {
            let trimmed = part.trimmingWhitespace()
            if trimmed.isEmpty { continue }
            if wholeItems(trimmed) { items.append(trimmed); continue }
            for word in splitOutsideQuotes(trimmed, at: \.isWhitespace) where !word.isEmpty {
                items.append(word.replacingOccurrences(of: "\"", with: ""))
            }
        }
        return items
    }

    private static func splitOutsideQuotes(_ text: String, at isSeparator: (Character) -> Bool) -> [String] {
        var parts: [String] = [], current = "", quoted = false
        for character in text {
            if character == "\"" { quoted.toggle(); current.append(character) }
            else if !quoted && isSeparator(character) { parts.append(current); current = "" }
            else { current.append(character) }
        }
        parts.append(current)
        return parts
    }
}
