import Domain
import Foundation
import Storage

/// Deletes reminders with their completion logs (undo brings them back).
package struct DeleteReminderUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment
    private let plan: PlanNotificationsUseCase

    /// A use case deleting through `repository`, replanning notifications with `plan`.
    package init(repository: any ReminderRepository, environment: AppEnvironment, plan: PlanNotificationsUseCase) {
        self.repository = repository
        self.environment = environment
        self.plan = plan
    }

    /// Deletes reminder `id` with its pending and delivered notifications, then refills the plan.
    /// - Throws: `ReminderError.notFound` when there is no such reminder; `StoreError` when storage fails.
    package func callAsFunction(id: UUID) async throws {
        try await callAsFunction(ids: [id])
    }

    /// Deletes the reminders `ids` in one change: all of them, or none when one is gone.
    /// - Throws: `ReminderError.notFound` (nothing deleted); `StoreError` when storage fails.
    package func callAsFunction(ids: [UUID]) async throws {
        var titles: [String] = []
        for id in ids {
            guard let reminder = try await repository.reminder(id: id) else { throw ReminderError.notFound(id) }
            titles.append(reminder.title)
        }
        try await Journal.record("Deleted \(JournalText.titles(titles))", at: environment.now()) {
            try await repository.delete(ids: ids)
        }
        await plan.afterChange()
    }
}
