import Domain
import Foundation
import Storage

/// Completes reminders: a one-time one is done, a repeating one advances to its next occurrence
/// after now, skipping the ones it missed (or is done when its end leaves none); the completion
/// log records the one completed.
package struct CompleteRemindersUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment
    private let plan: PlanNotificationsUseCase

    /// A use case storing through `repository`, with time and ids from `environment`, replanning notifications with `plan`.
    package init(repository: any ReminderRepository, environment: AppEnvironment, plan: PlanNotificationsUseCase) {
        self.repository = repository
        self.environment = environment
        self.plan = plan
    }

    /// Completes the reminders `ids` in one change, all or none, and returns them as stored.
    ///
    /// Completing logs which occurrence was done and when. A repeating reminder then moves to
    /// the first occurrence due after now (a daily habit missed for a week needs one `done`; the
    /// missed ones are not logged), or with `onlyCurrent` to the one right after the completed
    /// one, and stays open, to do again (not in progress); when its end date or count leaves none
    /// it is marked done instead.
    /// - Throws: `ReminderError.alreadyDone` for a done reminder and `ReminderError.notFound` for
    ///   a missing one (nothing is completed then); `StoreError` when storage fails.
    package func callAsFunction(ids: [UUID], onlyCurrent: Bool = false) async throws -> [Reminder] {
        let now = environment.now()
        var changes: [(reminder: Reminder, completion: Completion)] = []
        for id in ids {
            guard var reminder = try await repository.reminder(id: id) else { throw ReminderError.notFound(id) }
            guard !reminder.isCompleted else { throw ReminderError.alreadyDone(reminder.title) }
            // An undated reminder's completion is logged at the moment it was done.
            var completion = Completion(id: environment.uuid(), reminderID: id, occurrence: reminder.scheduledAt ?? now, completedAt: now)
            let series = reminder.recurrence.afterDone ? nil : reminder.series
            reminder.updatedAt = now
            if !reminder.advance(pastInstant: onlyCurrent ? nil : now, doneAt: now) {
                reminder.isCompleted = true
                reminder.completedAt = now
                // Its series ended: what it passed over ends with its last time.
                let left = onlyCurrent ? [] : series?.occurrences(after: completion.occurrence, count: 10_000).filter { $0.instant <= now } ?? []
                completion.passedUntil = left.last.map { $0.instant.addingTimeInterval(0.001) }
            } else {
                // Its next time starts to do: the progress made was the done time's.
                reminder.stage = .none
                reminder.percentComplete = nil
                if series != nil { completion.passedUntil = reminder.scheduledAt }
            }
            changes.append((reminder, completion))
        }
        try await Journal.record("Completed \(JournalText.titles(changes.map(\.reminder.title)))", at: now) {
            try await repository.complete(changes)
        }
        await plan.afterChange()
        return changes.map(\.reminder)
    }
}
