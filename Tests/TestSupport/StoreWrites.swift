import Foundation
import GRDB

/// Tells whether another connection (another process) committed to a store file since it was
/// made: SQLite's `data_version` on a connection of its own, which any other connection's commit
/// changes.
package final class StoreWrites: @unchecked Sendable {
    private let queue: DatabaseQueue
    private let before: Int

    /// A watch on the store file at `path`, from now.
    package init(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        queue = try DatabaseQueue(path: path, configuration: configuration)
        before = try queue.inDatabase { try Int.fetchOne($0, sql: "PRAGMA data_version") ?? 0 }
    }

    /// Whether another connection committed since this watch was made.
    package var happened: Bool {
        get throws { try queue.inDatabase { try Int.fetchOne($0, sql: "PRAGMA data_version") ?? 0 } != before }
    }
}
