import Domain
import Foundation
import Storage

/// Dismisses a notification: it goes without completing or snoozing its reminder, and its alarms
/// are acknowledged, so no device delivers it again (RFC 9074's `ACKNOWLEDGED`, sent by the next sync).
package struct DismissNotificationUseCase: Sendable {
    private let center: any NotificationRepository
    private let environment: AppEnvironment

    /// A use case writing to `center`, with time from `environment`.
    package init(center: any NotificationRepository, environment: AppEnvironment) {
        self.center = center
        self.environment = environment
    }

    /// Dismisses notification `id`, delivered or pending (one not delivered yet is answered ahead
    /// of its time, with the reminder's alarms before it, which must not be pending or waiting);
    /// returns it.
    /// - Throws: `NotificationError.notFound`; `NotificationError.earlierFirst`; `StoreError`.
    package func callAsFunction(id: String) async throws -> NotificationRequest {
        let now = environment.now()
        let (request, delivered) = try await center.find(id)
        if delivered == nil { try await center.refuseSkippingOthers(than: request, answeredAt: max(now, request.fireAt)) }
        try await Journal.record("Dismissed \"\(request.title)\"", at: now, scope: .notifications) {
            try await center.answer(request.id, reminderID: request.reminderID, at: max(now, request.fireAt), snooze: nil)
        }
        return request
    }
}
