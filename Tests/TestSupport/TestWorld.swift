import Domain
import Foundation
import GRDB
import Shared
import Storage

/// A fresh core over real SQLite in memory, with a fixed clock, counting UUIDs and a fixed zone.
package final class TestWorld: Sendable {
    /// The clock the core reads; tests move it to let time pass.
    package let clock: TestClock
    /// The environment handed to the core.
    package let environment: AppEnvironment
    /// The core under test.
    package let core: MemossCore
    private let storeFile: String?
    private let queue: DatabaseQueue

    /// A new, empty world at `now` in `timeZone`; its store is in memory, or in a new temporary
    /// file when `onDisk` (needed by `readOnlyCore()`).
    package init(now: Date = testNow, timeZone: TimeZone = newYork, onDisk: Bool = false) throws {
        let clock = TestClock(now)
        let uuids = CountingUUIDs()
        environment = AppEnvironment(now: { clock.now }, uuid: { uuids.next() }, timeZone: timeZone)
        self.clock = clock
        let queue: DatabaseQueue
        if onDisk {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("memoss-\(UUID().uuidString).sqlite")
            queue = try DatabaseQueue(path: file.path, configuration: AppDatabase.configuration)
            storeFile = file.path
        } else {
            queue = try DatabaseQueue(configuration: AppDatabase.configuration)
            storeFile = nil
        }
        self.queue = queue
        core = MemossCore(database: try AppDatabase(queue), storePath: storeFile, environment: environment)
    }

    /// The store's file when the world is on disk (for the built binaries to open).
    package var storePath: String? { storeFile }

    deinit {
        for suffix in ["", "-wal", "-shm", "-delivery.lock"] { if let storeFile { try? FileManager.default.removeItem(atPath: storeFile + suffix) } }
    }

    /// A core over a read-only connection to the same store: reads work, every write
    /// fails the way a store on a read-only disk does (`SQLITE_READONLY`).
    package func readOnlyCore() throws -> MemossCore {
        guard let storeFile else { fatalError("readOnlyCore() needs a world made with onDisk: true") }
        var config = AppDatabase.configuration
        config.readonly = true
        let readOnly = try DatabaseQueue(path: storeFile, configuration: config)
        return MemossCore(database: try AppDatabase(readOnly), storePath: nil, environment: environment)
    }

    /// A core over the same store file on a connection of its own, as another process has
    /// (a one-shot command, `watch`, a sync): its writes are what this world's core sees change.
    package func otherProcessCore() throws -> MemossCore {
        guard let storeFile else { fatalError("otherProcessCore() needs a world made with onDisk: true") }
        return MemossCore(database: try AppDatabase.open(at: storeFile), storePath: storeFile, environment: environment)
    }

    /// Every row of the user's data and of the pending notifications, table by table, as text:
    /// two snapshots are equal exactly when the store holds the same reminders, tags, links,
    /// completions, import tombstones and pending notifications.
    package func snapshot() throws -> [String: [String]] {
        try queue.read { db in
            var tables: [String: [String]] = [:]
            for table in ["reminder", "tag", "reminderTag", "completion", "importTombstone", "notificationRequest"] {
                tables[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table)").map(\.description).sorted()
            }
            return tables
        }
    }

    /// Has FTS5 check the search indexes against the rows they were made from; throws when they differ.
    package func checkSearchIndexes() throws {
        try queue.write { db in
            try db.execute(sql: "INSERT INTO reminderText (reminderText, rank) VALUES ('integrity-check', 1)")
            try db.execute(sql: "INSERT INTO nameText (nameText, rank) VALUES ('integrity-check', 1)")
        }
    }

    /// The size in bytes of each undo journal entry, oldest first.
    package func journalEntrySizes() throws -> [Int] {
        try queue.read { db in try Int.fetchAll(db, sql: "SELECT length(changes) FROM journalEntry ORDER BY id") }
    }

    /// Forgets the planner's index of each repeating reminder's next occurrence, as if every
    /// reminder had just changed: the next plan computes every series afresh (a full rebuild).
    package func forgetPlanIndex() throws {
        try queue.write { try $0.execute(sql: "UPDATE reminderPlan SET nextAt = 0") }
    }

    /// Writes an answer to reminder `id`'s notifications given at `instant` on another device, as a
    /// sync stores it: the reminder's row alone, no notification touched.
    package func answerArrived(for id: UUID, at instant: Date) throws {
        try queue.write { db in
            try db.execute(sql: "UPDATE reminder SET alarmsAcknowledgedAt = ? WHERE id = ?",
                           arguments: [Int64((instant.timeIntervalSince1970 * 1000).rounded()), id])
        }
    }

    /// The ids of the pending notification rows `work` inserted and deleted (an update counts as
    /// both), in the order written.
    package func planRowsWritten(by work: () async throws -> Void) async throws -> (inserted: [String], deleted: [String]) {
        try await queue.write { db in
            try db.execute(sql: """
                CREATE TEMP TABLE IF NOT EXISTS planWrite (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, id TEXT NOT NULL);
                DELETE FROM planWrite;
                CREATE TEMP TRIGGER IF NOT EXISTS planWrite_insert AFTER INSERT ON main.notificationRequest
                BEGIN INSERT INTO planWrite (kind, id) VALUES ('+', new.id); END;
                CREATE TEMP TRIGGER IF NOT EXISTS planWrite_update AFTER UPDATE ON main.notificationRequest
                BEGIN INSERT INTO planWrite (kind, id) VALUES ('-', old.id); INSERT INTO planWrite (kind, id) VALUES ('+', new.id); END;
                CREATE TEMP TRIGGER IF NOT EXISTS planWrite_delete AFTER DELETE ON main.notificationRequest
                BEGIN INSERT INTO planWrite (kind, id) VALUES ('-', old.id); END;
                """)
        }
        try await work()
        return try await queue.read { db in
            (try String.fetchAll(db, sql: "SELECT id FROM planWrite WHERE kind = '+' ORDER BY seq"),
             try String.fetchAll(db, sql: "SELECT id FROM planWrite WHERE kind = '-' ORDER BY seq"))
        }
    }

    /// Creates a reminder through the create use case, due on `date` at `time` in the world's zone.
    @discardableResult
    package func addReminder(
        _ title: String, on date: String, at time: String = "09:00", notes: String = "", tags: [Tag] = []
    ) async throws -> ReminderWithTags {
        try await core.createReminder(ReminderDraft(
            title: title, notes: notes, date: day(date), time: TestSupport.time(time),
            timeZoneID: environment.timeZone.identifier, tagIDs: Set(tags.map(\.id))
        ))
    }

    /// Creates a tag through the create use case, coloured from the palette.
    package func addTag(_ name: String, color: String = "#8B5CF6") async throws -> Tag {
        try await core.createTag(name: name, colorHex: color)
    }

    /// Every reminder in the store with its tags, To Do first, as the dashboard reads them.
    package func allReminders() async throws -> [ReminderWithTags] {
        let dashboard = try await core.loadDashboard()
        // The completed times of repeating reminders that go on are entries of the log, not reminders.
        return dashboard.toDo + dashboard.completed.filter { !$0.isPastOccurrence }
    }
}
