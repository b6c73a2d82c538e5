import Domain
import Foundation
import Storage

/// Numbers notifications as `notifications` lists them, delivered ones first (oldest first), then
/// pending ones (soonest first), and keeps the numbering in the store, so `snooze 2` and
/// `complete-notification 2` name what the last listing showed, across processes.
package struct NumberNotificationsUseCase: Sendable {
    private let center: any NotificationRepository

    /// A use case over `center`.
    package init(center: any NotificationRepository) {
        self.center = center
    }

    /// The notifications' ids in the order they are numbered now, kept as the numbering (unless
    /// another program is writing: it never waits).
    package func callAsFunction() async throws -> [String] {
        let ids = try await currentOrder()
        try await center.saveNumbering(ids)
        return ids
    }

    /// Keeps `ids` (as a listing just showed them) as the numbering; `false` when another program
    /// was writing, so they were not kept (it never waits).
    @discardableResult
    package func keep(_ ids: [String]) async throws -> Bool {
        try await center.saveNumbering(ids)
    }

    /// The id of the notification `reference` names: a number of the last numbering (of the
    /// notifications now, before any), or an id or a prefix of one, as `snooze` took before.
    /// - Throws: `NotificationError.noSuchNumber` for a number beyond the numbering,
    ///   `.numberGone` for one whose notification was answered since; `StoreError`.
    package func resolve(_ reference: String) async throws -> String {
        let text = reference.trimmingWhitespace()
        guard let number = Int(text), text.count < ResolveReminderUseCase.shortestPrefix, !text.hasPrefix("0"), !text.hasPrefix("+") else {
            return text
        }
        var numbered = try await center.numbering()
        if numbered == nil { numbered = try await currentOrder() }
        let ids = numbered ?? []
        guard number >= 1, number <= ids.count else {
            throw NotificationError.noSuchNumber(number, listed: ids.count)
        }
        let id = ids[number - 1]
        let known = Set(try await center.delivered().map(\.id) + center.pending().map(\.id))
        guard known.contains(id) else { throw NotificationError.numberGone(number) }
        return id
    }

    private func currentOrder() async throws -> [String] {
        try await center.delivered().map(\.id) + center.pending().map(\.id)
    }
}
