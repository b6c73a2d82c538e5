import Foundation

/// Names the user command the changes made inside it belong to, for the undo journal.
///
/// A use case wraps its writes in `Journal.record(_:at:)`; the store records every change of
/// the user's data made there, in the same transaction as the change, under that summary. A
/// front that runs several use cases for one command (an `add` that also creates a tag, a
/// `done 1 3 5`) wraps them in `Journal.command`, so one `undo` reverts them together.
package enum Journal {
    /// What is being recorded now, `nil` outside any recorded change.
    @TaskLocal package static var current: Note?

    /// The command the current changes are part of, `nil` when each recorded change is its own.
    @TaskLocal package static var group: Group?

    /// A recorded change: its sentence, when it happened and which data it covers.
    package struct Note: Sendable {
        /// What the command did, as the user reads it in `undo --list` ("Added "Buy milk"").
        package let summary: String
        /// When it happened.
        package let at: Date
        /// Which tables it covers.
        package let scope: Scope
        /// The sync account whose server the change came from, `nil` for the user's own command.
        package let origin: String?

        /// A note from its parts.
        package init(summary: String, at: Date, scope: Scope, origin: String? = nil) {
            self.summary = summary
            self.at = at
            self.scope = scope
            self.origin = origin
        }
    }

    /// Which of the store's data a recorded change covers.
    package enum Scope: Sendable {
        /// Reminders, tags and completions (every command but notification answers).
        case reminders
        /// The notification centre (snooze).
        case notifications
    }

    /// One user command that may span several transactions; the store fills in its number.
    package final class Group: @unchecked Sendable {
        private let lock = NSLock()
        private var storedID: Int64?

        /// A new, still empty command.
        package init() {}

        /// The number the store gave the command's first change, `nil` before it.
        package var id: Int64? {
            get { lock.withLock { storedID } }
            set { lock.withLock { storedID = newValue } }
        }
    }

    /// Runs `body` with its changes recorded under `summary`.
    /// `origin` names the sync account when the changes are what its server sent: `undo` then
    /// passes over them unless asked for them by name.
    package static func record<T>(
        _ summary: String, at instant: Date, scope: Scope = .reminders, origin: String? = nil,
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        try await $current.withValue(Note(summary: summary, at: instant, scope: scope, origin: origin), operation: body, isolation: isolation)
    }

    /// Runs `body` as one command: everything it records is undone and redone together.
    package static func command<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        if group != nil { return try await body() }
        return try await $group.withValue(Group(), operation: body, isolation: isolation)
    }
}

/// One command as the journal keeps it.
package struct JournalCommand: Hashable, Sendable {
    /// The command's number (increasing with time).
    package let id: Int64
    /// What it did, in order.
    package let summaries: [String]
    /// When it was done.
    package let at: Date
    /// Whether it is undone (and so can be redone).
    package let isUndone: Bool
    /// The sync account whose server made the change, `nil` for the user's own command.
    package let origin: String?

    /// Creates a command from its parts.
    package init(id: Int64, summaries: [String], at: Date, isUndone: Bool, origin: String? = nil) {
        self.id = id
        self.summaries = summaries
        self.at = at
        self.isUndone = isUndone
        self.origin = origin
    }

    /// Its summaries as one sentence: "Created tag "Errands"; added "Post letters"" (a summary
    /// that several of its writes recorded is said once).
    package var sentence: String {
        var said = Set<String>()
        return summaries.filter { said.insert($0).inserted }.enumerated().map { index, summary in
            index == 0 ? summary : summary.prefix(1).lowercased() + summary.dropFirst()
        }.joined(separator: "; ")
    }
}

/// What undoing a sync does to one reminder it changed.
package enum SyncUndoEffect: Hashable, Sendable {
    /// The sync brought it: it goes (and the next sync deletes it on the server).
    case delete
    /// The sync deleted it: it comes back (and the next sync sends it again).
    case restore
    /// The sync changed it: it is changed back (and the next sync sends that).
    case changeBack
}

/// What undoing a sync would do to one reminder.
package struct SyncUndoPreviewEffect: Hashable, Sendable {
    /// The reminder.
    package let id: UUID
    /// What would happen to it.
    package let effect: SyncUndoEffect
    /// The title it had, for one the sync deleted (it is in the journal only); `nil` otherwise.
    package let deletedTitle: String?

    package init(id: UUID, effect: SyncUndoEffect, deletedTitle: String?) {
        self.id = id
        self.effect = effect
        self.deletedTitle = deletedTitle
    }
}
