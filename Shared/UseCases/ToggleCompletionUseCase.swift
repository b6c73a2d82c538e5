import Domain
import Foundation
import Storage

/// Completes a reminder: a one-time one toggles done/open, a repeating one advances to its next
/// occurrence (or is done when its end date leaves none); the completion log records each.
package struct ToggleCompletionUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment
    private let plan: PlanNotificationsUseCase

    /// A use case storing through `repository`, with time and ids from `environment`, replanning notifications with `plan`.
    package init(repository: any ReminderRepository, environment: AppEnvironment, plan: PlanNotificationsUseCase) {
        self.repository = repository
        self.environment = environment
        self.plan = plan
    }

    /// Completes or reopens reminder `id` and returns it as stored.
    ///
    /// Completing logs which occurrence was done and when. A repeating reminder then moves to
    /// the occurrence after the one completed and stays open; past its end date it is marked
    /// done instead. Reopening a done reminder removes the log entry of the occurrence it
    /// reopens, so a day's history shows only what is still done.
    /// - Throws: `ReminderError.notFound` when the reminder is gone; `StoreError` when storage fails.
    package func callAsFunction(id: UUID) async throws -> Reminder {
        guard var reminder = try await repository.reminder(id: id) else { throw ReminderError.notFound(id) }
        let now = environment.now()
        reminder.updatedAt = now
        if reminder.isCompleted {
            reminder.isCompleted = false
            reminder.completedAt = nil
            try await repository.reopen(reminder, occurrence: reminder.scheduledAt)
            try await plan()
        } else {
            let completion = Completion(
                id: environment.uuid(), reminderID: id, occurrence: reminder.scheduledAt, completedAt: now
            )
            if let next = reminder.series.nextOccurrence(after: reminder.scheduledAt) {
                let nominal = reminder.localScheduled.time
                reminder.scheduledAt = next
                reminder.nominalTime = LocalTime(of: next, in: reminder.timeZone) == nominal ? nil : nominal
            } else {
                reminder.isCompleted = true
                reminder.completedAt = now
            }
            try await repository.complete(reminder, logging: completion)
            try await plan.reminderCompleted(id)
        }
        return reminder
    }
}
