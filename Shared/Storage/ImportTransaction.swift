import Domain
import Foundation
import GRDB

/// One import's writes, all inside a single transaction on a connection of its own, held open
/// across batches: nothing is visible to others, or left behind after a crash, a kill or Ctrl-C,
/// until `commit()`.
package final class ImportTransaction: @unchecked Sendable {
    private let queue: DatabaseQueue
    private var tagIDsByKey: [String: UUID] = [:]
    private var tagCount = 0
    private var isOpen = true

    /// Begins the transaction on a new connection to the store file `database` was opened from.
    package init(database: AppDatabase) throws {
        var config = AppDatabase.configuration
        config.allowsUnsafeTransactions = true  // the transaction spans several calls, by design
        queue = try DatabaseQueue(path: database.writer.path, configuration: config)
        try queue.inDatabase { db in
            try db.beginTransaction(.immediate)
            for tag in try TagRecord.fetchAll(db) { tagIDsByKey[tag.nameKey] = tag.id }
            tagCount = tagIDsByKey.count
        }
    }

    /// Stores `rows` unless their key is already in the store or was deleted after an earlier
    /// import; creates unknown tags in the palette's colours. Returns (added, skipped, tags created).
    package func add(_ rows: [ImportedReminder], now: Date, newID: () -> UUID) throws -> (added: Int, skipped: Int, tagsCreated: Int) {
        try queue.inDatabase { db in
            let insert = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO reminder (id, title, notes, scheduledAt, timeZoneID, isCompleted, completedAt,
                    createdAt, updatedAt, recurrenceRule, recurrenceWeekday, recurrenceDay, recurrenceEnd, nominalTime, importKey)
                SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
                WHERE NOT EXISTS (SELECT 1 FROM importTombstone WHERE importKey = ?)
                """)
            let link = try db.cachedStatement(sql: "INSERT OR IGNORE INTO reminderTag (reminderID, tagID) VALUES (?, ?)")
            let createTag = try db.cachedStatement(sql: "INSERT INTO tag (id, name, nameKey, colorHex, createdAt) VALUES (?, ?, ?, ?, ?)")
            var added = 0, created = 0
            for row in rows {
                let r = ReminderRecord(row.reminder)
                try insert.execute(arguments: [
                    r.id, r.title, r.notes, r.scheduledAt, r.timeZoneID, r.isCompleted, r.completedAt, r.createdAt, r.updatedAt,
                    r.recurrenceRule, r.recurrenceWeekday, r.recurrenceDay, r.recurrenceEnd, r.nominalTime, row.importKey,
                    row.importKey,
                ])
                guard db.changesCount == 1 else { continue }
                added += 1
                for name in row.tagNames {
                    let key = TagRules.key(for: name)
                    let tagID: UUID
                    if let known = tagIDsByKey[key] {
                        tagID = known
                    } else {
                        tagID = newID()
                        try createTag.execute(arguments: [tagID, name, key, TagRules.nextColor(existingCount: tagCount), now])
                        tagIDsByKey[key] = tagID
                        tagCount += 1
                        created += 1
                    }
                    try link.execute(arguments: [r.id, tagID])
                }
            }
            return (added, rows.count - added, created)
        }
    }

    /// Makes everything added visible at once.
    package func commit() throws {
        guard isOpen else { return }
        try queue.inDatabase { db in try db.commit() }
        isOpen = false
    }

    /// Drops everything added.
    package func rollback() throws {
        guard isOpen else { return }
        try queue.inDatabase { db in try db.rollback() }
        isOpen = false
    }
}
