import Domain
import Foundation
import GRDB
import Storage

extension GRDBReminderRepository {
    /// `EXPLAIN QUERY PLAN` of the Completed section's first page (10 entries), narrowed to
    /// `tagID` when given, one line per step.
    package func queryPlanOfCompletedPage(tagged tagID: UUID? = nil) async throws -> [String] {
        let (sql, arguments) = ReminderQuery.completedTimes(ReminderFilter(tagID: tagID), limit: 10, alsoSelecting: "NULL AS tagRows")
        return try await database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String? ?? "" }
        }
    }

    /// `EXPLAIN QUERY PLAN` of the dashboard's To Do query, filtered by `tagID` and limited to
    /// `limit` when given, one line per step; without a limit, of its two halves (the first's
    /// lines first), as a store file reads them.
    package func queryPlanOfOpenReminders(tagged tagID: UUID?, limit: Int? = nil) async throws -> [String] {
        let queries = limit == nil ? ReminderQuery.toDoHalves(ReminderFilter(tagID: tagID)) : [ReminderQuery.toDo(ReminderFilter(tagID: tagID), limit: limit)]
        return try await database.read { db in
            try queries.flatMap { query in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.sql(alsoSelecting: ReminderQuery.tagRows), arguments: query.arguments)
                    .map { $0["detail"] as String? ?? "" }
            }
        }
    }
}
