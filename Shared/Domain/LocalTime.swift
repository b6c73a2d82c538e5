import Foundation

/// A wall-clock time of day with minute precision, such as 09:00.
package struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The hour, 0–23.
    package let hour: Int
    /// The minute, 0–59.
    package let minute: Int

    /// Creates a time when both parts are in range, else `nil`.
    package init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:mm` (24-hour, one or two hour digits); `nil` for anything else.
    package init?(hhmm text: String) {
        // Byte by byte: "9:05" or "09:05".
        let bytes = text.utf8
        guard bytes.count == 4 || bytes.count == 5 else { return nil }
        let colon = bytes.count - 3
        var hour = 0, minute = 0
        for (index, byte) in bytes.enumerated() {
            if index == colon {
                guard byte == UInt8(ascii: ":") else { return nil }
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            if index < colon { hour = hour * 10 + digit } else { minute = minute * 10 + digit }
        }
        self.init(hour: hour, minute: minute)
    }

    /// The local time of `instant` in `timeZone`, seconds dropped (from the zone's offset, without a Calendar).
    package init(of instant: Date, in timeZone: TimeZone) {
        let local = Int((instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))).rounded(.down))
        let secondOfDay = ((local % 86_400) + 86_400) % 86_400
        self.hour = secondOfDay / 3_600
        self.minute = secondOfDay % 3_600 / 60
    }

    private init(uncheckedHour hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// 00:00.
    package static let midnight = LocalTime(uncheckedHour: 0, minute: 0)
    /// 09:00, the time a new reminder starts with.
    package static let nineAM = LocalTime(uncheckedHour: 9, minute: 0)

    /// `HH:mm`.
    package var description: String { hour.zeroPadded(2) + ":" + minute.zeroPadded(2) }

    /// Times are ordered through the day.
    package static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }
}

extension Int {
    /// The number in decimal, with leading zeros to `width` digits (dates and times are written
    /// many thousands of times in a listing, so not through `String(format:)`).
    package func zeroPadded(_ width: Int) -> String {
        let digits = String(self)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The number in decimal, with leading zeros to `width` digits (a negative one after its
    /// sign), appended to `bytes`: what JSON, iCalendar and ISO 8601 dates write, byte by byte.
    package func appendDecimal(to bytes: inout [UInt8], width: Int = 1) {
        if self < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = magnitude, divisor: UInt = 1, digits = 1
        while rest / divisor >= 10 {
            divisor *= 10
            digits += 1
        }
        for _ in digits..<Swift.max(width, digits) { bytes.append(UInt8(ascii: "0")) }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
