import Domain
import Foundation
import GRDB

/// A row of the `reminder` table, as it is written. Its instants are `StoredInstant`s. Every read
/// goes through `ReminderRows`, which decodes a row's columns into one of these.
struct ReminderRecord: Encodable, PersistableRecord {
    static let databaseTableName = "reminder"
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { StoredInstant.encoding }

    var id: UUID
    var title: String
    var notes: String?
    var scheduledAt: Date?
    var timeZoneID: String
    var isCompleted: Bool
    var completedAt: Date?
    var createdAt: Date
    var updatedAt: Date
    var recurrenceRule: String
    var recurrenceWeekday: Int?
    var recurrenceDay: Int?
    var recurrenceEnd: String?
    var recurrenceInterval: Int?
    var recurrenceWeekdays: Int?
    var recurrenceNth: Int?
    var recurrenceMonth: Int?
    var recurrenceTimes: Int?
    var nominalTime: String?
    var nominalDate: String?
    var isAllDay: Bool
    var stage: Int
    var percentComplete: Int?
    var listID: UUID?
    var priority: Int
    /// `AlarmColumn`'s text; NULL for the default alarm.
    var alarms: String?
    var alarmsAcknowledgedAt: Date?
    var alarmsSnoozedUntil: Date?
    /// 1 for a rule that repeats after done (`RecurrenceRule.afterDone`), else NULL.
    var recurrenceAfterDone: Int?
    /// `Reminder.calendarUID`.
    var calendarUID: String?

    /// The columns, one per property.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, notes, scheduledAt, timeZoneID, isCompleted, completedAt, createdAt, updatedAt
        case recurrenceRule, recurrenceWeekday, recurrenceDay, recurrenceEnd, recurrenceInterval, recurrenceWeekdays
        case recurrenceNth, recurrenceMonth, recurrenceTimes, nominalTime, nominalDate
        case isAllDay, stage, percentComplete, listID, priority, alarms, alarmsAcknowledgedAt, recurrenceAfterDone
        case alarmsSnoozedUntil, calendarUID
    }

    /// Every column a record is read from, qualified (`reminder.id, reminder.title, …`): what a
    /// listing selects, so SQLite's sort carries no other column.
    static let selection = CodingKeys.allCases.map { "reminder.\($0.rawValue)" }.joined(separator: ", ")

    init(_ reminder: Reminder) {
        id = reminder.id
        title = reminder.title
        notes = reminder.notes
        scheduledAt = reminder.scheduledAt
        timeZoneID = reminder.timeZoneID
        isCompleted = reminder.isCompleted
        completedAt = reminder.completedAt
        isAllDay = reminder.isAllDay
        stage = reminder.stage.rawValue
        percentComplete = reminder.percentComplete
        listID = reminder.listID
        priority = reminder.priority.rawValue
        alarms = AlarmColumn.text(reminder.alarms)
        alarmsAcknowledgedAt = reminder.alarmsAcknowledgedAt
        alarmsSnoozedUntil = reminder.alarmsSnoozedUntil
        calendarUID = reminder.calendarUID
        createdAt = reminder.createdAt
        updatedAt = reminder.updatedAt
        // A rule is stored in the columns the first version had where it can be (a weekly rule on
        // one day, a monthly one on a day), so those rows and the new ones read the same way.
        let rule = reminder.recurrence
        switch rule.pattern {
        case .never: recurrenceRule = "never"
        case .daily: recurrenceRule = "daily"
        case .weekly(let days):
            recurrenceRule = "weekly"
            if days.mondayFirst.count == 1 { recurrenceWeekday = days.mondayFirst[0] } else { recurrenceWeekdays = days.mask }
        case .monthly(.day(let day)): recurrenceRule = "monthly"; recurrenceDay = day
        case .monthly(.last): recurrenceRule = "monthly"; recurrenceDay = -1
        case .monthly(.weekday(let nth, let weekday)): recurrenceRule = "monthly"; recurrenceNth = nth; recurrenceWeekday = weekday
        case .yearly(let month, let day): recurrenceRule = "yearly"; recurrenceMonth = month; recurrenceDay = day
        }
        recurrenceInterval = rule.interval == 1 ? nil : rule.interval
        recurrenceTimes = rule.times
        recurrenceAfterDone = rule.afterDone ? 1 : nil
        recurrenceEnd = reminder.recurrenceEnd?.description
        nominalTime = reminder.nominal?.time.description
        nominalDate = reminder.nominal?.date.description
    }

    var reminder: Reminder {
        let pattern: RecurrenceRule.Pattern = switch recurrenceRule {
        case "daily": .daily
        case "weekly": .weekly(recurrenceWeekdays.map(Weekdays.init(mask:)) ?? Weekdays([recurrenceWeekday ?? 1]))
        case "monthly":
            if let nth = recurrenceNth { .monthly(.weekday(nth: nth, weekday: recurrenceWeekday ?? 1)) }
            else if recurrenceDay == -1 { .monthly(.last) }
            else { .monthly(.day(recurrenceDay ?? 1)) }
        case "yearly": .yearly(month: recurrenceMonth ?? 1, day: recurrenceDay ?? 1)
        default: .never
        }
        let rule = RecurrenceRule(pattern, interval: recurrenceInterval ?? 1, times: recurrenceTimes, afterDone: recurrenceAfterDone == 1)
        var reminder = Reminder(
            id: id, title: title, notes: notes, scheduledAt: scheduledAt, isAllDay: isAllDay, timeZoneID: timeZoneID,
            isCompleted: isCompleted, completedAt: completedAt, stage: Reminder.Stage(rawValue: stage) ?? .none,
            percentComplete: percentComplete, priority: Priority(rawValue: priority) ?? .none, listID: listID, createdAt: createdAt, updatedAt: updatedAt,
            recurrence: rule, recurrenceEnd: recurrenceEnd.flatMap(LocalDate.init(iso:)),
            nominal: nominal, alarms: AlarmColumn.alarms(alarms)
        )
        reminder.alarmsAcknowledgedAt = alarmsAcknowledgedAt
        reminder.alarmsSnoozedUntil = alarmsSnoozedUntil
        reminder.calendarUID = calendarUID
        return reminder
    }

    /// The current occurrence's nominal date and time when a gap moved it. A row written before
    /// `nominalDate` existed (or restored from such a row by undo) has only the time: its date is
    /// the day, of the due instant's and the one before, whose reading at that time resolves to it.
    private var nominal: LocalDateTime? {
        guard let time = nominalTime.flatMap(LocalTime.init(hhmm:)), let scheduledAt else { return nil }
        if let date = nominalDate.flatMap(LocalDate.init(iso:)) { return LocalDateTime(date: date, time: time) }
        return Self.inferredNominal(time: time, scheduledAt: scheduledAt, timeZoneID: timeZoneID)
    }

    /// The nominal date and time at `time` that resolves to `scheduledAt`.
    static func inferredNominal(time: LocalTime, scheduledAt: Date, timeZoneID: String) -> LocalDateTime {
        let zone = TimeZone(identifier: timeZoneID) ?? .gmt
        let day = LocalDate(containing: scheduledAt, in: zone)
        let candidates = [day, day.adding(days: -1)].map { LocalDateTime(date: $0, time: time) }
        return candidates.first { $0.resolved(in: zone) == scheduledAt } ?? candidates[0]
    }
}

/// How the store writes instants (since migration v15): milliseconds since 1970 as an integer,
/// rounded to the nearest, and read back as that many milliseconds. Rounding (not cutting) makes
/// reading and writing again give the same integer: a thousandth of a second is not exact in a
/// `Date`, so cutting lost a millisecond on one instant in a hundred each time a row was saved.
enum StoredInstant {
    static func milliseconds(_ instant: Date) -> Int64 {
        Int64((instant.timeIntervalSince1970 * 1000).rounded())
    }

    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// For records: instants written as `milliseconds`.
    static let encoding = DatabaseDateEncodingStrategy.custom { milliseconds($0) }
    /// For records: instants read as `date(milliseconds:)`; anything but an integer cannot be read.
    static let decoding = DatabaseDateDecodingStrategy.custom { value in
        guard case .int64(let milliseconds) = value.storage else { return nil }
        return date(milliseconds: milliseconds)
    }
}

/// How the `alarms` column holds a reminder's alarms: NULL for the default (one at the due time),
/// empty for none, else each alarm comma-separated, `r<seconds>` relative to the due time (`r-900`)
/// or `a<milliseconds since 1970>` absolute. Text that cannot be read is the default.
enum AlarmColumn {
    static func text(_ alarms: [Alarm]) -> String? {
        guard alarms != Alarm.defaults else { return nil }
        return alarms.map { alarm in
            switch alarm {
            case .relative(let seconds): "r\(seconds)"
            case .absolute(let instant): "a\(StoredInstant.milliseconds(instant))"
            }
        }.joined(separator: ",")
    }

    static func alarms(_ text: String?) -> [Alarm] {
        guard let text else { return Alarm.defaults }
        var alarms: [Alarm] = []
        for part in text.split(separator: ",") {
            if part.first == "r", let seconds = Int(part.dropFirst()) {
                alarms.append(.relative(seconds: seconds))
            } else if part.first == "a", let milliseconds = Int64(part.dropFirst()) {
                alarms.append(.absolute(StoredInstant.date(milliseconds: milliseconds)))
            } else {
                return Alarm.defaults
            }
        }
        return alarms
    }
}
