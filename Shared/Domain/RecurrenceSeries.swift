import Foundation

/// The occurrences of a rule from a nominal start, in a time zone, up to an optional end day.
///
/// Every occurrence is its nominal wall-clock date and time resolved on its own (a gap moves
/// it forward by the gap, an overlap takes the earlier instant), so shifts never carry over.
package struct RecurrenceSeries: Hashable, Sendable {
    /// How it repeats.
    package var rule: RecurrenceRule
    /// The nominal start: occurrences are the matching days on or after its date, at its time.
    package var start: LocalDateTime
    /// The last local day that may have an occurrence (inclusive), `nil` for none.
    package var end: LocalDate?
    /// The zone the wall-clock times are read in.
    package var timeZone: TimeZone

    /// A series of `rule` from `start` in `timeZone`, ending after `end` when given.
    package init(rule: RecurrenceRule, start: LocalDateTime, end: LocalDate? = nil, timeZone: TimeZone) {
        self.rule = rule
        self.start = start
        self.end = end
        self.timeZone = timeZone
    }

    /// The first `count` occurrences strictly after `instant` (all from the start when `nil`), in order.
    package func occurrences(after instant: Date? = nil, count: Int) -> [Date] {
        guard count > 0 else { return [] }
        var date = rule.firstDate(onOrAfter: firstDateToLookAt(after: instant))
        var result: [Date] = []
        while result.count < count {
            if let end, date > end { break }
            let occurrence = LocalDateTime(date: date, time: start.time).resolved(in: timeZone)
            let isAfter = instant.map { occurrence > $0 } ?? true
            let isBeforeEnd = end.map { LocalDate(containing: occurrence, in: timeZone) <= $0 } ?? true
            if isAfter && isBeforeEnd { result.append(occurrence) }
            guard let next = rule.nextDate(after: date) else { break }
            date = next
        }
        return result
    }

    /// The first occurrence, if the end leaves any.
    package var firstOccurrence: Date? { occurrences(count: 1).first }

    /// The first occurrence strictly after `instant`, if the series has one.
    package func nextOccurrence(after instant: Date) -> Date? {
        occurrences(after: instant, count: 1).first
    }

    /// Where to start looking for occurrences after `instant`: a day before its local day
    /// (an occurrence's instant never falls on an earlier day than its nominal date), but never
    /// before the start, so a long series is not walked from its beginning.
    private func firstDateToLookAt(after instant: Date?) -> LocalDate {
        guard let instant, rule.isRepeating else { return start.date }
        return max(start.date, LocalDate(containing: instant, in: timeZone).adding(days: -1))
    }
}
