import Domain
import Foundation
import GRDB

/// What a shell's completion offers from a store: read-only, at once, without creating,
/// migrating or locking anything; nothing when the store is missing or cannot be read.
package enum StoreGlance {
    /// The tag names (in a card's order), the list names (by name; none from a store older than
    /// lists) and how many reminders the last listing numbered.
    package static func completionWords(at path: String) -> (tagNames: [String], listNames: [String], listed: Int) {
        guard FileManager.default.fileExists(atPath: path) else { return ([], [], 0) }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            return try queue.read { db in
                let tags = try Row.fetchAll(db, sql: "SELECT * FROM tag").map { try TagRecord(row: $0).tag }
                let lists = (try? String.fetchAll(db, sql: "SELECT name FROM list ORDER BY nameKey")) ?? []
                return (TagRules.sorted(tags).map(\.name), lists, try AppDatabase.storedListingCount(db))
            }
        } catch {
            return ([], [], 0)
        }
    }
}
