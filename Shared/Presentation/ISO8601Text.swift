import Domain
import Foundation

/// Instants as ISO 8601 with the offset in force in a zone, e.g. `2027-01-05T10:00:00-05:00`.
package enum ISO8601Text {
    /// `instant` as local time in `zone` with that zone's offset at that instant (asked of the
    /// zone once: a listing writes two per reminder).
    package static func string(_ instant: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: instant)
        // The wall clock's time to the second (an offset of a zone's local mean time has seconds of its own).
        let wall = Int((instant.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let day = wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400
        let date = LocalDate(daysSinceEpoch: day), second = wall - day * 86_400
        var bytes: [UInt8] = []
        bytes.reserveCapacity(25)
        func put(_ value: Int, _ width: Int, _ separator: String) {
            let digits = String(value).utf8
            if digits.count < width { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count)) }
            bytes.append(contentsOf: digits)
            bytes.append(contentsOf: separator.utf8)
        }
        put(date.year, 4, "-")
        put(date.month, 2, "-")
        put(date.day, 2, "T")
        put(second / 3_600, 2, ":")
        put(second % 3_600 / 60, 2, ":")
        put(second % 60, 2, offset < 0 ? "-" : "+")
        put(abs(offset) / 3_600, 2, ":")
        put(abs(offset) % 3_600 / 60, 2, "")
        return String(decoding: bytes, as: UTF8.self)
    }
}
