import Domain
import Foundation

/// The undo journal: what each user command changed, to undo and redo it.
package protocol JournalRepository: Sendable {
    /// Undoes the newest command not undone yet and returns it, `nil` when there is none.
    func undo() async throws -> JournalCommand?
    /// Undoes the newest sync's changes and returns it, `nil` when there is none.
    func undoSync() async throws -> JournalCommand?
    /// The newest sync not undone, and what undoing it would do to each reminder it changed (with
    /// the title of each the sync deleted, which is in the journal only).
    func syncUndoPreview() async throws -> (command: JournalCommand, effects: [SyncUndoPreviewEffect])?
    /// Redoes the oldest undone command and returns it, `nil` when there is none.
    func redo() async throws -> JournalCommand?
    /// The commands the journal holds, newest first.
    func commands() async throws -> [JournalCommand]
    /// How many commands the journal keeps.
    func limit() async throws -> Int
    /// Keeps the newest `limit` commands from now on (older ones go at once).
    func setLimit(_ limit: Int) async throws
    /// The reminders changed after store revision `revision`, and the revision now.
    func changedReminders(since revision: Int64) async throws -> (ids: Set<UUID>, revision: Int64)
}

/// The journal in the SQLite store.
package struct GRDBJournalRepository: JournalRepository {
    private let database: AppDatabase

    /// A journal over `database`.
    package init(database: AppDatabase) {
        self.database = database
    }

    /// (Undoing an import of 100,000 reminders deletes them all in one transaction: see
    /// `AppDatabase.largePageCache`.)
    package func undo() async throws -> JournalCommand? {
        try await database.write { db in try AppDatabase.withLargePageCache(db) { try JournalLog.undo(db) } }
    }

    package func undoSync() async throws -> JournalCommand? {
        try await database.write { db in try AppDatabase.withLargePageCache(db) { try JournalLog.undo(db, sync: true) } }
    }

    package func syncUndoPreview() async throws -> (command: JournalCommand, effects: [SyncUndoPreviewEffect])? {
        try await database.read { db in try JournalLog.syncUndoPreview(db) }
    }

    package func redo() async throws -> JournalCommand? {
        try await database.write { db in try AppDatabase.withLargePageCache(db) { try JournalLog.redo(db) } }
    }

    package func commands() async throws -> [JournalCommand] {
        try await database.read { db in try JournalLog.commands(db) }
    }

    package func limit() async throws -> Int {
        try await database.read { db in try JournalLog.limit(db) }
    }

    package func setLimit(_ limit: Int) async throws {
        try await database.write { db in try JournalLog.setLimit(limit, db) }
    }

    package func changedReminders(since revision: Int64) async throws -> (ids: Set<UUID>, revision: Int64) {
        try await database.read { db in try JournalLog.changedReminders(since: revision, db) }
    }
}
