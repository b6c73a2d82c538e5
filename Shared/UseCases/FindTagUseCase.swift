import Domain
import Foundation
import Storage

/// Finds the tag a person names, ignoring case.
package struct FindTagUseCase: Sendable {
    private let repository: any TagRepository

    /// A use case reading through `repository`.
    package init(repository: any TagRepository) {
        self.repository = repository
    }

    /// The tag named `name`.
    /// - Throws: `TagError.noSuchName`; `StoreError`.
    package func callAsFunction(named name: String) async throws -> Tag {
        guard let tag = try await repository.tag(named: name) else { throw TagError.noSuchName(name) }
        return tag
    }
}
