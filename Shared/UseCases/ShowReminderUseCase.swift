import Domain
import Foundation
import Storage

/// Reads one reminder in full: its tags, its next times, its completions, its sync accounts.
package struct ShowReminderUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment

    /// A use case reading through `repository`, with time from `environment`.
    package init(repository: any ReminderRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// Reminder `id` in full; `nextTimes` are the (at most three) occurrences after its current
    /// one and after now while it is open and repeats: those `done` moves it on to (an overdue
    /// one's times already past are passed over).
    /// - Throws: `ReminderError.notFound`; `StoreError`.
    package func callAsFunction(id: UUID) async throws -> ReminderInFull {
        guard let reminder = try await repository.reminderWithTags(id: id) else { throw ReminderError.notFound(id) }
        let after = max(reminder.reminder.scheduledAt ?? .distantPast, environment.now())
        let next = reminder.isCompleted || !reminder.recurrence.isRepeating ? []
            : (reminder.series?.occurrences(after: after, count: 3) ?? []).map(\.instant)
        return ReminderInFull(reminder: reminder, nextTimes: next,
                              completions: try await repository.completions(ofReminder: id),
                              syncedWith: try await repository.syncPlaces(ofReminder: id))
    }
}
