import Domain
import Foundation
import GRDB
import Storage

extension GRDBReminderRepository {
    /// `EXPLAIN QUERY PLAN` of the Completed section's first page (10 entries), narrowed to
    /// `tagID` when given, one line per step.
    package func queryPlanOfCompletedPage(tagged tagID: UUID? = nil) async throws -> [String] {
        let (sql, arguments) = ReminderQuery.completedTimes(matching: ReminderFilter(tagID: tagID), limit: 10, alsoSelecting: "NULL AS tagRows")
        return try await database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String? ?? "" }
        }
    }

    /// `EXPLAIN QUERY PLAN` of the dashboard's To Do query, filtered by `tagID` and limited to
    /// `limit` when given, one line per step; without a limit, of its two parts (the first's
    /// lines first), as a store file reads them.
    package func queryPlanOfOpenReminders(tagged tagID: UUID?, limit: Int? = nil) async throws -> [String] {
        try await queryPlanOfOpenReminders(matching: ReminderFilter(tagID: tagID), limit: limit)
    }

    /// `EXPLAIN QUERY PLAN` of the To Do query narrowed by `filter`, as `queryPlanOfOpenReminders(tagged:limit:)`:
    /// of each part, its links' read first (`TagLinks`), then its reminders'.
    package func queryPlanOfOpenReminders(matching filter: ReminderFilter, limit: Int? = nil) async throws -> [String] {
        let statements: [(String, StatementArguments)]
        if limit == nil && filter.isAtMostOneTag {
            statements = ReminderQuery.toDoParts(matching: filter).flatMap { part in
                [TagLinks.sql(ids: part.ids, tagged: filter.requiredTag), (part.query.sql(alsoSelecting: nil), part.query.arguments)]
            }
        } else {
            let query = ReminderQuery.toDo(matching: filter, limit: limit)
            statements = [(query.sql(alsoSelecting: ReminderQuery.tagRows), query.arguments)]
        }
        return try await database.read { db in
            try statements.flatMap { sql, arguments in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String? ?? "" }
            }
        }
    }

    /// `EXPLAIN QUERY PLAN` of the planner's read of the snoozed reminders, one line per step.
    package func queryPlanOfSnoozedReminders() async throws -> [String] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + Self.snoozedRemindersSQL).map { $0["detail"] as String? ?? "" }
        }
    }
}

extension GRDBReminderRepository {
    /// `EXPLAIN QUERY PLAN` of a search's read of what `filter`'s words find (its text, tags' and
    /// lists' names), whole and in each of its two parts, one line per step.
    package func queryPlansOfFound(matching filter: ReminderFilter) async throws -> [[String]] {
        let queries = [ReminderQuery.found(matching: filter)] + ReminderQuery.foundParts(matching: filter)
        return try await database.read { db in
            try queries.map { query in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.sqlJoiningLinks(), arguments: query.arguments)
                    .map { $0["detail"] as String? ?? "" }
            }
        }
    }
}
