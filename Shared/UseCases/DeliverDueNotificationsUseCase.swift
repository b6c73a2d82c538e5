import Domain
import Foundation
import Storage

/// What a delivery found due.
package struct DueNotifications: Sendable {
    /// Delivered by this process now.
    package var delivered: [DeliveredNotification] = []
    /// Due, but another process (a running `watch`) delivers this store's notifications: shown
    /// here, not taken. Those it has delivered, and those it is about to.
    package var deliveredElsewhere: [DeliveredNotification] = []
    /// Whether this process delivers (false while another one does).
    package var isDeliveringHere = true
    /// Whether another program held the store locked past the wait for it (a long import or undo),
    /// so what is due now is delivered at a later try, marked late once past its minute; only a
    /// watcher is told so (any other process gets `StoreError.busy`).
    package var isStoreBusy = false
    /// The ids of the delivered notifications still waiting for an answer (one answered anywhere,
    /// completed or snoozed, is not among them, so its popup or line can be closed); `nil` when not
    /// known (another process delivers: `deliveredElsewhere` says it; or the store was busy).
    package var awaitingAnswer: Set<String>?

    /// Nothing due.
    package init() {}
}

/// Delivers every notification due now, including what fell due while nothing was running (once,
/// marked late), then refills the budget. One process delivers at a time (`DeliveryLock`). A
/// watcher outlasts a busy store: it delivers what it could and tries again.
package struct DeliverDueNotificationsUseCase: Sendable {
    private let center: any NotificationRepository
    private let plan: PlanNotificationsUseCase
    private let environment: AppEnvironment
    private let lock: DeliveryLock?
    private let keepsLock: Bool

    /// A use case delivering from `center`, replanning with `plan`, when it can take `lock` (a
    /// store in memory has none); `keepsLock` keeps it afterwards (`watch`).
    package init(center: any NotificationRepository, plan: PlanNotificationsUseCase, environment: AppEnvironment,
                 lock: DeliveryLock?, keepsLock: Bool = false) {
        self.center = center
        self.plan = plan
        self.environment = environment
        self.lock = lock
        self.keepsLock = keepsLock
    }

    /// Delivers what is due when this process may deliver; otherwise says what is due without
    /// taking it.
    package func deliverOrShow() async throws -> DueNotifications {
        var result = DueNotifications()
        guard lock?.take() ?? true else {
            let now = environment.now()
            let waiting = try await center.pending().filter { $0.fireAt <= now }.map {
                DeliveredNotification(request: $0, deliveredAt: now, isLate: now.timeIntervalSince($0.fireAt) > NotificationBudget.lateAfter)
            }
            result.deliveredElsewhere = try await center.delivered() + waiting
            result.isDeliveringHere = false
            return result
        }
        defer { if !keepsLock { lock?.release() } }
        do {
            try await deliverNow(into: &result.delivered)
            // What was delivered is reported even when this read fails (then not known).
            let stillWaiting = try? await center.delivered()
            result.awaitingAnswer = stillWaiting.map { Set($0.map(\.id)) }
        } catch StoreError.busy where keepsLock {
            result.isStoreBusy = true
        }
        return result
    }

    /// When a delivery round next has something to do: the soonest pending request's time, the
    /// distant past when the plan was left stale (a replan to finish), `nil` when nothing is
    /// pending. Reads only.
    package func nextRound() async throws -> Date? {
        try await center.nextRound()
    }

    /// What `deliverOrShow()` delivered (nothing when another process delivers).
    package func callAsFunction() async throws -> [DeliveredNotification] {
        try await deliverOrShow().delivered
    }

    /// Moves what is due to delivered and adds it to `delivered`, soonest first (what one round
    /// delivered stays there when a later step fails).
    ///
    /// Catching up plans from where the last delivery stopped and delivers in rounds, each starting
    /// at the latest one-time reminder the round before delivered, so even more missed reminders
    /// than the budget holds are each delivered once (what is delivered is not planned again).
    private func deliverNow(into delivered: inout [DeliveredNotification]) async throws {
        let now = environment.now()
        var from = try await center.deliveredThrough() ?? now
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
    }
}
