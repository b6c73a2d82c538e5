import Domain
import Foundation
import GRDB

/// The seam every read and write of the store passes through: one transaction each, storage
/// failures turned into `StoreError`, and a write's changes journalled for undo inside `Journal.record`.
extension AppDatabase {
    /// Runs one write transaction, turning storage failures into `StoreError`, on the calling
    /// thread or the writer's queue (`onCallingThread`).
    ///
    /// Inside `Journal.record`, the changes it makes to the user's data are written to the undo
    /// journal in the same transaction.
    func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let body = Self.journalled(updates, note: Journal.current, group: Journal.group)
        transactions.add()
        do {
            return onCallingThread ? try writeNow(body) : try await writer.write(body)
        } catch {
            throw Self.storeError(error)
        }
    }

    /// GRDB's blocking `write` (inside an `async` function, the call would pick its `async` one).
    private func writeNow<T>(_ updates: (Database) throws -> T) throws -> T {
        try writer.write(updates)
    }

    /// `updates`, and with a `note` its changes recorded in the undo journal after it.
    private static func journalled<T>(_ updates: @escaping @Sendable (Database) throws -> T, note: Journal.Note?,
                                      group: Journal.Group?) -> @Sendable (Database) throws -> T {
        guard let note else { return updates }
        return { db in
            let recorder = try JournalLog.Recorder(db, tables: JournalLog.tables(note.scope))
            let result = try updates(db)
            try JournalLog.append(try recorder.changeset(), note: note, group: group, db)
            return result
        }
    }

    /// Runs one read, turning storage failures into `StoreError`, on the calling thread or a
    /// reader's queue (`onCallingThread`).
    package func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        guard !onCallingThread else { return try readNow(value) }
        transactions.add()
        do {
            return try await writer.read(value)
        } catch {
            throw Self.storeError(error)
        }
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
