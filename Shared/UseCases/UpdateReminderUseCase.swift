import Domain
import Foundation
import Storage

/// Changes a stored reminder's values and tags; an unchanged past time stays allowed, a changed one must be future.
package struct UpdateReminderUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment
    private let plan: PlanNotificationsUseCase

    /// A use case storing through `repository`, with time from `environment`, replanning notifications with `plan`.
    package init(repository: any ReminderRepository, environment: AppEnvironment, plan: PlanNotificationsUseCase) {
        self.repository = repository
        self.environment = environment
        self.plan = plan
    }

    /// Validates `draft` against the stored reminder `id`, stores it and returns the result. With
    /// `original` (the values an edit form was opened with), only the fields the draft changed
    /// from it are written: the others keep what is stored now, even if another process or a sync
    /// changed them while the form was open (`ReminderDraft.changes(from:onto:)`; the due time
    /// and the repeat are one field there, as a repeat counts from its date).
    /// - Throws: `ReminderError.notFound` when the reminder is gone; `ReminderValidationError`
    ///   for a refused value; `TagError.notFound` for a tag deleted meanwhile; `StoreError` when storage fails.
    package func callAsFunction(id: UUID, _ draft: ReminderDraft, from original: ReminderDraft? = nil) async throws -> ReminderWithTags {
        guard let stored = try await repository.reminderWithTags(id: id) else { throw ReminderError.notFound(id) }
        var reminder = stored.reminder
        let draft = original.map { draft.changes(from: $0, onto: ReminderDraft(editing: stored, today: environment.today)) } ?? draft
        let now = environment.now()
        let values = try ReminderRules.validate(draft, previously: reminder.scheduledAt, now: now)
        reminder.title = values.title
        reminder.notes = values.notes
        reminder.reschedule(to: values.scheduledAt)
        reminder.isAllDay = values.isAllDay
        reminder.priority = values.priority
        reminder.listID = values.listID
        reminder.timeZoneID = values.timeZoneID
        reminder.recurrence = values.recurrence
        reminder.recurrenceEnd = values.recurrenceEnd
        reminder.nominal = values.nominal
        reminder.alarms = values.alarms
        reminder.updatedAt = now
        try await Journal.record("Edited \"\(reminder.title)\"", at: now) {
            try await repository.update(reminder, tagIDs: Array(draft.tagIDs))
        }
        await plan.afterChange()
        guard let stored = try await repository.reminderWithTags(id: id) else { throw ReminderError.notFound(id) }
        return stored
    }
}
