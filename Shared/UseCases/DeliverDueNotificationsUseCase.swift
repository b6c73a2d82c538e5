import Domain
import Foundation
import Storage

/// Delivers every notification due now, including what fell due while nothing was running (once,
/// marked late), then refills the budget.
package struct DeliverDueNotificationsUseCase: Sendable {
    private let center: any NotificationRepository
    private let plan: PlanNotificationsUseCase
    private let environment: AppEnvironment

    /// A use case delivering from `center`, replanning with `plan`.
    package init(center: any NotificationRepository, plan: PlanNotificationsUseCase, environment: AppEnvironment) {
        self.center = center
        self.plan = plan
        self.environment = environment
    }

    /// Moves what is due to delivered and returns it, soonest first.
    ///
    /// Catching up plans from where the last delivery stopped and delivers in rounds, each starting
    /// at the latest one-time reminder the round before delivered, so even more missed reminders
    /// than the budget holds are each delivered once (what is delivered is not planned again).
    package func callAsFunction() async throws -> [DeliveredNotification] {
        let now = environment.now()
        var from = try await center.deliveredThrough() ?? now
        var delivered: [DeliveredNotification] = []
        while true {
            try await plan(from: from)
            let due = try await center.deliver(dueAt: now)
            delivered += due
            guard let latest = due.filter({ !$0.request.isRecurring && !$0.request.isSnoozed })
                .map(\.request.fireAt).max() else { break }
            from = max(from, latest)
        }
        try await center.setDeliveredThrough(now)
        try await plan(from: now)
        return delivered
    }
}
