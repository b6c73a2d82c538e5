import Domain
import Foundation
import Storage

/// Reads the reminders for the dashboard: To Do (overdue, today, upcoming) and Completed.
package struct LoadDashboardUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment

    /// A use case reading through `repository`, grouping by the clock and zone of `environment`.
    package init(repository: any ReminderRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// The dashboard as of now; only the reminders carrying `tagID` when given (filtered in the store).
    /// `completedLimit` keeps only the most recently completed ones (counting the rest).
    package func callAsFunction(tagged tagID: UUID? = nil, completedLimit: Int? = nil) async throws -> Dashboard {
        let open = Gathered<ReminderWithTags>(), done = Gathered<ReminderWithTags>()
        let openCount = try await repository.forEachReminder(done: false, withCompletedTimes: false, tagged: tagID, limit: nil) { open.add($0) }
        let shown = try await repository.forEachReminder(done: true, withCompletedTimes: true, tagged: tagID, limit: completedLimit) { done.add($0) }
        // Only a full page of them needs counting.
        let total = completedLimit == shown ? try await count(done: true, tagged: tagID, openCount: openCount) : shown
        return Dashboard(open: open.all, completed: done.all, completedTotal: total,
                         now: environment.now(), timeZone: environment.timeZone)
    }

    /// Passes each open reminder (with `done`, each completed one, and unless `withCompletedTimes`
    /// is false each completed time of a repeating one that goes on), carrying `tagID` when given,
    /// the `limit` first when given, with its group (`nil` for a done one) to `body`, in the
    /// dashboard's order (soonest first; most recently completed first), as the store reads
    /// them; returns how many.
    @discardableResult
    package func stream(
        done: Bool, withCompletedTimes: Bool = true, tagged tagID: UUID?, limit: Int?,
        _ body: @escaping @Sendable (ReminderWithTags, Dashboard.Group?) throws -> Void
    ) async throws -> Int {
        let grouping = Dashboard.Grouping(now: environment.now(), timeZone: environment.timeZone)
        return try await repository.forEachReminder(done: done, withCompletedTimes: withCompletedTimes, tagged: tagID, limit: limit) { reminder in
            try body(reminder, done ? nil : grouping.group(of: reminder.reminder.scheduledAt))
        }
    }

    /// Passes every reminder of `sections` in turn (`false`: To Do, soonest first; `true`: the done
    /// ones, most recently completed first), carrying `tagID` when given, with its pass and
    /// section, `passes` times over one and the same state of the store, to `body`; returns how
    /// many one pass holds. (An export reads everything twice: once to learn its zones.)
    @discardableResult
    package func stream(
        passes: Int = 1, sections: [Bool], tagged tagID: UUID?,
        _ body: @escaping @Sendable (_ pass: Int, _ done: Bool, ReminderWithTags) throws -> Void
    ) async throws -> Int {
        try await repository.forEachReminder(passes: passes, sections: sections, tagged: tagID, body)
    }

    /// How many reminders are open (with `done`, completed, and the completed times of repeating
    /// ones that go on), carrying `tagID` when given. `openCount` is how many open ones carry
    /// `tagID`, when the caller has just read them all (the done ones are then counted from it).
    package func count(done: Bool, tagged tagID: UUID?, openCount: Int? = nil) async throws -> Int {
        try await repository.reminderCount(done: done, withCompletedTimes: true, tagged: tagID, openCount: openCount)
    }
}
