import Domain
import Foundation
import Storage

/// Renames a tag, keeping names unique ignoring case (a tag may change its own name's case).
package struct RenameTagUseCase: Sendable {
    private let repository: any TagRepository
    private let environment: AppEnvironment

    /// A use case storing through `repository`.
    package init(repository: any TagRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// Renames tag `id` to `name` (trimmed) and returns it.
    /// - Throws: `TagError.notFound`; `TagValidationError` for a refused or taken name; `StoreError`.
    package func callAsFunction(id: UUID, to name: String) async throws -> Tag {
        guard var tag = try await repository.tag(id: id) else { throw TagError.notFound(id) }
        let old = tag.name
        tag.name = try TagRules.validName(name)
        try await Journal.record("Renamed tag \"\(old)\" to \"\(tag.name)\"", at: environment.now()) {
            try await repository.update(tag)
        }
        return tag
    }
}
