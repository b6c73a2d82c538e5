import Foundation

/// The due times some reminders have in one zone: what a calendar's VTIMEZONE for the zone must
/// cover. Only reminders due at a time of day are in a zone (an all-day or undated one is not).
package struct ZoneSpan: Sendable, Equatable {
    package var timeZoneID: String
    /// The earliest and the latest instant due.
    package var earliest: Date, latest: Date
    /// The latest instant due of an open repeating reminder without an end day: its series goes on.
    package var latestGoingOn: Date?
    /// The last end day of an open repeating reminder that has one.
    package var lastEnd: LocalDate?

    package init(timeZoneID: String, earliest: Date, latest: Date, latestGoingOn: Date? = nil, lastEnd: LocalDate? = nil) {
        self.timeZoneID = timeZoneID
        self.earliest = earliest
        self.latest = latest
        self.latestGoingOn = latestGoingOn
        self.lastEnd = lastEnd
    }
}
