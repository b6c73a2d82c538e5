import Domain
import Foundation
import Storage

/// Adds many accepted rows as one all-or-nothing change. Rows are gathered while the file is
/// read, without touching the store; `finish` writes them all in one transaction (so the write lock
/// is held only while they are written, never while a slow file or pipe is read), commits it and
/// then replans notifications once, or rolls it back. A dry run is the same transaction, rolled
/// back, so its counts are exact.
package final class ImportRemindersUseCase: @unchecked Sendable {
    private let database: AppDatabase
    private let environment: AppEnvironment
    private let plan: PlanNotificationsUseCase
    private var rows: [ImportedReminder] = []
    private var counts = ImportCounts()
    private let source: String

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
    }

    /// Counts a refused row.
    package func refuse() { counts.refused += 1 }

    /// The counts so far: before `finish`, `imported` counts the rows accepted.
    package var currentCounts: ImportCounts { counts }

    /// Ends the import: `keep` commits and replans notifications once, otherwise nothing is written.
    /// `committing` is told when the commit starts and whether it ended with the rows in the store
    /// (before the replan), so a front can hold an interruption during it and then tell the truth.
    /// - Throws: `StoreError` when the store cannot be written (locked by another writer for 5 s,
    ///   read-only …); nothing is written then.
    package func finish(keep: Bool, committing: @Sendable (CommitPhase) -> Void = { _ in }) async throws -> ImportCounts {
        var result = ImportCounts()
        result.refused = counts.refused
        let transaction = try ImportTransaction(database: database)
        do {
            for start in stride(from: 0, to: rows.count, by: 10_000) {
                let added = try transaction.add(Array(rows[start..<min(start + 10_000, rows.count)]),
                                                now: environment.now(), newID: environment.uuid)
                result.imported += added.added
                result.skipped += added.skipped
                result.tagsCreated += added.tagsCreated
            }
            guard keep else {
                try transaction.rollback()
                return result
            }
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
            try? transaction.rollback()
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
