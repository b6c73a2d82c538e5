import Domain
import Foundation
import Storage

/// A card's checkbox: completes an open reminder, reopens a done one.
package struct ToggleCompletionUseCase: Sendable {
    private let repository: any ReminderRepository
    private let complete: CompleteRemindersUseCase
    private let reopen: ReopenRemindersUseCase

    /// A toggle reading through `repository` and changing through `complete` and `reopen`.
    package init(repository: any ReminderRepository, complete: CompleteRemindersUseCase, reopen: ReopenRemindersUseCase) {
        self.repository = repository
        self.complete = complete
        self.reopen = reopen
    }

    /// Completes or reopens reminder `id` and returns it as stored.
    /// - Throws: `ReminderError.notFound` when the reminder is gone; `StoreError` when storage fails.
    package func callAsFunction(id: UUID) async throws -> Reminder {
        guard let reminder = try await repository.reminder(id: id) else { throw ReminderError.notFound(id) }
        let changed = reminder.isCompleted ? try await reopen(ids: [id]) : try await complete(ids: [id])
        return changed[0]
    }
}
