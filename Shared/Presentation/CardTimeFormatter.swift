import Domain
import Foundation

/// Says when a reminder is due the way a card shows it, relative to the user's today.
///
/// "Today 09:00", "Tomorrow 09:00", "Yesterday 18:30", "Mon 23 Nov 09:00", and the year
/// when it is not this year: "Tue 5 Jan 2027 10:00". Times are 24-hour, in the user's zone;
/// English names, independent of the locale, so scripts and tests read the same text.
package struct CardTimeFormatter: Sendable {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private let today: LocalDate
    private let timeZone: TimeZone

    /// A formatter for a user whose day is `today` in `timeZone`.
    package init(today: LocalDate, timeZone: TimeZone) {
        self.today = today
        self.timeZone = timeZone
    }

    /// The card text for `instant`.
    package func string(for instant: Date) -> String {
        let local = LocalDateTime(of: instant, in: timeZone)
        return "\(dayText(local.date)) \(local.time)"
    }

    /// What a gap did to `occurrence`, when its nominal time does not exist in `zone`:
    /// "02:30 does not exist on Sun 8 Mar 2026 in America/New_York; due at 03:30." (with the day
    /// too when the gap moved it past midnight); `nil` when the time exists.
    package static func gapNote(for occurrence: Occurrence, in zone: TimeZone) -> String? {
        guard let actual = occurrence.shifted(in: zone) else { return nil }
        let due = actual.date == occurrence.nominal.date ? "\(actual.time)" : "\(actual.time) on \(fullDay(actual.date))"
        return "\(occurrence.nominal.time) does not exist on \(fullDay(occurrence.nominal.date)) in \(zone.identifier); due at \(due)."
    }

    /// "Sun 8 Mar 2026".
    package static func fullDay(_ day: LocalDate) -> String {
        "\(weekdays[day.weekday - 1]) \(day.day) \(months[day.month - 1]) \(day.year)"
    }

    private func dayText(_ day: LocalDate) -> String {
        switch day.daysSinceEpoch - today.daysSinceEpoch {
        case 0: return "Today"
        case 1: return "Tomorrow"
        case -1: return "Yesterday"
        default:
            let text = "\(Self.weekdays[day.weekday - 1]) \(day.day) \(Self.months[day.month - 1])"
            return day.year == today.year ? text : "\(text) \(day.year)"
        }
    }
}

extension Reminder {
    /// What a DST gap did to its current occurrence (see `CardTimeFormatter.gapNote`); `nil` when
    /// its time exists.
    package var gapNote: String? { CardTimeFormatter.gapNote(for: currentOccurrence, in: timeZone) }
}
