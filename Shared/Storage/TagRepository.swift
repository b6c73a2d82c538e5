import Domain
import Foundation

/// Stores tags.
package protocol TagRepository: Sendable {
    /// Every tag, sorted by name ignoring case.
    func allTags() async throws -> [Tag]
    /// The tag with this id, if any.
    func tag(id: UUID) async throws -> Tag?
    /// The tag whose name equals `name` ignoring case, if any.
    func tag(named name: String) async throws -> Tag?
    /// Adds a tag; throws `TagValidationError.duplicateName` when its name is taken.
    func insert(_ tag: Tag) async throws
    /// Replaces a tag's values; throws `TagError.notFound` when it is gone and
    /// `TagValidationError.duplicateName` when another tag has the name.
    func update(_ tag: Tag) async throws
    /// Removes a tag from the store and from every reminder; returns whether it existed.
    func delete(id: UUID) async throws -> Bool
    /// Adds `tags` when the store has never been seeded and has no tags; returns whether it did.
    /// Either way the store is marked seeded, so deleted defaults never come back.
    func seedOnce(_ tags: [Tag]) async throws -> Bool
}
