import Domain
import Foundation
import Storage

/// Forgets a saved view.
package struct DeleteViewUseCase: Sendable {
    private let repository: any SavedViewRepository
    private let environment: AppEnvironment

    /// A use case storing through `repository`.
    package init(repository: any SavedViewRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// Removes the view named `name` (any case) and returns it.
    /// - Throws: `SavedViewError.notFound` with the closest names; `StoreError`.
    package func callAsFunction(named name: String) async throws -> SavedView {
        let removed = try await Journal.record("Removed the view \"\(name.trimmingWhitespace())\"", at: environment.now()) {
            try await repository.delete(named: name.trimmingWhitespace())
        }
        guard let removed else {
            let names = try await repository.views().map(\.name)
            throw SavedViewError.notFound(name, closest: Suggestions.closest(to: name, among: names))
        }
        return removed
    }
}
