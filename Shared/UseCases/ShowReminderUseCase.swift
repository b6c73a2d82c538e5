import Domain
import Foundation
import Storage

/// Reads one reminder in full: its tags, its next times, its completions, its sync accounts.
package struct ShowReminderUseCase: Sendable {
    private let repository: any ReminderRepository

    /// A use case reading through `repository`.
    package init(repository: any ReminderRepository) {
        self.repository = repository
    }

    /// Reminder `id` in full; `nextTimes` are the (at most three) occurrences after its current
    /// one while it is open and repeats.
    /// - Throws: `ReminderError.notFound`; `StoreError`.
    package func callAsFunction(id: UUID) async throws -> ReminderInFull {
        guard let reminder = try await repository.reminderWithTags(id: id) else { throw ReminderError.notFound(id) }
        let next = reminder.isCompleted || !reminder.recurrence.isRepeating ? []
            : Array((reminder.series?.occurrences(count: 4) ?? []).dropFirst().map(\.instant))
        return ReminderInFull(reminder: reminder, nextTimes: next,
                              completions: try await repository.completions(ofReminder: id),
                              syncedWith: try await repository.syncPlaces(ofReminder: id))
    }
}
