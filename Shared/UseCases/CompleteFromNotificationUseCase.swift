import Domain
import Foundation
import Storage

/// Marks a reminder complete from its notification: a repeating one advances, a one-time one is
/// done, and the notification goes.
package struct CompleteFromNotificationUseCase: Sendable {
    private let reminders: any ReminderRepository
    private let center: any NotificationRepository
    private let toggleCompletion: ToggleCompletionUseCase
    private let environment: AppEnvironment

    /// A use case reading `reminders` and `center`, completing through `toggleCompletion`, with
    /// time from `environment`.
    package init(reminders: any ReminderRepository, center: any NotificationRepository,
                 toggleCompletion: ToggleCompletionUseCase, environment: AppEnvironment) {
        self.reminders = reminders
        self.center = center
        self.toggleCompletion = toggleCompletion
        self.environment = environment
    }

    /// Completes the reminder of notification `id` (delivered or pending) and removes the notification,
    /// acknowledging its alarms (`NotificationRepository.answer`) so another device is silent too.
    /// A reminder already done, or already moved past that occurrence, is left as it is. Both
    /// writes are one command in the undo journal: its undo reopens the reminder and gives the
    /// notification back, unanswered.
    /// - Returns: the reminder as stored, and whether this completed it.
    /// - Throws: `NotificationError.notFound`; `ReminderError.notFound`; `StoreError`.
    package func callAsFunction(id: String) async throws -> (reminder: Reminder, completed: Bool) {
        let (request, delivered) = try await center.find(id)
        guard var reminder = try await reminders.reminder(id: request.reminderID) else {
            throw ReminderError.notFound(request.reminderID)
        }
        // An alarm before the due time completes the occurrence it is about (`dueAt`).
        let latest = max(request.fireAt, request.dueAt, delivered?.deliveredAt ?? request.fireAt)
        let occurrenceIsCurrent = reminder.scheduledAt.map { $0 <= latest } ?? false
        let completes = !reminder.isCompleted && occurrenceIsCurrent
        let now = environment.now()
        try await Journal.command {
            if completes { reminder = try await toggleCompletion(id: reminder.id) }
            let summary = "\(completes ? "Completed" : "Dismissed") \"\(reminder.title)\""
            try await Journal.record(summary, at: now, scope: .notifications) {
                try await center.answer(id, reminderID: reminder.id, at: max(now, request.fireAt), snooze: nil)
            }
        }
        return (reminder, completes)
    }
}
