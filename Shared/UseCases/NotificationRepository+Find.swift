import Domain
import Foundation
import Storage

extension NotificationRepository {
    /// The notification `id`, delivered or else pending, with its delivery when it was delivered.
    /// - Throws: `NotificationError.notFound` when neither has it.
    func find(_ id: String) async throws -> (request: NotificationRequest, delivered: DeliveredNotification?) {
        if let delivered = try await delivered().first(where: { $0.id == id }) { return (delivered.request, delivered) }
        if let pending = try await pending().first(where: { $0.id == id }) { return (pending, nil) }
        throw NotificationError.notFound(id)
    }
}
