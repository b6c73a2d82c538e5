import Domain
import Foundation
import GRDB

extension AppDatabase {
    /// Runs one write transaction if no other connection is writing now, without waiting for one:
    /// `nil` (nothing written) when the store is locked. For writes a reader makes on the side (the
    /// numbers of a listing), which must never keep it waiting.
    func writeIfFree<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T? {
        do {
            return try await writer.writeWithoutTransaction { db -> T? in
                let timeout = try Int.fetchOne(db, sql: "PRAGMA busy_timeout") ?? 0
                try db.execute(sql: "PRAGMA busy_timeout = 0")
                defer { try? db.execute(sql: "PRAGMA busy_timeout = \(timeout)") }
                var result: T?
                do {
                    try db.inTransaction(.immediate) {
                        result = try updates(db)
                        return .commit
                    }
                } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                    return nil
                }
                return result
            }
        } catch let error as DatabaseError {
            throw StoreError(error)
        }
    }
}
