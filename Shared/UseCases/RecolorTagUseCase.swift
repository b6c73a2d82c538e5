import Domain
import Foundation
import Storage

/// Gives a tag another `#RRGGBB` colour.
package struct RecolorTagUseCase: Sendable {
    private let repository: any TagRepository
    private let environment: AppEnvironment

    /// A use case storing through `repository`.
    package init(repository: any TagRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// Recolours tag `id` and returns it.
    /// - Throws: `TagError.notFound`; `TagValidationError.invalidColor`; `StoreError`.
    package func callAsFunction(id: UUID, colorHex: String) async throws -> Tag {
        guard var tag = try await repository.tag(id: id) else { throw TagError.notFound(id) }
        let old = tag.colorHex
        tag.colorHex = try TagRules.validColor(colorHex)
        try await Journal.record("Recoloured tag \"\(tag.name)\" from \(old) to \(tag.colorHex)", at: environment.now()) {
            try await repository.update(tag)
        }
        return tag
    }
}
