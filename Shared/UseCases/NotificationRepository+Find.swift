import Domain
import Foundation
import Storage

extension NotificationRepository {
    /// The notification named by `reference` (its whole id, or at least 4 characters that start
    /// only one id, ignoring case), delivered or else pending, with its delivery when it was delivered.
    /// - Throws: `NotificationError.notFound` when none has it, `.ambiguous` when several ids start with it.
    func find(_ reference: String) async throws -> (request: NotificationRequest, delivered: DeliveredNotification?) {
        let delivered = try await delivered(), pending = try await pending()
        if let exact = delivered.first(where: { $0.id == reference }) { return (exact.request, exact) }
        if let exact = pending.first(where: { $0.id == reference }) { return (exact, nil) }
        let prefix = reference.trimmingWhitespace().uppercased()
        guard prefix.count >= ResolveReminderUseCase.shortestPrefix else { throw NotificationError.notFound(reference) }
        let ids = Set(delivered.map(\.id) + pending.map(\.id)).filter { $0.uppercased().hasPrefix(prefix) }
        guard let id = ids.first else { throw NotificationError.notFound(reference) }
        guard ids.count == 1 else { throw NotificationError.ambiguous(reference) }
        if let found = delivered.first(where: { $0.id == id }) { return (found.request, found) }
        guard let found = pending.first(where: { $0.id == id }) else { throw NotificationError.notFound(reference) }
        return (found, nil)
    }
}
