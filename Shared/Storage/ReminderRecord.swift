import Domain
import Foundation
import GRDB
import GRDBSQLite

/// A row of the `reminder` table. Its instants are `StoredInstant`s.
struct ReminderRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "reminder"
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { StoredInstant.encoding }
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { StoredInstant.decoding }

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
    var recurrenceInterval: Int?
    var recurrenceWeekdays: Int?
    var recurrenceNth: Int?
    var recurrenceMonth: Int?
    var recurrenceTimes: Int?
    var nominalTime: String?
    var nominalDate: String?

    /// The columns, one per property.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, notes, scheduledAt, timeZoneID, isCompleted, completedAt, createdAt, updatedAt
        case recurrenceRule, recurrenceWeekday, recurrenceDay, recurrenceEnd, recurrenceInterval, recurrenceWeekdays
        case recurrenceNth, recurrenceMonth, recurrenceTimes, nominalTime, nominalDate
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
        let rule = RecurrenceRule(pattern, interval: recurrenceInterval ?? 1, times: recurrenceTimes)
        return Reminder(
            id: id, title: title, notes: notes, scheduledAt: scheduledAt, timeZoneID: timeZoneID,
            isCompleted: isCompleted, completedAt: completedAt, createdAt: createdAt, updatedAt: updatedAt,
            recurrence: rule, recurrenceEnd: recurrenceEnd.flatMap(LocalDate.init(iso:)),
            nominal: nominal
        )
    }

    /// The current occurrence's nominal date and time when a gap moved it. A row written before
    /// `nominalDate` existed (or restored from such a row by undo) has only the time: its date is
    /// the day, of the due instant's and the one before, whose reading at that time resolves to it.
    private var nominal: LocalDateTime? {
        guard let time = nominalTime.flatMap(LocalTime.init(hhmm:)) else { return nil }
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

extension ReminderRecord {
    /// Decodes the current row of `statement` by position (found once per statement), straight
    /// from SQLite's columns, not by Codable and column names: listing a hundred thousand
    /// reminders spends its time in SQLite, not in decoding.
    init(_ row: StatementRow, columns: ReminderColumns) throws {
        id = try row.uuid(columns.id)
        title = try row.text(columns.title)
        notes = try row.optionalText(columns.notes)
        scheduledAt = try row.instant(columns.scheduledAt)
        timeZoneID = try row.text(columns.timeZoneID)
        isCompleted = try row.integer(columns.isCompleted) != 0
        completedAt = try row.optionalInstant(columns.completedAt)
        createdAt = try row.instant(columns.createdAt)
        updatedAt = try row.instant(columns.updatedAt)
        recurrenceRule = try row.text(columns.recurrenceRule)
        recurrenceWeekday = try row.optionalInteger(columns.recurrenceWeekday)
        recurrenceDay = try row.optionalInteger(columns.recurrenceDay)
        recurrenceEnd = try row.optionalText(columns.recurrenceEnd)
        recurrenceInterval = try row.optionalInteger(columns.recurrenceInterval)
        recurrenceWeekdays = try row.optionalInteger(columns.recurrenceWeekdays)
        recurrenceNth = try row.optionalInteger(columns.recurrenceNth)
        recurrenceMonth = try row.optionalInteger(columns.recurrenceMonth)
        recurrenceTimes = try row.optionalInteger(columns.recurrenceTimes)
        nominalTime = try row.optionalText(columns.nominalTime)
        nominalDate = try row.optionalText(columns.nominalDate)
    }
}

/// The current row of a statement a cursor steps, read through SQLite's C API; a value of
/// another type than the column's throws `StoreError.unreadableValue` (a damaged or hand-edited row).
struct StatementRow {
    let statement: OpaquePointer

    private func type(_ index: Int) -> Int32 { sqlite3_column_type(statement, Int32(index)) }

    func optionalText(_ index: Int) throws -> String? {
        switch type(index) {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT:
            guard let bytes = sqlite3_column_text(statement, Int32(index)) else { return "" }
            return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, Int32(index)))),
                          as: UTF8.self)
        default: throw StoreError.unreadableValue
        }
    }

    func text(_ index: Int) throws -> String {
        guard let text = try optionalText(index) else { throw StoreError.unreadableValue }
        return text
    }

    func optionalInteger(_ index: Int) throws -> Int? {
        switch type(index) {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER: return Int(sqlite3_column_int64(statement, Int32(index)))
        default: throw StoreError.unreadableValue
        }
    }

    func integer(_ index: Int) throws -> Int {
        guard let value = try optionalInteger(index) else { throw StoreError.unreadableValue }
        return value
    }

    func optionalInstant(_ index: Int) throws -> Date? {
        try optionalInteger(index).map { StoredInstant.date(milliseconds: Int64($0)) }
    }

    func instant(_ index: Int) throws -> Date {
        StoredInstant.date(milliseconds: Int64(try integer(index)))
    }

    func uuid(_ index: Int) throws -> UUID {
        guard type(index) == SQLITE_BLOB, sqlite3_column_bytes(statement, Int32(index)) == 16,
              let bytes = sqlite3_column_blob(statement, Int32(index)) else { throw StoreError.unreadableValue }
        return UUID(uuid: bytes.loadUnaligned(as: uuid_t.self))
    }

    /// A list of integers written as `1,2,3` (a `group_concat`), empty for NULL.
    func integers(_ index: Int) throws -> [Int64] {
        switch type(index) {
        case SQLITE_NULL: return []
        case SQLITE_TEXT, SQLITE_INTEGER:
            guard let bytes = sqlite3_column_text(statement, Int32(index)) else { return [] }
            var values: [Int64] = [], current: Int64 = 0, hasDigits = false
            for byte in UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, Int32(index)))) {
                if byte == UInt8(ascii: ",") {
                    if hasDigits { values.append(current) }
                    (current, hasDigits) = (0, false)
                } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    current = current * 10 + Int64(byte - UInt8(ascii: "0"))
                    hasDigits = true
                } else {
                    throw StoreError.unreadableValue
                }
            }
            if hasDigits { values.append(current) }
            return values
        default: throw StoreError.unreadableValue
        }
    }
}

/// The position of each column of `reminder` in a statement's rows.
struct ReminderColumns {
    let id, title, notes, scheduledAt, timeZoneID, isCompleted, completedAt, createdAt, updatedAt: Int
    let recurrenceRule, recurrenceWeekday, recurrenceDay, recurrenceEnd, nominalTime, nominalDate: Int
    let recurrenceInterval, recurrenceWeekdays, recurrenceNth, recurrenceMonth, recurrenceTimes: Int

    /// The positions in rows of `statement`.
    init(_ statement: Statement) throws {
        try self.init(names: statement.columnNames)
    }

    private init(names: [String]) throws {
        func index(_ key: ReminderRecord.CodingKeys) throws -> Int {
            guard let index = names.firstIndex(of: key.rawValue) else { throw StoreError.unreadableValue }
            return index
        }
        (id, title, notes) = (try index(.id), try index(.title), try index(.notes))
        (scheduledAt, timeZoneID, isCompleted) = (try index(.scheduledAt), try index(.timeZoneID), try index(.isCompleted))
        (completedAt, createdAt, updatedAt) = (try index(.completedAt), try index(.createdAt), try index(.updatedAt))
        (recurrenceRule, recurrenceWeekday) = (try index(.recurrenceRule), try index(.recurrenceWeekday))
        (recurrenceDay, recurrenceEnd) = (try index(.recurrenceDay), try index(.recurrenceEnd))
        (nominalTime, nominalDate) = (try index(.nominalTime), try index(.nominalDate))
        (recurrenceInterval, recurrenceWeekdays) = (try index(.recurrenceInterval), try index(.recurrenceWeekdays))
        (recurrenceNth, recurrenceMonth, recurrenceTimes) = (try index(.recurrenceNth), try index(.recurrenceMonth), try index(.recurrenceTimes))
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
