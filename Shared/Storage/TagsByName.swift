import Domain
import Foundation
import GRDB

/// The store's tags by name, within one transaction: the one place a name is turned into a tag,
/// found by its key (the name without regard to case) or created for it in the palette's next
/// colour, with the id and the time the caller's environment gives. The form's `+Name`, the
/// importer and sync all go through it.
struct TagsByName {
    private var idsByKey: [String: UUID] = [:]
    /// Keys already worked out, by name as written (an import names the same tags row after row).
    private var keys: [String: String] = [:]
    /// How many tags the store has: the palette's next colour follows it.
    private(set) var count = 0

    /// The tags of the store `db` reads.
    init(_ db: Database) throws {
        for row in try Row.fetchAll(db, sql: "SELECT id, nameKey FROM tag") { idsByKey[row[1]] = row[0] }
        count = idsByKey.count
    }

    /// The id of the tag named `name`, if there is one.
    mutating func id(named name: String) -> UUID? {
        idsByKey[key(for: name)]
    }

    /// The tag named `name` (trimmed): found, or created with `newID()` at `instant` in the next
    /// palette colour (`created` says which).
    mutating func findOrCreate(_ name: String, newID: () -> UUID, at instant: Date, _ db: Database) throws
        -> (id: UUID, created: Bool)
    {
        let key = key(for: name)
        if let id = idsByKey[key] { return (id, false) }
        let tag = Tag(id: newID(), name: name.trimmingWhitespace(), colorHex: TagRules.nextColor(existingCount: count), createdAt: instant)
        try db.cachedStatement(sql: "INSERT INTO tag (id, name, nameKey, colorHex, createdAt) VALUES (?, ?, ?, ?, ?)")
            .execute(arguments: [tag.id, tag.name, key, tag.colorHex, tag.createdAt])
        idsByKey[key] = tag.id
        count += 1
        return (tag.id, true)
    }

    private mutating func key(for name: String) -> String {
        if let known = keys[name] { return known }
        let key = TagRules.key(for: name)
        keys[name] = key
        return key
    }
}
