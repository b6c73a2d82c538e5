import Domain
import Foundation
import Storage

/// Reads every tag, sorted by name ignoring case.
package struct ListTagsUseCase: Sendable {
    private let repository: any TagRepository

    /// A use case reading through `repository`.
    package init(repository: any TagRepository) {
        self.repository = repository
    }

    /// All tags by name.
    package func callAsFunction() async throws -> [Tag] {
        try await repository.allTags()
    }
}
