import Domain
import Foundation

/// The notification plan as it stands and the reminders changed since it was made, read together,
/// so a replan can amend it for those reminders alone.
package struct PlanSnapshot: Sendable {
    /// Pending requests, soonest first.
    package var pending: [NotificationRequest]
    /// The pending requests' ids, times and snoozes as one text: a plan that still reads the same
    /// was not changed since.
    package var pendingDigest: String
    /// Delivered notifications, oldest first.
    package var delivered: [DeliveredNotification]
    /// The instant delivery has run up to, `nil` before the first plan.
    package var deliveredThrough: Date?
    /// The count of reminder changes so far.
    package var changes: Int64
    /// The count the plan was made from.
    package var planned: Int64
    /// The reminders changed since the plan was made; `nil` when they are not all known (a setting
    /// changed, or more than a plan's worth of reminders did), so only a whole replan is right.
    package var changed: Set<UUID>?

    /// A snapshot of these readings.
    package init(pending: [NotificationRequest], pendingDigest: String, delivered: [DeliveredNotification], deliveredThrough: Date?,
                 changes: Int64, planned: Int64, changed: Set<UUID>?) {
        self.pending = pending
        self.pendingDigest = pendingDigest
        self.delivered = delivered
        self.deliveredThrough = deliveredThrough
        self.changes = changes
        self.planned = planned
        self.changed = changed
    }
}
