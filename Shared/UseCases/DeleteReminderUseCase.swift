import Domain
import Foundation
import Storage

/// Deletes a reminder and its completion log for good.
package struct DeleteReminderUseCase: Sendable {
    private let repository: any ReminderRepository

    /// A use case deleting through `repository`.
    package init(repository: any ReminderRepository) {
        self.repository = repository
    }

    /// Deletes reminder `id`.
    /// - Throws: `ReminderError.notFound` when there is no such reminder; `StoreError` when storage fails.
    package func callAsFunction(id: UUID) async throws {
        guard try await repository.delete(id: id) else { throw ReminderError.notFound(id) }
    }
}
