import Foundation

/// One occurrence of a reminder: the wall-clock date and time it is due by its rule (nominal),
/// and the instant that reading resolves to in its zone.
///
/// The two differ only when the nominal time does not exist (a spring-forward gap moves it
/// forward by the gap, sometimes across midnight: in America/Nuuk a nominal Saturday 23:30
/// is Sunday 00:30). Everything that names an occurrence (notification ids, completion,
/// the next one after it) goes by the nominal date; everything that fires goes by the instant.
package struct Occurrence: Hashable, Comparable, Sendable {
    /// The date and time the rule gives.
    package var nominal: LocalDateTime
    /// The instant it is due.
    package var instant: Date

    /// An occurrence from its two readings.
    package init(nominal: LocalDateTime, instant: Date) {
        self.nominal = nominal
        self.instant = instant
    }

    /// The occurrence that `nominal` names in `timeZone`.
    package init(nominal: LocalDateTime, in timeZone: TimeZone) {
        self.init(nominal: nominal, instant: nominal.resolved(in: timeZone))
    }

    /// The wall-clock reading of the instant, when it is not the nominal one (the nominal time
    /// fell in a gap); `nil` when the time exists.
    package func shifted(in timeZone: TimeZone) -> LocalDateTime? {
        let actual = LocalDateTime(of: instant, in: timeZone)
        return actual == nominal ? nil : actual
    }

    /// The nominal date as `YYYYMMDD`: one occurrence keeps it whatever plan it is in.
    package var dayNumber: String {
        nominal.date.year.zeroPadded(4) + nominal.date.month.zeroPadded(2) + nominal.date.day.zeroPadded(2)
    }

    /// Ordered by instant, then by nominal date (two nominal days can resolve to one instant
    /// only across a gap of a whole day).
    package static func < (lhs: Occurrence, rhs: Occurrence) -> Bool {
        (lhs.instant, lhs.nominal.date) < (rhs.instant, rhs.nominal.date)
    }
}
