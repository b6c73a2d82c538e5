import Domain
import Foundation

/// Reads dates and times the way people type them at a prompt or on a command line.
package enum TypedInput {
    /// Which way a word like a weekday's name points: to the next one (a due date) or the last
    /// one (a day in the history).
    package enum Direction: Sendable {
        case future, past
    }

    /// A day as people type it; `nil` for anything else:
    /// - `YYYY-MM-DD`; `today`, `tomorrow`, `yesterday`;
    /// - a weekday (`fri`, `Friday`): today when it is that day, else the next one (with `.past`,
    ///   the last one); `next mon` is the first Monday after today, `last fri` the last Friday before it;
    /// - `in 3 days`, `in 2 weeks`, `in 1 month` (clamped to the month's length), `3 days ago`;
    /// - `5 dec`, `dec 5`, `5th december`, `5 december 2027`, `dec 5, 2027`: without a year, the
    ///   next such day from today (with `.past`, the last one up to today);
    /// - `eom` or `end of month`: this month's last day; `eow` or `end of week`: this week's Sunday
    ///   (weeks run Monday to Sunday); `eoy` or `end of year`: 31 December; `next week`: next Monday;
    /// - with `order`, a numeric date such as `05/12/2026` (never read without one).
    package static func date(_ text: String, today: LocalDate, direction: Direction = .future, order: DateOrder? = nil) -> LocalDate? {
        let word = text.trimmingWhitespace().lowercased()
        if let day = LocalDate(iso: word) { return day }
        if let order, let day = numericDate(word, order: order) { return day }
        let words = word.replacingOccurrences(of: ",", with: " ").split(whereSeparator: \.isWhitespace).map(String.init)
        switch words {
        case ["today"], ["now"]: return today
        case ["tomorrow"], ["tmrw"]: return today.adding(days: 1)
        case ["yesterday"]: return today.adding(days: -1)
        case ["eom"], ["end", "of", "month"], ["end", "of", "the", "month"]:
            return LocalDate.clamped(year: today.year, month: today.month, day: 31)
        case ["eow"], ["end", "of", "week"], ["end", "of", "the", "week"]:
            return today.adding(days: (8 - today.weekday) % 7)
        case ["eoy"], ["end", "of", "year"], ["end", "of", "the", "year"]:
            return LocalDate(year: today.year, month: 12, day: 31)
        case ["next", "week"]:
            return today.adding(days: (7 - (today.weekday + 5) % 7))
        default: break
        }
        if words.count == 1, let weekday = Self.weekday(words[0]) {
            let ahead = ((weekday - today.weekday) % 7 + 7) % 7
            return direction == .future ? today.adding(days: ahead) : today.adding(days: -((7 - ahead) % 7))
        }
        if words.count == 2, ["next", "last", "this"].contains(words[0]), let weekday = Self.weekday(words[1]) {
            let ahead = ((weekday - today.weekday) % 7 + 7) % 7
            switch words[0] {
            case "next": return today.adding(days: ahead == 0 ? 7 : ahead)
            case "last": return today.adding(days: -(ahead == 0 ? 7 : 7 - ahead))
            default: return today.adding(days: ahead)
            }
        }
        if let day = offset(words, from: today) { return day }
        return dayOfYear(words, today: today, direction: direction)
    }

    /// `in N days|weeks|months` or `N days|weeks|months ago`.
    private static func offset(_ words: [String], from today: LocalDate) -> LocalDate? {
        let (numberWord, unitWord, sign): (String, String, Int)
        if words.count == 3, words[0] == "in" { (numberWord, unitWord, sign) = (words[1], words[2], 1) }
        else if words.count == 3, words[2] == "ago" { (numberWord, unitWord, sign) = (words[0], words[1], -1) }
        else { return nil }
        guard let number = numberWord == "a" || numberWord == "an" ? 1 : Int(numberWord), (0...10_000).contains(number) else { return nil }
        let unit = unitWord.hasSuffix("s") ? String(unitWord.dropLast()) : unitWord
        let count = number * sign
        switch unit {
        case "day": return today.adding(days: count)
        case "week": return today.adding(days: 7 * count)
        case "month":
            let month = today.monthNumber + count
            let year = month >= 0 ? month / 12 : (month - 11) / 12
            return LocalDate.clamped(year: year, month: month - year * 12 + 1, day: today.day)
        default: return nil
        }
    }

    /// `5 dec`, `dec 5`, `5th december 2027`, `december 5 2027`.
    private static func dayOfYear(_ words: [String], today: LocalDate, direction: Direction) -> LocalDate? {
        guard (2...3).contains(words.count) else { return nil }
        let dayFirst = Int(words[0].prefix { $0.isASCII && $0.isNumber }) != nil
        let (dayWord, monthWord) = dayFirst ? (words[0], words[1]) : (words[1], words[0])
        let digits = String(dayWord.prefix { $0.isASCII && $0.isNumber })
        guard let day = Int(digits), digits.count <= 2, dayWord == digits || dayWord == RecurrenceRule.ordinal(day),
              let month = Self.month(monthWord)
        else { return nil }
        if words.count == 3 {
            guard words[2].count == 4, let year = Int(words[2]) else { return nil }
            return LocalDate(year: year, month: month, day: day)
        }
        guard day <= LocalDate.daysIn(month: month, year: 2000) else { return nil }
        // The next such day (29 February: the next leap year's), or with `.past` the last one.
        var year = today.year
        for _ in 0..<8 {
            if let candidate = LocalDate(year: year, month: month, day: day),
               direction == .future ? candidate >= today : candidate <= today {
                return candidate
            }
            year += direction == .future ? 1 : -1
        }
        return nil
    }

    /// The weekday (1 = Sunday … 7) a word names: its first three letters or more, any case, also
    /// plural (`tue`, `Thurs`, `fridays`); `nil` for anything else.
    package static func weekday(_ word: String) -> Int? {
        let lower = word.lowercased()
        let singular = lower.count > 3 && lower.hasSuffix("s") ? String(lower.dropLast()) : lower
        return named(singular, in: RecurrenceRule.weekdayNames)
    }

    /// The month (1–12) a word names: its first three letters or more, any case (`dec`, `Sept`).
    package static func month(_ word: String) -> Int? { named(word.lowercased(), in: RecurrenceRule.monthNames) }

    private static func named(_ word: String, in names: [String]) -> Int? {
        guard word.count >= 3, let index = names.firstIndex(where: { $0.lowercased().hasPrefix(word) }) else { return nil }
        return index + 1
    }

    /// A day and perhaps a time of day, as typed for when something is due: any `date` form, with a
    /// time before or after it (`tomorrow 5pm`, `mon 9:30`, `5 dec at 17:00`, `noon tomorrow`), or
    /// `in 2 hours`, `in 30 minutes` (from `now`, read in `zone`); `nil` for anything else.
    package static func moment(_ text: String, now: Date, zone: TimeZone, order: DateOrder? = nil)
        -> (date: LocalDate, time: LocalTime?)?
    {
        let today = LocalDate(containing: now, in: zone)
        if let day = date(text, today: today, order: order) { return (day, nil) }
        let words = text.trimmingWhitespace().lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
            .filter { $0 != "at" }
        if words.count == 3, words[0] == "in", let number = words[1] == "an" || words[1] == "a" ? 1 : Int(words[1]), (0...100_000).contains(number) {
            let unit = words[2].hasSuffix("s") ? String(words[2].dropLast()) : words[2]
            let seconds: Int? = switch unit {
            case "hour", "hr", "h": number * 3_600
            case "minute", "min", "m": number * 60
            default: nil
            }
            if let seconds {
                // Reminders are to the minute: a part minute is rounded up, never due before it was asked for.
                var then = now.addingTimeInterval(TimeInterval(seconds))
                let past = then.timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
                if past > 0 { then.addTimeInterval(60 - past) }
                let local = LocalDateTime(of: then, in: zone)
                return (local.date, local.time)
            }
        }
        // A time at one end, a day in the rest.
        for split in 1..<max(words.count, 1) {
            for (dayWords, timeWords) in [(words[..<split], words[split...]), (words[split...], words[..<split])] {
                guard let clock = time(timeWords.joined(separator: " ")),
                      let day = date(dayWords.joined(separator: " "), today: today, order: order) else { continue }
                return (day, clock)
            }
        }
        return nil
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
        return "\(word) does not exist: \(RecurrenceRule.monthNames[month - 1]) \(year) has \(days) days."
    }


    /// `HH:mm` (24-hour), a bare hour (`17`), `noon`, `midnight`, or `9am`, `9:30 pm`, `12am`
    /// (midnight), `12pm` (noon), each also with
    /// seconds as spreadsheets write them (`17:30:00`, `9:00:00 AM`; reminders are to the minute, so
    /// the seconds are dropped); `nil` for anything else.
    package static func time(_ text: String) -> LocalTime? {
        var word = text.trimmingWhitespace().lowercased()
        switch word {
        case "noon", "midday": return LocalTime(hour: 12, minute: 0)
        case "midnight": return LocalTime(hour: 0, minute: 0)
        default: break
        }
        // A bare hour, 0–23: "17".
        if (1...2).contains(word.count), word.allSatisfy({ $0.isASCII && $0.isNumber }), let hour = Int(word) {
            return hour < 24 ? LocalTime(hour: hour, minute: 0) : nil
        }
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
    /// (`17:30`, `5:30pm`) to snooze until; `nil` for anything else, a length outside
    /// `SnoozeLength.allowedMinutes` (0, more than a week) too.
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
        // A length outside one minute to a week is not one (refused as typed, as "30s" is).
        return SnoozeLength.allowedMinutes.contains(minutes) ? .minutes(minutes) : nil
    }

    /// The forms a date takes, for hints.
    package static let dateForms = "YYYY-MM-DD, today, tomorrow, yesterday, fri, next mon, last fri, next week, in 3 days, 5 dec, "
        + "dec 5 2027, eow, eom or eoy"

    /// The words dates and times are written with, for "did you mean".
    private static let knownWords = ["today", "tomorrow", "yesterday", "now", "next", "last", "this", "in", "ago", "at",
                                     "day", "days", "week", "weeks", "month", "months", "hour", "hours", "minute", "minutes",
                                     "noon", "midnight", "midday", "end", "of", "the", "year", "eom", "eow", "eoy"]
        + RecurrenceRule.weekdayNames.map { $0.lowercased() } + RecurrenceRule.monthNames.map { $0.lowercased() }

    /// `text` with its misspelled words put right ("tomorow 5pm" → "tomorrow 5pm"), when that reads
    /// as a date (or a date and time where `withTime`); `nil` when no such reading is near.
    package static func correction(_ text: String, withTime: Bool = true) -> String? {
        let words = text.trimmingWhitespace().lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty, words.count <= 6 else { return nil }
        var changed = false
        let corrected = words.map { word -> String in
            guard word.count >= 3, !knownWords.contains(word), word.contains(where: \.isLetter), weekday(word) == nil, month(word) == nil,
                  time(word) == nil, let near = Suggestions.closest(to: word, among: knownWords, limit: 1).first
            else { return word }
            changed = true
            return near
        }
        guard changed else { return nil }
        let phrase = corrected.joined(separator: " ")
        // Whether it reads, on any day: the reading does not depend on which.
        let someDay = LocalDate(year: 2001, month: 1, day: 1) ?? LocalDate(containing: Date(timeIntervalSince1970: 0), in: .gmt)
        let reads = withTime ? moment(phrase, now: Date(timeIntervalSince1970: 978_307_200), zone: .gmt) != nil
            : date(phrase, today: someDay) != nil
        return reads ? phrase : nil
    }

    /// "; did you mean "tomorrow"?" for a misspelled date, empty when none is near.
    package static func didYouMean(_ text: String, withTime: Bool = true) -> String {
        correction(text, withTime: withTime).map { "; did you mean \"\($0)\"?" } ?? ""
    }
    /// The hint shown when a date was not understood.
    package static let dateHint = "Enter a date as \(dateForms)"
    /// The hint shown when a date and perhaps a time were not understood.
    package static let momentHint = "Enter a date as \(dateForms), perhaps with a time (tomorrow 5pm, mon 9:30), or in 2 hours"
    /// The hint shown when a time was not understood.
    package static let timeHint = "Enter a time as HH:mm (24-hour), 17, 9am, 9:30 pm, noon or midnight"

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
