import CSQLiteSession
import Domain
import Foundation
import GRDB
import Shared
import Storage
import Testing
import TestSupport

/// Opening store files on disk, each test in its own temporary folder.
struct AppDatabaseTests {
    private let temporary: TemporaryFolder
    private var folder: URL { temporary.url }

    init() throws {
        temporary = try TemporaryFolder("memoss-tests")
    }

    private func mode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
    }

    private func sampleReminder() -> Reminder {
        Reminder(id: UUID(), title: "Buy milk", notes: "2 litres", scheduledAt: instant("2026-11-22T09:00:00-05:00"),
                 timeZoneID: "America/New_York", createdAt: testNow, updatedAt: testNow)
    }

    @Test func newStoreFileAndItsFoldersAreCreatedForTheOwnerOnly() throws {
        let url = folder.appendingPathComponent("data/memoss/memoss.sqlite")
        _ = try AppDatabase.open(at: url.path)
        #expect(try mode(url) == 0o600)
        #expect(try mode(url.deletingLastPathComponent()) == 0o700)
    }

    @Test func storeKeepsRemindersAcrossOpenings() async throws {
        let path = folder.appendingPathComponent("memoss.sqlite").path
        let reminder = sampleReminder()
        try await GRDBReminderRepository(database: AppDatabase.open(at: path)).insert(reminder, tagIDs: [])
        let reopened = GRDBReminderRepository(database: try AppDatabase.open(at: path))
        #expect(try await reopened.reminder(id: reminder.id) == reminder)
    }

    /// A process that wrote leaves the WAL folded into the store: the WAL used to outlive every
    /// command with all it wrote, grow by each (a listing of 80,000 reminders: 1.3 MB a time),
    /// and be read whole by each opening.
    @Test func aProcessThatWroteLeavesTheWALFoldedAndOneThatOnlyReadsWritesNothing() async throws {
        let path = folder.appendingPathComponent("memoss.sqlite").path
        let ids = (0..<80_000).map { counted($0) }
        for round in 1...3 {
            let database = try AppDatabase.open(at: path)
            #expect(try await GRDBReminderRepository(database: database).saveListing(Array(ids.dropFirst(round))))
            #expect(walBytes(path) > 1_280_000, "round \(round)")
            database.foldWAL()
            #expect(walBytes(path) == 32 + 24 + 4096, "round \(round): the WAL keeps its header and one page")
        }
        let before = try storeBytes(path)
        let reader = try AppDatabase.open(at: path)
        #expect(try await GRDBReminderRepository(database: reader).lastListing() == Array(ids.dropFirst(3)))
        reader.foldWAL()
        #expect(try storeBytes(path) == before, "a process that only read changed the store or its WAL")
    }

    /// SQLite starts a checkpointed WAL again from its beginning without shortening the file: a
    /// long file with a few pages in use is folded too.
    @Test func aLongWALFileWithFewPagesInUseIsFoldedToo() async throws {
        let path = folder.appendingPathComponent("memoss.sqlite").path
        let database = try AppDatabase.open(at: path)
        let listings = GRDBReminderRepository(database: database)
        #expect(try await listings.saveListing((0..<80_000).map { counted($0) }))
        try await DatabaseQueue(path: path).writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(PASSIVE)") }
        let tag = Tag(id: counted(7), name: "Work", colorHex: "#3B82F6", createdAt: testNow)
        try await GRDBTagRepository(database: database).insert(tag)
        #expect(walBytes(path) > 1_280_000)
        database.foldWAL()
        #expect(walBytes(path) == 32 + 24 + 4096)
        let reopened = try AppDatabase.open(at: path)
        #expect(try await GRDBTagRepository(database: reopened).tag(id: tag.id) == tag)
        #expect(try await GRDBReminderRepository(database: reopened).lastListing()?.count == 80_000)
    }

    /// A write of a few pages (a one-shot command's) is left in the WAL: folding it would copy
    /// them into the store and sync it at every command. The next process reads it from there.
    @Test func aWriteOfAFewPagesIsLeftInTheWALForALaterFold() async throws {
        let path = folder.appendingPathComponent("memoss.sqlite").path
        let database = try AppDatabase.open(at: path)
        let listings = GRDBReminderRepository(database: database)
        #expect(try await listings.saveListing((0..<80_000).map { counted($0) }))
        database.foldWAL()
        let store = URL(fileURLWithPath: path), before = try Data(contentsOf: store)
        let tag = Tag(id: counted(7), name: "Work", colorHex: "#3B82F6", createdAt: testNow)
        try await GRDBTagRepository(database: database).insert(tag)
        let wal = walBytes(path)
        database.foldWAL()
        #expect(try Data(contentsOf: store) == before, "the store was written")
        #expect(walBytes(path) == wal && wal > 32 + 24 + 4096)
        #expect(try await GRDBTagRepository(database: try AppDatabase.open(at: path)).tag(id: tag.id) == tag)
    }

    /// Pages another connection still reads are left in the WAL, without waiting for it; they are
    /// folded by the next process that writes once it has finished.
    @Test func theWALIsNotFoldedUnderAReader() async throws {
        let path = folder.appendingPathComponent("memoss.sqlite").path
        let database = try AppDatabase.open(at: path)
        let listings = GRDBReminderRepository(database: database)
        #expect(try await listings.saveListing([counted(1)]))
        let otherPool = try DatabasePool(path: path)
        do {
            // Another connection in a read transaction since the first listing was saved.
            let reading = try otherPool.makeSnapshot()
            #expect(try await listings.saveListing((0..<80_000).map { counted($0) }))
            database.foldWAL()
            #expect(walBytes(path) > 1_280_000)
            #expect(try await reading.read { try Data.fetchOne($0, sql: "SELECT reminderIDs FROM lastListing")?.count } == 16)
        }
        #expect(try await listings.saveListing([counted(2)]))
        database.foldWAL()
        #expect(walBytes(path) == 32 + 24 + 4096)
        #expect(try await listings.lastListing() == [counted(2)])
    }

    private func walBytes(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? -1
    }

    private func storeBytes(_ path: String) throws -> [Data] {
        try [path, path + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    }

    @Test func fileThatIsNotSQLiteIsRefusedAndLeftAsItWas() throws {
        let url = folder.appendingPathComponent("notes.txt")
        try Data("shopping list\n".utf8).write(to: url)
        #expect(throws: StoreError.notADatabase(path: url.path)) { try AppDatabase.open(at: url.path) }
        #expect(try String(contentsOf: url, encoding: .utf8) == "shopping list\n")
        #expect(StoreError.notADatabase(path: url.path).message.hasPrefix("\(url.path) is not a Memoss store"))
    }

    @Test func databaseOfAnotherProgramIsRefusedAndNotChanged() throws {
        let url = folder.appendingPathComponent("other.db")
        let other = try DatabaseQueue(path: url.path)
        try other.write { db in try db.execute(sql: "CREATE TABLE song (name TEXT)") }
        try other.close()

        #expect(throws: StoreError.notAMemossStore(path: url.path)) { try AppDatabase.open(at: url.path) }

        let reopened = try DatabaseQueue(path: url.path)
        let (tables, journalMode) = try reopened.read { db in
            (try String.fetchAll(db, sql: "SELECT name FROM sqlite_master ORDER BY name"),
             try String.fetchOne(db, sql: "PRAGMA journal_mode"))
        }
        #expect(tables == ["song"])
        #expect(journalMode == "delete")
    }

    /// The look happens on the connection the store is then used through, before it is switched to
    /// WAL: another program's WAL database is refused with its files as they were, a WAL it had not
    /// folded yet included, and one without a WAL is left without one.
    @Test func aWALDatabaseOfAnotherProgramIsRefusedAndItsFilesLeftAsFound() throws {
        let folded = folder.appendingPathComponent("folded.db").path
        let other = try DatabasePool(path: folded)
        try other.write { db in try db.execute(sql: "CREATE TABLE song (name TEXT); INSERT INTO song VALUES ('one')") }
        try other.close()
        #expect(!FileManager.default.fileExists(atPath: folded + "-wal"))
        #expect(throws: StoreError.notAMemossStore(path: folded)) { try AppDatabase.open(at: folded) }
        #expect(!FileManager.default.fileExists(atPath: folded + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: folded + "-shm"))

        let pending = folder.appendingPathComponent("pending.db").path
        var config = Configuration()
        config.prepareDatabase { db in _ = memoss_keep_wal_on_close(UnsafeMutableRawPointer(db.sqliteConnection)) }
        let writer = try DatabasePool(path: pending, configuration: config)
        try writer.write { db in try db.execute(sql: "CREATE TABLE song (name TEXT); INSERT INTO song VALUES ('two')") }
        try writer.close()
        let before = try storeBytes(pending)
        #expect(before[1].count > 4096, "the other program's rows are still in its WAL")
        #expect(throws: StoreError.notAMemossStore(path: pending)) { try AppDatabase.open(at: pending) }
        #expect(try storeBytes(pending) == before)
        let rows = try DatabaseQueue(path: pending).read { try String.fetchAll($0, sql: "SELECT name FROM song") }
        #expect(rows == ["two"])
    }

    @Test func folderIsRefusedWithASentenceThatSaysSo() {
        #expect(throws: StoreError.cannotOpen(path: folder.path, reason: "it is a folder; give the path of a file inside it")) {
            try AppDatabase.open(at: folder.path)
        }
    }

    @Test func storeMadeByMigrationV1OpensAfterLaterMigrations() async throws {
        let path = folder.appendingPathComponent("old.sqlite").path
        let old = try DatabaseQueue(path: path)
        try AppDatabase.migrator.migrate(old, upTo: "v1")
        try await old.write { db in
            try db.execute(sql: """
                INSERT INTO reminder (id, title, notes, scheduledAt, timeZoneID, isCompleted, createdAt, updatedAt)
                VALUES (?, 'Water the plants', NULL, '2026-11-22 14:00:00.000', 'America/New_York', 0,
                        '2026-11-21 20:00:00.000', '2026-11-21 20:00:00.000')
                """, arguments: [UUID(uuidString: "00000000-0000-0000-0000-0000000000AA")])
        }
        try old.close()

        let store = try AppDatabase.open(at: path)
        let repository = GRDBReminderRepository(database: store)
        let reminder = try #require(try await repository.reminder(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000AA")!))
        #expect(reminder.title == "Water the plants")
        #expect(reminder.scheduledAt == instant("2026-11-22T09:00:00-05:00"))
        // The later migration's table works on the old store.
        _ = try await ToggleLog(repository).complete(reminder)
        #expect(try await repository.completions(madeIn: testNow..<testNow.addingTimeInterval(1)).count == 1)
    }

    @Test func storeWrittenByANewerMemossIsRefused() throws {
        let path = folder.appendingPathComponent("newer.sqlite").path
        _ = try AppDatabase.open(at: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v999')") }
        try queue.close()
        #expect(throws: StoreError.newerVersion(path: path)) { try AppDatabase.open(at: path) }
    }
}

/// Completes a reminder through the repository the way the toggle use case does.
private struct ToggleLog {
    let repository: GRDBReminderRepository
    init(_ repository: GRDBReminderRepository) { self.repository = repository }

    func complete(_ reminder: Reminder) async throws -> Reminder {
        var done = reminder
        done.isCompleted = true
        done.completedAt = testNow
        try await repository.complete([(done, Completion(
            id: UUID(), reminderID: reminder.id, occurrence: reminder.scheduledAt!, completedAt: testNow))])
        return done
    }
}

struct RecurrenceColumnsTests {
    @Test func recurrenceIsStoredInReadableColumns() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("memoss-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let reminder = Reminder(id: UUID(), title: "Bins", notes: nil, scheduledAt: testNow, timeZoneID: "Europe/London",
                                createdAt: testNow, updatedAt: testNow, recurrence: .monthly(day: 31),
                                recurrenceEnd: day("2027-06-30"),
                                nominal: LocalDateTime(date: day("2026-03-29"), time: time("01:30")))
        let repository = GRDBReminderRepository(database: try AppDatabase.open(at: path))
        try await repository.insert(reminder, tagIDs: [])
        #expect(try await repository.reminder(id: reminder.id) == reminder)

        let raw = try DatabaseQueue(path: path)
        let row = try #require(try await raw.read { db in
            try Row.fetchOne(db, sql: "SELECT recurrenceRule, recurrenceWeekday, recurrenceDay, recurrenceEnd, nominalTime, nominalDate FROM reminder")
        })
        #expect(row["recurrenceRule"] == "monthly")
        #expect(row["recurrenceWeekday"] as Int? == nil)
        #expect(row["recurrenceDay"] == 31)
        #expect(row["recurrenceEnd"] == "2027-06-30")
        #expect(row["nominalTime"] == "01:30")
        #expect(row["nominalDate"] == "2026-03-29")
    }

    /// Before v8 only the nominal time was stored; migrating finds the date whose reading at that
    /// time resolves to the due instant, also when the gap crossed midnight.
    @Test func migratingKeepsTheNominalDateOfAnOccurrenceMovedPastMidnight() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("memoss-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let queue = try DatabaseQueue(path: path)
        try AppDatabase.migrator.migrate(queue, upTo: "v7")
        let nuuk = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
        let newYork = UUID(uuidString: "00000000-0000-0000-0000-000000000002")!
        try await queue.write { db in
            for (id, at, zone, time) in [(nuuk, "2027-03-28T01:30:00Z", "America/Nuuk", "23:30"),
                                         (newYork, "2026-03-08T07:30:00Z", "America/New_York", "02:30")] {
                try db.execute(sql: """
                    INSERT INTO reminder (id, title, scheduledAt, timeZoneID, isCompleted, createdAt, updatedAt,
                        recurrenceRule, recurrenceWeekday, nominalTime)
                    VALUES (?, 't', ?, ?, 0, ?, ?, 'weekly', 7, ?)
                    """, arguments: [id, try Date(at, strategy: .iso8601), zone, testNow, testNow, time])
            }
        }
        try queue.close()
        let repository = GRDBReminderRepository(database: try AppDatabase.open(at: path))
        let shifted = try #require(try await repository.reminder(id: nuuk))
        #expect(shifted.localScheduled == LocalDateTime(date: day("2027-03-27"), time: time("23:30")))
        #expect(shifted.followingOccurrence?.nominal == LocalDateTime(date: day("2027-04-03"), time: time("23:30")))
        let sameDay = try #require(try await repository.reminder(id: newYork))
        #expect(sameDay.localScheduled == LocalDateTime(date: day("2026-03-08"), time: time("02:30")))
    }

    /// v17 rebuilds `reminder` so a reminder may be undated: every row of a store from before keeps
    /// its values (timed, open or done, not started), its completions, its tags and its place in the
    /// planner's index, and the store then takes undated ones.
    @Test func aStoreFromBeforeUndatedRemindersKeepsEveryRowAndTakesUndatedOnes() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("memoss-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let queue = try DatabaseQueue(path: path)
        try AppDatabase.migrator.migrate(queue, upTo: "v16")
        let daily = UUID(uuidString: "00000000-0000-0000-0000-0000000000D1")!, done = UUID(uuidString: "00000000-0000-0000-0000-0000000000D2")!
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO reminder (id, title, scheduledAt, timeZoneID, isCompleted, createdAt, updatedAt, recurrenceRule)
                VALUES (?, 'Stretch', 1795532400000, 'America/New_York', 0, 0, 0, 'daily'),
                       (?, 'Posted', 1795600800000, 'America/New_York', 1, 0, 0, 'never');
                INSERT INTO tag (id, name, nameKey, colorHex, createdAt) VALUES (x'00000000000000000000000000000071', 'Home', 'home', '#22C55E', '2026-11-21 20:00:00.000');
                INSERT INTO reminderTag (reminderID, tagID) VALUES (?, x'00000000000000000000000000000071');
                INSERT INTO completion (id, reminderID, occurrence, completedAt) VALUES (x'000000000000000000000000000000C1', ?, 1795600800000, 1795600800000);
                """, arguments: [daily, done, daily, done])
        }
        try queue.close()
        let database = try AppDatabase.open(at: path)
        let repository = GRDBReminderRepository(database: database)
        let stretch = try #require(try await repository.reminderWithTags(id: daily))
        #expect(stretch.scheduledAt == instant("2026-11-24T10:00:00-05:00"))
        #expect(!stretch.isAllDay && stretch.stage == .none && stretch.percentComplete == nil)
        #expect(stretch.recurrence == RecurrenceRule(.daily))
        #expect(stretch.tags.map(\.name) == ["Home"])
        let posted = try #require(try await repository.reminder(id: done))
        #expect(posted.isDone)
        #expect(try await repository.completions(madeIn: instant("2026-11-25T00:00:00Z")..<instant("2026-11-26T00:00:00Z")).count == 1)
        let raw = try DatabaseQueue(path: path)
        defer { try? raw.close() }
        #expect(try await raw.read { db in try Data.fetchAll(db, sql: "SELECT reminderID FROM reminderPlan") } == [withUnsafeBytes(of: daily.uuid) { Data($0) }])
        let someday = Reminder(id: UUID(), title: "Read Dune", notes: nil, scheduledAt: nil, timeZoneID: "UTC", createdAt: testNow, updatedAt: testNow)
        try await repository.insert(someday, tagIDs: [])
        #expect(try await repository.reminder(id: someday.id)?.due == .someday)
    }

    /// Lists (lists1): a store from before has every reminder in the default list, Reminders, and
    /// an account from before syncs its one task list with that list, from the token it had; an
    /// import journaled before lists is still undone whole.
    @Test func aStoreFromBeforeListsHasEveryReminderInTheDefaultListAndItsAccountSyncsIt() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("memoss-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let queue = try DatabaseQueue(path: path)
        try AppDatabase.migrator.migrate(queue, upTo: "v17")
        let kept = UUID(uuidString: "00000000-0000-0000-0000-0000000000A1")!, imported = UUID(uuidString: "00000000-0000-0000-0000-0000000000A2")!
        let tag = UUID(uuidString: "00000000-0000-0000-0000-000000000071")!
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO reminder (id, title, scheduledAt, timeZoneID, isCompleted, createdAt, updatedAt, recurrenceRule)
                VALUES (?, 'Kept', 1795532400000, 'America/New_York', 0, 1700000000000, 0, 'never'),
                       (?, 'Imported', 1795532400000, 'America/New_York', 0, 1700000000000, 0, 'never');
                INSERT INTO tag (id, name, nameKey, colorHex, createdAt) VALUES (?, 'Home', 'home', '#22C55E', '2026-11-21 20:00:00.000');
                INSERT INTO reminderTag (reminderID, tagID) VALUES (?, ?);
                INSERT INTO syncAccount (name, url, collectionURL, user, passwordSaved, syncToken, createdAt)
                VALUES ('home', 'http://dav.example/', 'http://dav.example/tasks/', 'ann', 0, 'token-7', '2026-11-21 20:00:00.000');
                INSERT INTO syncItem (account, reminderID, uid, href, etag, base) VALUES ('home', ?, 'k', '/tasks/k.ics', '"1"', 'BEGIN:VCALENDAR');
                """, arguments: [kept, imported, tag, imported, tag, kept])
            // An import's journal entry as written before lists: the reminder count, then its reminder
            // ids and the tags it created.
            var changes = Data([1, 0, 0, 0])
            for id in [imported, tag] { withUnsafeBytes(of: id.uuid) { changes.append(contentsOf: $0) } }
            try db.execute(sql: """
                INSERT INTO journalEntry (commandID, changes, kind, summary, createdAt, isUndone, revision)
                VALUES (1, ?, 1, 'Imported 1 reminder from old.csv', '2026-11-21 20:00:00.000', 0, 1)
                """, arguments: [changes])
        }
        try queue.close()
        let database = try AppDatabase.open(at: path)
        let lists = GRDBListRepository(database: database)
        let summaries = try await lists.summaries()
        #expect(summaries.map { "\($0.list.name) \($0.list.isDefault) \($0.open)" } == ["Reminders true 2"])
        #expect(try await GRDBReminderRepository(database: database).reminder(id: kept)?.listID == nil)
        let sync = SyncRepository(database: database)
        let collections = try await sync.collections(account: "home")
        #expect(collections.map { "\($0.url) \($0.listName) \($0.isDefaultList) \($0.syncToken ?? "-")" }
            == ["http://dav.example/tasks/ Reminders true token-7"])
        #expect(try await sync.items(account: "home").map(\.collection) == ["http://dav.example/tasks/"])
        let core = try await MemossCore.open(explicitPath: path, processEnvironment: [:], environment: .fixed())
        #expect(try await core.undo().summaries == ["Imported 1 reminder from old.csv"])
        #expect(try await GRDBReminderRepository(database: database).reminder(id: imported) == nil)
        #expect(try await GRDBTagRepository(database: database).allTags().isEmpty)
    }

    /// Imports key a row without an id by the id derived from its key (v16). A store from before
    /// still knows what it imported: a row kept by its key, and one deleted since (its key's
    /// tombstone), are skipped; a new row keeps no key; each deletion leaves the tombstone a
    /// later import checks (the old key, or `id:` and the derived id).
    @Test func keysStoredBeforeIdsWereDerivedStillMatchAndNewRowsKeepNone() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("memoss-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let queue = try DatabaseQueue(path: path)
        try AppDatabase.migrator.migrate(queue, upTo: "v15")
        let legacy = UUID(uuidString: "0E1F2A3B-4C5D-4E6F-8A9B-0C1D2E3F4A5B")!
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO reminder (id, title, scheduledAt, timeZoneID, isCompleted, createdAt, updatedAt, recurrenceRule, importKey)
                VALUES (?, 'Kept', 4102444800000, 'UTC', 0, 0, 0, 'never', 'fp:kept')
                """, arguments: [legacy])
            try db.execute(sql: "INSERT INTO importTombstone (importKey) VALUES ('fp:gone')")
        }
        try queue.close()
        let database = try AppDatabase.open(at: path)
        func rows(_ keys: [String]) -> [ImportedReminder] {
            keys.map { key in
                ImportedReminder(reminder: Reminder(id: ImportedReminder.id(forKey: key), title: key, notes: nil, scheduledAt: instant("2027-01-05T09:00:00Z"),
                                                    timeZoneID: "UTC", createdAt: testNow, updatedAt: testNow),
                                 tagNames: [], importKey: key)
            }
        }
        func importing(_ keys: [String]) throws -> (added: Int, skipped: Int) {
            let transaction = try ImportTransaction(database: database)
            let counts = try transaction.add(rows(keys), now: testNow, newID: { UUID() })
            try transaction.commit(summary: "Imported", at: testNow)
            return (counts.added, counts.skipped)
        }
        #expect(try importing(["fp:kept", "fp:gone", "fp:new"]) == (1, 2))
        let derived = ImportedReminder.id(forKey: "fp:new")
        #expect(derived.uuidString.dropFirst(14).first == "8")
        let reader = try DatabaseQueue(path: path)
        let stored = try reader.read { db in try Row.fetchAll(db, sql: "SELECT id, importKey FROM reminder ORDER BY title") }
        #expect(stored.map { $0[0] as UUID } == [legacy, derived])
        #expect(stored.map { $0[1] as String? } == ["fp:kept", nil])

        try await GRDBReminderRepository(database: database).delete(ids: [legacy, derived])
        let tombstones = try await reader.read { db in
            try String.fetchAll(db, sql: "SELECT importKey FROM importTombstone ORDER BY importKey")
        }
        #expect(tombstones == ["fp:gone", "fp:kept", "id:" + derived.uuidString])
        #expect(try importing(["fp:kept", "fp:gone", "fp:new"]) == (0, 3))
        // A file that gives the deleted row's id (an export of it) is skipped too.
        let exported = ImportedReminder(reminder: rows(["fp:new"])[0].reminder, tagNames: [], importKey: "id:" + derived.uuidString)
        let transaction = try ImportTransaction(database: database)
        #expect(try transaction.add([exported], now: testNow, newID: { UUID() }).skipped == 1)
        try transaction.rollback()
    }

    /// A store from before v12 (the first rules only) reads every rule as it meant: weekly on its
    /// weekday, monthly on its day, every 1 period, no count; and a new rule is kept exactly.
    @Test func migratingToTheRicherRulesKeepsEveryStoredRule() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("memoss-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let queue = try DatabaseQueue(path: path)
        try AppDatabase.migrator.migrate(queue, upTo: "v11")
        let rows: [(String, Int?, Int?)] = [("never", nil, nil), ("daily", nil, nil), ("weekly", 6, nil), ("monthly", nil, 31)]
        try await queue.write { db in
            for (index, (rule, weekday, day)) in rows.enumerated() {
                try db.execute(sql: """
                    INSERT INTO reminder (id, title, scheduledAt, timeZoneID, isCompleted, createdAt, updatedAt,
                        recurrenceRule, recurrenceWeekday, recurrenceDay)
                    VALUES (?, ?, ?, 'America/New_York', 0, ?, ?, ?, ?, ?)
                    """, arguments: [UUID(uuidString: "00000000-0000-0000-0000-00000000000\(index + 1)")!, rule,
                                     try Date("2027-01-29T14:00:00Z", strategy: .iso8601), testNow, testNow, rule, weekday, day])
            }
        }
        try queue.close()
        let repository = GRDBReminderRepository(database: try AppDatabase.open(at: path))
        var read: [RecurrenceRule] = []
        for index in 1...4 {
            read.append(try #require(try await repository.reminder(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000\(index)")!)).recurrence)
        }
        #expect(read == [.never, .daily, .weekly(weekday: 6), .monthly(day: 31)])
        #expect(read.map(\.interval) == [1, 1, 1, 1] && read.allSatisfy { $0.times == nil })
        #expect(read[3].label == "Monthly on the 31st")

        let rich = RecurrenceRule(.monthly(.weekday(nth: -1, weekday: 6)), interval: 2, times: 7)
        var stored = try #require(try await repository.reminder(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!))
        stored.recurrence = rich
        try await repository.update(stored, tagIDs: [])
        #expect(try await repository.reminder(id: stored.id)?.recurrence == rich)
    }

    /// v15 stores instants as integers; a journal written before it (text instants in its
    /// changesets) still undoes and redoes each command exactly, leaving integers behind.
    @Test func undoHistoryFromBeforeTheIntegerInstantsStillUndoesAndRedoes() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("memoss-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let queue = try DatabaseQueue(path: path)
        try AppDatabase.migrator.migrate(queue, upTo: "v14")
        let id = UUID(uuidString: "00000000-0000-0000-0000-0000000000AA")!
        // Three commands as Memoss recorded them before v15: each statement's changes a changeset.
        let commands: [(String, String)] = [
            ("Added “Water the plants”", """
                INSERT INTO reminder (id, title, scheduledAt, timeZoneID, isCompleted, createdAt, updatedAt, recurrenceRule, recurrenceDay)
                VALUES (x'000000000000000000000000000000AA', 'Water the plants', '2026-11-22 14:00:00.000', 'America/New_York', 0,
                        '2026-11-21 20:00:00.250', '2026-11-21 20:00:00.250', 'monthly', 22)
                """),
            ("Edited “Water the ferns”", """
                UPDATE reminder SET title = 'Water the ferns', scheduledAt = '2026-11-23 15:30:00.000',
                    updatedAt = '2026-11-21 21:00:00.000' WHERE id = x'000000000000000000000000000000AA'
                """),
            ("Completed “Water the ferns”", """
                INSERT INTO completion (id, reminderID, occurrence, completedAt)
                VALUES (x'000000000000000000000000000000BB', x'000000000000000000000000000000AA',
                        '2026-11-23 15:30:00.000', '2026-11-21 22:00:00.000');
                UPDATE reminder SET scheduledAt = '2026-12-23 15:30:00.000', updatedAt = '2026-11-21 22:00:00.000'
                    WHERE id = x'000000000000000000000000000000AA'
                """),
        ]
        try await queue.write { db in
            for (number, (summary, sql)) in commands.enumerated() {
                var code: Int32 = 0
                let names: [UnsafeMutablePointer<CChar>?] = [strdup("reminder"), strdup("completion")]
                defer { names.forEach { free($0) } }
                let tables: [UnsafePointer<CChar>?] = names.map { $0.map { UnsafePointer($0) } }
                let session = try #require(tables.withUnsafeBufferPointer {
                    memoss_session_begin(UnsafeMutableRawPointer(db.sqliteConnection), $0.baseAddress, 2, &code)
                })
                defer { memoss_session_end(session) }
                try db.execute(sql: sql)
                var size: Int32 = 0
                var bytes: UnsafeMutableRawPointer?
                #expect(memoss_session_changeset(session, &size, &bytes) == 0)
                let changes = Data(bytes: try #require(bytes), count: Int(size))
                memoss_free(bytes)
                try db.execute(sql: """
                    INSERT INTO journalEntry (id, commandID, summary, createdAt, changes, isUndone, revision, kind)
                    VALUES (?, ?, ?, '2026-11-21 22:00:00.000', ?, 0, ?, 0)
                    """, arguments: [number + 1, number + 1, summary, changes, number + 1])
            }
        }
        try queue.close()

        let store = try AppDatabase.open(at: path)
        let reminders = GRDBReminderRepository(database: store)
        let journal = GRDBJournalRepository(database: store)
        func stored() async throws -> (title: String, due: Date, updated: Date)? {
            try await reminders.reminder(id: id).map { ($0.title, $0.scheduledAt!, $0.updatedAt) }
        }
        func completions() async throws -> Int {
            try await reminders.completions(madeIn: instant("2026-11-21T00:00:00Z")..<instant("2026-11-22T00:00:00Z")).count
        }
        let raw = try DatabaseQueue(path: path)
        defer { try? raw.close() }
        func storedTypes() throws -> [String] {
            try raw.read { db in
                try String.fetchAll(db, sql: """
                    SELECT DISTINCT typeof(scheduledAt) || typeof(createdAt) || typeof(updatedAt) FROM reminder
                    UNION SELECT DISTINCT typeof(occurrence) || typeof(completedAt) FROM completion
                    """)
            }
        }

        // The upgrade gave back the old tables' pages.
        let freePages = try await raw.read { db in try Int.fetchOne(db, sql: "PRAGMA freelist_count") }
        #expect(freePages == 0)
        #expect(try await stored()?.title == "Water the ferns")
        #expect(try await stored()?.due == instant("2026-12-23T15:30:00Z"))
        #expect(try await completions() == 1)
        #expect(try Set(storedTypes()) == ["integerintegerinteger", "integerinteger"])

        #expect(try await journal.undo()?.summaries == ["Completed “Water the ferns”"])
        #expect(try await stored()?.due == instant("2026-11-23T15:30:00Z"))
        #expect(try await completions() == 0)
        #expect(try await journal.undo()?.summaries == ["Edited “Water the ferns”"])
        let added = try #require(try await stored())
        #expect(added.title == "Water the plants")
        #expect(added.due == instant("2026-11-22T14:00:00Z"))
        #expect(added.updated == instant("2026-11-21T20:00:00Z").addingTimeInterval(0.25))
        #expect(try storedTypes() == ["integerintegerinteger"])
        #expect(try await journal.undo()?.summaries == ["Added “Water the plants”"])
        #expect(try await stored() == nil)

        #expect(try await journal.redo()?.summaries == ["Added “Water the plants”"])
        #expect(try await journal.redo()?.summaries == ["Edited “Water the ferns”"])
        #expect(try await journal.redo()?.summaries == ["Completed “Water the ferns”"])
        #expect(try await stored()?.due == instant("2026-12-23T15:30:00Z"))
        #expect(try await completions() == 1)
        #expect(try Set(storedTypes()) == ["integerintegerinteger", "integerinteger"])
    }
}

/// Tags' creation times, kept as text in GRDB's form, are written as GRDB writes them and read as
/// GRDB reads them: by the tag repository, by a listing's tags and by a reminder read with its tags.
struct StoredTagTimeTests {
    @Test func aTagsCreationTimeReadsAsGRDBReadsIt() async throws {
        let temporary = try TemporaryFolder("memoss-tests")
        let path = temporary.url.appendingPathComponent("memoss.sqlite").path
        let database = try AppDatabase.open(at: path)
        let tags = GRDBTagRepository(database: database)
        // Instants from 1970 to 2100 at a millisecond (a fixed sequence), a leap day and the last millisecond of 2099.
        var seconds: [Double] = [0, 951_782_400, 951_868_799.999, 4_102_444_799.999]
        var state: UInt64 = 5
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            seconds.append(Double((state >> 11) % 4_102_444_800_000) / 1_000)
            // And between two milliseconds, where GRDB's formatter takes the nearest.
            seconds.append(Double((state >> 11) % 4_102_444_800_000_000) / 1_000_000)
        }
        for (index, value) in seconds.enumerated() {
            try await tags.insert(Tag(id: counted(index), name: "t\(index)", colorHex: "#3B82F6",
                                      createdAt: Date(timeIntervalSince1970: value)))
        }
        // Forms another version, or a hand, may have left: GRDB's reading of each is kept.
        let others = ["2026-11-25 06:17:05", "2026-11-25T06:17:05.123", "2026-11-25 06:17", "2026-11-25",
                      "2026-02-29 10:00:00.000", "2026-11-25 24:00:00.000"]
        let raw = try DatabaseQueue(path: path)
        try await raw.write { db in
            for (index, text) in others.enumerated() {
                try db.execute(sql: "INSERT INTO tag (id, name, nameKey, colorHex, createdAt) VALUES (?, ?, ?, '#3B82F6', ?)",
                               arguments: [counted(10_000 + index), "o\(index)", "o\(index)", text])
            }
        }
        let expected = try await raw.read { db in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT id, createdAt FROM tag").map {
                ($0["id"] as UUID, $0["createdAt"] as Date)
            })
        }
        #expect(expected.count == seconds.count + others.count)
        // Written as GRDB writes a date, to the millisecond.
        let written = try await raw.read { db in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT id, createdAt FROM tag").map {
                ($0["id"] as UUID, $0["createdAt"] as String)
            })
        }
        for (index, value) in seconds.enumerated() {
            let grdb = String.fromDatabaseValue(Date(timeIntervalSince1970: value).databaseValue)
            guard written[counted(index)] == grdb else {
                Issue.record("\(value): written \(written[counted(index)] ?? "nothing"), GRDB writes \(grdb ?? "nothing")")
                return
            }
        }
        let read = try await tags.allTags()
        #expect(read.count == expected.count)
        for tag in read where tag.createdAt != expected[tag.id] {
            Issue.record("\(tag.name): read \(tag.createdAt.timeIntervalSince1970), GRDB reads \(expected[tag.id]?.timeIntervalSince1970 ?? -1)")
            return
        }

        // A reminder with two of those tags, read with its tags and listed.
        let reminders = GRDBReminderRepository(database: database)
        let reminder = Reminder(id: counted(20_000), title: "Bins", notes: nil, scheduledAt: testNow, timeZoneID: "UTC",
                                createdAt: testNow, updatedAt: testNow)
        try await reminders.insert(reminder, tagIDs: [counted(7), counted(10_001)])
        let withTags = try #require(try await reminders.reminderWithTags(id: reminder.id))
        #expect(Set(withTags.tags.map(\.createdAt)) == [expected[counted(7)]!, expected[counted(10_001)]!])
        let listed = Gathered<ReminderWithTags>()
        try await reminders.forEachReminder(ReminderSection(done: false), tagged: nil) { listed.add($0) }
        #expect(Set(listed.all.flatMap(\.tags).map(\.createdAt)) == [expected[counted(7)]!, expected[counted(10_001)]!])

        // A time that cannot be read is refused, not guessed.
        try await raw.write { db in try db.execute(sql: "UPDATE tag SET createdAt = 'soon' WHERE id = ?", arguments: [counted(3)]) }
        await #expect(throws: (any Error).self) { try await tags.allTags() }
    }
}
