import Foundation

/// How a reminder repeats: its pattern (never, daily, weekly on a set of weekdays, monthly on a
/// day or an nth weekday, yearly), every how many periods, and optionally how many times.
///
/// The semantics are the oracle's (`../shared/oracles/README.md`): a date is in the series when
/// its period (day, Monday-based week, month or year) is selected, counted from the period of
/// the series' start (period 0, selected when its index is a multiple of `interval`), and the date
/// matches the pattern inside it.
package struct RecurrenceRule: Hashable, Sendable {
    /// The shape of the dates a rule falls on.
    package enum Pattern: Hashable, Sendable {
        /// A one-time reminder.
        case never
        /// Every calendar day.
        case daily
        /// The weeks' days in a set.
        case weekly(Weekdays)
        /// One day of the month.
        case monthly(MonthDay)
        /// Day `day` of `month` (1–12), clamped to the month's length: 29 February falls on the 28th
        /// in other years.
        case yearly(month: Int, day: Int)
    }

    /// Which day of a month a monthly rule falls on.
    package enum MonthDay: Hashable, Sendable {
        /// Day 1–31, or the month's last day when it is shorter.
        case day(Int)
        /// The month's last day.
        case last
        /// The `nth` (1–4, or -1 for the last) `weekday` (1 = Sunday … 7 = Saturday).
        case weekday(nth: Int, weekday: Int)
    }

    /// The dates' shape.
    package var pattern: Pattern
    /// Every how many days, weeks, months or years (1 = every one).
    package var interval: Int
    /// How many occurrences the series has from its start (this one included), `nil` for no limit.
    package var times: Int?
    /// Whether it counts from completion ("every 3 days after done"): the next time is the day it
    /// was done plus `interval` days, weeks, months or years, at the same time of day
    /// (`Reminder.advance`); until then the reminder has one occurrence. Daily, weekly, monthly and
    /// yearly rules on the due date's own day only (`allowsAfterDone`).
    package var afterDone: Bool

    /// A rule from its parts.
    package init(_ pattern: Pattern, interval: Int = 1, times: Int? = nil, afterDone: Bool = false) {
        self.pattern = pattern
        self.interval = interval
        self.times = times
        self.afterDone = afterDone
    }

    /// Whether the pattern can count from completion: every N days, or weeks, months or years on
    /// one day (which the day it is done then moves), not a set of weekdays, an nth weekday or the
    /// last day of the month.
    package var allowsAfterDone: Bool {
        switch pattern {
        case .daily, .yearly, .monthly(.day): true
        case .weekly(let days): days.mondayFirst.count == 1
        case .never, .monthly(.last), .monthly(.weekday): false
        }
    }

    /// Why a repeat after done cannot have days to fall on, and what to write instead (one rule
    /// for the phrase reader, the form and the validation).
    package static let afterDoneOnDaysMessage = "A repeat after done counts from the day it is done, so it takes no days to fall on; "
        + "say every N days, weeks, months or years after done, or drop \"after done\" to keep the days"

    /// The same unit and interval counted on from `day` (the next due day of a rule that repeats
    /// after done): a weekly rule on its weekday, a monthly one on its day, a yearly one on its date.
    package func anchored(on day: LocalDate) -> RecurrenceRule {
        var rule = self
        switch pattern {
        case .weekly: rule.pattern = .weekly(Weekdays([day.weekday]))
        case .monthly: rule.pattern = .monthly(.day(day.day))
        case .yearly: rule.pattern = .yearly(month: day.month, day: day.day)
        case .daily, .never: break
        }
        return rule
    }

    /// The day `interval` units after `day`: days, weeks, or months and years with the day clamped
    /// to the month's length (31 January + 1 month = 28 February; 29 February + 1 year = 28 February).
    package func day(after day: LocalDate) -> LocalDate {
        switch pattern {
        case .never: return day
        case .daily: return day.adding(days: interval)
        case .weekly: return day.adding(days: 7 * interval)
        case .monthly, .yearly:
            let months = day.year * 12 + (day.month - 1) + interval * (isYearly ? 12 : 1)
            let (year, month) = (months / 12, months % 12 + 1)
            return LocalDate(year: year, month: month, day: min(day.day, LocalDate.daysIn(month: month, year: year))) ?? day
        }
    }

    private var isYearly: Bool { if case .yearly = pattern { true } else { false } }

    /// A one-time reminder.
    package static let never = RecurrenceRule(.never)
    /// Every day.
    package static let daily = RecurrenceRule(.daily)
    /// Every week on `weekday` (1 = Sunday … 7 = Saturday).
    package static func weekly(weekday: Int) -> RecurrenceRule { RecurrenceRule(.weekly(Weekdays([weekday]))) }
    /// Every month on `day` (1–31, clamped; -1 = the last day).
    package static func monthly(day: Int) -> RecurrenceRule { RecurrenceRule(.monthly(day == -1 ? .last : .day(day))) }

    /// The longest interval and the most times a rule may have.
    package static let maximumInterval = 999, maximumTimes = 9999

    /// Whether the reminder repeats.
    package var isRepeating: Bool { pattern != .never }

    /// Whether every part is in range (a weekday 1–7, a day 1–31, an nth 1–4 or -1, a non-empty
    /// set of weekdays, an interval 1–999 and 1 for a one-time reminder, times 1–9999).
    package var isValid: Bool {
        guard (1...Self.maximumInterval).contains(interval), times.map({ (1...Self.maximumTimes).contains($0) }) ?? true else {
            return false
        }
        switch pattern {
        case .never: return interval == 1
        case .daily: return true
        case .weekly(let days): return !days.isEmpty
        case .monthly(.day(let day)): return (1...31).contains(day)
        case .monthly(.last): return true
        case .monthly(.weekday(let nth, let weekday)): return [1, 2, 3, 4, -1].contains(nth) && (1...7).contains(weekday)
        case .yearly(let month, let day):
            return (1...12).contains(month) && (1...LocalDate.daysIn(month: month, year: 2000)).contains(day)
        }
    }

    // MARK: Words

    /// The weekdays' names, Sunday (1) first.
    package static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    /// The months' names, January (1) first.
    package static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    /// The sentence for the rule: "Never", "Daily", "Every 3 days", "Every weekday", "Every 2 weeks
    /// on Tuesday and Thursday", "Monthly on the 21st", "Monthly on the last Friday", "Yearly on 29
    /// February", with ", 10 times" or ", once" when it has a count.
    package var label: String {
        let every = interval == 1 ? nil : "Every \(interval)"
        var text: String
        switch pattern {
        case .never: return "Never"
        case .daily: text = every.map { "\($0) days" } ?? "Daily"
        case .weekly(let days):
            let named = days.isMondayToFriday ? "weekdays" : days.isWeekend ? "weekends" : Self.list(days.mondayFirst.map { Self.weekdayNames[$0 - 1] })
            if let every { text = "\(every) weeks on \(named)" }
            else if days.isMondayToFriday { text = "Every weekday" }
            else if days.isWeekend { text = "Every weekend" }
            else { text = "Weekly on \(named)" }
        case .monthly(let day): text = (every.map { "\($0) months" } ?? "Monthly") + " on the " + Self.name(of: day)
        case .yearly(let month, let day): text = (every.map { "\($0) years" } ?? "Yearly") + " on \(day) \(Self.monthNames[month - 1])"
        }
        if afterDone {
            // The day is the one it is done on: "Every 3 days after done", "Weekly after done".
            switch pattern {
            case .daily: break
            case .weekly: text = (every.map { "\($0) weeks" } ?? "Weekly")
            case .monthly: text = (every.map { "\($0) months" } ?? "Monthly")
            case .yearly: text = (every.map { "\($0) years" } ?? "Yearly")
            case .never: break
            }
            text += " after done"
        }
        switch times {
        case nil: break
        case 1: text += ", once"
        case let count?: text += ", \(count) times"
        }
        return text
    }

    /// "21st", "last day", "last Friday", "2nd Tuesday".
    static func name(of day: MonthDay) -> String {
        switch day {
        case .day(let day): ordinal(day)
        case .last: "last day"
        case .weekday(let nth, let weekday): (nth == -1 ? "last" : ordinal(nth)) + " " + weekdayNames[weekday - 1]
        }
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// The badge on a card: "Daily", "Weekdays", "Weekly", "Every 2 weeks", "Monthly", "Yearly",
    /// "Every 3 days after done"; `nil` for a one-time reminder.
    package var shortName: String? {
        let (unit, everyOne): (String, String)
        switch pattern {
        case .never: return nil
        case .daily: (unit, everyOne) = ("day", "Daily")
        case .weekly(let days):
            if interval == 1 && days.isMondayToFriday { return "Weekdays" }
            if interval == 1 && days.isWeekend { return "Weekends" }
            (unit, everyOne) = ("week", "Weekly")
        case .monthly: (unit, everyOne) = ("month", "Monthly")
        case .yearly: (unit, everyOne) = ("year", "Yearly")
        }
        let name = interval == 1 ? everyOne : "Every \(interval) \(unit)s"
        return afterDone ? name + " after done" : name
    }

    /// `n` with its English suffix: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 23rd, 31st.
    package static func ordinal(_ n: Int) -> String {
        let suffix = switch (n % 10, n % 100) {
        case (_, 11...13): "th"
        case (1, _): "st"
        case (2, _): "nd"
        case (3, _): "rd"
        default: "th"
        }
        return "\(n)\(suffix)"
    }

    // MARK: Dates

    /// Whether an occurrence of the series anchored at `anchor` (its start's date) falls on `date`.
    package func matches(_ date: LocalDate, anchor: LocalDate? = nil) -> Bool {
        firstDate(onOrAfter: date, anchor: anchor ?? date) == date
    }

    /// The first day on or after `date` that has an occurrence of the series whose start is on
    /// `anchor` (by default `date` itself: the series that starts there); for `.never`, `date`.
    package func firstDate(onOrAfter date: LocalDate, anchor: LocalDate? = nil) -> LocalDate {
        let anchor = anchor ?? date
        switch pattern {
        case .never:
            return date
        case .daily:
            let offset = date.daysSinceEpoch - anchor.daysSinceEpoch
            return anchor.adding(days: Self.roundedUp(offset, to: interval))
        case .weekly(let days):
            let anchorWeek = anchor.mondayOfWeek
            var weekStart = date.mondayOfWeek
            var from = date
            while true {
                let week = (weekStart.daysSinceEpoch - anchorWeek.daysSinceEpoch) / 7
                let selected = Self.roundedUp(week, to: interval)
                if selected != week {
                    weekStart = anchorWeek.adding(days: 7 * selected)
                    from = weekStart
                }
                var day = from
                while day < weekStart.adding(days: 7) {
                    if days.contains(day.weekday) { return day }
                    day = day.adding(days: 1)
                }
                weekStart = weekStart.adding(days: 7)
                from = weekStart
            }
        case .monthly(let monthDay):
            let anchorMonth = anchor.monthNumber
            var month = anchorMonth + Self.roundedUp(date.monthNumber - anchorMonth, to: interval)
            while true {
                let candidate = Self.date(of: monthDay, inMonthNumber: month)
                if candidate >= date { return candidate }
                month += interval
            }
        case .yearly(let month, let day):
            var year = anchor.year + Self.roundedUp(date.year - anchor.year, to: interval)
            while true {
                let candidate = LocalDate.clamped(year: year, month: month, day: day)
                if candidate >= date { return candidate }
                year += interval
            }
        }
    }

    /// The next day after `date` (an occurrence of the series anchored at `anchor`, by default
    /// `date`) that has an occurrence; `nil` for a one-time reminder. Computed from the rule,
    /// never from the previous date: after Feb 28 comes Mar 31.
    package func nextDate(after date: LocalDate, anchor: LocalDate? = nil) -> LocalDate? {
        isRepeating ? firstDate(onOrAfter: date.adding(days: 1), anchor: anchor ?? date) : nil
    }

    /// The smallest multiple of `step` that is ≥ `value` (never below 0).
    private static func roundedUp(_ value: Int, to step: Int) -> Int {
        guard value > 0 else { return 0 }
        return (value + step - 1) / step * step
    }

    /// The day `monthDay` names in the month numbered `monthNumber` (year × 12 + month − 1).
    private static func date(of monthDay: MonthDay, inMonthNumber monthNumber: Int) -> LocalDate {
        let year = monthNumber >= 0 ? monthNumber / 12 : (monthNumber - 11) / 12
        let month = monthNumber - year * 12 + 1
        switch monthDay {
        case .day(let day): return LocalDate.clamped(year: year, month: month, day: day)
        case .last: return LocalDate.clamped(year: year, month: month, day: 31)
        case .weekday(let nth, let weekday):
            if nth == -1 {
                let last = LocalDate.clamped(year: year, month: month, day: 31)
                return last.adding(days: -(((last.weekday - weekday) % 7 + 7) % 7))
            }
            let first = LocalDate.clamped(year: year, month: month, day: 1)
            return first.adding(days: ((weekday - first.weekday) % 7 + 7) % 7 + 7 * (nth - 1))
        }
    }
}

/// A set of weekdays, 1 = Sunday … 7 = Saturday (Foundation's numbering).
package struct Weekdays: Hashable, Sendable {
    /// Bit `w − 1` set for weekday `w`.
    package let mask: Int

    /// The set of `days` (each 1–7; others are dropped).
    package init(_ days: some Sequence<Int>) {
        mask = days.reduce(0) { (1...7).contains($1) ? $0 | 1 << ($1 - 1) : $0 }
    }

    /// The set a stored mask stands for (bits above the seventh are dropped).
    package init(mask: Int) { self.mask = mask & 0x7F }

    /// Monday to Friday.
    package static let mondayToFriday = Weekdays([2, 3, 4, 5, 6])
    /// Saturday and Sunday.
    package static let weekend = Weekdays([1, 7])

    /// Whether `weekday` is in the set.
    package func contains(_ weekday: Int) -> Bool { (1...7).contains(weekday) && mask & 1 << (weekday - 1) != 0 }
    /// Whether the set is empty.
    package var isEmpty: Bool { mask == 0 }
    /// The days, Monday first (as weeks run here and in RFC 5545 with WKST=MO).
    package var mondayFirst: [Int] { [2, 3, 4, 5, 6, 7, 1].filter(contains) }
    var isMondayToFriday: Bool { self == .mondayToFriday }
    var isWeekend: Bool { self == .weekend }
}

extension LocalDate {
    /// The Monday that starts this day's week (weeks run Monday to Sunday).
    package var mondayOfWeek: LocalDate { adding(days: -((weekday + 5) % 7)) }
    /// Months since year 0: year × 12 + month − 1.
    package var monthNumber: Int { year * 12 + month - 1 }
}
