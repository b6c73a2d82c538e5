import Domain
import Foundation
import UseCases

/// What a prompt delivers between commands: nothing, and no store work, until something falls
/// due, another process changes the store, or a command of this prompt ran; then one delivery
/// round (or, while a `watch` delivers, what it delivered, shown).
package actor PromptDelivery {
    /// What one look found.
    package struct Look: Sendable {
        /// What was delivered or shown; `nil` when no round ran.
        package var due: DueNotifications?
        /// Whether what the prompt keeps from the store (tags, lists for completion) should be read
        /// again: another process or a command changed the store since the last look, or this is
        /// the first.
        package var storeChanged: Bool
    }

    private let deliver: DeliverDueNotificationsUseCase
    private let environment: AppEnvironment
    private let version: @Sendable () -> Int?
    /// The store's version at the last look (`StoreWatch.version`).
    private var lastVersion: Int?
    /// When the next round has something to do, `nil` when nothing is pending; read again after a
    /// change.
    private var nextRound: Date?
    /// Whether `nextRound` may be out of date.
    private var mayHaveChanged = true
    /// Whether what the prompt keeps may be out of date (until a look that reads it again).
    private var keptMayBeStale = true

    /// A prompt's delivery through `deliver`, told of other processes' changes by `version` (SQLite's
    /// `data_version`, which this process's own writes leave alone; `nil` for a store in memory).
    package init(deliver: DeliverDueNotificationsUseCase, environment: AppEnvironment, version: @escaping @Sendable () -> Int?) {
        self.deliver = deliver
        self.environment = environment
        self.version = version
        self.lastVersion = version()
    }

    /// A command of this prompt ran: what it changed is looked at by the next look.
    package func commandRan() {
        mayHaveChanged = true
    }

    /// Delivers (or shows) what is due when something fell due or the store changed since the last
    /// look; otherwise reads and writes nothing (beyond the store's version number). `readsKept`:
    /// the caller reads what the prompt keeps again when told to (the prompt's own look, not the
    /// one while it waits for a line).
    /// - Throws: `StoreError` when the store cannot be read or written.
    package func look(readsKept: Bool = true) async throws -> Look {
        let version = version()
        let changedElsewhere = version != lastVersion
        if changedElsewhere || mayHaveChanged {
            nextRound = try await deliver.nextRound()
            lastVersion = version
            mayHaveChanged = false
            keptMayBeStale = true
        }
        let storeChanged = keptMayBeStale
        if readsKept { keptMayBeStale = false }
        guard changedElsewhere || nextRound.map({ $0 <= environment.now() }) == true else {
            return Look(due: nil, storeChanged: storeChanged)
        }
        let due = try await deliver.deliverOrShow()
        nextRound = try await deliver.nextRound()
        return Look(due: due, storeChanged: storeChanged)
    }
}
