import Domain
import Foundation

/// A repeat rule as a person states it: the parts they leave out (which weekday, which day of the
/// month, which date of the year) follow the reminder's date, as the picker's options do. One
/// reading of the typed phrases for the prompt, `--repeat` and the importer's `repeat` column.
package struct RepeatSpec: Hashable, Sendable {
    /// How often, in what unit.
    package enum Frequency: String, CaseIterable, Hashable, Sendable {
        case never, daily, weekly, monthly, yearly

        /// "day", "week", "month", "year" (nil for never).
        package var unit: String? {
            switch self {
            case .never: nil
            case .daily: "day"
            case .weekly: "week"
            case .monthly: "month"
            case .yearly: "year"
            }
        }
    }

    /// Which day of the month a monthly repeat falls on.
    package enum MonthlyMode: Hashable, Sendable {
        /// The date's day of the month.
        case sameDay
        /// Day 1–31 (clamped to shorter months).
        case day(Int)
        /// The month's last day.
        case lastDay
        /// The date's weekday in the same place: the last one when the date is its month's last
        /// such weekday, else the 1st–4th.
        case sameWeekday
        /// The `nth` (1–4, -1 = last) `weekday` (1 = Sunday … 7 = Saturday).
        case weekday(nth: Int, weekday: Int)
    }

    /// The unit.
    package var frequency: Frequency
    /// Every how many units.
    package var interval: Int
    /// A weekly repeat's days; `nil` means the date's weekday.
    package var weekdays: Weekdays?
    /// A monthly repeat's day.
    package var monthly: MonthlyMode
    /// A yearly repeat's month and day; `nil` means the date's.
    package var yearly: YearDay?
    /// How many occurrences, `nil` for no limit.
    package var times: Int?
    /// Whether it counts from completion ("every 3 days after done": `RecurrenceRule.afterDone`).
    package var afterDone = false

    /// A spec from its parts.
    package init(_ frequency: Frequency, interval: Int = 1, weekdays: Weekdays? = nil, monthly: MonthlyMode = .sameDay,
                 yearly: YearDay? = nil, times: Int? = nil) {
        self.frequency = frequency
        self.interval = interval
        self.weekdays = weekdays
        self.monthly = monthly
        self.times = times
        self.yearly = yearly
    }

    /// The spec that states `rule` exactly, whatever the date.
    package init(rule: RecurrenceRule) {
        switch rule.pattern {
        case .never: self.init(.never)
        case .daily: self.init(.daily)
        case .weekly(let days): self.init(.weekly, weekdays: days)
        case .monthly(.day(let day)): self.init(.monthly, monthly: .day(day))
        case .monthly(.last): self.init(.monthly, monthly: .lastDay)
        case .monthly(.weekday(let nth, let weekday)): self.init(.monthly, monthly: .weekday(nth: nth, weekday: weekday))
        case .yearly(let month, let day): self.init(.yearly, yearly: YearDay(month: month, day: day))
        }
        interval = rule.interval
        times = rule.times
        if rule.afterDone {
            // The day follows the date, as it does when typed.
            afterDone = true
            (weekdays, monthly, yearly) = (nil, .sameDay, nil)
        }
    }

    /// The rule this spec makes for a reminder on `date`.
    package func rule(on date: LocalDate) -> RecurrenceRule {
        let pattern: RecurrenceRule.Pattern = switch frequency {
        case .never: .never
        case .daily: .daily
        case .weekly: .weekly(weekdays ?? Weekdays([date.weekday]))
        case .monthly:
            switch monthly {
            case .sameDay: .monthly(.day(date.day))
            case .day(let day): .monthly(.day(day))
            case .lastDay: .monthly(.last)
            case .sameWeekday: .monthly(.weekday(nth: Self.nth(of: date), weekday: date.weekday))
            case .weekday(let nth, let weekday): .monthly(.weekday(nth: nth, weekday: weekday))
            }
        case .yearly: .yearly(month: yearly?.month ?? date.month, day: yearly?.day ?? date.day)
        }
        return RecurrenceRule(pattern, interval: frequency == .never ? 1 : interval, times: frequency == .never ? nil : times,
                              afterDone: afterDone)
    }

    /// Which of its month's weekdays `date` is: -1 when it is the last one, else 1–4.
    package static func nth(of date: LocalDate) -> Int {
        date.day + 7 > LocalDate.daysIn(month: date.month, year: date.year) ? -1 : (date.day - 1) / 7 + 1
    }
}

/// A month (1–12) and a day of it.
package struct YearDay: Hashable, Sendable {
    package var month: Int
    package var day: Int

    /// Day `day` of `month`.
    package init(month: Int, day: Int) {
        self.month = month
        self.day = day
    }
}

// MARK: Phrases

/// A repeat phrase that could not be read, with the sentence saying what is accepted.
package struct RepeatPhraseError: Error, Hashable, Sendable {
    /// What was wrong, then what to write.
    package let message: String

    init(_ problem: String) {
        message = "\(problem); \(RepeatSpec.phraseHint)"
    }

    /// An error whose `sentence` already says what to write instead.
    init(sayingWhatToDo sentence: String) {
        message = sentence.prefix(1).lowercased() + sentence.dropFirst()
    }

    /// The message as a sentence of its own, capitalised (for a refused row or prompt answer).
    package var sentence: String { message.prefix(1).uppercased() + message.dropFirst() }
}

extension RepeatSpec {
    /// The forms a repeat phrase takes, said when one is not understood.
    package static let phraseHint = "write never, daily, weekdays, weekends, weekly, monthly, yearly, "
        + "\"every 3 days\", \"every 2 weeks on tue,thu\", \"monthly on the 15th\", \"monthly on the last fri\", "
        + "\"monthly on the last day\", \"yearly on 29 feb\", \"every 3 days after done\", optionally ending \", 10 times\""

    private static let ordinalWords = ["first": 1, "second": 2, "third": 3, "fourth": 4, "last": -1]

    /// Reads a phrase: `never`, `daily`, `weekly`, `monthly`, `yearly` (`annually`), `weekdays`,
    /// `weekends`, `fortnightly`, `every [N|other] day|week|month|year[s]`, `every mon,wed`,
    /// `every weekday`, with `on …` for weekly days (`on tue,thu`, `on weekdays`), a monthly day
    /// (`on the 15th`, `on day 15`, `on the last day`, `on the 2nd tue`, `on the last friday`) or
    /// a yearly date (`on 29 feb`, `on feb 29`), then optionally `, N times` or `once`. Case and
    /// commas do not matter.
    package static func parse(_ text: String) throws(RepeatPhraseError) -> RepeatSpec {
        var words: [String] = text.lowercased().split { $0.isWhitespace || $0 == "," }.map(String.init)
        words.removeAll { ["and", "the", "&"].contains($0) }
        guard !words.isEmpty else { throw RepeatPhraseError("the repeat is empty") }
        // The count at the end: "once", "10 times".
        var times: Int?
        if words.count > 1, words.last == "once" {
            times = 1
            words.removeLast()
        } else if words.count > 2, ["times", "time"].contains(words[words.count - 1]) {
            guard let count = count(Array(words.suffix(2))) else {
                throw RepeatPhraseError("\"\(words[words.count - 2]) times\" is not a count from 1 to \(RecurrenceRule.maximumTimes)")
            }
            times = count
            words.removeLast(2)
            if words.last == "for" { words.removeLast() }
        }
        // "after done" (or "after completion"): counted from the day it is done.
        var afterDone = false
        if words.count > 2, words[words.count - 2] == "after", ["done", "completion", "completed", "completing"].contains(words[words.count - 1]) {
            afterDone = true
            words.removeLast(2)
        }
        var spec = try head(&words)
        if afterDone {
            guard spec.frequency != .never else { throw RepeatPhraseError("a reminder that never repeats is not repeated after done") }
            guard words.isEmpty, spec.weekdays == nil else { throw RepeatPhraseError(sayingWhatToDo: RecurrenceRule.afterDoneOnDaysMessage) }
            spec.afterDone = true
        }
        if !words.isEmpty {
            guard words.removeFirst() == "on", !words.isEmpty else {
                throw RepeatPhraseError("\"\(text.trimmingWhitespace())\" has words after the repeat that are not \"on …\"")
            }
            try spec.readOn(words, phrase: text)
        }
        if spec.frequency == .never {
            guard times == nil else { throw RepeatPhraseError("a reminder that never repeats has no count") }
        }
        spec.times = times
        return spec
    }

    /// A count as typed: `once`, `10 times`, `1 time`, or a bare `10` when `bare`; 1–9999, else `nil`.
    package static func count(_ words: [String], bare: Bool = false) -> Int? {
        if words == ["once"] { return 1 }
        guard words.count == 2 && ["times", "time"].contains(words[1]) || bare && words.count == 1,
              let count = Int(words[0]), (1...RecurrenceRule.maximumTimes).contains(count) else { return nil }
        return count
    }

    /// An answer to "how does it end": a day, a count, both (separated by a comma) or `never`;
    /// `nil` when a part is neither.
    package static func ending(_ text: String, today: LocalDate) -> (end: LocalDate?, times: Int?)? {
        if ["never", "none", "-"].contains(text.trimmingWhitespace().lowercased()) { return (nil, nil) }
        var end: LocalDate?, times: Int?
        for part in text.split(separator: ",").map({ $0.trimmingWhitespace() }) where !part.isEmpty {
            if let count = count(part.lowercased().split(separator: " ").map(String.init), bare: true) {
                times = count
            } else if let day = TypedInput.date(part, today: today) {
                end = day
            } else {
                return nil
            }
        }
        return (end, times)
    }

    /// The unit and interval of "every …" as typed at the prompt's custom step: `week`, `2 weeks`,
    /// `3 days`, and whether it counts from completion (`3 days after done`); `nil` for anything else.
    package static func unitAndInterval(_ text: String) -> (frequency: Frequency, interval: Int, afterDone: Bool)? {
        guard let spec = try? parse("every " + text), spec.frequency != .never, spec.weekdays == nil, spec.times == nil
        else { return nil }
        return (spec.frequency, spec.interval, spec.afterDone)
    }

    /// Reads the frequency and interval, removing their words.
    private static func head(_ words: inout [String]) throws(RepeatPhraseError) -> RepeatSpec {
        let first = words.removeFirst()
        switch first {
        case "never", "none", "no", "-": return RepeatSpec(.never)
        case "daily": return RepeatSpec(.daily)
        case "weekly": return RepeatSpec(.weekly)
        case "fortnightly", "biweekly": return RepeatSpec(.weekly, interval: 2)
        case "monthly": return RepeatSpec(.monthly)
        case "yearly", "annually": return RepeatSpec(.yearly)
        case "weekdays": return RepeatSpec(.weekly, weekdays: .mondayToFriday)
        case "weekends": return RepeatSpec(.weekly, weekdays: .weekend)
        case "every":
            guard !words.isEmpty else { throw RepeatPhraseError("\"every\" needs what: every day, every 2 weeks, every mon") }
            var interval = 1
            if let number = Int(words[0]) {
                guard (1...RecurrenceRule.maximumInterval).contains(number) else {
                    throw RepeatPhraseError("every \(words[0]): the number must be from 1 to \(RecurrenceRule.maximumInterval)")
                }
                interval = number
                words.removeFirst()
            } else if words[0] == "other" {
                interval = 2
                words.removeFirst()
            }
            guard !words.isEmpty else { throw RepeatPhraseError("\"every \(interval)\" needs a unit: days, weeks, months or years") }
            let unit = words[0]
            for frequency in [Frequency.daily, .weekly, .monthly, .yearly] {
                if let name = frequency.unit, unit == name || unit == name + "s" {
                    words.removeFirst()
                    return RepeatSpec(frequency, interval: interval)
                }
            }
            // "every weekday", "every mon, wed": weekly on those days.
            if interval == 1, let days = weekdaySet(words) {
                words = []
                return RepeatSpec(.weekly, weekdays: days)
            }
            throw RepeatPhraseError("\"\(unit)\" is not a unit or a weekday")
        default:
            throw RepeatPhraseError("\"\(first)\" is not a repeat")
        }
    }

    /// Reads what follows "on" for this frequency.
    private mutating func readOn(_ words: [String], phrase: String) throws(RepeatPhraseError) {
        let what = words.joined(separator: " ")
        switch frequency {
        case .never, .daily:
            throw RepeatPhraseError("a \(frequency == .never ? "one-time reminder" : "daily repeat") takes no \"on \(what)\"")
        case .weekly:
            guard let days = Self.weekdaySet(words) else { throw RepeatPhraseError("\"\(what)\" is not a list of weekdays") }
            weekdays = days
        case .monthly:
            monthly = try Self.monthDay(words, what: what)
        case .yearly:
            guard words.count == 2 else { throw RepeatPhraseError("\"\(what)\" is not a day of the year such as 29 feb") }
            let (dayWord, monthWord) = Int(Self.digits(words[0])) != nil ? (words[0], words[1]) : (words[1], words[0])
            guard let day = Int(Self.digits(dayWord)), let month = TypedInput.month(monthWord),
                  (1...LocalDate.daysIn(month: month, year: 2000)).contains(day)
            else { throw RepeatPhraseError("\"\(what)\" is not a day of the year such as 29 feb") }
            yearly = YearDay(month: month, day: day)
        }
    }

    private static func monthDay(_ words: [String], what: String) throws(RepeatPhraseError) -> MonthlyMode {
        if words == ["last", "day"] || words == ["last"] { return .lastDay }
        if words.count == 2, words[0] == "day", let day = Int(words[1]) { return try checkedDay(day, what: what) }
        if words.count == 1, let day = Int(digits(words[0])) {
            let isNumber = words[0].count == digits(words[0]).count
            if isNumber || isOrdinal(words[0]) { return try checkedDay(day, what: what) }
        }
        if words.count == 2, let weekday = TypedInput.weekday(words[1]) {
            let nth = ordinalWords[words[0]] ?? (isOrdinal(words[0]) ? Int(digits(words[0])) : nil)
            guard let nth, [1, 2, 3, 4, -1].contains(nth) else {
                throw RepeatPhraseError("\"\(what)\": the weekday of a month is the 1st, 2nd, 3rd, 4th or last")
            }
            return .weekday(nth: nth, weekday: weekday)
        }
        throw RepeatPhraseError("\"\(what)\" is not a day of the month such as the 15th, the last day or the 2nd tue")
    }

    private static func checkedDay(_ day: Int, what: String) throws(RepeatPhraseError) -> MonthlyMode {
        guard (1...31).contains(day) else { throw RepeatPhraseError("\"\(what)\": a day of the month is from 1 to 31") }
        return .day(day)
    }

    /// "15th", "1st", "2nd", "3rd".
    private static func isOrdinal(_ word: String) -> Bool {
        let number = digits(word)
        guard let value = Int(number), !number.isEmpty else { return false }
        return word == RecurrenceRule.ordinal(value)
    }

    private static func digits(_ word: String) -> String { String(word.prefix(while: { $0.isASCII && $0.isNumber })) }

    /// A set of weekdays from names ("mon", "tuesday", "thurs", "fridays"), "weekdays" or "weekends";
    /// `nil` when any word is not one.
    private static func weekdaySet(_ words: [String]) -> Weekdays? {
        var days: [Int] = []
        for word in words {
            switch word {
            case "weekday", "weekdays": days += [2, 3, 4, 5, 6]
            case "weekend", "weekends": days += [1, 7]
            default:
                guard let day = TypedInput.weekday(word) else { return nil }
                days.append(day)
            }
        }
        return days.isEmpty ? nil : Weekdays(days)
    }

    /// Three letters of a weekday's name, as phrases write it: "tue".
    private static func shortName(ofWeekday weekday: Int) -> String { RecurrenceRule.weekdayNames[weekday - 1].prefix(3).lowercased() }

    /// The phrase `parse` reads back as this spec: "every 2 weeks on tue,thu, 10 times".
    package var phrase: String {
        var text: String
        let every = interval == 1 ? nil : "every \(interval) \(frequency.unit ?? "")s"
        switch frequency {
        case .never: return "never"
        case .daily: text = every ?? "daily"
        case .weekly:
            let days = weekdays.map { days in
                days == .mondayToFriday ? "weekdays" : days == .weekend ? "weekends"
                    : days.mondayFirst.map(Self.shortName(ofWeekday:)).joined(separator: ",")
            }
            if every == nil, let days, days == "weekdays" || days == "weekends" { text = days }
            else { text = (every ?? "weekly") + (days.map { " on \($0)" } ?? "") }
        case .monthly:
            text = every ?? "monthly"
            switch monthly {
            case .sameDay, .sameWeekday: break
            case .day(let day): text += " on the \(RecurrenceRule.ordinal(day))"
            case .lastDay: text += " on the last day"
            case .weekday(let nth, let weekday):
                text += " on the \(nth == -1 ? "last" : RecurrenceRule.ordinal(nth)) \(Self.shortName(ofWeekday: weekday))"
            }
        case .yearly:
            text = every ?? "yearly"
            if let yearly { text += " on \(yearly.day) \(RecurrenceRule.monthNames[yearly.month - 1].prefix(3).lowercased())" }
        }
        if afterDone { text += " after done" }
        switch times {
        case nil: break
        case 1: text += ", once"
        case let count?: text += ", \(count) times"
        }
        return text
    }
}
