import Domain
import Foundation
import GRDB

/// Reading reminders: one by id, by id prefix, by due time, and the completions of a day.
extension GRDBReminderRepository {
    package func reminder(id: UUID) async throws -> Reminder? {
        try await database.read { db in
            try ReminderRows.reminders(db, sql: "SELECT * FROM reminder WHERE id = ?", arguments: [id]).first
        }
    }

    package func reminderWithTags(id: UUID) async throws -> ReminderWithTags? {
        try await database.read { db in
            try Self.fetchWithTags(ReminderQuery(condition: "reminder.id = ?", arguments: [id], order: "1"), db).first
        }
    }

    /// The reminders `query` selects, each with its tags.
    private static func fetchWithTags(_ query: ReminderQuery, _ db: Database) throws -> [ReminderWithTags] {
        try ReminderRows.remindersWithTags(db, sql: query.sql(alsoSelecting: ReminderQuery.tagRows), arguments: query.arguments)
    }

    package func oneTimeReminders(scheduledIn interval: Range<Date>) async throws -> [ReminderWithTags] {
        try await database.read { db in
            try Self.fetchWithTags(ReminderQuery(
                condition: "reminder.isCompleted IN (0, 1) AND reminder.scheduledAt >= ? AND reminder.scheduledAt < ? AND reminder.recurrenceRule = 'never'",
                arguments: [StoredInstant.milliseconds(interval.lowerBound), StoredInstant.milliseconds(interval.upperBound)],
                order: "reminder.scheduledAt, reminder.id"), db)
        }
    }

    package func reminders(idPrefix hexPrefix: String, limit: Int) async throws -> [ReminderWithTags] {
        try await database.read { db in
            // Every id starting with the prefix lies between it padded with 0s and with Fs: a
            // range of the primary key's index, not a scan.
            let hex = String(hexPrefix.uppercased().prefix(32))
            func bound(_ pad: Character) -> Data {
                let digits = Array(hex + String(repeating: pad, count: 32 - hex.count))
                return Data(stride(from: 0, to: 32, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16) ?? 0 })
            }
            return try Self.fetchWithTags(ReminderQuery(condition: "reminder.id BETWEEN ? AND ?",
                                                        arguments: [bound("0"), bound("F")], order: "reminder.id LIMIT \(limit)"), db)
        }
    }

    package func openOneTimeReminders(from instant: Date, limit: Int) async throws -> [Reminder] {
        try await database.read { db in
            try ReminderRows.reminders(db, sql: """
                SELECT * FROM reminder
                WHERE isCompleted = 0 AND scheduledAt >= ? AND recurrenceRule = 'never'
                ORDER BY scheduledAt, id LIMIT ?
                """, arguments: [StoredInstant.milliseconds(instant), limit])
        }
    }

    package func openOneTimeAllDayReminders(in interval: Range<Date>) async throws -> [Reminder] {
        try await database.read { db in
            try ReminderRows.reminders(db, sql: """
                SELECT * FROM reminder INDEXED BY reminder_allDay_open
                WHERE isAllDay AND isCompleted = 0 AND recurrenceRule = 'never' AND scheduledAt >= ? AND scheduledAt < ?
                ORDER BY scheduledAt, id
                """, arguments: [StoredInstant.milliseconds(interval.lowerBound), StoredInstant.milliseconds(interval.upperBound)])
        }
    }

    package func openAllDayCount(in interval: Range<Date>) async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: """
                SELECT count(*) FROM reminder INDEXED BY reminder_on_isCompleted_scheduledAt
                WHERE isCompleted = 0 AND scheduledAt >= ? AND scheduledAt < ? AND isAllDay
                """, arguments: [StoredInstant.milliseconds(interval.lowerBound), StoredInstant.milliseconds(interval.upperBound)]) ?? 0
        }
    }

    package func openOneTimeRemindersWithAlarms() async throws -> [Reminder] {
        // From the index of the reminders with alarms: SQLite would otherwise walk every open one.
        try await database.read { db in
            try ReminderRows.reminders(db, sql: """
                SELECT * FROM reminder INDEXED BY reminder_with_alarms
                WHERE alarms IS NOT NULL AND isCompleted = 0 AND scheduledAt IS NOT NULL AND recurrenceRule = 'never'
                """)
        }
    }

    package func snoozedReminders() async throws -> [Reminder] {
        try await database.read { db in try ReminderRows.reminders(db, sql: Self.snoozedRemindersSQL) }
    }

    /// The open reminders whose snooze is still to fire, from the index of those snoozed (SQLite
    /// would otherwise walk every open reminder: 0.17 s at 100,000, at each write's replan).
    package static let snoozedRemindersSQL = """
        SELECT * FROM reminder INDEXED BY reminder_snoozed
        WHERE alarmsSnoozedUntil IS NOT NULL AND isCompleted = 0 AND alarmsSnoozedUntil > coalesce(alarmsAcknowledgedAt, -1)
        """

    package func reminders(scheduledIn interval: Range<Date>) async throws -> [ReminderWithTags] {
        try await database.read { db in
            try ReminderRows.remindersWithTags(db, sql: """
                SELECT *, \(ReminderQuery.tagRows) FROM reminder WHERE isCompleted IN (0, 1) AND scheduledAt >= ? AND scheduledAt < ?
                ORDER BY scheduledAt, id
                """, arguments: [StoredInstant.milliseconds(interval.lowerBound), StoredInstant.milliseconds(interval.upperBound)])
        }
    }

    package func completions(madeIn interval: Range<Date>) async throws -> [DayHistory.Entry] {
        try await database.read { db in
            try CompletionWithTitle.fetchAll(db, sql: """
                SELECT completion.*, reminder.title, reminder.isAllDay, reminder.timeZoneID
                FROM completion CROSS JOIN reminder ON reminder.id = completion.reminderID
                WHERE completion.completedAt >= ? AND completion.completedAt < ?
                ORDER BY completion.completedAt, completion.id
                """, arguments: [StoredInstant.milliseconds(interval.lowerBound),
                                 StoredInstant.milliseconds(interval.upperBound)]).map(\.entry)
        }
    }

    package func reminderIDs(_ ids: [UUID], matching filter: ReminderFilter) async throws -> Set<UUID> {
        guard !ids.isEmpty else { return [] }
        return try await database.read { db in
            let narrowed = filter.sql()
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            return Set(try UUID.fetchAll(db, sql: "SELECT reminder.id FROM reminder WHERE reminder.id IN (\(marks))\(narrowed.condition)",
                                         arguments: StatementArguments(ids) + narrowed.arguments))
        }
    }

    package func completions(ofReminder id: UUID) async throws -> [Completion] {
        try await database.read { db in
            try CompletionRecord.filter(CompletionRecord.Columns.reminderID == id)
                .order(Column("completedAt").desc, CompletionRecord.Columns.occurrence.desc)
                .fetchAll(db).map(\.completion)
        }
    }

    package func syncPlaces(ofReminder id: UUID) async throws -> [SyncPlace] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT account, href FROM syncItem WHERE reminderID = ? ORDER BY account", arguments: [id])
                .map { SyncPlace(account: $0["account"], href: $0["href"]) }
        }
    }

    package func openRepeatingReminders(dueBefore instant: Date) async throws -> [ReminderWithTags] {
        try await database.read { db in
            try ReminderRows.remindersWithTags(db, sql: """
                SELECT *, \(ReminderQuery.tagRows) FROM reminder WHERE isCompleted = 0 AND scheduledAt < ? AND recurrenceRule <> 'never'
                ORDER BY scheduledAt, id
                """, arguments: [StoredInstant.milliseconds(instant)])
        }
    }

    package func completions(ofOccurrencesIn interval: Range<Date>) async throws -> [(completion: Completion, reminder: ReminderWithTags)] {
        try await database.read { db in
            try Self.withReminders(try CompletionRecord
                .filter(CompletionRecord.Columns.occurrence >= StoredInstant.milliseconds(interval.lowerBound))
                .filter(CompletionRecord.Columns.occurrence < StoredInstant.milliseconds(interval.upperBound))
                .order(CompletionRecord.Columns.occurrence, Column("id")).fetchAll(db), db)
        }
    }

    package func completions(passingOver interval: Range<Date>) async throws -> [(completion: Completion, reminder: ReminderWithTags)] {
        try await database.read { db in
            try Self.withReminders(try CompletionRecord
                .filter(CompletionRecord.Columns.occurrence < StoredInstant.milliseconds(interval.lowerBound))
                .filter(CompletionRecord.Columns.passedUntil > StoredInstant.milliseconds(interval.lowerBound))
                .order(CompletionRecord.Columns.occurrence, Column("id")).fetchAll(db), db)
        }
    }

    /// Each completion of `records` with its reminder as it is now (and its tags), each reminder read once.
    private static func withReminders(_ records: [CompletionRecord], _ db: Database) throws
        -> [(completion: Completion, reminder: ReminderWithTags)]
    {
        var reminders: [UUID: ReminderWithTags] = [:]
        for id in Set(records.map(\.reminderID)) {
            reminders[id] = try ReminderRows.remindersWithTags(db, sql: "SELECT *, \(ReminderQuery.tagRows) FROM reminder WHERE id = ?",
                                                               arguments: [id]).first
        }
        return records.compactMap { record in reminders[record.reminderID].map { (record.completion, $0) } }
    }
}
