import Domain
import Foundation
import Storage

/// Snoozes a notification: it fires again later under the same identifier, still recurring or not.
package struct SnoozeNotificationUseCase: Sendable {
    private let center: any NotificationRepository
    private let environment: AppEnvironment

    /// A use case writing to `center`, with time from `environment`.
    package init(center: any NotificationRepository, environment: AppEnvironment) {
        self.center = center
        self.environment = environment
    }

    /// Snoozes notification `id` (delivered or pending) for `minutes` (15 unless given) and
    /// returns the new request.
    /// - Throws: `NotificationError.invalidSnooze` outside 1…10080; `NotificationError.notFound`; `StoreError`.
    package func callAsFunction(id: String, minutes: Int = NotificationBudget.defaultSnoozeMinutes) async throws
        -> NotificationRequest
    {
        guard (1...10_080).contains(minutes) else { throw NotificationError.invalidSnooze }
        var request = try await center.find(id).request
        request.fireAt = environment.now().addingTimeInterval(TimeInterval(minutes * 60))
        request.isSnoozed = true
        try await Journal.record("Snoozed \"\(request.title)\"", at: environment.now(), scope: .notifications) {
            try await Journal.command {
                try await center.removeDelivered([id])
                try await center.add(request)
            }
        }
        return request
    }
}
