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
    var recurrenceRule: String
    var recurrenceWeekday: Int?
    var recurrenceDay: Int?
    var recurrenceEnd: String?
    var nominalTime: String?

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
        switch reminder.recurrence {
        case .never: recurrenceRule = "never"
        case .daily: recurrenceRule = "daily"
        case .weekly(let weekday): recurrenceRule = "weekly"; recurrenceWeekday = weekday
        case .monthly(let day): recurrenceRule = "monthly"; recurrenceDay = day
        }
        recurrenceEnd = reminder.recurrenceEnd?.description
        nominalTime = reminder.nominalTime?.description
    }

    var reminder: Reminder {
        let rule: RecurrenceRule = switch recurrenceRule {
        case "daily": .daily
        case "weekly": .weekly(weekday: recurrenceWeekday ?? 1)
        case "monthly": .monthly(day: recurrenceDay ?? 1)
        default: .never
        }
        return Reminder(
            id: id, title: title, notes: notes, scheduledAt: scheduledAt, timeZoneID: timeZoneID,
            isCompleted: isCompleted, completedAt: completedAt, createdAt: createdAt, updatedAt: updatedAt,
            recurrence: rule, recurrenceEnd: recurrenceEnd.flatMap(LocalDate.init(iso:)),
            nominalTime: nominalTime.flatMap(LocalTime.init(hhmm:))
        )
    }
}

extension ReminderRecord {
    enum Columns {
        static let id = Column("id")
        static let scheduledAt = Column("scheduledAt")
        static let recurrenceRule = Column("recurrenceRule")
    }
}
