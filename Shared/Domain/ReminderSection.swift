import Foundation

/// One section of a read of reminders: To Do (open ones, soonest first) or, `done`, the completed
/// ones, most recently completed first (with `withCompletedTimes`, also each completed time of
/// a repeating reminder that goes on, marked `isPastOccurrence`); the `limit` first when given,
/// and then, when `countsAll`, how many there are in all.
package struct ReminderSection: Equatable, Sendable {
    package var done: Bool
    package var withCompletedTimes: Bool
    package var limit: Int?
    package var countsAll: Bool

    package init(done: Bool, withCompletedTimes: Bool = true, limit: Int? = nil, countsAll: Bool = false) {
        self.done = done
        self.withCompletedTimes = withCompletedTimes
        self.limit = limit
        self.countsAll = countsAll
    }
}
