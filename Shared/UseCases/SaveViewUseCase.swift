import Domain
import Foundation
import Storage

/// Keeps a query under a name, replacing a view of that name.
package struct SaveViewUseCase: Sendable {
    private let repository: any SavedViewRepository
    private let environment: AppEnvironment

    /// A use case storing through `repository`.
    package init(repository: any SavedViewRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// Saves `words` as the view `name` (checked); returns the view and whether it replaced one.
    /// - Throws: `SavedViewError` for a name that cannot name a view or no words; `StoreError`.
    package func callAsFunction(name: String, words: [String]) async throws -> (view: SavedView, replaced: Bool) {
        let view = SavedView(name: try SavedView.validName(name), words: words.filter { !$0.trimmingWhitespace().isEmpty })
        guard !view.words.isEmpty else { throw SavedViewError.emptyQuery }
        let replaced = try await Journal.record("Saved the view \"\(view.name)\"", at: environment.now()) {
            try await repository.save(view)
        }
        return (view, replaced)
    }
}
