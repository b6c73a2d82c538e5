import Domain
import Foundation
import GRDB
import GRDBSQLite

/// One import's writes, all inside a single transaction on a connection of its own, held open
/// across batches: nothing is visible to others, or left behind after a crash, a kill or Ctrl-C,
/// until `commit()`.
package final class ImportTransaction: @unchecked Sendable {
    private let queue: DatabaseQueue
    private var tagIDsByKey: [String: UUID] = [:]
    private var keyCache: [String: String] = [:]
    private var tagCount = 0
    private var isOpen = true
    /// Records the import's changes for the undo journal (released before the connection).
    private var recorder: JournalLog.Recorder?

    /// Begins the transaction on a new connection to the store file `database` was opened from.
    package init(database: AppDatabase) throws(StoreError) {
        var config = AppDatabase.storeConfiguration
        config.allowsUnsafeTransactions = true  // the transaction spans several calls, by design
        queue = try Self.mapped { try DatabaseQueue(path: database.writer.path, configuration: config) }
        try Self.mapped { try queue.inDatabase { db in
            // A larger page cache keeps a big transaction's pages in memory instead of spilling them.
            try db.execute(sql: "PRAGMA cache_size = -16384")
            try db.beginTransaction(.immediate)
            recorder = try JournalLog.Recorder(db, tables: JournalLog.reminderTables)
            for tag in try TagRecord.fetchAll(db) { tagIDsByKey[tag.nameKey] = tag.id }
            tagCount = tagIDsByKey.count
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

    /// Stores `rows` unless their key is already in the store or was deleted after an earlier
    /// import; creates unknown tags in the palette's colours. Returns (added, skipped, tags created).
    package func add(_ rows: [ImportedReminder], now: Date, newID: () -> UUID) throws(StoreError)
        -> (added: Int, skipped: Int, tagsCreated: Int)
    {
        try Self.mapped { try queue.inDatabase { db in
            let insert = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO reminder (id, title, notes, scheduledAt, timeZoneID, isCompleted, completedAt,
                    createdAt, updatedAt, recurrenceRule, recurrenceWeekday, recurrenceDay, recurrenceEnd, nominalTime, nominalDate, importKey)
                SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
                WHERE NOT EXISTS (SELECT 1 FROM importTombstone WHERE importKey = ?)
                """)
            let link = try db.cachedStatement(sql: "INSERT OR IGNORE INTO reminderTag (reminderID, tagID) VALUES (?, ?)")
                .sqliteStatement
            let createTag = try db.cachedStatement(sql: "INSERT INTO tag (id, name, nameKey, colorHex, createdAt) VALUES (?, ?, ?, ?, ?)")
            var added = 0, created = 0
            let handle = insert.sqliteStatement
            for row in rows {
                // Bound straight through SQLite's C API: GRDB's argument boxing and its DateFormatter
                // for dates took a third of a large import's time.
                let r = row.reminder
                sqlite3_reset(handle)
                sqlite3_clear_bindings(handle)
                Self.bind(handle, 1, r.id)
                Self.bind(handle, 2, r.title)
                Self.bind(handle, 3, r.notes)
                Self.bind(handle, 4, Self.databaseText(r.scheduledAt))
                Self.bind(handle, 5, r.timeZoneID)
                sqlite3_bind_int(handle, 6, r.isCompleted ? 1 : 0)
                Self.bind(handle, 7, r.completedAt.map(Self.databaseText))
                Self.bind(handle, 8, Self.databaseText(r.createdAt))
                Self.bind(handle, 9, Self.databaseText(r.updatedAt))
                let record = ReminderRecord(r)
                Self.bind(handle, 10, record.recurrenceRule)
                if let weekday = record.recurrenceWeekday { sqlite3_bind_int(handle, 11, Int32(weekday)) }
                if let day = record.recurrenceDay { sqlite3_bind_int(handle, 12, Int32(day)) }
                Self.bind(handle, 13, record.recurrenceEnd)
                Self.bind(handle, 14, record.nominalTime)
                Self.bind(handle, 15, record.nominalDate)
                Self.bind(handle, 16, row.importKey)
                Self.bind(handle, 17, row.importKey)
                let code = sqlite3_step(handle)
                guard code == SQLITE_DONE else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
                guard sqlite3_changes(db.sqliteConnection) == 1 else { continue }
                added += 1
                for name in row.tagNames {
                    let key = keyCache[name] ?? TagRules.key(for: name)
                    keyCache[name] = key
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
                    sqlite3_reset(link)
                    Self.bind(link, 1, r.id)
                    Self.bind(link, 2, tagID)
                    guard sqlite3_step(link) == SQLITE_DONE else {
                        throw DatabaseError(resultCode: .SQLITE_ERROR, message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                    }
                }
            }
            return (added, rows.count - added, created)
        } }
    }

    /// A date as GRDB stores it: `yyyy-MM-dd HH:mm:ss.SSS` in UTC, written without a DateFormatter.
    package static func databaseText(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1_000).rounded(.down))
        let seconds = Int(milliseconds.quotient(dividingBy: 1_000))
        let day = LocalDate(daysSinceEpoch: seconds.quotient(dividingBy: 86_400))
        let secondOfDay = seconds - seconds.quotient(dividingBy: 86_400) * 86_400
        var bytes: [UInt8] = []
        bytes.reserveCapacity(23)
        func digits(_ value: Int, _ count: Int, then separator: UInt8?) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(48 + value / divisor % 10))
                divisor /= 10
            }
            if let separator { bytes.append(separator) }
        }
        digits(day.year, 4, then: 0x2D)
        digits(day.month, 2, then: 0x2D)
        digits(day.day, 2, then: 0x20)
        digits(secondOfDay / 3_600, 2, then: 0x3A)
        digits(secondOfDay % 3_600 / 60, 2, then: 0x3A)
        digits(secondOfDay % 60, 2, then: 0x2E)
        digits(Int(milliseconds - Int64(seconds) * 1_000), 3, then: nil)
        return String(decoding: bytes, as: UTF8.self)
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

    /// Makes everything added visible at once, recorded in the undo journal as `summary`.
    package func commit(summary: String, at instant: Date) throws(StoreError) {
        guard isOpen else { return }
        try Self.mapped { try queue.inDatabase { db in
            if let recorder {
                let note = Journal.Note(summary: summary, at: instant, scope: .reminders)
                try JournalLog.append(try recorder.changeset(), note: note, group: nil, db)
            }
            recorder = nil
            try db.commit()
            // A big import grew the WAL by its whole size: fold it into the store and cut it back
            // now, so the store does not take twice its size on disk. (Another connection reading
            // may keep it from completing; the next checkpoint does it then.)
            _ = try? db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        } }
        isOpen = false
    }

    /// Drops everything added.
    package func rollback() throws(StoreError) {
        guard isOpen else { return }
        recorder = nil
        try Self.mapped { try queue.inDatabase { db in try db.rollback() } }
        isOpen = false
    }
}

private extension BinaryInteger {
    /// Division rounding toward minus infinity (dates before 1970 stay right).
    func quotient(dividingBy divisor: Self) -> Self {
        let (q, r) = quotientAndRemainder(dividingBy: divisor)
        return r < 0 ? q - 1 : q
    }
}
