import Foundation

/// One section of a read of reminders: To Do (open dated ones, soonest first), with `undated` the
/// open ones without a date (oldest first), or, `done`, the completed
/// ones, most recently completed first (with `withCompletedTimes`, also each completed time of
/// a repeating reminder that goes on, marked `isPastOccurrence`); the `limit` first when given
/// (with `fromEnd`, the `limit` last, still in the section's order), and then, when `countsAll`,
/// how many there are in all.
package struct ReminderSection: Equatable, Sendable {
    package var done: Bool
    package var undated: Bool
    package var withCompletedTimes: Bool
    package var limit: Int?
    package var countsAll: Bool
    package var fromEnd: Bool

    package init(done: Bool, undated: Bool = false, withCompletedTimes: Bool = true, limit: Int? = nil, countsAll: Bool = false,
                 fromEnd: Bool = false) {
        self.done = done
        self.undated = !done && undated
        self.withCompletedTimes = withCompletedTimes
        self.limit = limit
        self.countsAll = countsAll
        self.fromEnd = fromEnd
    }
}
