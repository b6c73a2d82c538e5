import Domain
import Foundation
import Storage

/// Says when the next notification is due, so a front can sleep until then.
package struct NextNotificationUseCase: Sendable {
    private let center: any NotificationRepository

    /// A use case reading `center`.
    package init(center: any NotificationRepository) {
        self.center = center
    }

    /// The soonest pending request, `nil` when nothing is pending.
    package func callAsFunction() async throws -> NotificationRequest? {
        try await center.pending().first
    }
}
