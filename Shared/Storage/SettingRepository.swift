import Domain
import Foundation
import GRDB

/// Stores the settings the user sets once.
package protocol SettingRepository: Sendable {
    /// Every setting, set or at its default.
    func settings() async throws -> Settings
    /// Sets `setting` to `value` (already checked), or back to its default with `nil`.
    func set(_ setting: Setting, to value: String?) async throws
}

/// The settings in the store's `setting` table.
package struct GRDBSettingRepository: SettingRepository {
    private let database: AppDatabase

    /// A repository over `database`.
    package init(database: AppDatabase) {
        self.database = database
    }

    package func settings() async throws -> Settings {
        try await database.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT name, value FROM setting")
            return Settings(values: Dictionary(rows.map { ($0[0] as String, $0[1] as String) }, uniquingKeysWith: { $1 }))
        }
    }

    package func set(_ setting: Setting, to value: String?) async throws {
        try await database.write { db in
            if let value {
                try db.execute(sql: "INSERT OR REPLACE INTO setting (name, value) VALUES (?, ?)", arguments: [setting.rawValue, value])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE name = ?", arguments: [setting.rawValue])
            }
        }
    }
}
