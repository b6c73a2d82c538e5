import CSQLiteSession
import GRDBSQLite
import Domain
import Foundation
import GRDB

/// The undo journal in the store: each user command's changes as SQLite changesets, written in
/// the same transaction as the changes, so the journal and the data always agree.
///
/// Undo applies a command's changesets inverted, newest first; redo applies them again. Every
/// record, undo and redo takes the next store revision, so a sync can ask which reminders
/// changed since a revision it saw (`changedReminders(since:)`).
enum JournalLog {
    /// The tables a command on reminders and tags changes. A reminder completed, cancelled, deleted
    /// or moved takes its notifications already shown with it (`deliveredNotification`), so undo
    /// gives them back: shown, not planned and shown again. (A snooze is given back by the
    /// reminder's `alarmsSnoozedUntil`, which the planner plans from.)
    static let reminderTables = ["reminder", "list", "tag", "reminderTag", "completion", "importTombstone", "setting", "savedView",
                                 "deliveredNotification"]
    /// The tables a notification answer changes (and the reminder, whose alarms it acknowledges).
    static let notificationTables = ["notificationRequest", "deliveredNotification", "reminder"]
    /// How many commands are kept when the user has not said.
    static let defaultLimit = 100
    /// The setting that holds the user's limit.
    static let limitSetting = "undoLimit"
    private static let revisionSetting = "revision"
    /// While set, deleting an imported reminder leaves no tombstone (undo of an import is not a user delete).
    static let applyingFlag = "applyingJournal"
    /// While set (an undo, not a redo), a reminder moved back keeps the notifications its entry gives back as shown.
    static let undoingFlag = "undoingJournal"

    /// The tables `scope` covers.
    static func tables(_ scope: Journal.Scope) -> [String] {
        scope == .reminders ? reminderTables : notificationTables
    }

    /// Records, on the connection `db` inside its transaction, the changes made to `tables`.
    final class Recorder {
        private let session: UnsafeMutableRawPointer

        init(_ db: Database, tables: [String]) throws {
            var code: Int32 = 0
            let names = tables.map { strdup($0) }
            defer { names.forEach { free($0) } }
            let pointers = names.map { UnsafePointer($0) }
            let session = pointers.withUnsafeBufferPointer { buffer in
                memoss_session_begin(UnsafeMutableRawPointer(db.sqliteConnection), buffer.baseAddress, Int32(tables.count), &code)
            }
            guard let session else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot record changes") }
            self.session = session
        }

        deinit { memoss_session_end(session) }

        /// The changes so far; empty when nothing changed.
        func changeset() throws -> Data {
            var size: Int32 = 0
            var bytes: UnsafeMutableRawPointer?
            let code = memoss_session_changeset(session, &size, &bytes)
            defer { memoss_free(bytes) }
            guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot read the changes") }
            guard let bytes, size > 0 else { return Data() }
            return Data(bytes: bytes, count: Int(size))
        }
    }

    /// How an entry holds its changes.
    enum Kind: Int {
        /// A SQLite changeset.
        case changeset = 0
        /// Rows added (an import), as `AddedRows`: their ids only, while the rows are in the store.
        case added = 1
        /// Rows added, undone: the changeset that puts them back, until redo makes them `added` again.
        case addedUndone = 2
    }

    /// The rows one import added: its reminders (with their tag links) and the tags and lists it
    /// created. An import keeps the ids of what it added in the journal, not a changeset of every
    /// value; undo deletes the rows by id (recording what it deletes, so redo can put them back).
    struct AddedRows: Equatable {
        var reminderIDs: [UUID] = []
        var tagIDs: [UUID] = []
        var listIDs: [UUID] = []

        /// Reminder count and tag count (4 bytes each, little-endian), then the reminder, tag and
        /// list ids, 16 bytes each. An entry written before lists has the reminder count only, and
        /// tag ids after the reminders': its length is 4 more than a multiple of 16, where this is 8 more.
        var encoded: Data {
            var data = Data(capacity: 8 + 16 * (reminderIDs.count + tagIDs.count + listIDs.count))
            withUnsafeBytes(of: UInt32(reminderIDs.count).littleEndian) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: UInt32(tagIDs.count).littleEndian) { data.append(contentsOf: $0) }
            for ids in [reminderIDs, tagIDs, listIDs] { for id in ids { withUnsafeBytes(of: id.uuid) { data.append(contentsOf: $0) } } }
            return data
        }

        init(reminderIDs: [UUID], tagIDs: [UUID], listIDs: [UUID] = []) {
            (self.reminderIDs, self.tagIDs, self.listIDs) = (reminderIDs, tagIDs, listIDs)
        }

        init(_ data: Data) throws {
            let bytes = [UInt8](data)
            func count(at offset: Int) -> Int {
                Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
            }
            let header = bytes.count % 16
            guard bytes.count >= header, header == 4 || header == 8 else { throw JournalError.cannotApply }
            let ids = bytes.withUnsafeBytes { UUID.packed(in: UnsafeRawBufferPointer(rebasing: $0[header...])) }
            let reminders = count(at: 0)
            let tags = header == 8 ? count(at: 4) : ids.count - min(reminders, ids.count)
            guard reminders + tags <= ids.count else { throw JournalError.cannotApply }
            reminderIDs = Array(ids[..<reminders])
            tagIDs = Array(ids[reminders..<(reminders + tags)])
            listIDs = Array(ids[(reminders + tags)...])
        }
    }

    /// Stores `changes` as a new journal entry of `note` (in `group`'s command, else its own),
    /// drops what could be redone (a new command ends the redo path) and keeps the newest commands only.
    static func append(_ changes: Data, kind: Kind = .changeset, note: Journal.Note, group: Journal.Group?,
                       _ db: Database) throws {
        guard !changes.isEmpty else { return }
        // A new command of the user's ends what redo could apply again; a sync's does not.
        if group?.id == nil && note.origin == nil {
            try db.execute(sql: "DELETE FROM journalEntry WHERE isUndone = 1")
        }
        try db.execute(sql: """
            INSERT INTO journalEntry (commandID, summary, createdAt, changes, isUndone, revision, kind, origin)
            VALUES (?, ?, ?, ?, 0, ?, ?, ?)
            """, arguments: [group?.id ?? 0, note.summary, StoredDate.text(note.at), changes, try nextRevision(db), kind.rawValue, note.origin])
        let id = db.lastInsertedRowID
        if group?.id == nil {
            // The command's number is its first entry's.
            group?.id = id
            try db.execute(sql: "UPDATE journalEntry SET commandID = id WHERE id = ?", arguments: [id])
        }
        try prune(db)
    }

    /// Keeps only the newest `limit` commands.
    private static func prune(_ db: Database) throws {
        try db.execute(sql: """
            DELETE FROM journalEntry WHERE commandID NOT IN (
                SELECT DISTINCT commandID FROM journalEntry ORDER BY commandID DESC LIMIT ?)
            """, arguments: [try limit(db)])
    }

    /// How many commands the journal keeps.
    static func limit(_ db: Database) throws -> Int {
        try String.fetchOne(db, sql: "SELECT value FROM storeSetting WHERE name = ?", arguments: [limitSetting])
            .flatMap(Int.init) ?? defaultLimit
    }

    /// Sets how many commands the journal keeps, dropping older ones at once.
    static func setLimit(_ limit: Int, _ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO storeSetting (name, value) VALUES (?, ?)",
                       arguments: [limitSetting, String(limit)])
        try prune(db)
    }

    /// The store's next revision (a counter that only grows).
    private static func nextRevision(_ db: Database) throws -> Int64 {
        let current = try String.fetchOne(db, sql: "SELECT value FROM storeSetting WHERE name = ?", arguments: [revisionSetting])
            .flatMap { Int64($0) } ?? 0
        try db.execute(sql: "INSERT OR REPLACE INTO storeSetting (name, value) VALUES (?, ?)",
                       arguments: [revisionSetting, String(current + 1)])
        return current + 1
    }

    /// The store's current revision.
    static func revision(_ db: Database) throws -> Int64 {
        try String.fetchOne(db, sql: "SELECT value FROM storeSetting WHERE name = ?", arguments: [revisionSetting])
            .flatMap { Int64($0) } ?? 0
    }

    /// Undoes the newest command not undone yet; returns it, `nil` when there is none.
    /// Undoes the user's newest command not undone (with `sync`, the newest sync's instead);
    /// returns it, `nil` when there is none. Refuses, changing nothing, when the other kind of
    /// command (a sync's, or with `sync` the user's) changed the same reminders after it: undo
    /// never takes back another device's changes unasked, nor the user's own by the way.
    static func undo(_ db: Database, sync: Bool = false) throws -> JournalCommand? {
        guard let commandID = try Int64.fetchOne(db, sql: """
            SELECT max(commandID) FROM journalEntry WHERE isUndone = 0 AND (origin IS NULL) = ?
            """, arguments: [!sync])
        else { return nil }
        if let later = try laterOverlapping(commandID, ofSync: !sync, db) {
            let sentence = try command(commandID, db)?.sentence ?? ""
            throw sync ? JournalError.changedSinceSync(later.sentence) : JournalError.changedBySyncSince(sentence, account: later.origin ?? "")
        }
        let entries = try Row.fetchAll(db, sql: "SELECT id, changes, kind FROM journalEntry WHERE commandID = ? ORDER BY id DESC",
                                       arguments: [commandID])
        try whileApplying(db, undoing: true) {
            for entry in entries {
                let id: Int64 = entry["id"]
                switch Kind(rawValue: entry["kind"]) {
                case .changeset:
                    try apply(try inverted(entry["changes"]), db)
                    try db.execute(sql: "UPDATE journalEntry SET isUndone = 1, revision = ? WHERE id = ?",
                                   arguments: [try nextRevision(db), id])
                case .added:
                    let putBack = try inverted(try delete(try AddedRows(entry["changes"]), db))
                    try db.execute(sql: "UPDATE journalEntry SET isUndone = 1, revision = ?, kind = ?, changes = ? WHERE id = ?",
                                   arguments: [try nextRevision(db), Kind.addedUndone.rawValue, putBack, id])
                case .addedUndone, nil:
                    throw JournalError.cannotApply
                }
            }
        }
        return try command(commandID, db)
    }

    /// Redoes the oldest undone command; returns it, `nil` when there is none. Refuses, changing
    /// nothing, when the other kind of command (a sync's after the user's, the user's after a
    /// sync's) changed the same reminders after it: as undo, redo never overwrites them.
    static func redo(_ db: Database) throws -> JournalCommand? {
        guard let commandID = try Int64.fetchOne(db, sql: "SELECT min(commandID) FROM journalEntry WHERE isUndone = 1")
        else { return nil }
        // A later command of the other kind that overlaps came after the undo: undo refuses one before.
        let redone = try command(commandID, db)
        if let later = try laterOverlapping(commandID, ofSync: redone?.origin == nil, db) {
            let since = later.origin.map { "a sync with \($0)" } ?? "a later command (\(later.sentence))"
            throw JournalError.changedSinceUndone(redone?.sentence ?? "", since: since)
        }
        let entries = try Row.fetchAll(db, sql: "SELECT id, changes, kind FROM journalEntry WHERE commandID = ? ORDER BY id",
                                       arguments: [commandID])
        try whileApplying(db) {
            for entry in entries {
                let id: Int64 = entry["id"]
                let changes: Data = entry["changes"]
                try apply(changes, db)
                switch Kind(rawValue: entry["kind"]) {
                case .changeset:
                    try db.execute(sql: "UPDATE journalEntry SET isUndone = 0, revision = ? WHERE id = ?",
                                   arguments: [try nextRevision(db), id])
                case .addedUndone:
                    // The rows are back: keep their ids only again.
                    let added = AddedRows(reminderIDs: try blobKeys(changes, table: "reminder").compactMap(UUID.init(blob:)),
                                          tagIDs: try blobKeys(changes, table: "tag").compactMap(UUID.init(blob:)),
                                          listIDs: try blobKeys(changes, table: "list").compactMap(UUID.init(blob:)))
                    try db.execute(sql: "UPDATE journalEntry SET isUndone = 0, revision = ?, kind = ?, changes = ? WHERE id = ?",
                                   arguments: [try nextRevision(db), Kind.added.rawValue, added.encoded, id])
                case .added, nil:
                    throw JournalError.cannotApply
                }
            }
        }
        return try command(commandID, db)
    }

    /// The commands kept, newest first.
    static func commands(_ db: Database) throws -> [JournalCommand] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT commandID, summary, createdAt, isUndone, origin FROM journalEntry ORDER BY commandID DESC, id
            """)
        var commands: [JournalCommand] = []
        for row in rows {
            let id: Int64 = row["commandID"]
            if let last = commands.last, last.id == id {
                commands[commands.count - 1] = JournalCommand(id: id, summaries: last.summaries + [row["summary"]],
                                                              at: last.at, isUndone: last.isUndone, origin: last.origin)
            } else {
                commands.append(JournalCommand(id: id, summaries: [row["summary"]], at: try StoredDate.date(row["createdAt"]), isUndone: row["isUndone"],
                                               origin: row["origin"]))
            }
        }
        return commands
    }

    /// What undoing the newest sync would do to each reminder it changed: delete it (the sync
    /// brought it), put it back (the sync deleted it) or change it back; with the command.
    static func syncUndoPreview(_ db: Database) throws -> (command: JournalCommand, effects: [SyncUndoPreviewEffect])? {
        guard let commandID = try Int64.fetchOne(db, sql: "SELECT max(commandID) FROM journalEntry WHERE isUndone = 0 AND origin IS NOT NULL"),
              let command = try command(commandID, db) else { return nil }
        // Refused before anything is asked, as `undo(sync: true)` would refuse it.
        if let later = try laterOverlapping(commandID, ofSync: false, db) { throw JournalError.changedSinceSync(later.sentence) }
        var effects: [UUID: SyncUndoEffect] = [:], order: [UUID] = [], deletedTitles: [UUID: String] = [:]
        for entry in try Row.fetchAll(db, sql: "SELECT changes, kind FROM journalEntry WHERE commandID = ? ORDER BY id",
                                      arguments: [commandID]) where Kind(rawValue: entry["kind"]) == .changeset {
            // Column 1 of `reminder` is its title.
            for (key, title) in try deletedTexts(entry["changes"], table: "reminder", column: 1) {
                if let id = UUID(blob: key), let title { deletedTitles[id] = title }
            }
            for (key, op) in try blobKeyOperations(entry["changes"], table: "reminder") {
                guard let id = UUID(blob: key) else { continue }
                if effects[id] == nil { order.append(id) }
                let effect: SyncUndoEffect = op == SQLITE_INSERT ? .delete : op == SQLITE_DELETE ? .restore : .changeBack
                // Brought and then changed by the same sync is still brought.
                effects[id] = effects[id] == .delete ? .delete : effect
            }
        }
        return (command, order.compactMap { id in
            effects[id].map { SyncUndoPreviewEffect(id: id, effect: $0, deletedTitle: $0 == .restore ? deletedTitles[id] : nil) }
        })
    }

    /// The first command after `commandID` of the other kind (a sync's when `ofSync`, else the
    /// user's), not undone, that changed a reminder `commandID` changed.
    private static func laterOverlapping(_ commandID: Int64, ofSync: Bool, _ db: Database) throws -> JournalCommand? {
        let mine = try reminderKeys(of: "commandID = ?", [commandID], db)
        guard !mine.isEmpty else { return nil }
        let later = try Int64.fetchAll(db, sql: """
            SELECT DISTINCT commandID FROM journalEntry WHERE commandID > ? AND isUndone = 0 AND (origin IS NOT NULL) = ?
            ORDER BY commandID
            """, arguments: [commandID, ofSync])
        for id in later where !mine.isDisjoint(with: try reminderKeys(of: "commandID = ?", [id], db)) {
            return try command(id, db)
        }
        return nil
    }

    /// The reminders the entries `condition` selects changed.
    private static func reminderKeys(of condition: String, _ arguments: StatementArguments, _ db: Database) throws -> Set<Data> {
        var keys = Set<Data>()
        for entry in try Row.fetchAll(db, sql: "SELECT changes, kind FROM journalEntry WHERE \(condition)", arguments: arguments) {
            let changes: Data = entry["changes"]
            if Kind(rawValue: entry["kind"]) == .added {
                keys.formUnion(try AddedRows(changes).reminderIDs.map { withUnsafeBytes(of: $0.uuid) { Data($0) } })
            } else {
                keys.formUnion(try blobKeys(changes, table: "reminder"))
            }
        }
        return keys
    }

    private static func command(_ id: Int64, _ db: Database) throws -> JournalCommand? {
        try commands(db).first { $0.id == id }
    }

    /// The ids of the reminders whose rows changed after `revision` (by a command, an undo or a redo
    /// the journal still holds), and the store's revision now.
    static func changedReminders(since revision: Int64, _ db: Database) throws -> (ids: Set<UUID>, revision: Int64) {
        var ids = Set<UUID>()
        for entry in try Row.fetchAll(db, sql: "SELECT changes, kind FROM journalEntry WHERE revision > ?", arguments: [revision]) {
            let changes: Data = entry["changes"]
            if Kind(rawValue: entry["kind"]) == .added {
                ids.formUnion(try AddedRows(changes).reminderIDs)
            } else {
                ids.formUnion(try blobKeys(changes, table: "reminder").compactMap(UUID.init(blob:)))
            }
        }
        return (ids, try self.revision(db))
    }

    /// Migration v15: the journal's changesets written again with the instants of reminders,
    /// completions and notifications as the integers the tables now hold, so undo and redo of what was done before
    /// the migration still find and restore the same rows.
    static func rewriteInstantsAsMilliseconds(_ db: Database) throws {
        let instants = [("reminder", 3), ("reminder", 6), ("reminder", 7), ("reminder", 8),
                        ("completion", 2), ("completion", 3), ("notificationRequest", 2),
                        ("deliveredNotification", 2), ("deliveredNotification", 7)]
        let names = instants.map { strdup($0.0) }
        defer { names.forEach { free($0) } }
        let tables = names.map { UnsafePointer($0) }
        let columns = instants.map { Int32($0.1) }
        let entries = try Row.fetchAll(db, sql: "SELECT id, changes FROM journalEntry WHERE kind IN (?, ?)",
                                       arguments: [Kind.changeset.rawValue, Kind.addedUndone.rawValue])
        for entry in entries {
            let changes: Data = entry["changes"]
            let rewritten = try changes.withUnsafeBytes { buffer in
                var size: Int32 = 0
                var out: UnsafeMutableRawPointer?
                let code = memoss_changeset_instants_to_ms(Int32(buffer.count), buffer.baseAddress, tables, columns,
                                                           Int32(instants.count), &size, &out)
                defer { memoss_free(out) }
                guard code == SQLITE_OK else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "the journal entry cannot be read")
                }
                return out.map { Data(bytes: $0, count: Int(size)) } ?? Data()
            }
            try db.execute(sql: "UPDATE journalEntry SET changes = ? WHERE id = ?", arguments: [rewritten, entry["id"] as Int64])
        }
    }

    private static func whileApplying(_ db: Database, undoing: Bool = false, _ body: () throws -> Void) throws {
        let flags = undoing ? [applyingFlag, undoingFlag] : [applyingFlag]
        for flag in flags { try db.execute(sql: "INSERT OR IGNORE INTO storeFlag (name) VALUES (?)", arguments: [flag]) }
        try body()
        for flag in flags { try db.execute(sql: "DELETE FROM storeFlag WHERE name = ?", arguments: [flag]) }
        // Notification rows put back as they were may be answered since (by a sync): a plan, which
        // looks only at the reminders changed, would keep them.
        try GRDBNotificationRepository.removeAnswered(db)
    }

    /// Deletes the rows `added` (their tag links and completions go with them), recording it;
    /// returns the changeset of what was deleted.
    private static func delete(_ added: AddedRows, _ db: Database) throws -> Data {
        let recorder = try Recorder(db, tables: reminderTables)
        for (table, ids) in [("reminder", added.reminderIDs), ("tag", added.tagIDs), ("list", added.listIDs)] {
            try deleteRows(of: table, ids, db)
        }
        return try recorder.changeset()
    }

    /// Deletes the rows of `table` whose ids are `ids`, by one statement.
    ///
    /// A statement whose triggers change other tables keeps a statement journal of every page it
    /// touches, spilled to a temporary file past 64 KiB: one `DELETE` per row wrote each row's
    /// pages there again (20 writes a row), most of an import's undo. One statement journals
    /// each page once.
    private static func deleteRows(of table: String, _ ids: [UUID], _ db: Database) throws {
        guard !ids.isEmpty else { return }
        try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS journalDeletion (id BLOB PRIMARY KEY) WITHOUT ROWID")
        try db.execute(sql: "DELETE FROM temp.journalDeletion")
        defer { try? db.execute(sql: "DROP TABLE temp.journalDeletion") }
        let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO temp.journalDeletion (id) VALUES (?)")
        for id in ids { try insert.execute(arguments: [id]) }
        try db.execute(sql: "DELETE FROM \(table) WHERE id IN (SELECT id FROM temp.journalDeletion)")
    }

    private static func inverted(_ changes: Data) throws -> Data {
        try changes.withUnsafeBytes { buffer in
            var size: Int32 = 0
            var out: UnsafeMutableRawPointer?
            let code = memoss_changeset_invert(Int32(buffer.count), buffer.baseAddress, &size, &out)
            defer { memoss_free(out) }
            guard code == SQLITE_OK, let out else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "the journal entry cannot be read")
            }
            return Data(bytes: out, count: Int(size))
        }
    }

    private static func apply(_ changes: Data, _ db: Database) throws {
        let code = changes.withUnsafeBytes { buffer in
            memoss_changeset_apply(UnsafeMutableRawPointer(db.sqliteConnection), Int32(buffer.count), buffer.baseAddress)
        }
        guard code == SQLITE_OK else {
            throw JournalError.cannotApply
        }
    }

    private static func blobKeyOperations(_ changes: Data, table: String) throws -> [(Data, Int32)] {
        final class Keys { var all: [(Data, Int32)] = [] }
        let keys = Keys()
        let code = changes.withUnsafeBytes { buffer in
            memoss_changeset_blob_key_ops(Int32(buffer.count), buffer.baseAddress, table, { key, size, op, context in
                guard let key, let context else { return }
                Unmanaged<Keys>.fromOpaque(context).takeUnretainedValue().all.append((Data(bytes: key, count: Int(size)), op))
            }, Unmanaged.passUnretained(keys).toOpaque())
        }
        guard code == SQLITE_OK else { throw JournalError.cannotApply }
        return keys.all
    }

    /// The key of each row of `table` the changeset deletes, with the text its column `column` had.
    private static func deletedTexts(_ changes: Data, table: String, column: Int32) throws -> [(Data, String?)] {
        final class Found { var all: [(Data, String?)] = [] }
        let found = Found()
        let code = changes.withUnsafeBytes { buffer in
            memoss_changeset_deleted_texts(Int32(buffer.count), buffer.baseAddress, table, column, { key, size, text, textSize, context in
                guard let key, let context else { return }
                let value = text.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(textSize)), as: UTF8.self) }
                Unmanaged<Found>.fromOpaque(context).takeUnretainedValue().all.append((Data(bytes: key, count: Int(size)), value))
            }, Unmanaged.passUnretained(found).toOpaque())
        }
        guard code == SQLITE_OK else { throw JournalError.cannotApply }
        return found.all
    }

    private static func blobKeys(_ changes: Data, table: String) throws -> [Data] {
        final class Keys { var all: [Data] = [] }
        let keys = Keys()
        let code = changes.withUnsafeBytes { buffer in
            memoss_changeset_blob_keys(Int32(buffer.count), buffer.baseAddress, table, { key, size, context in
                guard let key, let context else { return }
                Unmanaged<Keys>.fromOpaque(context).takeUnretainedValue().all.append(Data(bytes: key, count: Int(size)))
            }, Unmanaged.passUnretained(keys).toOpaque())
        }
        guard code == SQLITE_OK else { throw JournalError.cannotApply }
        return keys.all
    }
}

private extension UUID {
    /// The id stored as a 16-byte blob.
    init?(blob: Data) {
        guard blob.count == 16 else { return nil }
        self = blob.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
    }
}
