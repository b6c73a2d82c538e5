import Foundation

/// The reminders as the dashboard groups them: what is still to do, by urgency, and what is done.
package struct Dashboard: Hashable, Sendable {
    /// Open reminders due before now, oldest first.
    package var overdue: [ReminderWithTags]
    /// Open reminders due later today (the user's local day), soonest first.
    package var today: [ReminderWithTags]
    /// Open reminders due after today, soonest first.
    package var upcoming: [ReminderWithTags]
    /// Done reminders, most recently completed first (the most recent ones when limited).
    package var completed: [ReminderWithTags]
    /// How many reminders are done in all, shown or not.
    package var completedTotal: Int

    /// Groups open reminders (sorted by due instant) and completed ones around `now`
    /// and the end of the user's local day; `completedTotal` counts the done ones not passed too.
    package init(open: [ReminderWithTags], completed: [ReminderWithTags], completedTotal: Int? = nil,
                 now: Date, timeZone: TimeZone) {
        let grouping = Grouping(now: now, timeZone: timeZone)
        overdue = open.filter { grouping.group(of: $0.scheduledAt) == .overdue }
        today = open.filter { grouping.group(of: $0.scheduledAt) == .today }
        upcoming = open.filter { grouping.group(of: $0.scheduledAt) == .upcoming }
        self.completed = completed
        self.completedTotal = max(completedTotal ?? completed.count, completed.count)
    }

    /// How many completed reminders the dashboard shows unless asked for all: the most recent.
    package static let recentCompletedCount = 10

    /// Where an open reminder stands in time.
    package enum Group: Hashable, Sendable { case overdue, today, upcoming }

    /// Sorts open reminders into groups around `now` and the end of the user's local day.
    package struct Grouping: Sendable {
        private let now: Date
        private let endOfToday: Date

        /// The groups as of `now` for a user in `timeZone`.
        package init(now: Date, timeZone: TimeZone) {
            self.now = now
            endOfToday = LocalDate(containing: now, in: timeZone).interval(in: timeZone).upperBound
        }

        /// Overdue before now, today until the end of the user's day, upcoming after.
        package func group(of instant: Date) -> Group {
            instant < now ? .overdue : instant < endOfToday ? .today : .upcoming
        }
    }

    /// The To Do section: overdue, then today, then upcoming.
    package var toDo: [ReminderWithTags] { overdue + today + upcoming }
}
