import Domain
import Foundation
import Storage

/// Marks a one-time reminder done, or open again when it was done, keeping the completion log true.
package struct ToggleCompletionUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment

    /// A use case storing through `repository`, with time and ids from `environment`.
    package init(repository: any ReminderRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// Toggles reminder `id` and returns it as stored.
    ///
    /// Completing logs which occurrence was done and when; reopening removes that log entry,
    /// so a day's history shows only what is still done.
    /// - Throws: `ReminderError.notFound` when the reminder is gone; `StoreError` when storage fails.
    package func callAsFunction(id: UUID) async throws -> Reminder {
        guard var reminder = try await repository.reminder(id: id) else { throw ReminderError.notFound(id) }
        let now = environment.now()
        reminder.updatedAt = now
        if reminder.isCompleted {
            reminder.isCompleted = false
            reminder.completedAt = nil
            try await repository.reopen(reminder, occurrence: reminder.scheduledAt)
        } else {
            reminder.isCompleted = true
            reminder.completedAt = now
            let completion = Completion(
                id: environment.uuid(), reminderID: id, occurrence: reminder.scheduledAt, completedAt: now
            )
            try await repository.complete(reminder, logging: completion)
        }
        return reminder
    }
}
