import Domain
import Foundation
import Storage

/// Deletes a tag; the reminders that carried it keep everything else.
package struct DeleteTagUseCase: Sendable {
    private let repository: any TagRepository

    /// A use case deleting through `repository`.
    package init(repository: any TagRepository) {
        self.repository = repository
    }

    /// Deletes tag `id` and removes it from its reminders.
    /// - Throws: `TagError.notFound` when there is no such tag; `StoreError`.
    package func callAsFunction(id: UUID) async throws {
        guard try await repository.delete(id: id) else { throw TagError.notFound(id) }
    }
}
