import Domain
import Foundation
import GRDB

/// The list repository over the SQLite store.
package struct GRDBListRepository: ListRepository {
    private let database: AppDatabase

    /// A repository writing to `database`.
    package init(database: AppDatabase) {
        self.database = database
    }

    package func summaries() async throws -> [ReminderListSummary] {
        try await database.read { db in
            var counts: [UUID?: (open: Int, closed: Int)] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT listID, isCompleted, count(*) FROM reminder GROUP BY listID, isCompleted") {
                let listID: UUID? = row[0]
                let isCompleted: Bool = row[1], count: Int = row[2]
                var entry = counts[listID] ?? (0, 0)
                if isCompleted { entry.closed = count } else { entry.open = count }
                counts[listID] = entry
            }
            return try Self.lists(db).map { list in
                let count = counts[list.reminderListID] ?? (0, 0)
                return ReminderListSummary(list: list, open: count.open, closed: count.closed)
            }
        }
    }

    package func allLists() async throws -> [ReminderList] {
        try await database.read { db in try Self.lists(db) }
    }

    /// Every list, the default first, then by name ignoring case.
    static func lists(_ db: Database) throws -> [ReminderList] {
        let defaultID = try ListsByName.defaultID(db)
        return try ListRecord.fetchAll(db).map { $0.list(defaultID: defaultID) }.sorted {
            ($0.isDefault ? 0 : 1, TagRules.key(for: $0.name), $0.name) < ($1.isDefault ? 0 : 1, TagRules.key(for: $1.name), $1.name)
        }
    }

    package func list(id: UUID) async throws -> ReminderList? {
        try await database.read { db in try ListRecord.fetchOne(db, key: id)?.list(defaultID: try ListsByName.defaultID(db)) }
    }

    package func list(of listID: UUID?) async throws -> ReminderList {
        try await database.read { db in
            let defaultID = try ListsByName.defaultID(db)
            guard let record = try ListRecord.fetchOne(db, key: listID ?? defaultID) else { throw StoreError.unreadableValue }
            return record.list(defaultID: defaultID)
        }
    }

    package func list(named name: String) async throws -> ReminderList? {
        try await database.read { db in try Self.list(named: name, db) }
    }

    private static func list(named name: String, _ db: Database) throws -> ReminderList? {
        try ListRecord.filter(Column("nameKey") == TagRules.key(for: name)).fetchOne(db)?.list(defaultID: try ListsByName.defaultID(db))
    }

    package func insert(_ list: ReminderList) async throws {
        try await database.write { db in
            try Self.checkNameIsFree(list, db)
            try ListRecord(list).insert(db)
        }
    }

    package func update(_ list: ReminderList) async throws {
        try await database.write { db in
            try Self.checkNameIsFree(list, db)
            try ListRecord(list).update(db)
        }
    }

    package func delete(id: UUID, movingTo destination: ReminderList?) async throws -> Int {
        try await database.write { db in
            var moved = 0
            if let destination {
                try db.execute(sql: "UPDATE reminder SET listID = ? WHERE listID = ?", arguments: [destination.reminderListID, id])
                moved = db.changesCount
            }
            try db.execute(sql: "DELETE FROM list WHERE id = ?", arguments: [id])
            return moved
        }
    }

    package func findOrCreate(named name: String, newID: @escaping @Sendable () -> UUID, at instant: Date) async throws -> ReminderList {
        try await database.write { db in
            var lists = try ListsByName(db)
            let id = try lists.findOrCreate(name, newID: newID, at: instant, db).id
            guard let list = try ListRecord.fetchOne(db, key: id)?.list(defaultID: lists.defaultID) else { throw StoreError.unreadableValue }
            return list
        }
    }

    /// Throws `duplicateName` with the other list's name when a different list has `list`'s name.
    private static func checkNameIsFree(_ list: ReminderList, _ db: Database) throws {
        if let other = try Self.list(named: list.name, db), other.id != list.id {
            throw ListError.invalidName(.duplicateName(other.name))
        }
    }
}
