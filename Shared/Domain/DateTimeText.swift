import Foundation

/// Reading `YYYY-MM-DD?HH:MM:SS` byte by byte, for the texts read once per row (an export's
/// completed times, a store's tag times), where a date formatter costs more than the rest.
package enum DateTimeText {
    /// The day and the second of the day that `bytes` begins with: `YYYY-MM-DD`, `separator`,
    /// `HH:MM:SS`, every field in its range; `nil` for anything else.
    package static func wallClock(_ bytes: [UInt8], separator: UInt8) -> (day: LocalDate, second: Int)? {
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == separator,
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
              let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
              hour < 24, minute < 60, second < 60, let date = LocalDate(year: year, month: month, day: day)
        else { return nil }
        return (date, hour * 3_600 + minute * 60 + second)
    }

    /// The `count` decimal digits of `bytes` from `start`; `nil` when one is not a digit or missing.
    package static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start >= 0, start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<start + count] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
