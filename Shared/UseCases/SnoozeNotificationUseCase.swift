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

    /// Snoozes notification `id` and returns the new request. A delivered notification fires again
    /// `length` from now; one not delivered yet is postponed from its own time, so snoozing never
    /// makes a notification fire earlier. `.until(time)` is the next time the user's clock reads
    /// `time` after that point.
    /// - Throws: `NotificationError.invalidSnooze` outside 1…10080 minutes; `NotificationError.notFound`;
    ///   `NotificationError.earlierFirst` for one not delivered yet behind another of its reminder; `StoreError`.
    package func callAsFunction(id: String, length: SnoozeLength = .standard) async throws -> NotificationRequest {
        if case .minutes(let minutes) = length, !SnoozeLength.allowedMinutes.contains(minutes) { throw NotificationError.invalidSnooze }
        let now = environment.now()
        let (found, delivered) = try await center.find(id)
        if delivered == nil { try await center.refuseSkippingOthers(than: found, answeredAt: max(now, found.fireAt)) }
        var request = found
        let from = delivered == nil ? max(request.fireAt, now) : now
        switch length {
        case .minutes(let minutes):
            request.fireAt = from.addingTimeInterval(TimeInterval(minutes * 60))
        case .until(let time):
            let zone = environment.timeZone
            let day = LocalDate(containing: from, in: zone)
            let sameDay = LocalDateTime(date: day, time: time).resolved(in: zone)
            request.fireAt = sameDay > from ? sameDay : LocalDateTime(date: day.adding(days: 1), time: time).resolved(in: zone)
        }
        // Whole seconds, as iCalendar carries the snooze to another device.
        request.fireAt = Date(timeIntervalSince1970: request.fireAt.timeIntervalSince1970.rounded(.up))
        request.isSnoozed = true
        // Answered: the firing snoozed (a pending one's own time) is silent on other devices too,
        // which fire the snooze instead (RFC 9074's snooze alarm).
        let answered = max(now, found.fireAt)
        try await Journal.record("Snoozed \"\(request.title)\"", at: now, scope: .notifications) {
            try await center.answer(request.id, reminderID: request.reminderID, at: answered, snooze: request)
        }
        return request
    }
}

extension NotificationRepository {
    /// Refuses answering `request`, not delivered yet, at `answeredAt` (its own time, or now when
    /// later), while another notification of its reminder, of another occurrence, fires by then and
    /// is pending or waiting: the answer covers the reminder's alarms up to then (RFC 9074's
    /// ACKNOWLEDGED), so that one would go unseen. The alarms of its own occurrence are answered
    /// with it, as meant.
    func refuseSkippingOthers(than request: NotificationRequest, answeredAt: Date) async throws {
        let silenced = { (other: NotificationRequest) in
            other.reminderID == request.reminderID && other.id != request.id && other.dueAt != request.dueAt && other.fireAt <= answeredAt
        }
        let pendingSilenced = try await pending().contains(where: silenced)
        let waitingSilenced = try await delivered().contains { silenced($0.request) }
        if pendingSilenced || waitingSilenced { throw NotificationError.earlierFirst(request.title) }
    }
}
