import Domain
import Foundation

/// The notification centre: pending requests, delivered notifications and the delivery watermark.
package protocol NotificationRepository: Sendable {
    /// Pending requests, soonest first.
    func pending() async throws -> [NotificationRequest]
    /// Delivered notifications, oldest first.
    func delivered() async throws -> [DeliveredNotification]
    /// Answers notification `id` of reminder `reminderID` at `instant`, in one transaction: it leaves
    /// the pending and delivered ones, and the reminder records the answer (its
    /// `alarmsAcknowledgedAt` moves on to it, never back): what is due up to then is not delivered,
    /// here or, after a sync, on another device. With `snooze` (its new request, whole seconds) it
    /// fires again then, and the reminder keeps when (`alarmsSnoozedUntil`, which another device
    /// fires after a sync); a snooze it answers is over. Another process never sees it half
    /// answered (a watcher that replanned between separate steps delivered the firing again).
    func answer(_ id: String, reminderID: UUID, at instant: Date, snooze: NotificationRequest?) async throws
    /// The count of reminder changes so far; a plan made from them passes it to `replacePlan`.
    func reminderChangeCount() async throws -> Int64
    /// Whether reminders changed after the plan was made (a replan failed, or was killed).
    func planIsStale() async throws -> Bool
    /// Replaces every pending request that is not snoozed with `planned` (made from the reminders
    /// as they were at change count `changes`), drops what belongs to done reminders (pending and
    /// delivered), and keeps the soonest within the cap; one transaction.
    func replacePlan(with planned: [NotificationRequest], madeAt changes: Int64) async throws
    /// When delivery next has something to do: the soonest pending request's time, the distant past
    /// when reminders changed after the plan was made (a replan to finish), `nil` when nothing is
    /// pending; one read.
    func nextRound() async throws -> Date?
    /// The plan, the delivered notifications, the watermark and the reminders changed since the
    /// plan was made, in one read.
    func planSnapshot() async throws -> PlanSnapshot
    /// Amends the plan read in `snapshot` for the reminders changed since: removes the pending
    /// requests `removing` names, adds `adding` (those of reminders that still exist), forgets the
    /// delivered notifications of `doneReminders`, and marks the plan made from every change so far;
    /// one transaction. Writes nothing and returns false when the plan, the watermark or the
    /// reminders changed after `snapshot` was read.
    func amendPlan(removing: [String], adding: [NotificationRequest], doneReminders: [UUID],
                   over snapshot: PlanSnapshot) async throws -> Bool
    /// Moves the pending requests due at `now` to delivered (late when over a minute past) and returns them.
    func deliver(dueAt now: Date) async throws -> [DeliveredNotification]
    /// The instant delivery has run up to, `nil` before the first run.
    func deliveredThrough() async throws -> Date?
    /// Records the instant delivery has run up to.
    func setDeliveredThrough(_ instant: Date) async throws
    /// The notification ids in the order the last numbering of them gave, `nil` before any.
    func numbering() async throws -> [String]?
    /// Keeps `ids` as the numbering, unless it is that already; `false`, writing nothing, when
    /// another program is writing to the store (it never waits).
    @discardableResult
    func saveNumbering(_ ids: [String]) async throws -> Bool
}
