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
        let endOfToday = LocalDate(containing: now, in: timeZone).interval(in: timeZone).upperBound
        overdue = open.filter { $0.scheduledAt < now }
        today = open.filter { $0.scheduledAt >= now && $0.scheduledAt < endOfToday }
        upcoming = open.filter { $0.scheduledAt >= endOfToday }
        self.completed = completed
        self.completedTotal = max(completedTotal ?? completed.count, completed.count)
    }

    /// The To Do section: overdue, then today, then upcoming.
    package var toDo: [ReminderWithTags] { overdue + today + upcoming }
}
