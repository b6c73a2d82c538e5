import Domain
import Foundation
import Storage

/// Gives a store on its first use the default tags (Personal, Work, Health, Shopping), once ever.
package struct SeedDefaultTagsUseCase: Sendable {
    private let repository: any TagRepository
    private let environment: AppEnvironment

    /// A use case storing through `repository`, with time and ids from `environment`.
    package init(repository: any TagRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// Adds the default tags when this store was never seeded and has no tags; returns whether it did.
    /// After the first call the store is marked, so tags the user deletes never come back.
    package func callAsFunction() async throws -> Bool {
        let now = environment.now()
        let tags = TagRules.defaults.map {
            Tag(id: environment.uuid(), name: $0.name, colorHex: $0.colorHex, createdAt: now)
        }
        return try await repository.seedOnce(tags)
    }
}
