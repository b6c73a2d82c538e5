import Domain
import Foundation
import Storage

/// Creates a reminder from a draft that keeps every rule (a title, a future time).
package struct CreateReminderUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment

    /// A use case storing through `repository`, with time and ids from `environment`.
    package init(repository: any ReminderRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// Validates `draft`, stores the new reminder and returns it.
    /// - Throws: `ReminderValidationError` for a refused value; `StoreError` when storage fails.
    package func callAsFunction(_ draft: ReminderDraft) async throws -> Reminder {
        let now = environment.now()
        let values = try ReminderRules.validate(draft, previously: nil, now: now)
        let reminder = Reminder(
            id: environment.uuid(), title: values.title, notes: values.notes,
            scheduledAt: values.scheduledAt, timeZoneID: values.timeZoneID,
            createdAt: now, updatedAt: now
        )
        try await repository.insert(reminder)
        return reminder
    }
}
