import Domain
import Foundation

/// When a delivered notification nobody has answered is shown again (`watch --nag 10m`): every
/// `interval` after it was last shown, until it is completed, snoozed or dismissed anywhere.
package struct NagSchedule: Sendable {
    /// How long after a notification was last shown it is shown again.
    package let interval: TimeInterval
    /// When each notification waiting for an answer was last shown, by id.
    private var shownAt: [String: Date] = [:]

    /// A schedule showing an unanswered notification again every `interval`.
    package init(every interval: TimeInterval) {
        self.interval = interval
    }

    /// Records that `notifications` were shown at `now` (delivered, or shown again).
    package mutating func shown(_ notifications: [DeliveredNotification], at now: Date) {
        for notification in notifications { shownAt[notification.id] = now }
    }

    /// The notifications of `waiting` (those delivered and not answered) to show again at `now`,
    /// recorded as shown; an answered one is forgotten, and one not seen before (delivered before
    /// this schedule began) counts as shown now.
    package mutating func due(waiting: [DeliveredNotification], at now: Date) -> [DeliveredNotification] {
        let ids = Set(waiting.map(\.id))
        shownAt = shownAt.filter { ids.contains($0.key) }
        var again: [DeliveredNotification] = []
        for notification in waiting {
            guard let last = shownAt[notification.id] else {
                shownAt[notification.id] = now
                continue
            }
            if now.timeIntervalSince(last) >= interval {
                again.append(notification)
                shownAt[notification.id] = now
            }
        }
        return again
    }

    /// When the next notification is to be shown again, `nil` when none is waiting.
    package var next: Date? { shownAt.values.min().map { $0.addingTimeInterval(interval) } }
}
