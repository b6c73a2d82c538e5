import Domain
import Foundation

/// Stores reminders and their completion log.
package protocol ReminderRepository: Sendable {
    /// Adds a new reminder.
    func insert(_ reminder: Reminder) async throws
    /// Replaces a stored reminder's values; throws `ReminderError.notFound` when it is gone.
    func update(_ reminder: Reminder) async throws
    /// Removes a reminder and its completion log; returns whether it existed.
    func delete(id: UUID) async throws -> Bool
    /// The reminder with this id, if any.
    func reminder(id: UUID) async throws -> Reminder?
    /// Stores `reminder` (marked done or advanced) and logs `completion`, in one transaction.
    func complete(_ reminder: Reminder, logging completion: Completion) async throws
    /// Stores `reminder` reopened and drops the log entries of the occurrence it reopened.
    func reopen(_ reminder: Reminder, occurrence: Date) async throws
    /// Removes the one-time reminders due within `interval`; returns how many went.
    func deleteOneTime(scheduledIn interval: Range<Date>) async throws -> Int
    /// Open reminders, soonest first.
    func openReminders() async throws -> [Reminder]
    /// Completed reminders, most recently completed first.
    func completedReminders() async throws -> [Reminder]
    /// Reminders, open or done, due within `interval`, by time.
    func reminders(scheduledIn interval: Range<Date>) async throws -> [Reminder]
    /// Completions made within `interval`, by time, with their reminders' titles.
    func completions(madeIn interval: Range<Date>) async throws -> [DayHistory.Entry]
}
