import Domain
import Foundation

/// Instants as ISO 8601 with the offset in force in a zone, e.g. `2027-01-05T10:00:00-05:00`.
package enum ISO8601Text {
    /// `instant` as local time in `zone` with that zone's offset at that instant.
    package static func string(_ instant: Date, in zone: TimeZone) -> String {
        let local = LocalDateTime(of: instant, in: zone)
        let offset = zone.secondsFromGMT(for: instant)
        let seconds = Calendar.gregorian(in: zone).component(.second, from: instant)
        let sign = offset < 0 ? "-" : "+"
        return "\(local.date)T\(local.time):" + seconds.zeroPadded(2)
            + sign + (abs(offset) / 3600).zeroPadded(2) + ":" + (abs(offset) % 3600 / 60).zeroPadded(2)
    }
}
