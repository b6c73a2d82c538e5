import Domain
import Foundation
import GRDB

/// The reminder repository over the SQLite store.
package struct GRDBReminderRepository: ReminderRepository {
    private let database: AppDatabase
    /// Called while To Do is read in two halves, between the starts of the two reads.
    private let readsInTwoStarted: (@Sendable () -> Void)?

    /// A repository writing to `database`. Tests pass `readsInTwoStarted` to change the store
    /// between the starts of the two reads of To Do.
    package init(database: AppDatabase, readsInTwoStarted: (@Sendable () -> Void)? = nil) {
        self.database = database
        self.readsInTwoStarted = readsInTwoStarted
    }

    package func insert(_ reminder: Reminder, tagIDs: [UUID]) async throws {
        try await database.write { db in
            try ReminderRecord(reminder).insert(db)
            try Self.setTags(tagIDs, of: reminder.id, db)
        }
    }

    /// Adds many reminders with their tags in one transaction: all of them or, on any failure, none.
    package func insert(_ batch: [(reminder: Reminder, tagIDs: [UUID])]) async throws {
        try await database.write { db in
            for (reminder, tagIDs) in batch {
                try ReminderRecord(reminder).insert(db)
                try Self.setTags(tagIDs, of: reminder.id, db)
            }
        }
    }

    package func update(_ reminder: Reminder, tagIDs: [UUID]) async throws {
        try await updateExisting(reminder) { db in try Self.setTags(tagIDs, of: reminder.id, db) }
    }

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

    package func delete(ids: [UUID]) async throws {
        try await database.write { db in
            for id in ids where try !ReminderRecord.deleteOne(db, key: id) { throw ReminderError.notFound(id) }
        }
    }

    package func complete(_ completions: [(reminder: Reminder, completion: Completion)]) async throws {
        try await database.write { db in
            for (reminder, completion) in completions {
                try Self.updateExisting(reminder, db)
                try CompletionRecord(completion).insert(db)
                // Its notifications that were shown are answered by completing it.
                try db.execute(sql: "DELETE FROM deliveredNotification WHERE reminderID = ?", arguments: [reminder.id])
            }
        }
    }

    package func reopen(_ reopenings: [(reminder: Reminder, occurrence: Date)]) async throws {
        try await database.write { db in
            for (reminder, occurrence) in reopenings {
                try Self.updateExisting(reminder, db)
                try CompletionRecord
                    .filter(CompletionRecord.Columns.reminderID == reminder.id)
                    .filter(CompletionRecord.Columns.occurrence == StoredInstant.milliseconds(occurrence))
                    .deleteAll(db)
            }
        }
    }

    package func saveListing(_ ids: [UUID]) async throws {
        var blob = Data(capacity: ids.count * 16)
        for id in ids { withUnsafeBytes(of: id.uuid) { blob.append(contentsOf: $0) } }
        try await database.write { [blob] db in
            // Listing the same reminders again writes nothing (100,000: 1.3 MB each time).
            guard try Data.fetchOne(db, sql: "SELECT reminderIDs FROM lastListing WHERE id = 1") != blob else { return }
            try db.execute(sql: "INSERT OR REPLACE INTO lastListing (id, reminderIDs) VALUES (1, ?)", arguments: [blob])
        }
    }

    package func lastListing() async throws -> [UUID]? {
        let blob = try await database.read { db in
            try Data.fetchOne(db, sql: "SELECT reminderIDs FROM lastListing WHERE id = 1")
        }
        guard let blob else { return nil }
        return stride(from: 0, to: blob.count - blob.count % 16, by: 16).map { start in
            blob.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(fromByteOffset: start, as: uuid_t.self)) }
        }
    }

    /// Replaces the tags of reminder `id` with `tagIDs`; throws `TagError.notFound` for an unknown tag.
    private static func setTags(_ tagIDs: [UUID], of id: UUID, _ db: Database) throws {
        try ReminderTagRecord.filter(ReminderTagRecord.Columns.reminderID == id).deleteAll(db)
        for tagID in Set(tagIDs) {
            guard try TagRecord.exists(db, key: tagID) else { throw TagError.notFound(tagID) }
            try ReminderTagRecord(reminderID: id, tagID: tagID).insert(db)
        }
    }

    /// The reminders `query` selects, each with its tags.
    private static func fetchWithTags(_ query: ReminderQuery, _ db: Database) throws -> [ReminderWithTags] {
        try ReminderRows.remindersWithTags(db, sql: query.sql(alsoSelecting: ReminderQuery.tagRows), arguments: query.arguments)
    }

    /// Stores `reminder` over its row and runs `alsoDo` in the same transaction;
    /// throws `ReminderError.notFound` when the row is gone.
    private func updateExisting(
        _ reminder: Reminder, alsoDo: @escaping @Sendable (Database) throws -> Void = { _ in }
    ) async throws {
        try await database.write { db in
            try Self.updateExisting(reminder, db)
            try alsoDo(db)
        }
    }

    /// Stores `reminder` over its row; throws `ReminderError.notFound` when the row is gone.
    private static func updateExisting(_ reminder: Reminder, _ db: Database) throws {
        guard try ReminderRecord.exists(db, key: reminder.id) else { throw ReminderError.notFound(reminder.id) }
        try ReminderRecord(reminder).update(db)
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

    package func forEachReminder(
        in sections: [ReminderSection], tagged tagID: UUID?, passes: Int,
        _ body: @escaping @Sendable (_ pass: Int, _ section: Int, ReminderWithTags) throws -> Void,
        ended: @escaping @Sendable (_ pass: Int, _ section: Int, _ shown: Int, _ total: Int) throws -> Void
    ) async throws {
        let read = SectionsRead(sections: sections, tagID: tagID, body: body, ended: ended)
        guard passes == 1, let first = sections.first, !first.done, first.limit == nil else {
            return try await database.read { db in
                let tags = try TagsByRow(db)
                for pass in 0..<passes { try read.sections(from: 0, pass: pass, db, tags: tags, openCount: nil) }
            }
        }
        // All of To Do first: its two halves of `ReminderQuery.toDoHalves` are read at once on two
        // connections (two cores), each sorted by SQLite, and merged here; the other sections
        // follow on the first connection, in its read. (100,000 reminders: `list` 0.29 → 0.20 s,
        // `list --tag Work` 0.080 → 0.058 s.)
        let halves = ReminderQuery.toDoHalves(tagged: tagID)
        try await database.readInTwo(
            pin: { db in try TagsByRow(db) },
            first: { (db, tags, partner: Partner<ReminderWithTags>) in
                var mine = try ReminderRows(db, query: halves[0], tags: tags)
                var (own, other) = (try mine.next(), try partner.next())
                var count = 0
                while own != nil || other != nil {
                    count += 1
                    if let item = own, other.map({ ReminderRows.precedes(item, $0) }) ?? true {
                        try body(0, 0, item)
                        own = try mine.next()
                    } else if let item = other {
                        try body(0, 0, item)
                        other = try partner.next()
                    }
                }
                try ended(0, 0, count, count)
                try read.sections(from: 1, pass: 0, db, tags: tags, openCount: count)
            },
            second: { db, tags, pass in
                var rows = try ReminderRows(db, query: halves[1], tags: tags)
                while let item = try rows.next(), pass(item) {}
            },
            alone: { db, tags in try read.sections(from: 0, pass: 0, db, tags: tags, openCount: nil) },
            betweenStarts: readsInTwoStarted)
    }

    /// How many reminders `section` holds, carrying `tagID` when given. `openCount`, when known,
    /// is how many open ones carry `tagID`; counting done ones then reads less.
    fileprivate static func count(_ section: ReminderSection, tagged tagID: UUID?, openCount: Int?, _ db: Database) throws -> Int {
        guard section.done else {
            let query = ReminderQuery.open(tagged: tagID)
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(query.idsSQL))", arguments: query.arguments) ?? 0
        }
        let doneReminders: Int
        if let tagID, let openCount {
            // A tag's done reminders are its links less its open ones: counted from the tag's
            // index alone, instead of reading every reminder of the tag again.
            let links = try Int.fetchOne(db, sql: "SELECT count(*) FROM reminderTag WHERE tagID = ?", arguments: [tagID]) ?? 0
            doneReminders = max(0, links - openCount)
        } else {
            let query = ReminderQuery.doneForCounting(tagged: tagID)
            doneReminders = try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(query.idsSQL))", arguments: query.arguments) ?? 0
        }
        guard section.withCompletedTimes else { return doneReminders }
        // The completed times of repeating ones that go on, counted apart (no sort).
        let completedTimes = try Int.fetchOne(db, sql: """
            SELECT count(*) FROM completion CROSS JOIN reminder ON reminder.id = completion.reminderID
            WHERE reminder.isCompleted = 0 AND reminder.recurrenceRule <> 'never'\(ReminderQuery.hasTag(tagID))
            """, arguments: StatementArguments(tagID.map { [$0] } ?? [])) ?? 0
        return doneReminders + completedTimes
    }

    /// `EXPLAIN QUERY PLAN` of the Completed section's first page (10 entries), narrowed to
    /// `tagID` when given, one line per step.
    package func queryPlanOfCompletedPage(tagged tagID: UUID? = nil) async throws -> [String] {
        let (sql, arguments) = ReminderQuery.completedTimes(tagged: tagID, limit: 10, alsoSelecting: "NULL AS tagRows")
        return try await database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String? ?? "" }
        }
    }

    /// `EXPLAIN QUERY PLAN` of the dashboard's To Do query, filtered by `tagID` and limited to
    /// `limit` when given, one line per step; without a limit, of its two halves (the first's
    /// lines first), as a store file reads them.
    package func queryPlanOfOpenReminders(tagged tagID: UUID?, limit: Int? = nil) async throws -> [String] {
        let queries = limit == nil ? ReminderQuery.toDoHalves(tagged: tagID) : [ReminderQuery.toDo(tagged: tagID, limit: limit)]
        return try await database.read { db in
            try queries.flatMap { query in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.sql(alsoSelecting: ReminderQuery.tagRows), arguments: query.arguments)
                    .map { $0["detail"] as String? ?? "" }
            }
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

    package func recurringRemindersToPlan(
        from start: Date, now: Date, limit: Int,
        nextOccurrence: @escaping @Sendable (Reminder) -> Date?
    ) async throws -> [Reminder] {
        let startMs = StoredInstant.milliseconds(start), nowMs = StoredInstant.milliseconds(now)
        return try await database.write { db in
            // Entries are relative to the cursor; planning from before it starts them afresh.
            let cursor = try Int64.fetchOne(db, sql: "SELECT cursor FROM planState") ?? 0
            if startMs < cursor { try db.execute(sql: "UPDATE reminderPlan SET nextAt = 0") }
            let stale = try ReminderRows.reminders(db, sql: """
                SELECT reminder.* FROM reminderPlan CROSS JOIN reminder ON reminder.id = reminderPlan.reminderID
                WHERE reminderPlan.nextAt <= ?
                """, arguments: [startMs])
            let update = try db.makeStatement(sql: "UPDATE reminderPlan SET nextAt = ? WHERE reminderID = ?")
            for reminder in stale {
                let next = nextOccurrence(reminder).map(StoredInstant.milliseconds) ?? PlanIndex.noMoreOccurrences
                try update.execute(arguments: [next, reminder.id])
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

    package func reminders(scheduledIn interval: Range<Date>) async throws -> [Reminder] {
        try await database.read { db in
            try ReminderRows.reminders(db, sql: """
                SELECT * FROM reminder WHERE isCompleted IN (0, 1) AND scheduledAt >= ? AND scheduledAt < ?
                ORDER BY scheduledAt, id
                """, arguments: [StoredInstant.milliseconds(interval.lowerBound), StoredInstant.milliseconds(interval.upperBound)])
        }
    }

    package func completions(madeIn interval: Range<Date>) async throws -> [DayHistory.Entry] {
        try await database.read { db in
            try CompletionWithTitle.fetchAll(db, sql: """
                SELECT completion.*, reminder.title
                FROM completion CROSS JOIN reminder ON reminder.id = completion.reminderID
                WHERE completion.completedAt >= ? AND completion.completedAt < ?
                ORDER BY completion.completedAt, completion.id
                """, arguments: [StoredInstant.milliseconds(interval.lowerBound),
                                 StoredInstant.milliseconds(interval.upperBound)]).map(\.entry)
        }
    }
}

/// The sections of one `forEachReminder(in:…)` read, each read on the connection given, in turn.
private struct SectionsRead: Sendable {
    let sections: [ReminderSection]
    let tagID: UUID?
    let body: @Sendable (_ pass: Int, _ section: Int, ReminderWithTags) throws -> Void
    let ended: @Sendable (_ pass: Int, _ section: Int, _ shown: Int, _ total: Int) throws -> Void

    /// Reads the sections from `start` on. `openCount` is how many open reminders carry the tag,
    /// when a section before has read or counted them all.
    func sections(from start: Int, pass: Int, _ db: Database, tags: TagsByRow, openCount: Int?) throws {
        var openCount = openCount
        for index in sections.indices.dropFirst(start) {
            let section = sections[index]
            let sql: String, arguments: StatementArguments
            if section.done && section.withCompletedTimes {
                (sql, arguments) = ReminderQuery.completedTimes(tagged: tagID, limit: section.limit, alsoSelecting: ReminderQuery.tagRows)
            } else {
                var query = section.done ? ReminderQuery.completed(tagged: tagID) : ReminderQuery.toDo(tagged: tagID, limit: section.limit)
                if section.done, let limit = section.limit { query.order += " LIMIT \(max(0, limit))" }
                (sql, arguments) = (query.sql(alsoSelecting: ReminderQuery.tagRows), query.arguments)
            }
            var rows = try ReminderRows(db, sql: sql, arguments: arguments, tags: tags)
            let shown = try rows.passAll { try body(pass, index, $0) }
            var total: Int? = shown
            if let limit = section.limit, shown >= limit {
                total = section.countsAll
                    ? try GRDBReminderRepository.count(section, tagged: tagID, openCount: section.done ? openCount : nil, db) : nil
            }
            if !section.done { openCount = total }
            try ended(pass, index, shown, total ?? shown)
        }
    }
}

/// The planner's index holds `StoredInstant` milliseconds.
private enum PlanIndex {
    /// The entry of a series that has no occurrence after the cursor.
    static let noMoreOccurrences = Int64.max
}

/// A selection of reminders as SQL, optionally narrowed to one tag by a join (never in memory).
private struct ReminderQuery {
    var condition: String
    var arguments: StatementArguments
    var order: String
    var tagID: UUID?

    init(condition: String, arguments: StatementArguments = [], order: String, tagID: UUID? = nil) {
        self.condition = condition
        self.order = order
        self.tagID = tagID
        self.arguments = tagID.map { [$0] } ?? []
        self.arguments += arguments
    }

    static func open(tagged tagID: UUID?) -> ReminderQuery {
        ReminderQuery(condition: "reminder.isCompleted = 0", order: "reminder.scheduledAt, reminder.id", tagID: tagID)
    }

    /// To Do, the `limit` soonest when given. Every open reminder is read in the table's order and
    /// sorted by SQLite: the table and each reminder's tags are then read page after page, where
    /// walking the due index would jump to another page of the table for almost every reminder
    /// (100,000: 0.45 → 0.27 s of SQL). A limit walks the index, to stop at it.
    static func toDo(tagged tagID: UUID?, limit: Int?) -> ReminderQuery {
        guard tagID != nil || limit != nil else {
            return ReminderQuery(condition: "+reminder.isCompleted = 0", order: "+reminder.scheduledAt, reminder.id")
        }
        var query = open(tagged: tagID)
        if let limit { query.order += " LIMIT \(max(0, limit))" }
        return query
    }

    /// To Do (all of it) in two halves: the reminders whose ids begin with 0–7, then those with
    /// 8–F, each a range of the key the whole query reads (ids are random: each about half).
    static func toDoHalves(tagged tagID: UUID?) -> [ReminderQuery] {
        let middle = UUID(uuid: (0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        let key = tagID == nil ? "reminder.id" : "reminderTag.reminderID"
        return [" < ?", " >= ?"].map { comparison in
            var query = toDo(tagged: tagID, limit: nil)
            query.condition += " AND \(key)\(comparison)"
            query.arguments += [middle]
            return query
        }
    }

    /// Done reminders are read in their index's order (most recently completed first) and each
    /// checked for the tag, so a page stops at its tenth, instead of sorting every link of the tag.
    static func completed(tagged tagID: UUID?) -> ReminderQuery {
        ReminderQuery(condition: "reminder.isCompleted = 1" + hasTag(tagID),
                      arguments: tagID.map { [$0] } ?? [],
                      order: "reminder.completedAt DESC, reminder.scheduledAt DESC, reminder.id")
    }

    /// Done reminders, for counting: with a tag, read from the tag's links in id order (page after
    /// page of the table), not checked one by one in completion order (a jump for each).
    static func doneForCounting(tagged tagID: UUID?) -> ReminderQuery {
        ReminderQuery(condition: "reminder.isCompleted = 1", order: "reminder.id", tagID: tagID)
    }

    /// A condition on `reminder` that it carries tag `tagID` (its one argument), checked by key;
    /// empty without a tag.
    static func hasTag(_ tagID: UUID?) -> String {
        tagID == nil ? "" : " AND EXISTS (SELECT 1 FROM reminderTag WHERE reminderTag.reminderID = reminder.id AND reminderTag.tagID = ?)"
    }

    /// The Completed section: done reminders and the completed times of repeating reminders that
    /// go on (from the completion log), most recently completed first, at most `limit`. Each row is
    /// the reminder, `doneAt`, `doneOccurrence` (NULL for a done reminder) and `expression`'s column.
    static func completedTimes(tagged tagID: UUID?, limit: Int?, alsoSelecting expression: String)
        -> (sql: String, arguments: StatementArguments)
    {
        let done = completed(tagged: tagID)
        let cap = limit.map { " LIMIT \(max(0, $0))" } ?? ""
        // `expression` (the tags) is computed for the rows of the page only, not for every done
        // reminder the inner sorts go through; the completion log is read first (CROSS JOIN fixes
        // the order), not every open reminder.
        let sql = """
            SELECT reminder.*, \(expression) FROM (
                SELECT * FROM (SELECT reminder.*, reminder.completedAt AS doneAt, NULL AS doneOccurrence
                               \(done.from) WHERE \(done.condition) ORDER BY \(done.order)\(cap))
                UNION ALL
                SELECT * FROM (SELECT reminder.*, completion.completedAt AS doneAt, completion.occurrence AS doneOccurrence
                               FROM completion CROSS JOIN reminder ON reminder.id = completion.reminderID
                               WHERE reminder.isCompleted = 0 AND reminder.recurrenceRule <> 'never'\(hasTag(tagID))
                               ORDER BY completion.completedAt DESC, completion.occurrence DESC\(cap))
                ORDER BY doneAt DESC, scheduledAt DESC\(cap)
            ) AS reminder
            ORDER BY doneAt DESC, scheduledAt DESC
            """
        return (sql, done.arguments + (tagID.map { [$0] } ?? []))
    }

    /// With a tag, the join starts from the tag's rows in `reminderTag` (CROSS JOIN fixes that
    /// order in SQLite), so the cost follows the tag's reminders, not the whole table.
    var from: String {
        guard tagID != nil else { return "FROM reminder" }
        return "FROM reminderTag CROSS JOIN reminder ON reminder.id = reminderTag.reminderID AND reminderTag.tagID = ?"
    }

    /// The selected reminders, ordered, each with the value of `expression` as a last column.
    func sql(alsoSelecting expression: String) -> String {
        "SELECT \(ReminderRecord.selection), \(expression) \(from) WHERE \(condition) ORDER BY \(order)"
    }

    /// The rowids of a reminder's tags, as `ReminderRows` reads them.
    static let tagRows = ReminderRows.tagRowsColumn

    /// The ids of the selected reminders, for a sub-query.
    var idsSQL: String { "SELECT reminder.id \(from) WHERE \(condition)" }
}

extension ReminderRows {
    /// The reminders `query` selects, with their tags.
    fileprivate init(_ db: Database, query: ReminderQuery, tags: TagsByRow) throws {
        try self.init(db, sql: query.sql(alsoSelecting: ReminderQuery.tagRows), arguments: query.arguments, tags: tags)
    }
}
