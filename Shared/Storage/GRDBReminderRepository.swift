import Domain
import Foundation
import GRDB
import GRDBSQLite

/// The reminder repository over the SQLite store: its writes here; its reads in
/// `+Queries`, `+Listing` and `+Planner`.
package struct GRDBReminderRepository: ReminderRepository {
    package let database: AppDatabase
    /// Called while a listing is read in two, between the starts of the two reads.
    let readsInTwoStarted: (@Sendable () -> Void)?
    /// Called while a listing is read in two, on the second read's connection before it looks at
    /// `data_version`.
    let secondReadLooks: (@Sendable () -> Void)?

    /// A repository writing to `database`. Tests pass `readsInTwoStarted` and `secondReadLooks`
    /// to change the store while a listing's two reads start.
    package init(database: AppDatabase, readsInTwoStarted: (@Sendable () -> Void)? = nil,
                 secondReadLooks: (@Sendable () -> Void)? = nil) {
        self.database = database
        self.readsInTwoStarted = readsInTwoStarted
        self.secondReadLooks = secondReadLooks
    }

    package func insert(_ reminder: Reminder, tagIDs: [UUID]) async throws {
        try await database.write { db in
            try ReminderRecord(reminder).insert(db)
            try Self.setTags(tagIDs, of: reminder.id, db)
        }
    }

    /// Adds many reminders with their tags in one transaction: all of them or, on any failure, none.
    package func insert(_ batch: [(reminder: Reminder, tagIDs: [UUID])]) async throws {
        try await database.write { db in
            for (reminder, tagIDs) in batch {
                try ReminderRecord(reminder).insert(db)
                try Self.setTags(tagIDs, of: reminder.id, db)
            }
        }
    }

    package func update(_ reminder: Reminder, tagIDs: [UUID]) async throws {
        try await updateExisting(reminder) { db in try Self.setTags(tagIDs, of: reminder.id, db) }
    }

    package func save(_ reminders: [Reminder]) async throws {
        try await database.write { db in
            for reminder in reminders {
                try Self.updateExisting(reminder, db)
                // One closed (cancelled) keeps none shown, in this change, so undo gives them back.
                if reminder.isCompleted {
                    try db.execute(sql: "DELETE FROM deliveredNotification WHERE reminderID = ?", arguments: [reminder.id])
                }
            }
        }
    }

    package func delete(ids: [UUID]) async throws {
        try await database.write { db in
            for id in ids where try !ReminderRecord.deleteOne(db, key: id) { throw ReminderError.notFound(id) }
        }
    }

    package func complete(_ completions: [(reminder: Reminder, completion: Completion)]) async throws {
        try await database.write { db in
            for (reminder, completion) in completions {
                try Self.updateExisting(reminder, db)
                try CompletionRecord(completion).insert(db)
                // Its notifications that were shown are answered by completing it.
                try db.execute(sql: "DELETE FROM deliveredNotification WHERE reminderID = ?", arguments: [reminder.id])
            }
        }
    }

    package func reopen(_ reopenings: [(reminder: Reminder, occurrence: Date)]) async throws {
        try await database.write { db in
            for (reminder, occurrence) in reopenings {
                try Self.updateExisting(reminder, db)
                try CompletionRecord
                    .filter(CompletionRecord.Columns.reminderID == reminder.id)
                    .filter(CompletionRecord.Columns.occurrence == StoredInstant.milliseconds(occurrence))
                    .deleteAll(db)
            }
        }
    }

    // The last listing is a blob of 16-byte ids (`lastListing`) and the reminders added after it,
    // by number (`lastListingAdded`): an `add` numbers its reminder without writing the blob again
    // (at a million reminders, 16 MB, twice with the WAL).

    package func saveListing(_ ids: [UUID], _ condition: ListingCondition) async throws -> ListingToken? {
        try await saveListing(count: ids.count, condition) { body in try Self.forEachSlice(of: ids, body) }
    }

    package func saveListing(_ spool: ListingSpool) async throws -> ListingToken? {
        try await saveListing(count: spool.count, .any) { body in try spool.forEachSlice(body) }
    }

    package func listingToken() async throws -> ListingToken? {
        try await database.read { db in try Self.token(db) }
    }

    /// The stored listing's token, `nil` when nothing was listed yet.
    private static func token(_ db: Database) throws -> ListingToken? {
        try Int64.fetchOne(db, sql: "SELECT token FROM lastListing WHERE id = 1").map { ListingToken(value: $0) }
    }

    /// Keeps the listing of `count` ids that `slices` passes as bytes, a slice at a time, as
    /// `condition` allows; the stored listing's token, `nil` when not kept.
    private func saveListing(count: Int, _ condition: ListingCondition, slices: @escaping ListingSlices) async throws -> ListingToken? {
        // Whether the stored listing must have a token (`required`), and whether only added to.
        let (checked, required, extendingOnly): (Bool, ListingToken?, Bool) = switch condition {
        case .any: (false, nil, false)
        case .extending(let token): (true, token, true)
        case .replacing(let token): (true, token, false)
        }
        // Listing the same reminders again writes nothing (and takes no lock); a listing that is
        // the stored one with reminders after it (a prompt's, after an `add`) adds those; another
        // is written whole. A write happens only when no other program is writing, never waiting
        // for one. Both compare and write the blob a slice at a time (incremental blob I/O): at a
        // million reminders, a copy of the listing held whole is 16 MB, and SQLite would make one
        // more of a blob bound whole.
        let (stored, token) = try await database.read { db -> (StoredListing, ListingToken?) in
            // Another listing than the one asked for is not compared (up to 16 MB).
            let token = try Self.token(db)
            if checked && token != required { return (.other, token) }
            return (try Self.storedListing(against: count, slices, extendingOnly: extendingOnly, db), token)
        }
        if checked && token != required { return nil }
        // A listing written whole keeps the token of the one it extends (`extending`), else has a new one.
        let kept = extendingOnly ? token : nil
        switch stored {
        case .same:
            if let token { return token }
        case .extendedByMany:
            break
        case .followedBy(let added, let listed, let previouslyAdded):
            let appended = try await database.writeIfFree { db -> Bool in
                // Unless another program listed meanwhile (its listing has another token).
                guard try Self.token(db) == token,
                      try Int.fetchOne(db, sql: "SELECT length(reminderIDs) / 16 FROM lastListing WHERE id = 1") == listed,
                      try Int.fetchOne(db, sql: "SELECT count(*) FROM lastListingAdded") == previouslyAdded else { return false }
                for (offset, id) in added.enumerated() {
                    try db.execute(sql: "INSERT INTO lastListingAdded (number, reminderID) VALUES (?, ?)",
                                   arguments: [listed + previouslyAdded + offset + 1, id])
                }
                return true
            }
            switch appended {
            case true?: return token
            case nil: return nil
            case false?: if checked { return nil }  // another program listed meanwhile: written whole
            }
        case .other:
            if extendingOnly { return nil }
        }
        let newToken = kept ?? ListingToken(value: Int64.random(in: 1...Int64.max))
        let written = try await database.writeIfFree { db -> Bool in
            guard try !checked || Self.token(db) == token else { return false }
            try db.execute(sql: "INSERT OR REPLACE INTO lastListing (id, reminderIDs, token) VALUES (1, zeroblob(?), ?)",
                           arguments: [count * 16, newToken.value])
            try Self.withListingBlob(db, writable: true) { blob in
                try slices { bytes, offset in
                    let code = sqlite3_blob_write(blob, bytes.baseAddress, Int32(bytes.count), Int32(offset))
                    guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
                    return true
                }
            }
            try db.execute(sql: "DELETE FROM lastListingAdded")
            return true
        }
        return written == true ? newToken : nil
    }

    /// Passes a listing's ids as bytes, 16 each, a slice of at most 64 KiB at a time with its
    /// offset, while the body returns true.
    private typealias ListingSlices = @Sendable ((UnsafeRawBufferPointer, _ offset: Int) throws -> Bool) throws -> Void

    /// How the stored listing stands to a listing of `count` ids.
    private enum StoredListing {
        /// It is that listing.
        case same
        /// It is the start of it (`listed` ids in the blob, `previouslyAdded` after them): the
        /// listing is it with `added` after.
        case followedBy(added: [UUID], listed: Int, previouslyAdded: Int)
        /// It is the start of it, with more after it than are added one by one (asked for
        /// `extendingOnly`; otherwise that is `other`).
        case extendedByMany
        /// Another listing, or none.
        case other
    }

    /// How the stored listing (its blob, then the reminders added after it) stands to the `count`
    /// ids of `slices`, read a slice at a time, stopping at the first that differs. Only a few
    /// reminders after the stored ones (as many as a slice) are taken as added: past that, the
    /// listing is written whole.
    private static func storedListing(against count: Int, _ slices: ListingSlices, extendingOnly: Bool,
                                      _ db: Database) throws -> StoredListing {
        try withListingBlob(db, writable: false) { blob -> StoredListing in
            let listed = Int(sqlite3_blob_bytes(blob)) / 16
            let many = count - listed > listingSlice
            guard count >= listed, !many || extendingOnly else { return .other }
            let previouslyAdded = try UUID.fetchAll(db, sql: "SELECT reminderID FROM lastListingAdded ORDER BY number")
            guard count >= listed + previouslyAdded.count else { return .other }
            var stored = [UInt8](repeating: 0, count: listingSlice * 16)
            var same = true
            var after: [UUID] = []
            try slices { bytes, offset in
                // The part of this slice that the blob holds, compared; the rest kept.
                let inBlob = max(0, min(bytes.count, listed * 16 - offset))
                if inBlob > 0 {
                    let code = stored.withUnsafeMutableBytes { sqlite3_blob_read(blob, $0.baseAddress, Int32(inBlob), Int32(offset)) }
                    guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
                    same = stored.withUnsafeBytes { read in
                        guard let read = read.baseAddress, let given = bytes.baseAddress else { return false }
                        return memcmp(read, given, inBlob) == 0
                    }
                }
                after += UUID.packed(in: UnsafeRawBufferPointer(rebasing: bytes[inBlob...]))
                // With many after it, only whether the stored listing is the start matters: the
                // blob and the ids added after it, compared whole.
                return same && !(many && offset + bytes.count >= listed * 16 && after.count >= previouslyAdded.count)
            }
            guard same, after.starts(with: previouslyAdded) else { return .other }
            if many { return .extendedByMany }
            if after.count == previouslyAdded.count { return .same }
            return .followedBy(added: Array(after.dropFirst(previouslyAdded.count)), listed: listed, previouslyAdded: previouslyAdded.count)
        } ?? .other
    }

    /// Ids per slice of the listing's blob read or written at once (64 KiB).
    private static var listingSlice: Int { 4096 }

    /// `body` with the stored listing's blob open; `nil` when nothing was listed yet.
    private static func withListingBlob<T>(_ db: Database, writable: Bool, _ body: (OpaquePointer) throws -> T) throws -> T? {
        var blob: OpaquePointer?
        guard sqlite3_blob_open(db.sqliteConnection, "main", "lastListing", "reminderIDs", 1, writable ? 1 : 0, &blob) == SQLITE_OK,
              let blob else { return nil }
        defer { sqlite3_blob_close(blob) }
        return try body(blob)
    }

    /// Passes `ids` as bytes, `listingSlice` at a time, with each slice's offset in the blob, while `body` returns true.
    private static func forEachSlice(of ids: [UUID], _ body: (UnsafeRawBufferPointer, _ offset: Int) throws -> Bool) throws {
        var slice = [UInt8](repeating: 0, count: listingSlice * 16)
        for start in stride(from: 0, to: ids.count, by: listingSlice) {
            let end = min(ids.count, start + listingSlice)
            slice.withUnsafeMutableBytes { bytes in
                for index in start..<end {
                    let at = (index - start) * 16
                    withUnsafeBytes(of: ids[index].uuid) { UnsafeMutableRawBufferPointer(rebasing: bytes[at..<(at + 16)]).copyMemory(from: $0) }
                }
            }
            let goesOn = try slice.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<((end - start) * 16)]), start * 16) }
            if !goesOn { return }
        }
    }

    package func lastListing() async throws -> [UUID]? {
        try await database.read { db in
            guard let blob = try Data.fetchOne(db, sql: "SELECT reminderIDs FROM lastListing WHERE id = 1") else { return nil }
            let listed = blob.withUnsafeBytes { UUID.packed(in: $0) }
            return listed + (try UUID.fetchAll(db, sql: "SELECT reminderID FROM lastListingAdded ORDER BY number"))
        }
    }

    package func appendToListing(_ id: UUID) async throws -> Int? {
        try await database.writeIfFree { db -> Int? in
            // length() of a blob is read from its row's header, not its pages.
            guard let listed = try Int.fetchOne(db, sql: "SELECT length(reminderIDs) / 16 FROM lastListing WHERE id = 1") else { return nil }
            let number = listed + (try Int.fetchOne(db, sql: "SELECT count(*) FROM lastListingAdded") ?? 0) + 1
            try db.execute(sql: "INSERT INTO lastListingAdded (number, reminderID) VALUES (?, ?)", arguments: [number, id])
            return number
        } ?? nil
    }

    package func lastListing(numbers: ClosedRange<Int>) async throws -> (count: Int, ids: [Int: UUID])? {
        try await database.read { db in
            // Incremental blob I/O: only the pages of the entries asked for are read.
            var blob: OpaquePointer?
            guard sqlite3_blob_open(db.sqliteConnection, "main", "lastListing", "reminderIDs", 1, 0, &blob) == SQLITE_OK,
                  let blob else { return nil }
            defer { sqlite3_blob_close(blob) }
            let listed = Int(sqlite3_blob_bytes(blob)) / 16
            let count = listed + (try Int.fetchOne(db, sql: "SELECT count(*) FROM lastListingAdded") ?? 0)
            var ids: [Int: UUID] = [:]
            var entry = uuid_t(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            for number in numbers.clamped(to: 1...max(1, count)) where number <= count {
                if number > listed {
                    ids[number] = try UUID.fetchOne(db, sql: "SELECT reminderID FROM lastListingAdded WHERE number = ?", arguments: [number])
                    continue
                }
                let code = withUnsafeMutableBytes(of: &entry) { sqlite3_blob_read(blob, $0.baseAddress, 16, Int32((number - 1) * 16)) }
                guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
                ids[number] = UUID(uuid: entry)
            }
            return (count, ids)
        }
    }

    /// Replaces the tags of reminder `id` with `tagIDs`; throws `TagError.notFound` for an unknown tag.
    private static func setTags(_ tagIDs: [UUID], of id: UUID, _ db: Database) throws {
        try ReminderTagRecord.filter(ReminderTagRecord.Columns.reminderID == id).deleteAll(db)
        for tagID in Set(tagIDs) {
            guard try TagRecord.exists(db, key: tagID) else { throw TagError.notFound(tagID) }
            try ReminderTagRecord(reminderID: id, tagID: tagID).insert(db)
        }
    }

    /// Stores `reminder` over its row and runs `alsoDo` in the same transaction;
    /// throws `ReminderError.notFound` when the row is gone.
    private func updateExisting(
        _ reminder: Reminder, alsoDo: @escaping @Sendable (Database) throws -> Void = { _ in }
    ) async throws {
        try await database.write { db in
            try Self.updateExisting(reminder, db)
            try alsoDo(db)
        }
    }

    /// Stores `reminder` over its row; throws `ReminderError.notFound` when the row is gone.
    private static func updateExisting(_ reminder: Reminder, _ db: Database) throws {
        guard try ReminderRecord.exists(db, key: reminder.id) else { throw ReminderError.notFound(reminder.id) }
        try ReminderRecord(reminder).update(db)
    }
}
