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
    /// The file the clock is read from, when a test sets it so (`MEMOSS_CLOCK=@FILE`): writing it
    /// moves the clock, and wakes a waiting watcher as a change of the system's clock does.
    package var clockFile: String?

    /// Creates an environment from its three parts.
    package init(now: @escaping @Sendable () -> Date, uuid: @escaping @Sendable () -> UUID, timeZone: TimeZone) {
        self.now = now
        self.uuid = uuid
        self.timeZone = timeZone
    }

    /// The real clock, random UUIDs and `timeZone` (the user's: see `UserTimeZone`).
    package static func live(timeZone: TimeZone) -> AppEnvironment {
        AppEnvironment(now: { Date() }, uuid: { UUID.random() }, timeZone: timeZone)
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

extension UUID {
    /// A random (version 4) UUID from the system's generator (`getrandom`): Foundation's `UUID()`
    /// opens /dev/urandom for each one, which a large import feels.
    package static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = raw[6] & 0x0F | 0x40  // version 4
            raw[8] = raw[8] & 0x3F | 0x80  // RFC 4122 variant
            return UUID(uuid: raw.load(as: uuid_t.self))
        }
    }
}
