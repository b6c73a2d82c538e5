/// Why `undo` or `redo` could not do what it was asked.
package enum JournalError: Error, Hashable, Sendable {
    /// Nothing is left to undo.
    case nothingToUndo
    /// Nothing was undone since the last command, so nothing can be redone.
    case nothingToRedo
    /// The store no longer agrees with what the journal recorded.
    case cannotApply
    /// The journal's size is out of range.
    case invalidLimit(Int)
    /// A sync changed the same reminders after the command (the command's sentence, the account).
    case changedBySyncSince(String, account: String)
    /// The user changed the same reminders after the sync asked to be undone (the later command's sentence).
    case changedSinceSync(String)
    /// No sync's changes are left to undo.
    case noSyncToUndo
    /// Another device's (a sync's) or the user's later command changed the same reminders after
    /// the command to redo was undone (its sentence, and what changed them since).
    case changedSinceUndone(String, since: String)

    /// The sentence the user reads.
    package var message: String {
        switch self {
        case .nothingToUndo: "There is nothing to undo."
        case .nothingToRedo: "There is nothing to redo; redo follows undo, before any other change."
        case .cannotApply: "That command cannot be undone or redone any more: the reminders it changed have changed in a way it cannot reverse."
        case .invalidLimit(let limit): "The journal keeps 1 to 10000 commands, not \(limit); give a number in that range."
        case .changedBySyncSince(let sentence, let account):
            "Cannot undo \(sentence): a sync with \(account) changed the same reminders since; edit them instead, or `undo --sync` first."
        case .changedSinceSync(let sentence):
            "Cannot undo the sync: a later command (\(sentence)) changed the same reminders; undo that first."
        case .noSyncToUndo: "No sync's changes are left to undo."
        case .changedSinceUndone(let sentence, let since):
            "Cannot redo \(sentence): \(since) changed the same reminders after the undo; edit them instead."
        }
    }
}
