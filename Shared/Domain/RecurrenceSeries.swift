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

    /// The first `count` occurrences due strictly after `instant` (all from the start when `nil`), in order.
    package func occurrences(after instant: Date? = nil, count: Int) -> [Occurrence] {
        let isWanted: (Occurrence) -> Bool = { occurrence in instant.map { occurrence.instant > $0 } ?? true }
        // A series with a count is walked from its first occurrence, which is number 1.
        if rule.times != nil { return occurrences(from: firstDate, number: 1, count: count, where: isWanted) }
        return occurrences(from: rule.firstDate(onOrAfter: firstDateToLookAt(after: instant), anchor: start.date),
                           number: 1, count: count, where: isWanted)
    }

    /// The first occurrence, if the end leaves any.
    package var firstOccurrence: Occurrence? { occurrences(count: 1).first }

    /// The first occurrence due strictly after `instant`, if the series has one.
    package func nextOccurrence(after instant: Date) -> Occurrence? {
        occurrences(after: instant, count: 1).first
    }

    /// The occurrence that follows `occurrence` in the series (the next nominal date, whatever
    /// instant either resolves to), if the series has one.
    package func occurrence(following occurrence: Occurrence) -> Occurrence? {
        guard let date = rule.nextDate(after: occurrence.nominal.date, anchor: start.date) else { return nil }
        var number = 2
        if let times = rule.times {
            // Which occurrence this is: count the dates from the first one.
            var day = firstDate
            number = 1
            while day < occurrence.nominal.date, number <= times, let next = rule.nextDate(after: day, anchor: start.date) {
                day = next
                number += 1
            }
            number += 1
        }
        return occurrences(from: date, number: number, count: 1) { _ in true }.first
    }

    /// The date of the first occurrence: the start's date when the rule falls on it, else the next one that does.
    package var firstDate: LocalDate { rule.firstDate(onOrAfter: start.date, anchor: start.date) }

    /// Up to `count` occurrences from nominal day `date` (a day the rule falls on, occurrence
    /// `number` of the series) that pass `isWanted`.
    ///
    /// The end applies to the day an occurrence is due (its resolved local date), as RFC 5545's
    /// UNTIL does; since resolution only moves a time forward, once one is past the end all later
    /// ones are too. A count ends the series after its last occurrence.
    private func occurrences(from date: LocalDate, number: Int, count: Int, where isWanted: (Occurrence) -> Bool) -> [Occurrence] {
        guard count > 0 else { return [] }
        var date = date
        var number = number
        var result: [Occurrence] = []
        // No series goes past the last supported day, whatever its rule or a store holds.
        while result.count < count, date <= LocalDate.lastSupported {
            if let times = rule.times, number > times { break }
            let occurrence = Occurrence(nominal: LocalDateTime(date: date, time: start.time), in: timeZone)
            if let end, LocalDate(containing: occurrence.instant, in: timeZone) > end { break }
            if isWanted(occurrence) { result.append(occurrence) }
            guard let next = rule.nextDate(after: date, anchor: start.date) else { break }
            date = next
            number += 1
        }
        return result
    }

    /// Where to start looking for occurrences after `instant`: a day before its local day
    /// (an occurrence's instant never falls on an earlier day than its nominal date), but never
    /// before the start, so a long series is not walked from its beginning.
    private func firstDateToLookAt(after instant: Date?) -> LocalDate {
        guard let instant, rule.isRepeating else { return start.date }
        return max(start.date, LocalDate(containing: instant, in: timeZone).adding(days: -1))
    }
}
