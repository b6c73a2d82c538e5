import Foundation
import Testing

/// Debian's `sqlite3` shell, for tests that change a store as another program would (a row an
/// older Memoss wrote, a damaged value, a notification due in a second).
package enum SQLiteShell {
    /// Runs `sql` on `store` and returns what it printed, trimmed; fails the test when sqlite3 does.
    @discardableResult
    package static func run(_ store: String, _ sql: String) throws -> String {
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/sqlite3"), [store, sql])
        try #require(result.status == 0, "sqlite3 failed (install Debian's sqlite3): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Instants as the store writes them: `yyyy-MM-dd HH:mm:ss.SSS` in UTC.
    package static let time: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        return formatter
    }()
}
