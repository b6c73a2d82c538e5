import Domain
import Foundation
import GRDB

/// A selection of reminders as SQL, optionally narrowed to one tag by a join, to a list and to a
/// priority by conditions (never in memory).
package struct ReminderQuery {
    var condition: String
    package var arguments: StatementArguments
    var order: String
    var tagID: UUID?

    /// The reminders meeting `condition` (with `arguments`) and `filter`, in `order`.
    init(condition: String, arguments: StatementArguments = [], order: String, filter: ReminderFilter = .all) {
        let narrowed = Self.listAndPriority(filter)
        self.condition = condition + narrowed.sql
        self.order = order
        self.tagID = filter.tagID
        self.arguments = filter.tagID.map { [$0] } ?? []
        self.arguments += arguments
        self.arguments += narrowed.arguments
    }

    /// The conditions on `reminder` that keep `filter`'s list and priority (each ` AND …`), with
    /// their arguments; empty when it names neither.
    static func listAndPriority(_ filter: ReminderFilter) -> (sql: String, arguments: StatementArguments) {
        var sql = "", arguments: StatementArguments = []
        switch filter.list {
        case nil: break
        case .defaultList: sql += " AND reminder.listID IS NULL"
        case .list(let id): sql += " AND reminder.listID = ?"; arguments += [id]
        }
        if let priority = filter.priority { sql += " AND reminder.priority = \(priority.rawValue)" }
        return (sql, arguments)
    }

    /// The order of To Do: by due time, then higher priority first, then by id.
    static let dueOrder = "reminder.scheduledAt, reminder.priority DESC, reminder.id"

    static func open(_ filter: ReminderFilter) -> ReminderQuery {
        ReminderQuery(condition: "reminder.isCompleted = 0 AND reminder.scheduledAt IS NOT NULL", order: dueOrder, filter: filter)
    }

    /// The open reminders without a date, higher priority first, then oldest first.
    static func undated(_ filter: ReminderFilter, limit: Int?) -> ReminderQuery {
        var query = ReminderQuery(condition: "reminder.isCompleted = 0 AND reminder.scheduledAt IS NULL",
                                  order: "reminder.priority DESC, reminder.createdAt, reminder.id", filter: filter)
        if let limit { query.order += " LIMIT \(max(0, limit))" }
        return query
    }

    /// To Do, the `limit` soonest when given. Every open reminder is read in the table's order and
    /// sorted by SQLite: the table and each reminder's tags are then read page after page, where
    /// walking the due index would jump to another page of the table for almost every reminder.
    /// A limit walks the index, to stop at it.
    package static func toDo(_ filter: ReminderFilter, limit: Int?) -> ReminderQuery {
        guard filter.tagID != nil || limit != nil else {
            return ReminderQuery(condition: "+reminder.isCompleted = 0 AND +reminder.scheduledAt IS NOT NULL",
                                 order: "+reminder.scheduledAt, reminder.priority DESC, reminder.id", filter: filter)
        }
        var query = open(filter)
        if let limit { query.order += " LIMIT \(max(0, limit))" }
        return query
    }

    /// To Do (all of it) in two halves: the reminders whose ids begin with 0–7, then those with
    /// 8–F, each a range of the key the whole query reads (ids are random: each about half).
    package static func toDoHalves(_ filter: ReminderFilter) -> [ReminderQuery] {
        let middle = UUID(uuid: (0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        let key = filter.tagID == nil ? "reminder.id" : "reminderTag.reminderID"
        return [" < ?", " >= ?"].map { comparison in
            var query = toDo(filter, limit: nil)
            query.condition += " AND \(key)\(comparison)"
            query.arguments += [middle]
            return query
        }
    }

    /// Done reminders are read in their index's order (most recently completed first) and each
    /// checked for the tag, so a page stops at its tenth, instead of sorting every link of the tag.
    static func completed(_ filter: ReminderFilter) -> ReminderQuery {
        var unjoined = filter
        unjoined.tagID = nil
        return ReminderQuery(condition: "reminder.isCompleted = 1" + hasTag(filter.tagID),
                             arguments: filter.tagID.map { [$0] } ?? [],
                             order: "reminder.completedAt DESC, reminder.scheduledAt DESC, reminder.id", filter: unjoined)
    }

    /// Done reminders, for counting: with a tag, read from the tag's links in id order (page after
    /// page of the table), not checked one by one in completion order (a jump for each).
    static func doneForCounting(_ filter: ReminderFilter) -> ReminderQuery {
        ReminderQuery(condition: "reminder.isCompleted = 1", order: "reminder.id", filter: filter)
    }

    /// A condition on `reminder` that it carries tag `tagID` (its one argument), checked by key;
    /// empty without a tag.
    static func hasTag(_ tagID: UUID?) -> String {
        tagID == nil ? "" : " AND EXISTS (SELECT 1 FROM reminderTag WHERE reminderTag.reminderID = reminder.id AND reminderTag.tagID = ?)"
    }

    /// The Completed section: done reminders and the completed times of repeating reminders that
    /// go on (from the completion log), most recently completed first, at most `limit`. Each row is
    /// the reminder, `doneAt`, `doneOccurrence` (NULL for a done reminder) and `expression`'s column.
    package static func completedTimes(_ filter: ReminderFilter, limit: Int?, alsoSelecting expression: String)
        -> (sql: String, arguments: StatementArguments)
    {
        let done = completed(filter)
        let narrowed = listAndPriority(filter)
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
                               WHERE reminder.isCompleted = 0 AND reminder.recurrenceRule <> 'never'\(hasTag(filter.tagID))\(narrowed.sql)
                               ORDER BY completion.completedAt DESC, completion.occurrence DESC\(cap))
                ORDER BY doneAt DESC, scheduledAt DESC\(cap)
            ) AS reminder
            ORDER BY doneAt DESC, scheduledAt DESC
            """
        return (sql, done.arguments + (filter.tagID.map { [$0] } ?? []) + narrowed.arguments)
    }

    /// With a tag, the join starts from the tag's rows in `reminderTag` (CROSS JOIN fixes that
    /// order in SQLite), so the cost follows the tag's reminders, not the whole table.
    var from: String {
        guard tagID != nil else { return "FROM reminder" }
        return "FROM reminderTag CROSS JOIN reminder ON reminder.id = reminderTag.reminderID AND reminderTag.tagID = ?"
    }

    /// The selected reminders, ordered, each with the value of `expression` as a last column.
    package func sql(alsoSelecting expression: String) -> String {
        "SELECT \(ReminderRecord.selection), \(expression) \(from) WHERE \(condition) ORDER BY \(order)"
    }

    /// The rowids of a reminder's tags, as `ReminderRows` reads them.
    package static let tagRows = ReminderRows.tagRowsColumn

    /// The ids of the selected reminders, for a sub-query.
    var idsSQL: String { "SELECT reminder.id \(from) WHERE \(condition)" }
}

extension ReminderRows {
    /// The reminders `query` selects, with their tags.
    init(_ db: Database, query: ReminderQuery, tags: TagsByRow) throws {
        try self.init(db, sql: query.sql(alsoSelecting: ReminderQuery.tagRows), arguments: query.arguments, tags: tags)
    }
}
