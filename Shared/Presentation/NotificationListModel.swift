import Domain
import Foundation
import Observation
import UseCases

/// The notification centre as a list: pending requests with how much of the budget each group
/// uses, and delivered notifications waiting for an answer.
@MainActor @Observable
package final class NotificationListModel {
    /// One notification as a row shows it.
    package struct Row: Hashable, Sendable {
        /// The notification's identifier, for `complete-notification` and `snooze`.
        package let id: String
        /// When it fires or fired, e.g. "Today 15:30".
        package let timeText: String
        /// The reminder's title.
        package let title: String
        /// "repeating", "snoozed", "late" …: what else to say about it, `nil` when nothing.
        package let note: String?
    }

    /// Pending requests, soonest first.
    package private(set) var pending: [Row] = []
    /// Pending requests with each repeating series in one row, its soonest, which says how many
    /// more of the series are planned and until when; soonest first.
    package private(set) var pendingBySeries: [Row] = []
    /// Delivered notifications, oldest first.
    package private(set) var delivered: [Row] = []
    /// How the pending slots are used, e.g. "3 of 64 pending: 1 of 14 one-time, 2 of 50 repeating, 0 snoozed.".
    package private(set) var budgetText = ""
    /// Why the last load failed, as one sentence.
    package private(set) var error: String?

    @ObservationIgnored private let environment: AppEnvironment
    @ObservationIgnored private let listNotifications: ListNotificationsUseCase

    /// A list reading through `listNotifications`.
    package init(environment: AppEnvironment, listNotifications: ListNotificationsUseCase) {
        self.environment = environment
        self.listNotifications = listNotifications
    }

    /// Reads the centre.
    package func load() async {
        do {
            let centre = try await listNotifications()
            let formatter = CardTimeFormatter(today: environment.today, timeZone: environment.timeZone)
            /// "snoozed" or "repeating", and when an alarm's occurrence is due when that is another time.
            func note(_ request: NotificationRequest, _ kind: String?) -> String? {
                let due = request.dueAt == request.fireAt ? nil : "due \(formatter.string(for: request.dueAt))"
                let parts = [kind, due].compactMap { $0 }
                return parts.isEmpty ? nil : parts.joined(separator: "; ")
            }
            pending = centre.pending.map {
                Row(id: $0.id, timeText: formatter.string(for: $0.fireAt), title: $0.title,
                    note: note($0, $0.isSnoozed ? "snoozed" : $0.isRecurring ? "repeating" : nil))
            }
            var slots: [UUID: [NotificationRequest]] = [:]
            for request in centre.pending where request.isRecurring && !request.isSnoozed { slots[request.reminderID, default: []].append(request) }
            pendingBySeries = centre.pending.compactMap { request in
                guard request.isRecurring, !request.isSnoozed, let series = slots[request.reminderID], series.count > 1 else {
                    return Row(id: request.id, timeText: formatter.string(for: request.fireAt), title: request.title,
                               note: note(request, request.isSnoozed ? "snoozed" : request.isRecurring ? "repeating" : nil))
                }
                let ordered = series.sorted { $0.fireAt < $1.fireAt }
                guard ordered.first?.id == request.id, let last = ordered.last else { return nil }
                return Row(id: request.id, timeText: formatter.string(for: request.fireAt), title: request.title,
                           note: "repeating; \(ordered.count - 1) more until \(formatter.string(for: last.fireAt))")
            }
            delivered = centre.delivered.map {
                Row(id: $0.id, timeText: formatter.string(for: $0.request.fireAt), title: $0.request.title,
                    note: note($0.request, $0.isLate ? "late" : nil))
            }
            let snoozed = centre.pending.filter(\.isSnoozed).count
            let repeating = centre.pending.filter { $0.isRecurring && !$0.isSnoozed }.count
            let oneTime = centre.pending.count - snoozed - repeating
            budgetText = "\(centre.pending.count) of \(NotificationBudget.pendingCap) pending: "
                + "\(oneTime) of \(NotificationBudget.oneTimeSlots) one-time, "
                + "\(repeating) of \(NotificationBudget.recurringSlots) repeating, \(snoozed) snoozed."
            error = nil
        } catch {
            self.error = ErrorMessage.describe(error)
        }
    }
}

extension DeliveredNotification {
    /// What a notification says under its title: when its occurrence is or was due ("Due Today
    /// 15:30", also for an alarm before it; "late" when it was delivered over a minute after its
    /// time), then the reminder's notes; never empty.
    package func body(environment: AppEnvironment) -> String {
        let formatter = CardTimeFormatter(today: environment.today, timeZone: environment.timeZone)
        let due = "Due \(formatter.string(for: request.dueAt))" + (isLate ? " (late)" : "")
        return request.body.isEmpty ? due : due + "\n" + request.body
    }
}
