import Domain
import Foundation
import Storage

/// Adds many accepted rows as one all-or-nothing change, in one transaction that `finish` commits
/// (then replans notifications once) or rolls back; a dry run is the same transaction, rolled back,
/// so its counts are exact.
///
/// By default rows are gathered while the file is read, without touching the store, and written
/// at `finish`, so the write lock is never held while a slow pipe or a terminal is read. With
/// `writesWhileReading` (a regular file, read at disk speed) each batch of rows is checked and
/// staged on a thread of its own as soon as it is read, so that work takes no time of its own;
/// the rows go into the store all at once at `finish` (see `ImportTransaction`).
package final class ImportRemindersUseCase: @unchecked Sendable {
    private let database: AppDatabase
    private let environment: AppEnvironment
    private let plan: PlanNotificationsUseCase
    /// Accepted rows not handed to the writer yet.
    private var rows: [ImportedReminder] = []
    private var counts = ImportCounts()
    private let source: String
    /// Rows per write.
    private static let batchSize = 10_000
    /// Whether batches are written while the file is still read.
    package var writesWhileReading = false
    /// The writer's state, touched on `writer` only.
    private let writer = DispatchQueue(label: "memoss.import.writer")
    /// Batches handed to the writer and not written yet, at most two: reading, faster than
    /// writing, waits for the writer instead of holding the rest of the file in memory.
    private let pending = DispatchSemaphore(value: 2)
    private var transaction: ImportTransaction?
    private var written = ImportCounts()
    private var failure: (any Error)?

    /// Prepares an import into `database`; `source` names what is imported (a file name) in the
    /// undo journal.
    package init(database: AppDatabase, source: String, environment: AppEnvironment, plan: PlanNotificationsUseCase) {
        self.database = database
        self.source = source
        self.environment = environment
        self.plan = plan
    }

    /// Adds accepted rows; at `finish`, a row whose key is in the store already (or was deleted
    /// after an earlier import, or came earlier in this file) is skipped.
    package func add(_ accepted: [ImportedReminder]) {
        rows += accepted
        counts.imported += accepted.count
        guard writesWhileReading, rows.count >= Self.batchSize else { return }
        let batch = rows
        rows = []
        pending.wait()
        writer.async {
            self.write(batch)
            self.pending.signal()
        }
    }

    /// Counts a refused row.
    package func refuse() { counts.refused += 1 }

    /// The counts so far: before `finish`, `imported` counts the rows accepted.
    package var currentCounts: ImportCounts { counts }

    /// Writes `batch` in the import's transaction (begun by the first batch); on `writer`.
    private func write(_ batch: [ImportedReminder]) {
        guard failure == nil else { return }
        do {
            let transaction = try self.transaction ?? ImportTransaction(database: database)
            self.transaction = transaction
            for start in stride(from: 0, to: batch.count, by: Self.batchSize) {
                let added = try transaction.add(Array(batch[start..<min(start + Self.batchSize, batch.count)]),
                                                now: environment.now(), newID: environment.uuid)
                written.imported += added.added
                written.skipped += added.skipped
                written.tagsCreated += added.tagsCreated
                written.listsCreated += added.listsCreated
            }
        } catch {
            failure = error
        }
    }

    /// Ends the import: `keep` commits and replans notifications once, otherwise nothing is written.
    /// `committing` is told when the commit starts and whether it ended with the rows in the store
    /// (before the replan), so a front can hold an interruption during it and then tell the truth.
    /// - Throws: `StoreError` when the store cannot be written (locked by another writer for 5 s,
    ///   read-only …); nothing is written then.
    package func finish(keep: Bool, committing: @Sendable (CommitPhase) -> Void = { _ in }) async throws -> ImportCounts {
        let rest = rows
        rows = []
        let (transaction, written, failure) = writer.sync {
            write(rest)
            return (self.transaction, self.written, self.failure)
        }
        var result = written
        result.refused = counts.refused
        do {
            if let failure { throw failure }
            guard let transaction else { return result }
            guard keep else {
                try transaction.rollback()
                return result
            }
            // The rows go in before the commit starts: until then an interrupt leaves nothing.
            try transaction.addStaged()
            let count = result.imported == 1 ? "1 reminder" : "\(result.imported) reminders"
            committing(.starting)
            do {
                try transaction.commit(summary: "Imported \(count) from \(source)", at: environment.now())
            } catch {
                committing(.failed)
                throw error
            }
            committing(.done)
        } catch {
            try? transaction?.rollback()
            throw error
        }
        await plan.afterChange()
        return result
    }
}

/// Where an import's commit is.
package enum CommitPhase: Sendable {
    /// The commit is under way: the rows may or may not end up stored.
    case starting
    /// The rows are in the store.
    case done
    /// The commit failed: nothing is in the store.
    case failed
}
