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

    /// The tag named `name` (ignoring case); never creates one.
    /// - Throws: `TagError.noSuchName` with the closest names and `howToCreate`; `StoreError`.
    package func callAsFunction(named name: String, howToCreate: String? = nil) async throws -> Tag {
        if let tag = try await repository.tag(named: name) { return tag }
        let names = try await repository.allTags().map(\.name)
        throw TagError.noSuchName(name, closest: Suggestions.closest(to: name.trimmingWhitespace(), among: names),
                                  howToCreate: howToCreate)
    }
}
