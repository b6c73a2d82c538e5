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
