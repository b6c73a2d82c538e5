import Domain
import Foundation
import CSQLiteSession
import GRDB
import GRDBSQLite

/// The Memoss store: one SQLite connection (a WAL pool on disk, a queue in memory) and its schema.
package final class AppDatabase: Sendable {
    /// The connection every repository writes and reads through.
    let writer: any DatabaseWriter
    /// How many transactions this process has run on the store through `read` and `write`.
    package let transactions = TransactionCount()
    /// Whether reads and writes run on the calling thread, for a front that does one thing at a time
    /// (a command; the prompt, whose one task beside its line, delivering what falls due while a
    /// line is typed, waits on nothing but SQLite and GRDB's queues): GRDB's `async` ones hop to a
    /// connection's queue and back, two thread wake-ups a transaction, and an edit runs a dozen.
    /// Fronts with work beside them (`watch`, the full screen, the sync, the importer) wait on the
    /// connections' queues instead: a read or write there holds no thread of the cooperative pool
    /// (two on two cores), which their other tasks need, and a write may sit in the busy timeout
    /// behind another process's.
    let onCallingThread: Bool

    /// Wraps an open connection and brings its schema up to date.
    package init(_ writer: any DatabaseWriter, onCallingThread: Bool = false) throws {
        self.writer = writer
        self.onCallingThread = onCallingThread
        // Migrating takes the write lock; a store that is up to date is only read.
        let migrator = AppDatabase.migrator
        // (Looked at on the writer's own connection: a reader would keep the old schema cached.)
        let isCurrent = try writer.writeWithoutTransaction { try migrator.hasCompletedMigrations($0) }
        guard !isCurrent else { return }
        let applied = try writer.writeWithoutTransaction { try migrator.appliedIdentifiers($0) }
        try migrator.migrate(writer)
        // v15 rebuilt the biggest tables; the old ones' pages are given back to the file system
        // once. A disk too full to do it only keeps them.
        if !applied.isEmpty && !applied.contains(Self.compactingMigration) { try? writer.vacuum() }
    }

    /// The migration after which an existing store is vacuumed.
    static let compactingMigration = "v15"

    /// A new, empty store in memory, for tests and dry runs.
    package static func inMemory() throws -> AppDatabase {
        try AppDatabase(DatabaseQueue(configuration: configuration))
    }

    /// SQLite's `data_version` on the writing connection: it changes when another process (or
    /// connection) commits, not for this process's own writes.
    package func dataVersion() throws -> Int {
        try writer.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA data_version") ?? 0 }
    }

    /// Folds the WAL into the store and starts it afresh, when this process changed something and
    /// it holds `minimumPages` pages or more, or its file is that long (SQLite reuses a WAL from
    /// its start without shortening the file). A store's WAL outlives its connections (see
    /// `storeConfiguration`), and the next process to open the store rebuilds its index from
    /// every page in it and appends after them: left alone, it would grow by each command's
    /// writes and every opening would read it all.
    package func foldWAL(minimumPages: Int = 256) {
        guard writer is DatabasePool else { return }
        try? writer.writeWithoutTransaction { try Self.foldWAL($0, minimumPages: minimumPages) }
    }

    /// `foldWAL` on connection `db`.
    static func foldWAL(_ db: Database, minimumPages: Int) throws {
        guard sqlite3_total_changes64(db.sqliteConnection) > 0 else { return }
        var info = stat()
        let walPath = sqlite3_db_filename(db.sqliteConnection, "main").map { String(cString: $0) + "-wal" } ?? ""
        let fileBytes = stat(walPath, &info) == 0 ? Int(info.st_size) : 0
        // A WAL file shorter than `minimumPages` pages holds fewer: it is left for a later command
        // (a checkpoint copies its pages into the store and syncs it, a one-shot write's
        // costliest step).
        guard fileBytes >= minimumPages * 4096 else { return }
        // Only when no other connection still reads older pages: a reader is never waited for.
        guard let passive = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)"),
              passive[0] as Int == 0, passive[2] as Int == passive[1] as Int else { return }
        let timeout = try Int.fetchOne(db, sql: "PRAGMA busy_timeout") ?? 0
        try db.execute(sql: "PRAGMA busy_timeout = 0")
        defer { try? db.execute(sql: "PRAGMA busy_timeout = \(timeout)") }
        guard let truncated = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)"), truncated[0] as Int == 0 else { return }
        // An empty WAL makes the next opening write one (GRDB needs it): one page written now
        // lets a command that only reads write nothing.
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        try db.execute(sql: "PRAGMA user_version = \(version)")
    }

    /// A page cache of up to 32 MiB keeps a big transaction's pages in memory instead of spilling
    /// them to the WAL and reading them back; it takes only as much as the transaction touches.
    static let largePageCache = "PRAGMA cache_size = -32768"

    /// Runs `body` on `db` with `largePageCache`, then the connection's own again.
    static func withLargePageCache<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        let size = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: largePageCache)
        defer { try? db.execute(sql: "PRAGMA cache_size = \(size)") }
        return try body()
    }

    /// Settings shared by every connection.
    package static var configuration: Configuration {
        _ = sqliteSetUp
        var config = Configuration()
        // A REPL and an import may write at once: wait for the other instead of failing.
        config.busyMode = .timeout(5)
        config.prepareDatabase { db in AllDaySQL.add(to: db) }
        return config
    }

    /// SQLite set up once, before the process's first connection: GRDB uses each connection from
    /// one thread at a time, so SQLite's own lock around every call (and the global one around
    /// every allocation, for memory statistics nobody reads) is left out.
    private static let sqliteSetUp: Void = { _ = memoss_configure_sqlite() }()

    /// Settings for connections to a store file: as `configuration`, and the WAL stays when a
    /// connection closes. Opening a pool on a store whose WAL is missing or empty writes (GRDB makes
    /// sure one exists), so keeping it lets a command that only reads write nothing.
    package static var storeConfiguration: Configuration {
        var config = configuration
        config.prepareDatabase(setUpStoreConnection)
        return config
    }

    /// What `storeConfiguration` does to each connection as it opens.
    static func setUpStoreConnection(_ db: Database) throws {
        let code = memoss_keep_wal_on_close(UnsafeMutableRawPointer(db.sqliteConnection))
        if code != SQLITE_OK { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
        // A WAL that a big import grew is cut back to 4 MiB once checkpointed, so it does not
        // keep the import's size on disk.
        try db.execute(sql: "PRAGMA journal_size_limit = 4194304")
        // A reading connection's big reads go through tables once (a listing, an export), and
        // SQLite sizes a sort's runs in memory by the page cache: 512 KiB each instead of 2 MB
        // keeps a listing's two connections 5 MB smaller at a million reminders, no slower.
        if db.configuration.readonly { try db.execute(sql: "PRAGMA cache_size = -512") }
    }
}
