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

    /// Removes the view named `name` (any case) and returns it; not a built-in view, nor one
    /// another view's query names (that view would then search for the name as text).
    /// - Throws: `SavedViewError.notFound` with the closest names, `.builtInCannotGo`, `.usedBy`; `StoreError`.
    package func callAsFunction(named name: String) async throws -> SavedView {
        let key = name.trimmingWhitespace().lowercased()
        if SavedView.builtInNames.contains(key) { throw SavedViewError.builtInCannotGo(name.trimmingWhitespace()) }
        let views = try await repository.views()
        guard views.contains(where: { $0.name.lowercased() == key }) else {
            throw SavedViewError.notFound(name, closest: Suggestions.closest(to: name, among: views.map(\.name)))
        }
        let users = views.filter { view in
            view.name.lowercased() != key && view.words.contains { word in
                let body = word.trimmingWhitespace().lowercased()
                return body == key || body == "-" + key
            }
        }
        if !users.isEmpty { throw SavedViewError.usedBy(name.trimmingWhitespace(), views: users.map(\.name)) }
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
