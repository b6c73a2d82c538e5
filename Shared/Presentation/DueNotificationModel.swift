import Domain
import Foundation
import Observation
import UseCases

/// The notifications that fall due while a screen is open, one at a time, with what can be done
/// about the one shown: complete its reminder, snooze it, or put it aside.
@MainActor @Observable
package final class DueNotificationModel {
    /// A notification as a status line shows it.
    package struct Shown: Hashable, Sendable {
        /// The notification's identifier.
        package let id: String
        /// "Reminder: Call mum · Today 15:00 (late)", made safe to print.
        package let text: String
    }

    /// The notification shown, the oldest not answered yet; `nil` when none is waiting.
    package var current: Shown? { waiting.first }
    /// How many more are waiting behind `current`.
    package var moreCount: Int { max(0, waiting.count - 1) }
    /// What the last answer did, e.g. "Snoozed "Call mum" until Today 15:15.".
    package private(set) var status: String?
    /// Why the last check or answer failed, as one sentence.
    package private(set) var error: String?

    private var waiting: [Shown] = []
    @ObservationIgnored private var seen = Set<String>()
    /// Those shown here and answered elsewhere since, by id, in case that answer is undone.
    @ObservationIgnored private var answeredElsewhere: [String: Shown] = [:]
    @ObservationIgnored private let environment: AppEnvironment
    @ObservationIgnored private let deliverDue: DeliverDueNotificationsUseCase
    @ObservationIgnored private let completeFromNotification: CompleteFromNotificationUseCase
    @ObservationIgnored private let snooze: SnoozeNotificationUseCase
    @ObservationIgnored private let dismiss: DismissNotificationUseCase
    @ObservationIgnored private let waitForNextOrChange: @Sendable () async -> Void

    /// A model delivering through `deliverDue` (or, while a `watch` delivers, showing what it
    /// delivers), answering through the use cases given; `waitForNextOrChange` returns when the
    /// next notification is due or the store changed.
    package init(environment: AppEnvironment, deliverDue: DeliverDueNotificationsUseCase,
                 completeFromNotification: CompleteFromNotificationUseCase, snooze: SnoozeNotificationUseCase,
                 dismiss: DismissNotificationUseCase, waitForNextOrChange: @escaping @Sendable () async -> Void) {
        self.environment = environment
        self.deliverDue = deliverDue
        self.completeFromNotification = completeFromNotification
        self.snooze = snooze
        self.dismiss = dismiss
        self.waitForNextOrChange = waitForNextOrChange
    }

    /// Delivers what is due now and adds each notification not shown before to those waiting.
    package func check() async {
        do {
            let due = try await deliverDue.deliverOrShow()
            let formatter = CardTimeFormatter(today: environment.today, timeZone: environment.timeZone)
            for notification in due.delivered + due.deliveredElsewhere where seen.insert(notification.id).inserted {
                let request = notification.request
                waiting.append(Shown(id: request.id, text: "Reminder: \(VisibleText.escaped(request.title)) · "
                    + formatter.announced(request, note: notification.isLate ? "late" : nil, separator: " ")))
            }
            // One answered elsewhere (another shell, a sync) is no longer shown, and given back there
            // (an undo of that answer) is shown again; one no longer waiting, shown or put aside, is
            // shown again when it falls due again (snoozed, moved), under the same id.
            if let awaiting = due.awaitingAnswer ?? (due.isDeliveringHere ? nil : Set(due.deliveredElsewhere.map(\.id))) {
                for shown in waiting where !awaiting.contains(shown.id) { answeredElsewhere[shown.id] = shown }
                waiting.removeAll { !awaiting.contains($0.id) }
                seen.formIntersection(awaiting)
                for (id, shown) in answeredElsewhere where awaiting.contains(id) {
                    answeredElsewhere[id] = nil
                    guard !seen.contains(id) else { continue }
                    seen.insert(id)
                    waiting.append(shown)
                }
            }
            error = nil
        } catch {
            self.error = ErrorMessage.describe(error)
        }
    }

    /// Checks now, then each time a notification falls due or the store changes, until the task
    /// running it is cancelled.
    package func follow() async {
        while !Task.isCancelled {
            await check()
            await waitForNextOrChange()
        }
    }

    /// The user completed the shown notification's reminder (a repeating one moves on).
    package func completeTapped() async {
        guard let shown = current else { return }
        await answer(shown) {
            let formatter = CardTimeFormatter(today: self.environment.today, timeZone: self.environment.timeZone)
            return CompletionText.completed(try await self.completeFromNotification(id: shown.id), formatter: formatter)
        }
    }

    /// The user snoozed the shown notification for 15 minutes.
    package func snoozeTapped() async {
        guard let shown = current else { return }
        await answer(shown) {
            let request = try await self.snooze(id: shown.id)
            let formatter = CardTimeFormatter(today: self.environment.today, timeZone: self.environment.timeZone)
            return "Snoozed \"\(VisibleText.escaped(request.title))\" until \(formatter.string(for: request.fireAt))."
        }
    }

    /// The user dismissed the shown notification: answered, here and (after a sync) everywhere,
    /// its reminder as it was.
    package func dismissTapped() async {
        guard let shown = current else { return }
        await answer(shown) {
            "Dismissed \"\(VisibleText.escaped(try await self.dismiss(id: shown.id).title))\"."
        }
    }

    /// The user put the shown notification aside, unanswered; it stays delivered (`memoss notifications`).
    package func putAsideTapped() {
        guard !waiting.isEmpty else { return }
        waiting.removeFirst()
        status = nil
    }

    private func answer(_ shown: Shown, _ action: () async throws -> String) async {
        status = nil
        error = nil
        do {
            status = try await action()
            waiting.removeAll { $0.id == shown.id }
            // A snoozed notification may fall due again under the same identifier.
            seen.remove(shown.id)
        } catch {
            self.error = ErrorMessage.describe(error)
        }
    }
}
