import Domain
import Foundation
import Storage

/// Adds many accepted rows as one all-or-nothing change: rows go in batches into one open
/// transaction, and `finish` commits it (then replans notifications once) or rolls it back.
/// A dry run is the same transaction, rolled back, so its counts are exact.
package final class ImportRemindersUseCase: @unchecked Sendable {
    private let transaction: ImportTransaction
    private let environment: AppEnvironment
    private let plan: PlanNotificationsUseCase
    private var counts = ImportCounts()
    private let source: String

    /// Begins an import into `database`.
    /// - Throws: `StoreError` when the store cannot be written (locked by another writer for 5 s, read-only …).
    /// `source` names what is imported (a file name) in the undo journal.
    package init(database: AppDatabase, source: String, environment: AppEnvironment, plan: PlanNotificationsUseCase) throws {
        transaction = try ImportTransaction(database: database)
        self.source = source
        self.environment = environment
        self.plan = plan
    }

    /// Adds accepted rows; a row whose key is in the store already (or was deleted after an
    /// earlier import, or came earlier in this file) is skipped.
    package func add(_ rows: [ImportedReminder]) throws {
        let result = try transaction.add(rows, now: environment.now(), newID: environment.uuid)
        counts.imported += result.added
        counts.skipped += result.skipped
        counts.tagsCreated += result.tagsCreated
    }

    /// Counts a refused row.
    package func refuse() { counts.refused += 1 }

    /// The counts so far.
    package var currentCounts: ImportCounts { counts }

    /// Ends the import: `keep` commits and replans notifications once, otherwise nothing is written.
    package func finish(keep: Bool) async throws -> ImportCounts {
        if keep {
            let count = counts.imported == 1 ? "1 reminder" : "\(counts.imported) reminders"
            try transaction.commit(summary: "Imported \(count) from \(source)", at: environment.now())
            try await plan()
        } else {
            try transaction.rollback()
        }
        return counts
    }
}
