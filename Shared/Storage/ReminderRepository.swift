import Domain
import Foundation

/// Stores reminders and their completion log.
package protocol ReminderRepository: Sendable {
    /// Adds a new reminder carrying the tags `tagIDs`; throws `TagError.notFound` for an unknown tag.
    func insert(_ reminder: Reminder, tagIDs: [UUID]) async throws
    /// Replaces a stored reminder's values and tags; throws `ReminderError.notFound` when it
    /// is gone and `TagError.notFound` for an unknown tag.
    func update(_ reminder: Reminder, tagIDs: [UUID]) async throws
    /// Stores each reminder's values over its row, its tags kept, in one transaction;
    /// `ReminderError.notFound` (and nothing stored) when one is gone.
    func save(_ reminders: [Reminder]) async throws
    /// The reminder with this id, if any.
    func reminder(id: UUID) async throws -> Reminder?
    /// The reminder with this id and its tags, if any.
    func reminderWithTags(id: UUID) async throws -> ReminderWithTags?
    /// Removes the reminders `ids` (with their completion logs) in one transaction: all of them,
    /// or none when one is gone (`ReminderError.notFound`).
    func delete(ids: [UUID]) async throws
    /// Stores each reminder (marked done or advanced) and logs its completion, in one transaction;
    /// `ReminderError.notFound` (and nothing stored) when one is gone.
    func complete(_ completions: [(reminder: Reminder, completion: Completion)]) async throws
    /// Stores each reminder reopened and drops the log entries of the occurrence it reopened, in
    /// one transaction; `ReminderError.notFound` (and nothing stored) when one is gone.
    func reopen(_ reopenings: [(reminder: Reminder, occurrence: Date)]) async throws
    /// Remembers the reminder ids as the last listing numbered them, unless they are that already,
    /// as `condition` allows; returns the stored listing's token, `nil`, writing nothing, when
    /// another program is writing to the store (it never waits) or `condition` does not hold.
    @discardableResult
    func saveListing(_ ids: [UUID], _ condition: ListingCondition) async throws -> ListingToken?
    /// As `saveListing(_:_:)` with `.any`, for the ids a listing spooled as it was written.
    @discardableResult
    func saveListing(_ spool: ListingSpool) async throws -> ListingToken?
    /// The stored listing's token, `nil` when nothing was listed yet.
    func listingToken() async throws -> ListingToken?
    /// The reminder ids as the last listing numbered them, `nil` when nothing was listed yet.
    func lastListing() async throws -> [UUID]?
    /// Adds `id` at the end of the last listing (without reading it) and returns its number there;
    /// `nil`, writing nothing, when nothing was listed yet or another program is writing.
    func appendToListing(_ id: UUID) async throws -> Int?
    /// How many the last listing numbered and the ids of `numbers` among them (those it has), read
    /// from the stored listing alone, not the whole of it; `nil` when nothing was listed yet.
    func lastListing(numbers: ClosedRange<Int>) async throws -> (count: Int, ids: [Int: UUID])?
    /// The one-time reminders, open or done, due within `interval`, by time.
    func oneTimeReminders(scheduledIn interval: Range<Date>) async throws -> [ReminderWithTags]
    /// Up to `limit` reminders whose id, written as hex without dashes, starts with `hexPrefix`.
    func reminders(idPrefix hexPrefix: String, limit: Int) async throws -> [ReminderWithTags]
    /// Calls `body` with each reminder of each of `sections` in turn, with its tags, only those
    /// that `filter` keeps, as SQLite returns them (memory stays flat however many there
    /// are), and `ended` at the end of each section with how many it passed and how many the
    /// section holds (counted only when the section's `limit` stopped it and it `countsAll`,
    /// else what it passed); all in one read: every section shows the same state of the store,
    /// whatever is committed meanwhile. With `zones`, the read first passes it the zones of the
    /// reminders the sections hold (before any reminder; a calendar's VTIMEZONEs come first). An
    /// error either throws ends the read.
    func forEachReminder(
        in sections: [ReminderSection], matching filter: ReminderFilter,
        zones: (@Sendable ([ZoneSpan]) throws -> Void)?,
        _ body: @escaping @Sendable (_ section: Int, ReminderWithTags) throws -> Void,
        ended: @escaping @Sendable (_ section: Int, _ shown: Int, _ total: Int) throws -> Void
    ) async throws
    /// Whether `forEachReminder` reads every reminder of `sections` before it passes the first on
    /// (a search, put in each section's order once read), rather than passing them as it reads.
    func readsWholeFirst(_ sections: [ReminderSection], matching filter: ReminderFilter) -> Bool
    /// Open one-time reminders due at or after `instant`, soonest first, at most `limit`.
    func openOneTimeReminders(from instant: Date, limit: Int) async throws -> [Reminder]
    /// Open one-time all-day reminders due in `interval`, soonest first.
    func openOneTimeAllDayReminders(in interval: Range<Date>) async throws -> [Reminder]
    /// How many open all-day reminders (repeating or not) are due in `interval`.
    func openAllDayCount(in interval: Range<Date>) async throws -> Int
    /// Every open, dated one-time reminder whose alarms are not the default one (the planner reads
    /// them whatever their due time: an alarm can be long before or after it).
    func openOneTimeRemindersWithAlarms() async throws -> [Reminder]
    /// Every open reminder whose snoozed notification is not answered yet (`Reminder.liveSnooze`).
    func snoozedReminders() async throws -> [Reminder]
    /// The open repeating reminders the planner needs from `start` on: every one with an
    /// occurrence in (`start`, `now`], then the `limit` whose first occurrence after both is
    /// soonest (by instant, then id), from an index of each one's first occurrence after `start`
    /// (`nextOccurrence` fills in the entries a change or the passing of time left unknown).
    func recurringRemindersToPlan(
        from start: Date, now: Date, limit: Int,
        nextOccurrence: @escaping @Sendable (Reminder) -> Date?
    ) async throws -> [Reminder]
    /// Reminders, open or done, due within `interval`, by time, with their tags.
    func reminders(scheduledIn interval: Range<Date>) async throws -> [ReminderWithTags]
    /// Completions made within `interval`, by time, with their reminders' titles.
    func completions(madeIn interval: Range<Date>) async throws -> [DayHistory.Entry]
    /// Open repeating reminders whose current occurrence is due before `instant`, with their tags.
    func openRepeatingReminders(dueBefore instant: Date) async throws -> [ReminderWithTags]
    /// Completions of occurrences due within `interval`, each with its reminder as it is now (and its tags).
    func completions(ofOccurrencesIn interval: Range<Date>) async throws -> [(completion: Completion, reminder: ReminderWithTags)]
    /// The completions that passed over times of their reminder's series reaching into `interval`
    /// (completed an occurrence before it and moved the reminder past its start: `Completion.passedUntil`),
    /// each with its reminder as it is now (and its tags).
    func completions(passingOver interval: Range<Date>) async throws -> [(completion: Completion, reminder: ReminderWithTags)]
    /// Which of `ids` `filter` selects.
    func reminderIDs(_ ids: [UUID], matching filter: ReminderFilter) async throws -> Set<UUID>
    /// The completions of reminder `id`, most recent first.
    func completions(ofReminder id: UUID) async throws -> [Completion]
    /// The sync accounts reminder `id` is on, by account name.
    func syncPlaces(ofReminder id: UUID) async throws -> [SyncPlace]
}

extension ReminderRepository {
    /// `forEachReminder(in:matching:zones:_:ended:)` without the zones.
    package func forEachReminder(
        in sections: [ReminderSection], matching filter: ReminderFilter,
        _ body: @escaping @Sendable (_ section: Int, ReminderWithTags) throws -> Void,
        ended: @escaping @Sendable (_ section: Int, _ shown: Int, _ total: Int) throws -> Void
    ) async throws {
        try await forEachReminder(in: sections, matching: filter, zones: nil, body, ended: ended)
    }
}

extension ReminderRepository {
    /// `saveListing(ids, .any)`: whether the listing was kept.
    @discardableResult
    package func saveListing(_ ids: [UUID]) async throws -> Bool {
        try await saveListing(ids, .any) != nil
    }
}
