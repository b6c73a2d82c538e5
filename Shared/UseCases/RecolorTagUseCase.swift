import Domain
import Foundation
import Storage

/// Gives a tag another `#RRGGBB` colour.
package struct RecolorTagUseCase: Sendable {
    private let repository: any TagRepository

    /// A use case storing through `repository`.
    package init(repository: any TagRepository) {
        self.repository = repository
    }

    /// Recolours tag `id` and returns it.
    /// - Throws: `TagError.notFound`; `TagValidationError.invalidColor`; `StoreError`.
    package func callAsFunction(id: UUID, colorHex: String) async throws -> Tag {
        guard var tag = try await repository.tag(id: id) else { throw TagError.notFound(id) }
        tag.colorHex = try TagRules.validColor(colorHex)
        try await repository.update(tag)
        return tag
    }
}
