import Domain
import Foundation
import Storage

/// Reads the notification centre: what is pending and what was delivered.
package struct ListNotificationsUseCase: Sendable {
    private let center: any NotificationRepository

    /// A use case reading `center`.
    package init(center: any NotificationRepository) {
        self.center = center
    }

    /// Pending requests soonest first, and delivered notifications oldest first.
    package func callAsFunction() async throws -> (pending: [NotificationRequest], delivered: [DeliveredNotification]) {
        (try await center.pending(), try await center.delivered())
    }
}
