import Foundation

/// How a reminder repeats: never, every day, every week on a weekday, or every month on a day.
package enum RecurrenceRule: Hashable, Sendable {
    /// A one-time reminder.
    case never
    /// Every calendar day.
    case daily
    /// Every week on `weekday`, 1 = Sunday … 7 = Saturday.
    case weekly(weekday: Int)
    /// Every month on `day` (1–31), clamped to the month's last day.
    case monthly(day: Int)

    private static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// Whether the reminder repeats.
    package var isRepeating: Bool { self != .never }

    /// Whether the weekday or day is in range.
    package var isValid: Bool {
        switch self {
        case .never, .daily: true
        case .weekly(let weekday): (1...7).contains(weekday)
        case .monthly(let day): (1...31).contains(day)
        }
    }

    /// The picker's label: "Never", "Daily", "Weekly on Tuesday", "Monthly on the 21st".
    package var label: String {
        switch self {
        case .never: "Never"
        case .daily: "Daily"
        case .weekly(let weekday): "Weekly on \(Self.weekdayNames[(weekday - 1) % 7])"
        case .monthly(let day): "Monthly on the \(Self.ordinal(day))"
        }
    }

    /// The badge on a card: "Daily", "Weekly" or "Monthly"; `nil` for a one-time reminder.
    package var shortName: String? {
        switch self {
        case .never: nil
        case .daily: "Daily"
        case .weekly: "Weekly"
        case .monthly: "Monthly"
        }
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

    /// Whether an occurrence falls on `date`.
    package func matches(_ date: LocalDate) -> Bool {
        firstDate(onOrAfter: date) == date
    }

    /// The first day on or after `date` that has an occurrence (for `.never`, `date` itself).
    package func firstDate(onOrAfter date: LocalDate) -> LocalDate {
        switch self {
        case .never, .daily:
            return date
        case .weekly(let weekday):
            return date.adding(days: ((weekday - date.weekday) % 7 + 7) % 7)
        case .monthly(let day):
            let thisMonth = Self.clamped(day, year: date.year, month: date.month)
            if thisMonth.day >= date.day { return thisMonth }
            let (year, month) = date.month == 12 ? (date.year + 1, 1) : (date.year, date.month + 1)
            return Self.clamped(day, year: year, month: month)
        }
    }

    /// The next day after `date` that has an occurrence; `nil` for a one-time reminder.
    /// Computed from the rule, never from the previous date: after Feb 28 comes Mar 31.
    package func nextDate(after date: LocalDate) -> LocalDate? {
        isRepeating ? firstDate(onOrAfter: date.adding(days: 1)) : nil
    }

    /// Day `day` of the month, or the month's last day when it is shorter.
    private static func clamped(_ day: Int, year: Int, month: Int) -> LocalDate {
        LocalDate.clamped(year: year, month: month, day: day)
    }
}
