import Domain
import Foundation
import GRDB

/// The planner's index of each repeating reminder's next occurrence.
extension GRDBReminderRepository {
    package func recurringRemindersToPlan(
        from start: Date, now: Date, limit: Int,
        nextOccurrence: @escaping @Sendable (Reminder) -> Date?
    ) async throws -> [Reminder] {
        let startMs = StoredInstant.milliseconds(start), nowMs = StoredInstant.milliseconds(now)
        return try await database.write { db in
            // Entries are relative to the cursor; planning from before it starts them afresh.
            let cursor = try Int64.fetchOne(db, sql: "SELECT cursor FROM planState") ?? 0
            if startMs < cursor { try db.execute(sql: "UPDATE reminderPlan SET nextAt = 0") }
            // The stale series by id first, then read a page at a time: after an import every series
            // it added is stale, and all of them at once took as much memory as the import.
            let stale = try UUID.fetchAll(db, sql: "SELECT reminderID FROM reminderPlan WHERE nextAt <= ?", arguments: [startMs])
            let update = try db.makeStatement(sql: "UPDATE reminderPlan SET nextAt = ? WHERE reminderID = ?")
            for offset in stride(from: 0, to: stale.count, by: PlanIndex.pageSize) {
                let page = stale[offset..<min(offset + PlanIndex.pageSize, stale.count)]
                let reminders = try ReminderRows.reminders(db, sql: """
                    SELECT * FROM reminder WHERE id IN (\(databaseQuestionMarks(count: page.count)))
                    """, arguments: StatementArguments(Array(page)), cached: false)
                for reminder in reminders {
                    let next = nextOccurrence(reminder).map(StoredInstant.milliseconds) ?? PlanIndex.noMoreOccurrences
                    try update.execute(arguments: [next, reminder.id])
                }
            }
            try db.execute(sql: "UPDATE planState SET cursor = ?", arguments: [startMs])
            // Every series with an occurrence missed by now (the planner catches up its latest),
            // then the `limit` soonest after.
            let select = "SELECT reminder.* FROM reminderPlan CROSS JOIN reminder ON reminder.id = reminderPlan.reminderID"
            let missed = try ReminderRows.reminders(db, sql: """
                \(select) WHERE reminderPlan.nextAt > ? AND reminderPlan.nextAt <= ?
                """, arguments: [startMs, nowMs])
            let soonest = try ReminderRows.reminders(db, sql: """
                \(select) WHERE reminderPlan.nextAt > ? AND reminderPlan.nextAt < ?
                ORDER BY reminderPlan.nextAt, reminderPlan.reminderID LIMIT ?
                """, arguments: [max(startMs, nowMs), PlanIndex.noMoreOccurrences, limit])
            return missed + soonest
        }
    }
}

/// The planner's index holds `StoredInstant` milliseconds.
private enum PlanIndex {
    /// The entry of a series that has no occurrence after the cursor.
    static let noMoreOccurrences = Int64.max
    /// How many stale series are read at once.
    static let pageSize = 500
}
