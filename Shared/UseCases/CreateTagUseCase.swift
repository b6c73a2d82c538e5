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
        let tag = Tag(id: environment.uuid(), name: try TagRules.validName(name),
                      colorHex: try TagRules.validColor(colorHex), createdAt: environment.now())
        try await Journal.record("Created tag \"\(tag.name)\"", at: tag.createdAt) { try await repository.insert(tag) }
        return tag
    }

    /// The tag named `name` (trimmed): the one the store has, ignoring case, or a new one in the
    /// palette's next colour, created as an import or a sync creates the tags they name.
    /// - Throws: `TagValidationError` for a refused name; `StoreError` when storage fails.
    package func findOrCreate(named name: String) async throws -> Tag {
        let name = try TagRules.validName(name)
        if let tag = try await repository.tag(named: name) { return tag }
        let now = environment.now()
        return try await Journal.record("Created tag \"\(name)\"", at: now) {
            try await repository.findOrCreate(named: name, newID: environment.uuid, at: now)
        }
    }
}
