import Domain
import Foundation
import GRDB

/// A row of the `tag` table.
struct TagRecord: Encodable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "tag"
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { .custom { StoredDate.text($0) } }

    var id: UUID
    var name: String
    var nameKey: String
    var colorHex: String
    var createdAt: Date

    init(_ tag: Tag) {
        id = tag.id
        name = tag.name
        nameKey = TagRules.key(for: tag.name)
        colorHex = tag.colorHex
        createdAt = tag.createdAt
    }

    init(row: Row) throws {
        let tag = try Tag(storedRow: row)
        (id, name, colorHex, createdAt) = (tag.id, tag.name, tag.colorHex, tag.createdAt)
        nameKey = try row.decode(forColumn: "nameKey")
    }

    var tag: Tag { Tag(id: id, name: name, colorHex: colorHex, createdAt: createdAt) }
}

extension TagRecord {
    enum Columns {
        static let nameKey = Column("nameKey")
    }
}

/// A row of the `reminderTag` join table.
struct ReminderTagRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "reminderTag"

    var reminderID: UUID
    var tagID: UUID

    enum Columns {
        static let reminderID = Column("reminderID")
    }
}

extension Tag {
    /// The tag in `row`, which holds the `tag` table's `id`, `name`, `colorHex` and `createdAt`:
    /// read column by column, `createdAt` by `StoredDate` (every listing reads the tags).
    init(storedRow row: Row) throws {
        self.init(id: try row.decode(forColumn: "id"), name: try row.decode(forColumn: "name"),
                  colorHex: try row.decode(forColumn: "colorHex"), createdAt: try StoredDate.date(row["createdAt"]))
    }
}

/// A `DATETIME` column as GRDB writes a `Date`: `2026-11-25 06:17:05.123`, in UTC (tags'
/// `createdAt`). GRDB reads it back through Foundation's Gregorian calendar, which ICU builds the
/// first time in a process: every listing paid for it, to read the tags.
enum StoredDate {
    /// The instant `value` holds: the form GRDB writes read here, any other through GRDB.
    static func date(_ value: DatabaseValue) throws -> Date {
        if case .string(let text) = value.storage, let date = written(text) { return date }
        guard let date = Date.fromDatabaseValue(value) else { throw StoreError.unreadableValue }
        return date
    }

    /// `instant` as GRDB writes a `Date`, to the same millisecond, without the ICU date formatter
    /// GRDB makes for it (about 0.6 ms of a one-shot write, which journals its time).
    static func text(_ instant: Date) -> String {
        // Foundation hands ICU the milliseconds since 1970 computed from the seconds since 2001,
        // and ICU's fields take the nearest whole millisecond.
        let exact = ((instant.timeIntervalSinceReferenceDate + 978_307_200) * 1_000).rounded()
        // Past year 9999 (or no number at all) the form does not hold: GRDB writes it.
        guard abs(exact) < 253_402_300_800_000 else { return String.fromDatabaseValue(instant.databaseValue) ?? "" }
        let milliseconds = Int(exact)
        let days = (milliseconds >= 0 ? milliseconds : milliseconds - 86_399_999) / 86_400_000
        let inDay = milliseconds - days * 86_400_000
        let day = LocalDate(daysSinceEpoch: days), second = inDay / 1_000
        return "\(day) \((second / 3_600).zeroPadded(2)):\((second / 60 % 60).zeroPadded(2)):\((second % 60).zeroPadded(2))."
            + (inDay % 1_000).zeroPadded(3)
    }

    /// `yyyy-MM-dd HH:mm:ss.SSS` (UTC), every field in its range; `nil` for anything else.
    private static func written(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 23, bytes[19] == UInt8(ascii: "."),
              let (day, secondOfDay) = DateTimeText.wallClock(bytes, separator: UInt8(ascii: " ")),
              let millisecond = DateTimeText.number(bytes, 20, 3) else { return nil }
        let seconds = day.daysSinceEpoch * 86_400 + secondOfDay
        // As GRDB's reading gives it, to the last bit: Foundation's calendar adds the fraction to
        // the whole seconds since 2001.
        return Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + Double(millisecond) / 1_000)
    }
}
