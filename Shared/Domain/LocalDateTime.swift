import Foundation

/// A wall-clock date and time with no zone; `resolved(in:)` turns it into an instant.
package struct LocalDateTime: Hashable, Sendable {
    /// The calendar day.
    package var date: LocalDate
    /// The time of day.
    package var time: LocalTime

    /// Pairs a day and a time.
    package init(date: LocalDate, time: LocalTime) {
        self.date = date
        self.time = time
    }

    /// The wall-clock reading of `instant` in `timeZone`.
    package init(of instant: Date, in timeZone: TimeZone) {
        // One look at the zone's offset for both (a listing makes one per card).
        let local = Int((instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))).rounded(.down))
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        self.date = LocalDate(daysSinceEpoch: day)
        let secondOfDay = local - day * 86_400
        self.time = LocalTime(hour: secondOfDay / 3_600, minute: secondOfDay % 3_600 / 60) ?? .midnight
    }

    /// The instant this wall-clock time names in `timeZone`.
    ///
    /// A time that does not exist (inside a spring-forward gap) moves forward by the gap,
    /// so 02:30 becomes 03:30; a time that exists twice (fall-back) takes the earlier instant.
    package func resolved(in timeZone: TimeZone) -> Date {
        let wall = TimeInterval(date.daysSinceEpoch * 86_400 + time.hour * 3_600 + time.minute * 60)
        // Every offset in force within a day either side; zone rules never change twice that fast.
        let offsets = Set([-86_400.0, 0, 86_400].map {
            TimeInterval(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + $0)))
        })
        let valid = offsets
            .map { Date(timeIntervalSince1970: wall - $0) }
            .filter { TimeInterval(timeZone.secondsFromGMT(for: $0)) == wall - $0.timeIntervalSince1970 }
        if let earliest = valid.min() { return earliest }
        // In a gap: read the wall time with the offset from before the transition,
        // which lands the same distance past it.
        return Date(timeIntervalSince1970: wall - (offsets.min() ?? 0))
    }
}
