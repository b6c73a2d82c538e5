import Domain
import Foundation
import GRDB

/// The reminder repository over the SQLite store.
package struct GRDBReminderRepository: ReminderRepository {
    private let database: AppDatabase

    /// A repository writing to `database`.
    package init(database: AppDatabase) {
        self.database = database
    }

    package func insert(_ reminder: Reminder) async throws {
        try await database.write { db in try ReminderRecord(reminder).insert(db) }
    }

    package func update(_ reminder: Reminder) async throws {
        try await updateExisting(reminder)
    }

    package func delete(id: UUID) async throws -> Bool {
        try await database.write { db in try ReminderRecord.deleteOne(db, key: id) }
    }

    package func reminder(id: UUID) async throws -> Reminder? {
        try await database.read { db in try ReminderRecord.fetchOne(db, key: id)?.reminder }
    }

    package func complete(_ reminder: Reminder, logging completion: Completion) async throws {
        try await updateExisting(reminder) { db in try CompletionRecord(completion).insert(db) }
    }

    package func reopen(_ reminder: Reminder, occurrence: Date) async throws {
        try await updateExisting(reminder) { db in
            try CompletionRecord
                .filter(CompletionRecord.Columns.reminderID == reminder.id)
                .filter(CompletionRecord.Columns.occurrence == occurrence)
                .deleteAll(db)
        }
    }

    /// Stores `reminder` over its row and runs `alsoDo` in the same transaction;
    /// throws `ReminderError.notFound` when the row is gone.
    private func updateExisting(
        _ reminder: Reminder, alsoDo: @escaping @Sendable (Database) throws -> Void = { _ in }
    ) async throws {
        let found = try await database.write { db in
            guard try ReminderRecord.exists(db, key: reminder.id) else { return false }
            try ReminderRecord(reminder).update(db)
            try alsoDo(db)
            return true
        }
        if !found { throw ReminderError.notFound(reminder.id) }
    }

    package func deleteOneTime(scheduledIn interval: Range<Date>) async throws -> Int {
        try await database.write { db in
            try ReminderRecord
                .filter(interval.contains(ReminderRecord.Columns.scheduledAt))
                .deleteAll(db)
        }
    }

    package func openReminders() async throws -> [Reminder] {
        try await database.read { db in
            try ReminderRecord
                .filter(ReminderRecord.Columns.isCompleted == false)
                .order(ReminderRecord.Columns.scheduledAt, ReminderRecord.Columns.id)
                .fetchAll(db).map(\.reminder)
        }
    }

    package func completedReminders() async throws -> [Reminder] {
        try await database.read { db in
            try ReminderRecord
                .filter(ReminderRecord.Columns.isCompleted == true)
                .order(ReminderRecord.Columns.completedAt.desc, ReminderRecord.Columns.scheduledAt.desc)
                .fetchAll(db).map(\.reminder)
        }
    }

    package func reminders(scheduledIn interval: Range<Date>) async throws -> [Reminder] {
        try await database.read { db in
            try ReminderRecord
                .filter(interval.contains(ReminderRecord.Columns.scheduledAt))
                .order(ReminderRecord.Columns.scheduledAt, ReminderRecord.Columns.id)
                .fetchAll(db).map(\.reminder)
        }
    }

    package func completions(madeIn interval: Range<Date>) async throws -> [DayHistory.Entry] {
        try await database.read { db in
            try CompletionWithTitle.fetchAll(db, sql: """
                SELECT completion.*, reminder.title
                FROM completion JOIN reminder ON reminder.id = completion.reminderID
                WHERE completion.completedAt >= ? AND completion.completedAt < ?
                ORDER BY completion.completedAt, completion.id
                """, arguments: [interval.lowerBound, interval.upperBound]).map(\.entry)
        }
    }
}
