import Domain
import Foundation
import Storage

/// Undoes the user's last command as a whole (then the one before it, and so on) and replans
/// notifications; a sync's changes only when named.
package struct UndoUseCase: Sendable {
    private let journal: any JournalRepository
    private let reminders: any ReminderRepository
    private let plan: PlanNotificationsUseCase

    /// A use case over `journal`, reading titles from `reminders`, replanning with `plan`.
    package init(journal: any JournalRepository, reminders: any ReminderRepository, plan: PlanNotificationsUseCase) {
        self.journal = journal
        self.reminders = reminders
        self.plan = plan
    }

    /// Undoes the user's newest command not undone yet and returns it; a sync's changes are
    /// passed over (another device's changes are not taken back unasked).
    /// - Throws: `JournalError.nothingToUndo`; `JournalError.changedBySyncSince` when a sync changed
    ///   the same reminders after it; `JournalError.cannotApply`; `StoreError`.
    package func callAsFunction() async throws -> JournalCommand {
        guard let command = try await journal.undo() else { throw JournalError.nothingToUndo }
        await plan.afterChange()
        return command
    }

    /// The newest sync's changes, and what undoing them would do to each reminder it changed, with
    /// its title (the next sync sends the same to the server).
    package func syncPreview() async throws -> (command: JournalCommand, effects: [(title: String, effect: SyncUndoEffect)])? {
        guard let preview = try await journal.syncUndoPreview() else { return nil }
        var effects: [(title: String, effect: SyncUndoEffect)] = []
        for item in preview.effects {
            // A reminder the sync deleted is gone from the store: its title is in the journal only.
            effects.append((try await reminders.reminder(id: item.id)?.title ?? item.deletedTitle ?? item.id.text, item.effect))
        }
        return (preview.command, effects)
    }

    /// Undoes the newest sync's changes (named: `undo --sync`) and returns it.
    /// - Throws: `JournalError.noSyncToUndo`; `JournalError.changedSinceSync`; `JournalError.cannotApply`; `StoreError`.
    package func sync() async throws -> JournalCommand {
        guard let command = try await journal.undoSync() else { throw JournalError.noSyncToUndo }
        await plan.afterChange()
        return command
    }
}

/// Redoes the command undo took back most recently and replans notifications.
package struct RedoUseCase: Sendable {
    private let journal: any JournalRepository
    private let plan: PlanNotificationsUseCase

    /// A use case over `journal`, replanning with `plan`.
    package init(journal: any JournalRepository, plan: PlanNotificationsUseCase) {
        self.journal = journal
        self.plan = plan
    }

    /// Redoes the oldest undone command and returns it.
    /// - Throws: `JournalError.nothingToRedo`; `JournalError.cannotApply`; `StoreError`.
    package func callAsFunction() async throws -> JournalCommand {
        guard let command = try await journal.redo() else { throw JournalError.nothingToRedo }
        await plan.afterChange()
        return command
    }
}

/// Reads and sizes the undo journal.
package struct ListJournalUseCase: Sendable {
    /// The most commands the journal may keep.
    package static let maximumLimit = 10_000
    private let journal: any JournalRepository

    /// A use case over `journal`.
    package init(journal: any JournalRepository) {
        self.journal = journal
    }

    /// What `undo` would take back, in the order it would (newest first), and what `redo` would
    /// apply again, in its order.
    package func callAsFunction() async throws -> (undoable: [JournalCommand], redoable: [JournalCommand], limit: Int) {
        let commands = try await journal.commands()
        return (commands.filter { !$0.isUndone }, commands.filter(\.isUndone).reversed(), try await journal.limit())
    }

    /// Keeps the newest `limit` commands from now on.
    /// - Throws: `JournalError.invalidLimit` outside 1…10000; `StoreError`.
    package func setLimit(_ limit: Int) async throws {
        guard (1...Self.maximumLimit).contains(limit) else { throw JournalError.invalidLimit(limit) }
        try await journal.setLimit(limit)
    }
}
