import Domain
import Foundation
import Storage

/// Where reminders stand besides done: to do, in progress (perhaps with how much is done), or
/// cancelled (closed without being done: never notified, never overdue).
package struct ChangeStatusUseCase: Sendable {
    /// A status to set.
    package enum Status: Hashable, Sendable {
        /// Open, not started.
        case toDo
        /// Open and started; `percent` (0–100) when said, else what it was.
        case inProgress(percent: Int?)
        /// Closed, not done.
        case cancelled
    }

    private let repository: any ReminderRepository
    private let environment: AppEnvironment
    private let plan: PlanNotificationsUseCase

    /// A use case storing through `repository`, with time from `environment`, replanning through `plan`.
    package init(repository: any ReminderRepository, environment: AppEnvironment, plan: PlanNotificationsUseCase) {
        self.repository = repository
        self.environment = environment
        self.plan = plan
    }

    /// Sets `status` on the reminders `ids` in one change, all or none, and returns them as stored.
    /// A done one may be cancelled or reopened this way; its completions stay logged.
    /// - Throws: `ReminderError.notFound` for a missing reminder (nothing is changed then); `StoreError`.
    package func callAsFunction(ids: [UUID], to status: Status) async throws -> [Reminder] {
        let now = environment.now()
        var changed: [Reminder] = []
        for id in ids {
            guard var reminder = try await repository.reminder(id: id) else { throw ReminderError.notFound(id) }
            switch status {
            case .toDo:
                (reminder.isCompleted, reminder.completedAt, reminder.stage) = (false, nil, .none)
            case .inProgress(let percent):
                (reminder.isCompleted, reminder.completedAt, reminder.stage) = (false, nil, .inProgress)
                if let percent { reminder.percentComplete = percent }
            case .cancelled:
                guard !reminder.isCancelled else { continue }
                (reminder.isCompleted, reminder.completedAt, reminder.stage) = (true, now, .cancelled)
            }
            reminder.updatedAt = now
            changed.append(reminder)
        }
        guard !changed.isEmpty else { return [] }
        let verb = switch status {
        case .toDo: "Set to do"
        case .inProgress: "Started"
        case .cancelled: "Cancelled"
        }
        try await Journal.record("\(verb) \(JournalText.titles(changed.map(\.title)))", at: now) {
            try await repository.save(changed)
        }
        await plan.afterChange()
        return changed
    }
}
