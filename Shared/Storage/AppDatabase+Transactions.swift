import Domain
import Foundation
import GRDB

/// The seam every read and write of the store passes through: one transaction each, storage
/// failures turned into `StoreError`, and a write's changes journalled for undo inside `Journal.record`.
extension AppDatabase {
    /// Runs one write transaction, turning storage failures into `StoreError`.
    ///
    /// Inside `Journal.record`, the changes it makes to the user's data are written to the undo
    /// journal in the same transaction.
    ///
    /// Reads and writes run on the calling thread, as `readNow` does: GRDB's `async` ones hop to
    /// the connection's queue and back, two thread wake-ups a transaction, and a command at the
    /// prompt runs a dozen. A transaction's closure never waits for other work of this process,
    /// so blocking the caller's thread is only as long as the transaction.
    func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try writeNow(note: Journal.current, group: Journal.group, updates)
    }

    private func writeNow<T>(note: Journal.Note?, group: Journal.Group?, _ updates: (Database) throws -> T) throws -> T {
        transactions.add()
        do {
            guard let note else { return try writer.write(updates) }
            return try writer.write { db in
                let recorder = try JournalLog.Recorder(db, tables: JournalLog.tables(note.scope))
                let result = try updates(db)
                try JournalLog.append(try recorder.changeset(), note: note, group: group, db)
                return result
            }
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Runs one read, turning storage failures into `StoreError` (on the calling thread: see `write`).
    package func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try readNow(value)
    }

    /// `read` for a caller that is not asynchronous (readline's completion asks from inside a read
    /// of the terminal).
    func readNow<T>(_ value: (Database) throws -> T) throws -> T {
        transactions.add()
        do {
            return try writer.read(value)
        } catch {
            throw Self.storeError(error)
        }
    }
}

extension AppDatabase {
    /// `error` as the store's callers see it: a storage failure as `StoreError`, others as they are.
    static func storeError(_ error: any Error) -> any Error {
        switch error {
        case let error as DatabaseError: StoreError(error)
        case is RowDecodingError: StoreError.unreadableValue
        default: error
        }
    }
}

/// A count of transactions run, which tests read to pin what a command (or an idle prompt) does
/// to the store.
package final class TransactionCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// The transactions run so far.
    package var value: Int { lock.withLock { count } }

    /// One more transaction.
    func add() { lock.withLock { count += 1 } }
}
