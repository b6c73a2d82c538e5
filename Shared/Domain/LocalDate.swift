import Foundation

/// A calendar day with no time and no zone, such as 2026-11-21.
package struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, e.g. 2026.
    package let year: Int
    /// The month, 1–12.
    package let month: Int
    /// The day of the month, 1–31.
    package let day: Int

    /// Creates a day when the three parts name a real day of the Gregorian calendar, else `nil`.
    package init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...LocalDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The local day on which `instant` falls in `timeZone` (from the zone's offset, without a Calendar).
    package init(containing instant: Date, in timeZone: TimeZone) {
        let local = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        self.init(daysSinceEpoch: Int((local / 86_400).rounded(.down)))
    }

    /// Day `day` of `month` (1–12) in `year`, or the month's last day when it is shorter; any
    /// year, so stepping months never fails.
    package static func clamped(year: Int, month: Int, day: Int) -> LocalDate {
        LocalDate(checkedYear: year, month: month, day: min(max(day, 1), daysIn(month: month, year: year)))
    }

    private init(checkedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`; `nil` for anything else or for a day that does not exist.
    package init?(iso text: String) {
        // Byte by byte: an import or a listing reads one per row.
        let bytes = text.utf8
        guard bytes.count == 10 else { return nil }
        var fields = (year: 0, month: 0, day: 0)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            switch index {
            case ..<4: fields.year = fields.year * 10 + digit
            case ..<7: fields.month = fields.month * 10 + digit
            default: fields.day = fields.day * 10 + digit
            }
        }
        self.init(year: fields.year, month: fields.month, day: fields.day)
    }

    /// `YYYY-MM-DD`.
    package var description: String {
        year.zeroPadded(4) + "-" + month.zeroPadded(2) + "-" + day.zeroPadded(2)
    }

    /// The number of days in `month` of `year` (Gregorian, with leap years).
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (negative before), the proleptic Gregorian day number.
    package var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day `daysSinceEpoch` days after 1970-01-01.
    package init(daysSinceEpoch z0: Int) {
        // Howard Hinnant's civil_from_days.
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// The day `count` days later (earlier when negative).
    package func adding(days count: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// The weekday, 1 = Sunday … 7 = Saturday (Foundation's numbering).
    package var weekday: Int {
        // 1970-01-01 was a Thursday (5).
        ((daysSinceEpoch % 7 + 7 + 4) % 7) + 1
    }

    /// The instants from the start of this day to the start of the next, in `timeZone`.
    package func interval(in timeZone: TimeZone) -> Range<Date> {
        let start = LocalDateTime(date: self, time: .midnight).resolved(in: timeZone)
        let end = LocalDateTime(date: adding(days: 1), time: .midnight).resolved(in: timeZone)
        return start..<end
    }

    /// The first day a reminder may be due on.
    package static let firstSupported = LocalDate(daysSinceEpoch: 0)
    /// The last day a reminder may be due on (2200-12-31): every loop over a series stops here.
    package static let lastSupported = LocalDate(daysSinceEpoch: 84_370)
    /// The days reminders may fall on, 1970-01-01 to 2200-12-31.
    package static var supported: ClosedRange<LocalDate> { firstSupported...lastSupported }

    /// Days are ordered as on a calendar.
    package static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
