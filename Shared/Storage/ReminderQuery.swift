import Domain
import Foundation
import GRDB

/// A selection of reminders as SQL, optionally read from one tag's links by a join, narrowed by
/// a filter's conditions (never in memory).
package struct ReminderQuery {
    var condition: String
    package var arguments: StatementArguments
    var order: String
    var tagID: UUID?
    /// The reminders a read of words starts from (`ReminderFilter.wordsSource`), when it does.
    private var found: String?

    init(condition: String, arguments: StatementArguments = [], order: String, tagID: UUID? = nil) {
        self.condition = condition
        self.order = order
        self.tagID = tagID
        self.arguments = tagID.map { [$0] } ?? []
        self.arguments += arguments
    }

    /// The order of To Do: by due time, then higher priority first, then by id.
    static let dueOrder = "reminder.scheduledAt, reminder.priority DESC, reminder.id"

    /// Adds `filter`'s conditions (but the tag the join selects) after the others. With
    /// `startingFromWords` and no tag, words that must be found are where the read starts (for a
    /// read of every dated or done reminder they find; a read of a few, down an index, checks each).
    mutating func narrow(to filter: ReminderFilter, startingFromWords: Bool = false) {
        narrow(to: filter, from: tagID == nil && startingFromWords ? filter.wordsSource() : nil)
    }

    /// Adds `filter`'s conditions, starting from `source` (`ReminderFilter.wordsSource`) when given.
    private mutating func narrow(to filter: ReminderFilter, from source: FilterSQL?) {
        if let source {
            found = source.condition
            arguments = source.arguments + arguments
        }
        let extra = filter.sql(joinedTag: tagID, wordsAsSource: source != nil)
        condition += extra.condition
        arguments += extra.arguments
    }

    /// The open dated reminders `filter` selects, soonest first (higher priority first at one
    /// time), read from its tag's links when it requires one.
    static func open(matching filter: ReminderFilter) -> ReminderQuery {
        var query = ReminderQuery(condition: "reminder.isCompleted = 0 AND reminder.scheduledAt IS NOT NULL",
                                  order: dueOrder, tagID: filter.requiredTag)
        query.narrow(to: filter)
        return query
    }

    /// The open reminders without a date, higher priority first, then oldest first. With a tag,
    /// read from the tag's links (each a read of its reminder's row), or with `fromUndated` from
    /// the open undated reminders' index entries (each checked for the tag by key).
    static func undated(matching filter: ReminderFilter, limit: Int?, fromUndated: Bool = false) -> ReminderQuery {
        var query = ReminderQuery(condition: "reminder.isCompleted = 0 AND reminder.scheduledAt IS NULL",
                                  order: "reminder.priority DESC, reminder.createdAt, reminder.id",
                                  tagID: fromUndated ? nil : filter.requiredTag)
        query.narrow(to: filter)
        if let limit { query.order += " LIMIT \(max(0, limit))" }
        return query
    }

    /// `undated(matching:limit:)` read from where it costs less in `db`: with a tag, from the open
    /// undated reminders when they are fewer than half the tag's links (a link costs a read of
    /// its reminder's row, an undated reminder a look in the smaller table of links, about half
    /// as much). Both counts come from indexes alone, the second no further than the first's half:
    /// a tag of 15,000 links and no undated reminder cost 1.5 ms instead of 19 ms at 100,000.
    static func undated(matching filter: ReminderFilter, limit: Int?, _ db: Database) throws -> ReminderQuery {
        guard let tagID = filter.requiredTag else { return undated(matching: filter, limit: limit) }
        let links = try Int.fetchOne(db.kept("SELECT count(*) FROM reminderTag WHERE tagID = ?"), arguments: [tagID]) ?? 0
        let undated = try Int.fetchOne(db.kept("""
            SELECT count(*) FROM (SELECT 1 FROM reminder WHERE isCompleted = 0 AND scheduledAt IS NULL LIMIT ?)
            """), arguments: [links / 2]) ?? 0
        return Self.undated(matching: filter, limit: limit, fromUndated: undated < links / 2)
    }

    /// To Do, the `limit` soonest when given. Every open reminder is read in the table's order and
    /// sorted by SQLite: the table and each reminder's tags are then read page after page, where
    /// walking the due index would jump to another page of the table for almost every reminder.
    /// A limit walks the index, to stop at it; a tag starts from its links.
    package static func toDo(matching filter: ReminderFilter, limit: Int?) -> ReminderQuery {
        guard filter.requiredTag != nil || limit != nil else {
            var query = ReminderQuery(condition: "+reminder.isCompleted = 0 AND +reminder.scheduledAt IS NOT NULL",
                                      order: "+reminder.scheduledAt, reminder.priority DESC, reminder.id")
            query.narrow(to: filter, startingFromWords: true)
            return query
        }
        var query = open(matching: filter)
        if let limit { query.order += " LIMIT \(max(0, limit))" }
        return query
    }

    /// Every reminder the words of `filter` find (it starts from words: `startsFromWords`, and
    /// requires no tag) that its other conditions keep, whatever its state, in no order.
    /// A part of them: those with `ids`.
    package static func found(matching filter: ReminderFilter, ids: IDRange? = nil) -> ReminderQuery {
        var query = ReminderQuery(condition: "1", order: "")
        query.narrow(to: filter, from: filter.wordsSource(ids: ids))
        return query
    }

    /// What `found` reads in two parts at once (`GRDBReminderRepository.forEachFound`): those with
    /// ids below 80000000-…, then the others (ids are random: halves).
    package static func foundParts(matching filter: ReminderFilter) -> [ReminderQuery] {
        let middle = UUID(uuid: (0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        return [IDRange(from: nil, before: middle), IDRange(from: middle, before: nil)].map { found(matching: filter, ids: $0) }
    }

    /// To Do (all of it) in two parts: the reminders whose ids are below 28000000-…, then the
    /// others, each a range of the key the whole query reads (ids are random: 5/32 and 27/32).
    /// The first part's connection also merges both and hands every card on, which takes about
    /// as long as reading two thirds of the rows: it reads less, so both cores end together.
    package static func toDoParts(matching filter: ReminderFilter) -> [(query: ReminderQuery, ids: IDRange)] {
        let middle = UUID(uuid: (0x28, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        let key = filter.requiredTag == nil ? "reminder.id" : "reminderTag.reminderID"
        return [IDRange(from: nil, before: middle), IDRange(from: middle, before: nil)].map { ids in
            var query = toDo(matching: filter, limit: nil)
            let (conditions, arguments) = ids.conditions(on: key)
            query.condition += conditions.map { " AND " + $0 }.joined()
            query.arguments += arguments
            return (query, ids)
        }
    }

    /// The reminder ids from `from` (when given) up to `before` (when given), as SQLite orders blobs.
    package struct IDRange: Sendable {
        let from: UUID?
        let before: UUID?

        /// `key` within the range, as SQL conditions and their arguments.
        func conditions(on key: String) -> ([String], StatementArguments) {
            var conditions: [String] = [], arguments: StatementArguments = []
            if let from { conditions.append("\(key) >= ?"); arguments += [from] }
            if let before { conditions.append("\(key) < ?"); arguments += [before] }
            return (conditions, arguments)
        }
    }

    /// Done reminders are read in their index's order (most recently completed first) and each
    /// checked for the filter (a tag by key), so a page stops at its tenth, instead of sorting
    /// every link of the tag.
    /// Words start from their matches instead: the completion index holds no id to check them
    /// against, so walking it would read every done reminder's row.
    static func completed(matching filter: ReminderFilter) -> ReminderQuery {
        var query = ReminderQuery(condition: filter.startsFromWords ? "+reminder.isCompleted = 1" : "reminder.isCompleted = 1",
                                  order: "reminder.completedAt DESC, reminder.scheduledAt DESC, reminder.id")
        query.narrow(to: filter, startingFromWords: true)
        return query
    }

    /// Done reminders, for counting: with a tag, read from the tag's links in id order (page after
    /// page of the table), not checked one by one in completion order (a jump for each).
    static func doneForCounting(matching filter: ReminderFilter) -> ReminderQuery {
        var query = ReminderQuery(condition: filter.startsFromWords ? "+reminder.isCompleted = 1" : "reminder.isCompleted = 1",
                                  order: "reminder.id", tagID: filter.requiredTag)
        query.narrow(to: filter)
        return query
    }

    /// The completed times of repeating reminders that go on (from the completion log) that
    /// `filter` selects, each due at its occurrence and done: the SQL after `FROM`, and its arguments.
    /// With `ids`, only those reminders' completed times, and the words `filter` starts from are
    /// taken as found (the reminders were).
    static func completedTimesLog(matching filter: ReminderFilter, ids: ArraySlice<UUID>? = nil)
        -> (sql: String, arguments: StatementArguments)
    {
        let narrowed = filter.sql(wordsAsSource: ids != nil, rows: .completedTimes)
        let only = ids.map { " AND completion.reminderID IN (" + Array(repeating: "?", count: $0.count).joined(separator: ", ") + ")" }
        return ("""
            completion CROSS JOIN reminder ON reminder.id = completion.reminderID
            WHERE reminder.isCompleted = 0 AND reminder.recurrenceRule <> 'never'\(only ?? "")\(narrowed.condition)
            """, StatementArguments(Array(ids ?? [])) + narrowed.arguments)
    }

    /// The Completed section: done reminders and the completed times of repeating reminders that
    /// go on (from the completion log), most recently completed first, at most `limit` (with
    /// `fromEnd`, the `limit` completed longest ago, still most recent first). Each row is the
    /// reminder, `doneAt`, `doneDue` (a completed time's occurrence), `doneOccurrence` (NULL for a
    /// done reminder) and `expression`'s column.
    package static func completedTimes(matching filter: ReminderFilter, limit: Int?, fromEnd: Bool = false, alsoSelecting expression: String)
        -> (sql: String, arguments: StatementArguments)
    {
        let done = completed(matching: filter), log = completedTimesLog(matching: filter)
        let cap = limit.map { " LIMIT \(max(0, $0))" } ?? ""
        // From the end, the inner reads run backwards to their caps; the outer sort puts them back.
        let turn = fromEnd ? reversed : { $0 }
        // `expression` (the tags) is computed for the rows of the page only, not for every done
        // reminder the inner sorts go through; the completion log is read first (CROSS JOIN fixes
        // the order), not every open reminder.
        let sql = """
            SELECT reminder.*, \(expression) FROM (
                SELECT * FROM (SELECT reminder.*, reminder.completedAt AS doneAt, reminder.scheduledAt AS doneDue, NULL AS doneOccurrence
                               \(done.from) WHERE \(done.condition) ORDER BY \(turn(done.order))\(cap))
                UNION ALL
                SELECT * FROM (SELECT reminder.*, completion.completedAt AS doneAt, completion.occurrence AS doneDue,
                                  completion.occurrence AS doneOccurrence
                               FROM \(log.sql)
                               ORDER BY \(turn("completion.completedAt DESC, completion.occurrence DESC"))\(cap))
                ORDER BY \(turn(completedOrder))\(cap)
            ) AS reminder
            ORDER BY \(completedOrder)
            """
        return (sql, done.arguments + log.arguments)
    }

    /// Completed's order: most recently completed first, then latest due first (a completed time
    /// is due at its occurrence); at one time, a done reminder before a completed time, then by
    /// id (as `ReminderRows.SectionOrder.completed`).
    static let completedOrder = "doneAt DESC, doneDue DESC, doneOccurrence, id"

    /// The `limit` last reminders of the To Do (`undated`: No date) or, `done`, Completed section
    /// in its order: read backwards from its end to the limit (down the same index as from the
    /// start), then put back in order.
    package static func last(_ limit: Int, of section: ReminderSection, _ filter: ReminderFilter)
        -> (sql: String, arguments: StatementArguments)
    {
        if section.done && section.withCompletedTimes {
            return completedTimes(matching: filter, limit: limit, fromEnd: true, alsoSelecting: tagRows)
        }
        var query = section.done ? completed(matching: filter) : section.undated ? undated(matching: filter, limit: nil) : open(matching: filter)
        let order = query.order
        query.order = reversed(order) + " LIMIT \(max(0, limit))"
        return ("SELECT * FROM (\(query.sql(alsoSelecting: tagRows))) AS reminder ORDER BY \(order)", query.arguments)
    }

    /// `order` ("a, b DESC") with each term's direction turned round ("a DESC, b").
    static func reversed(_ order: String) -> String {
        order.split(separator: ",").map { term in
            let term = term.trimmingCharacters(in: .whitespaces)
            return term.hasSuffix(" DESC") ? String(term.dropLast(5)) : term + " DESC"
        }.joined(separator: ", ")
    }

    /// With a tag, the join starts from the tag's rows in `reminderTag` (CROSS JOIN fixes that
    /// order in SQLite), so the cost follows the tag's reminders, not the whole table; with words,
    /// from what they find.
    var from: String {
        // The ids found are sorted first (`LIMIT -1` keeps SQLite from dropping the ORDER BY of a
        // sub-query in FROM), so the reminders and their links are read in key order: each page
        // once, not once for each reminder on it found at another time (`search dentist` at
        // 100,000: 22,400 page reads of 4 KiB → 10,900).
        if let found { return "FROM (SELECT id FROM (\(found)) ORDER BY id LIMIT -1) AS found CROSS JOIN reminder ON reminder.id = found.id" }
        guard tagID != nil else { return "FROM reminder" }
        return "FROM reminderTag CROSS JOIN reminder ON reminder.id = reminderTag.reminderID AND reminderTag.tagID = ?"
    }

    /// The selected reminders, ordered, each with the value of `expression` (when given) as a last column.
    package func sql(alsoSelecting expression: String?) -> String {
        "SELECT \(ReminderRecord.selection)\(expression.map { ", " + $0 } ?? "") \(from) WHERE \(condition)\(order.isEmpty ? "" : " ORDER BY " + order)"
    }

    /// The selected reminders, each once per tag with the tag's id as `linkTag` (once with NULL
    /// when it has none), a reminder's rows one after another, as `ReminderRows` reads them; in
    /// no order: for a query read unsorted. Each reminder's links are read by its key as the
    /// reminder is (a join, not a sub-query per reminder, which costs SQLite twice as much).
    package func sqlJoiningLinks() -> String {
        precondition(order.isEmpty, "A join of the links is read unsorted")
        return "SELECT \(ReminderRecord.selection), link.tagID AS linkTag \(from) "
            + "LEFT JOIN reminderTag AS link ON link.reminderID = reminder.id WHERE \(condition)"
    }

    /// The rowids of a reminder's tags, as `ReminderRows` reads them.
    package static let tagRows = ReminderRows.tagRowsColumn

    /// The ids of the selected reminders, for a sub-query.
    var idsSQL: String { "SELECT reminder.id \(from) WHERE \(condition)" }
}

extension ReminderRows {
    /// The reminders `query` selects, with their tags from `links` (read for the same range of ids).
    init(_ db: Database, query: ReminderQuery, tags: TagsByRow, links: TagLinks) throws {
        try self.init(db, sql: query.sql(alsoSelecting: nil), arguments: query.arguments, tags: tags, links: links)
    }

    /// As `init(_:query:tags:links:)`, with the links `laterLinks` gives once the first row is made.
    init(_ db: Database, query: ReminderQuery, tags: TagsByRow, laterLinks: @escaping () throws -> TagLinks) throws {
        try self.init(db, sql: query.sql(alsoSelecting: nil), arguments: query.arguments, tags: tags, laterLinks: laterLinks)
    }
}
