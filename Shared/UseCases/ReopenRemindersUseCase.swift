import Domain
import Foundation
import Storage

/// Reopens done reminders: each is open again at the occurrence it was done at, and that
/// occurrence's log entry goes, so a day's history shows only what is still done.
package struct ReopenRemindersUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment
    private let plan: PlanNotificationsUseCase

    /// A use case storing through `repository`, with time from `environment`, replanning notifications with `plan`.
    package init(repository: any ReminderRepository, environment: AppEnvironment, plan: PlanNotificationsUseCase) {
        self.repository = repository
        self.environment = environment
        self.plan = plan
    }

    /// Reopens the reminders `ids` in one change, all or none, and returns them as stored.
    /// - Throws: `ReminderError.notDone` for an open reminder and `ReminderError.notFound` for a
    ///   missing one (nothing is reopened then); `StoreError` when storage fails.
    package func callAsFunction(ids: [UUID]) async throws -> [Reminder] {
        let now = environment.now()
        var changes: [(reminder: Reminder, occurrence: Date)] = []
        for id in ids {
            guard var reminder = try await repository.reminder(id: id) else { throw ReminderError.notFound(id) }
            guard reminder.isCompleted else { throw ReminderError.notDone(reminder.title) }
            // The occurrence whose completion is taken back: an undated one's was logged when it was done.
            let occurrence = reminder.scheduledAt ?? reminder.completedAt ?? now
            reminder.isCompleted = false
            reminder.completedAt = nil
            if reminder.stage == .cancelled { reminder.stage = .none }
            reminder.updatedAt = now
            changes.append((reminder, occurrence))
        }
        try await Journal.record("Reopened \(JournalText.titles(changes.map(\.reminder.title)))", at: now) {
            try await repository.reopen(changes)
        }
        await plan.afterChange()
        return changes.map(\.reminder)
    }
}
