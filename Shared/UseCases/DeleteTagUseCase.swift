import Domain
import Foundation
import Storage

/// Deletes a tag; the reminders that carried it keep everything else.
package struct DeleteTagUseCase: Sendable {
    private let repository: any TagRepository
    private let environment: AppEnvironment

    /// A use case deleting through `repository`.
    package init(repository: any TagRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// Deletes tag `id` and removes it from its reminders.
    /// - Throws: `TagError.notFound` when there is no such tag; `StoreError`.
    package func callAsFunction(id: UUID) async throws {
        guard let tag = try await repository.tag(id: id) else { throw TagError.notFound(id) }
        let existed = try await Journal.record("Deleted tag \"\(tag.name)\"", at: environment.now()) {
            try await repository.delete(id: id)
        }
        guard existed else { throw TagError.notFound(id) }
    }
}
