import Domain
import Foundation
import Storage

/// Creates a tag with a unique name and a `#RRGGBB` colour.
package struct CreateTagUseCase: Sendable {
    private let repository: any TagRepository
    private let environment: AppEnvironment

    /// A use case storing through `repository`, with time and ids from `environment`.
    package init(repository: any TagRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// Stores a new tag named `name` (trimmed) coloured `colorHex` and returns it.
    /// - Throws: `TagValidationError` for a refused name or colour, or a name already taken
    ///   ignoring case; `StoreError` when storage fails.
    package func callAsFunction(name: String, colorHex: String) async throws -> Tag {
        let tag = try prepare(name: name, colorHex: colorHex)
        try await store(tag)
        return tag
    }

    /// A new tag named `name` (trimmed) coloured `colorHex`, checked as `callAsFunction` checks
    /// it but not stored: a form keeps the tags made in it until its reminder is saved (`store`).
    /// - Throws: `TagValidationError` for a refused name or colour.
    package func prepare(name: String, colorHex: String) throws -> Tag {
        Tag(id: environment.uuid(), name: try TagRules.validName(name), colorHex: try TagRules.validColor(colorHex),
            createdAt: environment.now())
    }

    /// Stores `tag`, made by `prepare`.
    /// - Throws: `TagValidationError.duplicateName` when a tag has its name by now; `StoreError`.
    package func store(_ tag: Tag) async throws {
        try await Journal.record("Created tag \"\(tag.name)\"", at: environment.now()) { try await repository.insert(tag) }
    }
}
