import GRDB
import GRDBSQLite

/// Statements a connection keeps and runs again: preparing one costs SQLite and GRDB's
/// authorizer from 0.05 ms (a small one) to 0.2 ms (one reading every column of `reminder`),
/// which a prompt's write paid a few dozen times over. Only for SQL whose text does not vary
/// (a connection keeps each text it is given for as long as it is open).
extension Database {
    /// The connection's kept statement for `sql` (prepared once), or a new one while the kept one
    /// is being stepped (a read inside another's rows).
    func kept(_ sql: String) throws -> Statement {
        let statement = try cachedStatement(sql: sql)
        return sqlite3_stmt_busy(statement.sqliteStatement) == 0 ? statement : try makeStatement(sql: sql)
    }
}

extension MutablePersistableRecord {
    /// Inserts the record, a row with the same key left as it is, through the connection's kept
    /// statement for its table and columns.
    func insertIgnoringConflictKept(_ db: Database) throws {
        let values = try databaseDictionary
        let columns = values.keys.sorted()
        let sql = "INSERT OR IGNORE INTO \(Self.databaseTableName.quotedDatabaseIdentifier) ("
            + columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ") VALUES ("
            + databaseQuestionMarks(count: columns.count) + ")"
        try db.kept(sql).execute(arguments: StatementArguments(columns.map { values[$0] ?? .null }))
    }
}
