import Foundation

/// The outside world the core may look at: the clock, new identities and the user's time zone.
///
/// Nothing in the core reads the real clock or `TimeZone.current`; fronts pass `.live`,
/// tests pass fixed values.
package struct AppEnvironment: Sendable {
    /// The current instant.
    package var now: @Sendable () -> Date
    /// A new unique identifier.
    package var uuid: @Sendable () -> UUID
    /// The zone the user lives in; new reminders are scheduled in it.
    package var timeZone: TimeZone

    /// Creates an environment from its three parts.
    package init(now: @escaping @Sendable () -> Date, uuid: @escaping @Sendable () -> UUID, timeZone: TimeZone) {
        self.now = now
        self.uuid = uuid
        self.timeZone = timeZone
    }

    /// The real clock, random UUIDs and `timeZone` (the user's: see `UserTimeZone`).
    package static func live(timeZone: TimeZone) -> AppEnvironment {
        AppEnvironment(now: { Date() }, uuid: { UUID() }, timeZone: timeZone)
    }

    /// A Gregorian calendar in the user's zone.
    package var calendar: Calendar { Calendar.gregorian(in: timeZone) }

    /// The user's local calendar day at the current instant.
    package var today: LocalDate { LocalDate(containing: now(), in: timeZone) }
}

extension Calendar {
    /// A Gregorian calendar fixed to `timeZone`, independent of the process locale.
    package static func gregorian(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }
}
