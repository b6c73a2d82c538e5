import Domain
import Foundation
import GRDB

/// A row of the `reminder` table.
struct ReminderRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "reminder"

    var id: UUID
    var title: String
    var notes: String?
    var scheduledAt: Date
    var timeZoneID: String
    var isCompleted: Bool
    var completedAt: Date?
    var createdAt: Date
    var updatedAt: Date

    init(_ reminder: Reminder) {
        id = reminder.id
        title = reminder.title
        notes = reminder.notes
        scheduledAt = reminder.scheduledAt
        timeZoneID = reminder.timeZoneID
        isCompleted = reminder.isCompleted
        completedAt = reminder.completedAt
        createdAt = reminder.createdAt
        updatedAt = reminder.updatedAt
    }

    var reminder: Reminder {
        Reminder(
            id: id, title: title, notes: notes, scheduledAt: scheduledAt, timeZoneID: timeZoneID,
            isCompleted: isCompleted, completedAt: completedAt, createdAt: createdAt, updatedAt: updatedAt
        )
    }
}

extension ReminderRecord {
    enum Columns {
        static let id = Column("id")
        static let scheduledAt = Column("scheduledAt")
        static let isCompleted = Column("isCompleted")
        static let completedAt = Column("completedAt")
    }
}
