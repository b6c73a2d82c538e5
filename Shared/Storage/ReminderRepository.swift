import Domain
import Foundation

/// Stores reminders and their completion log.
package protocol ReminderRepository: Sendable {
    /// Adds a new reminder carrying the tags `tagIDs`; throws `TagError.notFound` for an unknown tag.
    func insert(_ reminder: Reminder, tagIDs: [UUID]) async throws
    /// Replaces a stored reminder's values and tags; throws `ReminderError.notFound` when it
    /// is gone and `TagError.notFound` for an unknown tag.
    func update(_ reminder: Reminder, tagIDs: [UUID]) async throws
    /// Removes a reminder and its completion log; returns whether it existed.
    func delete(id: UUID) async throws -> Bool
    /// The reminder with this id, if any.
    func reminder(id: UUID) async throws -> Reminder?
    /// The reminder with this id and its tags, if any.
    func reminderWithTags(id: UUID) async throws -> ReminderWithTags?
    /// Stores `reminder` (marked done or advanced) and logs `completion`, in one transaction.
    func complete(_ reminder: Reminder, logging completion: Completion) async throws
    /// Stores `reminder` reopened and drops the log entries of the occurrence it reopened.
    func reopen(_ reminder: Reminder, occurrence: Date) async throws
    /// Removes the one-time reminders due within `interval`; returns how many went.
    func deleteOneTime(scheduledIn interval: Range<Date>) async throws -> Int
    /// Up to `limit` reminders whose id, written as hex without dashes, starts with `hexPrefix`.
    func reminders(idPrefix hexPrefix: String, limit: Int) async throws -> [ReminderWithTags]
    /// Open reminders with their tags, soonest first; only those carrying `tagID` when given.
    func openReminders(tagged tagID: UUID?) async throws -> [ReminderWithTags]
    /// Completed reminders with their tags, most recently completed first; only those carrying `tagID` when given.
    func completedReminders(tagged tagID: UUID?) async throws -> [ReminderWithTags]
    /// Open one-time reminders due at or after `instant`, soonest first, at most `limit`.
    func openOneTimeReminders(from instant: Date, limit: Int) async throws -> [Reminder]
    /// The open repeating reminders with the `limit` soonest values of `firstCandidate` (those
    /// without one are passed over), soonest first, read as a stream so memory stays small.
    func openRecurringReminders(
        soonestBy firstCandidate: @escaping @Sendable (Reminder) -> Date?, limit: Int
    ) async throws -> [(reminder: Reminder, first: Date)]
    /// Reminders, open or done, due within `interval`, by time.
    func reminders(scheduledIn interval: Range<Date>) async throws -> [Reminder]
    /// Completions made within `interval`, by time, with their reminders' titles.
    func completions(madeIn interval: Range<Date>) async throws -> [DayHistory.Entry]
}
