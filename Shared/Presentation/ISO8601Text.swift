import Domain
import Foundation

/// Instants as ISO 8601 with the offset in force in a zone, e.g. `2027-01-05T10:00:00-05:00`.
package enum ISO8601Text {
    /// `instant` as local time in `zone` with that zone's offset at that instant (asked of the
    /// zone once: a listing writes two per reminder).
    package static func string(_ instant: Date, in zone: TimeZone) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(25)
        write(instant, in: zone, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `string(instant, in: zone)`'s bytes, appended to `bytes`.
    static func write(_ instant: Date, in zone: TimeZone, to bytes: inout [UInt8]) {
        let offset = zone.secondsFromGMT(for: instant)
        // The wall clock's time to the second (an offset of a zone's local mean time has seconds of its own).
        let wall = Int((instant.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let day = wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400
        let date = LocalDate(daysSinceEpoch: day), second = wall - day * 86_400
        func put(_ value: Int, _ width: Int, _ separator: UInt8?) {
            value.appendDecimal(to: &bytes, width: width)
            if let separator { bytes.append(separator) }
        }
        put(date.year, 4, UInt8(ascii: "-"))
        put(date.month, 2, UInt8(ascii: "-"))
        put(date.day, 2, UInt8(ascii: "T"))
        put(second / 3_600, 2, UInt8(ascii: ":"))
        put(second % 3_600 / 60, 2, UInt8(ascii: ":"))
        put(second % 60, 2, offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        put(abs(offset) / 3_600, 2, UInt8(ascii: ":"))
        put(abs(offset) % 3_600 / 60, 2, nil)
    }
}
