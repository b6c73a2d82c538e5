import Domain
import Foundation
import Storage

/// Removes today's one-time reminders (the user's local day) and keeps every other day's.
package struct ResetTodayUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment
    private let plan: PlanNotificationsUseCase

    /// A use case deleting through `repository`, with the day from `environment`, replanning notifications with `plan`.
    package init(repository: any ReminderRepository, environment: AppEnvironment, plan: PlanNotificationsUseCase) {
        self.repository = repository
        self.environment = environment
        self.plan = plan
    }

    /// What a reset would remove now: the one-time reminders due today, open or done, by time,
    /// those `filter` keeps.
    package func preview(matching filter: ReminderFilter = .all) async throws -> [ReminderWithTags] {
        let day = environment.today, hours = day.interval(in: environment.timeZone)
        let today = try await repository.oneTimeReminders(scheduledIn: Reminder.widened(hours))
            .filter { $0.reminder.isDue(onUserDay: day, hours: hours) }
        guard !filter.isAll else { return today }
        let kept = try await repository.reminderIDs(today.map(\.id), matching: filter)
        return today.filter { kept.contains($0.id) }
    }

    /// Deletes the one-time reminders due today, open or done, and returns how many went.
    package func callAsFunction() async throws -> Int {
        try await callAsFunction(removing: preview().map(\.id))
    }

    /// Deletes exactly `ids` (what `preview()` showed) as one change, and returns how many went.
    package func callAsFunction(removing ids: [UUID]) async throws -> Int {
        guard !ids.isEmpty else { return 0 }
        let summary = "Reset today, removing \(ids.count == 1 ? "1 reminder" : "\(ids.count) reminders")"
        try await Journal.record(summary, at: environment.now()) { try await repository.delete(ids: ids) }
        await plan.afterChange()
        return ids.count
    }
}
