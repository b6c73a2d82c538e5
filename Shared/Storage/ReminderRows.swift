import Domain
import Foundation
import GRDB
import GRDBSQLite

/// The one reader of reminder rows: the reminders a statement selects (the `reminder` table's
/// columns, then optionally `doneAt` and `doneOccurrence`, then optionally `tagRows`, the rowids
/// of their tags, last, or `linkTag`, one of their tags' ids, a reminder's rows one after another),
/// each decoded with its tags, read one by one in place. Every read of
/// reminders goes through it: listings, the repository, the planner, sync and export.
struct ReminderRows {
    private let statement: Statement
    private let cursor: RowCursor
    private let row: StatementRow
    private let columns: ReminderColumns
    private let tagColumn: Int?
    /// The `linkTag` column, when each tag of a reminder has a row of its own.
    private let linkColumn: Int?
    /// Whether the cursor already stands on the next reminder's first row (read past the last
    /// row of the one before), or has passed the last row.
    private var standsOnNext = false, isAtEnd = false
    private let occurrenceColumn: Int?, doneAtColumn: Int?
    private let tags: TagsByRow?
    private var links: TagLinks?
    /// Gives `links` once the statement has made its first row (`init(…laterLinks:)`).
    private var laterLinks: (() throws -> TagLinks)?

    /// The rows of `sql`; with `tags`, each reminder's tags are those `links` gives it or, without
    /// `links`, those of the statement's `tagRows` column (its last).
    ///
    /// `cached`: the statement is kept on the connection and used again (for SQL whose text does
    /// not vary: preparing one that reads every column of `reminder` costs SQLite and GRDB's
    /// authorizer about 0.2 ms), unless it is being stepped already.
    ///
    /// `laterLinks`, instead of `links`, gives them once the statement has made its first row (a
    /// sorted read has sorted everything by then): links read on another connection meanwhile.
    init(_ db: Database, sql: String, arguments: StatementArguments = [], tags: TagsByRow? = nil, links: TagLinks? = nil,
         laterLinks: (() throws -> TagLinks)? = nil, cached: Bool = false) throws {
        statement = cached ? try db.kept(sql) : try db.makeStatement(sql: sql)
        columns = try ReminderColumns(statement)
        let hasLinks = links != nil || laterLinks != nil
        linkColumn = tags == nil || hasLinks ? nil : statement.columnNames.lastIndex(of: "linkTag")
        tagColumn = tags == nil || hasLinks || linkColumn != nil ? nil : statement.columnNames.lastIndex(of: "tagRows")
        if tags != nil && !hasLinks && tagColumn == nil && linkColumn == nil { throw StoreError.unreadableValue }
        self.links = links
        self.laterLinks = laterLinks
        occurrenceColumn = statement.columnNames.firstIndex(of: "doneOccurrence")
        doneAtColumn = statement.columnNames.firstIndex(of: "doneAt")
        // The cursor steps the statement; each row is read from it in place.
        cursor = try Row.fetchCursor(statement, arguments: arguments)
        row = StatementRow(statement: statement.sqliteStatement)
        self.tags = tags
    }

    /// The next reminder, `nil` after the last.
    mutating func next() throws -> ReminderWithTags? {
        if standsOnNext {
            standsOnNext = false
        } else if try isAtEnd || cursor.next() == nil {
            isAtEnd = true
            return nil
        }
        if let later = laterLinks {
            links = try later()
            laterLinks = nil
        }
        var reminder = try ReminderRecord(row, columns: columns).reminder
        var isPastOccurrence = false
        if let occurrenceColumn, let doneAtColumn, let occurrence = try row.optionalInstant(occurrenceColumn) {
            // A completed time of a repeating reminder that goes on: shown as that time, done then.
            reminder.scheduledAt = occurrence
            reminder.nominal = nil
            reminder.isCompleted = true
            reminder.completedAt = try row.optionalInstant(doneAtColumn)
            isPastOccurrence = true
        }
        let sortedTags: [Tag]
        if let tags, let linkColumn {
            var ranks: [UInt32] = []
            repeat {
                if let tag = try row.optionalUUID(linkColumn), let rank = tags.rank(of: tag) { ranks.append(rank) }
                guard try cursor.next() != nil else {
                    isAtEnd = true
                    break
                }
                standsOnNext = try row.uuid(columns.id) != reminder.id
            } while !standsOnNext
            sortedTags = tags.sorted(ranks: ranks)
        } else if let tags, let links {
            sortedTags = links.tags(of: reminder.id, in: tags)
        } else {
            sortedTags = tags?.sorted(try tagColumn.map { try row.integers($0) } ?? []) ?? []
        }
        var item = ReminderWithTags(reminder: reminder, sortedTags: sortedTags)
        item.isPastOccurrence = isPastOccurrence
        return item
    }

    /// Passes every reminder left to `body`; returns how many.
    mutating func passAll(to body: (ReminderWithTags) throws -> Void) throws -> Int {
        var count = 0
        while let item = try next() {
            count += 1
            try body(item)
        }
        return count
    }

    /// The sections' orders for reminders read unsorted: each gives a reminder's key, smallest
    /// first; ties go by id as SQLite orders blobs, a done reminder before a completed time.
    enum SectionOrder {
        /// To Do's (`precedes`): by due time, then higher priority first.
        case toDo
        /// No date's: higher priority first, then oldest first.
        case undated
        /// Completed's (`ReminderQuery.completedOrder`): most recently completed first, then
        /// latest due first (no time last).
        case completed

        @inline(__always)
        func key(_ reminder: Reminder) -> (Int64, Int64) {
            switch self {
            case .toDo: (reminder.scheduledAt.map(StoredInstant.milliseconds) ?? .max, -Int64(reminder.priority.rawValue))
            case .undated: (-Int64(reminder.priority.rawValue), StoredInstant.milliseconds(reminder.createdAt))
            case .completed: (reminder.completedAt.map { -StoredInstant.milliseconds($0) } ?? .max,
                              reminder.scheduledAt.map { -StoredInstant.milliseconds($0) } ?? .max)
            }
        }
    }

    /// A reminder's position in parts read apart: its part's number, then its index in it.
    static func position(part: Int, index: Int) -> Int { part << 32 | index }

    /// The part's number and the index in it of `position`.
    static func partAndIndex(_ position: Int) -> (part: Int, index: Int) { (position >> 32, position & 0xFFFF_FFFF) }

    /// `positions` (of reminders in `parts`) in `order`: the keys are sorted, not the reminders,
    /// each read where it lies.
    static func sorted(_ positions: [Int], by order: SectionOrder, in parts: [[ReminderWithTags]]) -> [Int] {
        positions.map { position in
            let (part, index) = partAndIndex(position)
            return parts[part].withUnsafeBufferPointer { items in
                let (first, second) = order.key(items[index].reminder)
                return SortKey(first: first, second: second, third: items[index].isPastOccurrence ? 1 : 0,
                               id: items[index].reminder.id, index: position)
            }
        }.sorted().map(\.index)
    }

    /// A reminder's place in a section.
    private struct SortKey: Comparable {
        let first: Int64, second: Int64, third: Int64, high: UInt64, low: UInt64, index: Int

        init(first: Int64, second: Int64, third: Int64, id: UUID, index: Int) {
            (self.first, self.second, self.third, self.index) = (first, second, third, index)
            (high, low) = withUnsafeBytes(of: id.uuid) { ($0.loadUnaligned(as: UInt64.self).bigEndian,
                                                         $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self).bigEndian) }
        }

        static func < (a: SortKey, b: SortKey) -> Bool {
            (a.first, a.second, a.third, a.high, a.low, a.index) < (b.first, b.second, b.third, b.high, b.low, b.index)
        }
    }

    /// Whether To Do shows open reminder `first` before `second` (by due time, then id as
    /// SQLite orders blobs).
    static func precedes(_ first: ReminderWithTags, _ second: ReminderWithTags) -> Bool {
        let (a, b) = (first.reminder, second.reminder)
        if a.scheduledAt != b.scheduledAt { return (a.scheduledAt ?? .distantFuture) < (b.scheduledAt ?? .distantFuture) }
        if a.priority != b.priority { return a.priority > b.priority }
        return withUnsafeBytes(of: a.id.uuid) { x in withUnsafeBytes(of: b.id.uuid) { y in !y.lexicographicallyPrecedes(x) } }
    }

    /// Every reminder `sql` selects, without tags; `cached` as for `init`.
    static func reminders(_ db: Database, sql: String, arguments: StatementArguments = [], cached: Bool = true) throws -> [Reminder] {
        var rows = try ReminderRows(db, sql: sql, arguments: arguments, cached: cached)
        var reminders: [Reminder] = []
        while let item = try rows.next() { reminders.append(item.reminder) }
        return reminders
    }

    /// Every reminder `sql` selects with its tags in a card's order (`sql` ends its columns with `tagRows`).
    static func remindersWithTags(_ db: Database, sql: String, arguments: StatementArguments = [], cached: Bool = true)
        throws -> [ReminderWithTags]
    {
        var rows = try ReminderRows(db, sql: sql, arguments: arguments, tags: try TagsByRow(db), cached: cached)
        var reminders: [ReminderWithTags] = []
        _ = try rows.passAll { reminders.append($0) }
        return reminders
    }

    /// The rowids of a reminder's tags, `1,5`, as a last column named `tagRows` (rowids are stable within one read).
    static let tagRowsColumn = """
        (SELECT group_concat(tag.rowid) FROM reminderTag JOIN tag ON tag.id = reminderTag.tagID
         WHERE reminderTag.reminderID = reminder.id) AS tagRows
        """
}

/// The tags of a store by rowid (stable within one read), each with its rank in a card's order.
struct TagsByRow: Sendable {
    /// The tags in a card's order: a tag's rank is its index here.
    private let ranked: [Tag]
    private let ranksByID: [UUID: UInt32]
    private let ranksByRow: [Int64: UInt32]

    init(_ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT rowid AS tagRow, * FROM tag")
            .map { (row: $0["tagRow"] as Int64, tag: try TagRecord(row: $0).tag) }
        ranked = TagRules.sorted(rows.map(\.tag))
        let ranks = Dictionary(uniqueKeysWithValues: ranked.enumerated().map { ($1.id, UInt32($0)) })
        ranksByID = ranks
        ranksByRow = Dictionary(uniqueKeysWithValues: rows.compactMap { row in ranks[row.tag.id].map { (row.row, $0) } })
    }

    /// The rank of the tag with `id`.
    func rank(of id: UUID) -> UInt32? { ranksByID[id] }

    /// How many tags there are.
    var count: Int { ranked.count }

    /// The tags of `rows`, in a card's order.
    func sorted(_ rows: [Int64]) -> [Tag] {
        sorted(ranks: rows.compactMap { ranksByRow[$0] })
    }

    /// The tags of `ranks`, in a card's order.
    func sorted<Ranks: Collection<UInt32>>(ranks: Ranks) -> [Tag] {
        guard ranks.count > 1 else { return ranks.map { ranked[Int($0)] } }
        return ranks.sorted().map { ranked[Int($0)] }
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
        scheduledAt = try row.optionalInstant(columns.scheduledAt)
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
        isAllDay = try row.integer(columns.isAllDay) != 0
        stage = try row.integer(columns.stage)
        percentComplete = try row.optionalInteger(columns.percentComplete)
        listID = try row.optionalUUID(columns.listID)
        priority = try row.integer(columns.priority)
        alarms = try row.optionalText(columns.alarms)
        alarmsAcknowledgedAt = try row.optionalInstant(columns.alarmsAcknowledgedAt)
        recurrenceAfterDone = try row.optionalInteger(columns.recurrenceAfterDone)
        alarmsSnoozedUntil = try row.optionalInstant(columns.alarmsSnoozedUntil)
        calendarUID = try row.optionalText(columns.calendarUID)
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

    func optionalUUID(_ index: Int) throws -> UUID? {
        type(index) == SQLITE_NULL ? nil : try uuid(index)
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
    let isAllDay, stage, percentComplete, listID, priority, alarms, alarmsAcknowledgedAt, recurrenceAfterDone, alarmsSnoozedUntil: Int
    let calendarUID: Int

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
        (isAllDay, stage, percentComplete) = (try index(.isAllDay), try index(.stage), try index(.percentComplete))
        (listID, priority, alarms) = (try index(.listID), try index(.priority), try index(.alarms))
        (alarmsAcknowledgedAt, recurrenceAfterDone) = (try index(.alarmsAcknowledgedAt), try index(.recurrenceAfterDone))
        (alarmsSnoozedUntil, calendarUID) = (try index(.alarmsSnoozedUntil), try index(.calendarUID))
    }
}
