import Domain
import Foundation
import Storage

/// Creates a reminder, with its tags, from a draft that keeps every rule (a title, a future time).
package struct CreateReminderUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment
    private let plan: PlanNotificationsUseCase

    /// A use case storing through `repository`, with time and ids from `environment`, replanning notifications with `plan`.
    package init(repository: any ReminderRepository, environment: AppEnvironment, plan: PlanNotificationsUseCase) {
        self.repository = repository
        self.environment = environment
        self.plan = plan
    }

    /// Validates `draft`, stores the new reminder with its tags and returns it.
    /// - Throws: `ReminderValidationError` for a refused value; `TagError.notFound` for a tag
    ///   deleted meanwhile; `StoreError` when storage fails.
    package func callAsFunction(_ draft: ReminderDraft) async throws -> ReminderWithTags {
        let now = environment.now()
        let values = try ReminderRules.validate(draft, previously: nil, now: now)
        let reminder = Reminder(id: environment.uuid(), values: values, now: now)
        try await Journal.record("Added \"\(reminder.title)\"", at: now) {
            try await repository.insert(reminder, tagIDs: Array(draft.tagIDs))
        }
        await plan.afterChange()
        return try await repository.reminderWithTags(id: reminder.id) ?? ReminderWithTags(reminder: reminder, tags: [])
    }
}
