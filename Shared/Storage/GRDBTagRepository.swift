import Domain
import Foundation
import GRDB

/// The tag repository over the SQLite store.
package struct GRDBTagRepository: TagRepository {
    private static let seededFlag = "defaultTagsSeeded"
    private let database: AppDatabase

    /// A repository writing to `database`.
    package init(database: AppDatabase) {
        self.database = database
    }

    package func allTags() async throws -> [Tag] {
        TagRules.sorted(try await database.read { db in try TagRecord.fetchAll(db).map(\.tag) })
    }

    package func tag(id: UUID) async throws -> Tag? {
        try await database.read { db in try TagRecord.fetchOne(db, key: id)?.tag }
    }

    package func tag(named name: String) async throws -> Tag? {
        let key = TagRules.key(for: name)
        return try await database.read { db in
            try TagRecord.filter(TagRecord.Columns.nameKey == key).fetchOne(db)?.tag
        }
    }

    package func insert(_ tag: Tag) async throws {
        try await database.write { db in
            try Self.checkNameIsFree(tag, db)
            try TagRecord(tag).insert(db)
        }
    }

    package func update(_ tag: Tag) async throws {
        let found = try await database.write { db in
            guard try TagRecord.exists(db, key: tag.id) else { return false }
            try Self.checkNameIsFree(tag, db)
            try TagRecord(tag).update(db)
            return true
        }
        if !found { throw TagError.notFound(tag.id) }
    }

    package func delete(id: UUID) async throws -> Bool {
        try await database.write { db in try TagRecord.deleteOne(db, key: id) }
    }

    package func seedOnce(_ tags: [Tag]) async throws -> Bool {
        // Look first, without the write lock: every command opens the store, and only its first
        // opening needs to write (a reader must not wait for an import's writer).
        let seeded = try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT 1 FROM storeFlag WHERE name = ?", arguments: [Self.seededFlag]) != nil
        }
        if seeded { return false }
        return try await database.write { db in
            let flag = try Row.fetchOne(db, sql: "SELECT 1 FROM storeFlag WHERE name = ?", arguments: [Self.seededFlag])
            guard flag == nil else { return false }
            try db.execute(sql: "INSERT INTO storeFlag (name) VALUES (?)", arguments: [Self.seededFlag])
            guard try TagRecord.fetchCount(db) == 0 else { return false }
            for tag in tags { try TagRecord(tag).insert(db) }
            return true
        }
    }

    /// Throws `duplicateName` with the other tag's name when a different tag has `tag`'s name.
    private static func checkNameIsFree(_ tag: Tag, _ db: Database) throws {
        let other = try TagRecord
            .filter(TagRecord.Columns.nameKey == TagRules.key(for: tag.name))
            .filter(Column("id") != tag.id)
            .fetchOne(db)
        if let other { throw TagValidationError.duplicateName(other.name) }
    }
}
