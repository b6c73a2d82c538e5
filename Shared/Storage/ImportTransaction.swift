import Domain
import Foundation
import GRDB
import GRDBSQLite

/// One import's writes, all inside a single transaction on a connection of its own, held open
/// across batches: nothing is visible to others, or left behind after a crash, a kill or Ctrl-C,
/// until `commit()`.
///
/// Each batch's rows are checked and staged in a temporary table; `commit()` adds them all to
/// `reminder` by one statement, sorted by id. Ids are random: a batch's rows, sorted or not, landed
/// on pages all over the table, so once the table outgrew the page cache each row read and wrote
/// a page of its own, and a batch took longer the more the import had already added. All at
/// once, in order, each page is visited once.
package final class ImportTransaction: @unchecked Sendable {
    private let queue: DatabaseQueue
    private var tags: TagsByName?
    private var lists: ListsByName?
    private var seenIDs = Set<UUID>()
    /// How many rows the staging table has been given, the next row's `seq`.
    private var staged = 0
    private var isOpen = true
    /// What the import added, for the undo journal.
    private var added = JournalLog.AddedRows(reminderIDs: [], tagIDs: [])

    /// Begins the transaction on a new connection to the store file `database` was opened from.
    package init(database: AppDatabase) throws(StoreError) {
        var config = AppDatabase.storeConfiguration
        config.allowsUnsafeTransactions = true  // the transaction spans several calls, by design
        queue = try Self.mapped { try DatabaseQueue(path: database.writer.path, configuration: config) }
        try Self.mapped { try queue.inDatabase { db in
            try db.execute(sql: AppDatabase.largePageCache)
            // The staging tables hold the whole file until the commit, and the statement journals of
            // the commit's inserts hold every page of the store they change: both go to a temporary
            // file, so memory does not grow with the file's size.
            try db.execute(sql: "PRAGMA temp_store = FILE")
            try db.execute(sql: """
                CREATE TEMP TABLE importRow (seq INTEGER PRIMARY KEY, id BLOB, title, notes, scheduledAt, timeZoneID,
                    isCompleted, completedAt, createdAt, updatedAt, recurrenceRule, recurrenceWeekday, recurrenceDay,
                    recurrenceEnd, nominalTime, nominalDate, importKey, recurrenceInterval, recurrenceWeekdays, recurrenceNth,
                    recurrenceMonth, recurrenceTimes, storedKey, idKey, isAllDay, stage, percentComplete, listID, priority, alarms,
                    recurrenceAfterDone, alarmsAcknowledgedAt, alarmsSnoozedUntil, calendarUID);
                CREATE TEMP TABLE importLink (reminderID BLOB, tagID BLOB);
                """)
            try db.beginTransaction(.immediate)
            tags = try TagsByName(db)
            lists = try ListsByName(db)
        } }
    }

    /// Runs `body`, turning SQLite failures into the store's sentences.
    private static func mapped<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw StoreError(error)
        } catch is RowDecodingError {
            throw StoreError.unreadableValue
        } catch {
            throw StoreError.other("\(error)")
        }
    }

    /// Stages `rows` for the commit unless their key is already in the store or was deleted after
    /// an earlier import; creates unknown tags and lists in the palette's colours. Returns (added,
    /// skipped, tags created, lists created).
    package func add(_ rows: [ImportedReminder], now: Date, newID: () -> UUID) throws(StoreError)
        -> (added: Int, skipped: Int, tagsCreated: Int, listsCreated: Int)
    {
        // A row met earlier in this import is skipped here (its id stands for its key: the id it
        // gave, or the one derived from its key); the store's are skipped below.
        var batch: [ImportedReminder] = []
        for row in rows where seenIDs.insert(row.reminder.id).inserted {
            batch.append(row)
        }
        return try Self.mapped { try queue.inDatabase { db in
            // The lists the rows name, found or created; a list is created even when its rows turn
            // out to be in the store already, and undo of the import removes it with them.
            var lists = try self.lists ?? ListsByName(db)
            defer { self.lists = lists }
            var listIDs: [UUID?] = []
            var listsCreated = 0
            for row in batch {
                guard let name = row.listName else { listIDs.append(nil); continue }
                let found = try lists.findOrCreate(name, newID: newID, at: now, db)
                if found.created {
                    added.listIDs.append(found.id)
                    listsCreated += 1
                }
                listIDs.append(found.listID)
            }
            let first = staged
            staged += batch.count
            let stage = try db.cachedStatement(sql: """
                INSERT INTO temp.importRow (seq, id, title, notes, scheduledAt, timeZoneID, isCompleted, completedAt,
                    createdAt, updatedAt, recurrenceRule, recurrenceWeekday, recurrenceDay, recurrenceEnd, nominalTime,
                    nominalDate, importKey, recurrenceInterval, recurrenceWeekdays, recurrenceNth, recurrenceMonth, recurrenceTimes,
                    storedKey, idKey, isAllDay, stage, percentComplete, listID, priority, alarms, recurrenceAfterDone,
                    alarmsAcknowledgedAt, alarmsSnoozedUntil, calendarUID)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).sqliteStatement
            for (seq, row) in batch.enumerated() {
                // Bound straight through SQLite's C API: GRDB's argument boxing took a large part of
                // a large import's time.
                let r = row.reminder
                let record = ReminderRecord(r)
                sqlite3_reset(stage)
                sqlite3_clear_bindings(stage)
                sqlite3_bind_int64(stage, 1, Int64(first + seq))
                Self.bind(stage, 2, r.id)
                Self.bind(stage, 3, r.title)
                Self.bind(stage, 4, r.notes)
                if let scheduledAt = r.scheduledAt { sqlite3_bind_int64(stage, 5, StoredInstant.milliseconds(scheduledAt)) }
                Self.bind(stage, 6, r.timeZoneID)
                sqlite3_bind_int(stage, 7, r.isCompleted ? 1 : 0)
                if let completedAt = r.completedAt { sqlite3_bind_int64(stage, 8, StoredInstant.milliseconds(completedAt)) }
                sqlite3_bind_int64(stage, 9, StoredInstant.milliseconds(r.createdAt))
                sqlite3_bind_int64(stage, 10, StoredInstant.milliseconds(r.updatedAt))
                Self.bind(stage, 11, record.recurrenceRule)
                if let weekday = record.recurrenceWeekday { sqlite3_bind_int(stage, 12, Int32(weekday)) }
                if let day = record.recurrenceDay { sqlite3_bind_int(stage, 13, Int32(day)) }
                Self.bind(stage, 14, record.recurrenceEnd)
                Self.bind(stage, 15, record.nominalTime)
                Self.bind(stage, 16, record.nominalDate)
                Self.bind(stage, 17, row.importKey)
                for (index, value) in [record.recurrenceInterval, record.recurrenceWeekdays, record.recurrenceNth,
                                       record.recurrenceMonth, record.recurrenceTimes].enumerated() {
                    if let value { sqlite3_bind_int(stage, Int32(18 + index), Int32(value)) }
                }
                Self.bind(stage, 23, row.storedKey)
                Self.bind(stage, 24, row.idKey)
                sqlite3_bind_int(stage, 25, r.isAllDay ? 1 : 0)
                sqlite3_bind_int(stage, 26, Int32(r.stage.rawValue))
                if let percent = r.percentComplete { sqlite3_bind_int(stage, 27, Int32(percent)) }
                if let listID = listIDs[seq] ?? r.listID { Self.bind(stage, 28, listID) }
                sqlite3_bind_int(stage, 29, Int32(r.priority.rawValue))
                Self.bind(stage, 30, record.alarms)
                if let afterDone = record.recurrenceAfterDone { sqlite3_bind_int(stage, 31, Int32(afterDone)) }
                // A calendar's answers to the alarms (ACKNOWLEDGED, a snooze): a backup's notifications as they were.
                if let answered = r.alarmsAcknowledgedAt { sqlite3_bind_int64(stage, 32, StoredInstant.milliseconds(answered)) }
                if let snoozed = r.alarmsSnoozedUntil { sqlite3_bind_int64(stage, 33, StoredInstant.milliseconds(snoozed)) }
                Self.bind(stage, 34, r.calendarUID)
                let code = sqlite3_step(stage)
                guard code == SQLITE_DONE else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
            }
            // Already in the store (by its id, which stands for its key, or by the key a store from
            // before derived ids kept), or deleted after an earlier import (a tombstone of its key,
            // or of its id for a row that kept no key).
            // (A row of an earlier batch is not in the store yet, but `seenIDs` skipped its id.)
            try db.execute(sql: """
                DELETE FROM temp.importRow WHERE seq >= ?1 AND (EXISTS (SELECT 1 FROM reminder WHERE id = importRow.id)
                    OR EXISTS (SELECT 1 FROM importTombstone WHERE importKey IN (importRow.importKey, importRow.idKey))
                    OR EXISTS (SELECT 1 FROM reminder WHERE importKey = importRow.importKey))
                """, arguments: [first])
            let kept = try Int.fetchAll(db, sql: "SELECT seq - ?1 FROM temp.importRow WHERE seq >= ?1 ORDER BY seq",
                                        arguments: [first])

            // Tags, created in the order the added rows first name them.
            var tags = try self.tags ?? TagsByName(db)
            defer { self.tags = tags }
            let link = try db.cachedStatement(sql: "INSERT INTO temp.importLink (reminderID, tagID) VALUES (?, ?)").sqliteStatement
            var created = 0
            for seq in kept {
                let row = batch[seq]
                added.reminderIDs.append(row.reminder.id)
                for name in row.tagNames {
                    let (tagID, isNew) = try tags.findOrCreate(name, newID: newID, at: now, db)
                    if isNew {
                        added.tagIDs.append(tagID)
                        created += 1
                    }
                    sqlite3_reset(link)
                    Self.bind(link, 1, row.reminder.id)
                    Self.bind(link, 2, tagID)
                    guard sqlite3_step(link) == SQLITE_DONE else {
                        throw DatabaseError(resultCode: .SQLITE_ERROR, message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                    }
                }
            }
            return (kept.count, rows.count - kept.count, created, listsCreated)
        } }
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private static func bind(_ statement: OpaquePointer, _ index: Int32, _ text: String?) {
        guard let text else { return }  // left NULL by sqlite3_clear_bindings
        sqlite3_bind_text(statement, index, text, -1, transient)
    }

    private static func bind(_ statement: OpaquePointer, _ index: Int32, _ uuid: UUID) {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            _ = sqlite3_bind_blob(statement, index, bytes.baseAddress, 16, transient)
        }
    }

    /// Adds the staged rows and their tag links to the store, sorted by id, still inside the
    /// transaction: an interrupt meanwhile leaves nothing.
    package func addStaged() throws(StoreError) {
        guard isOpen else { return }
        // No batch comes after: the ids met are not needed (33 MB at a million rows) while the
        // rows go in, when the page cache and the sort by id hold the most.
        seenIDs = []
        try Self.mapped { try queue.inDatabase { db in
            try db.execute(sql: """
                INSERT INTO reminder (id, title, notes, scheduledAt, timeZoneID, isCompleted, completedAt, createdAt,
                    updatedAt, recurrenceRule, recurrenceWeekday, recurrenceDay, recurrenceEnd, nominalTime, nominalDate, importKey,
                    recurrenceInterval, recurrenceWeekdays, recurrenceNth, recurrenceMonth, recurrenceTimes, isAllDay, stage, percentComplete,
                    listID, priority, alarms, recurrenceAfterDone, alarmsAcknowledgedAt, alarmsSnoozedUntil, calendarUID)
                SELECT id, title, notes, scheduledAt, timeZoneID, isCompleted, completedAt, createdAt,
                    updatedAt, recurrenceRule, recurrenceWeekday, recurrenceDay, recurrenceEnd, nominalTime, nominalDate, storedKey,
                    recurrenceInterval, recurrenceWeekdays, recurrenceNth, recurrenceMonth, recurrenceTimes, isAllDay, stage, percentComplete,
                    listID, priority, alarms, recurrenceAfterDone, alarmsAcknowledgedAt, alarmsSnoozedUntil, calendarUID
                FROM temp.importRow ORDER BY id
                """)
            try db.execute(sql: """
                INSERT OR IGNORE INTO reminderTag (reminderID, tagID) SELECT reminderID, tagID FROM temp.importLink
                ORDER BY reminderID, tagID
                """)
            try db.execute(sql: "DELETE FROM temp.importRow")
            try db.execute(sql: "DELETE FROM temp.importLink")
        } }
    }

    /// Makes everything added visible at once, recorded in the undo journal as `summary` (the
    /// rows still staged are added first).
    package func commit(summary: String, at instant: Date) throws(StoreError) {
        guard isOpen else { return }
        try addStaged()
        try Self.mapped { try queue.inDatabase { db in
            if !added.reminderIDs.isEmpty || !added.tagIDs.isEmpty || !added.listIDs.isEmpty {
                let note = Journal.Note(summary: summary, at: instant, scope: .reminders)
                let encoded = added.encoded
                added = JournalLog.AddedRows(reminderIDs: [], tagIDs: [])  // not held beside its encoding while SQLite copies it
                try JournalLog.append(encoded, kind: .added, note: note, group: nil, db)
            }
            try db.commit()
            // A big import grew the WAL by its whole size: fold it into the store now, so the
            // store does not take twice its size on disk.
            try? AppDatabase.foldWAL(db, minimumPages: 0)
        } }
        isOpen = false
    }

    /// Drops everything added.
    package func rollback() throws(StoreError) {
        guard isOpen else { return }
        try Self.mapped { try queue.inDatabase { db in try db.rollback() } }
        isOpen = false
    }
}
