import Domain
import Foundation
import Storage

/// Lists the saved views.
package struct ListViewsUseCase: Sendable {
    private let repository: any SavedViewRepository

    /// A use case reading through `repository`.
    package init(repository: any SavedViewRepository) {
        self.repository = repository
    }

    /// Every saved view, by name.
    package func callAsFunction() async throws -> [SavedView] {
        try await repository.views()
    }
}
