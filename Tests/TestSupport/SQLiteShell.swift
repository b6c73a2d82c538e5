import Foundation
import Testing

/// Debian's `sqlite3` shell, for tests that change a store as another program would (a row an
/// older Memoss wrote, a damaged value, a notification due in a second).
package enum SQLiteShell {
    /// Runs `sql` on `store` and returns what it printed, trimmed; fails the test when sqlite3 does.
    /// Like any program sharing the store, it waits (up to 10 s) while another one writes.
    @discardableResult
    package static func run(_ store: String, _ sql: String) throws -> String {
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/sqlite3"), ["-cmd", ".timeout 10000", store, sql])
        try #require(result.status == 0, "sqlite3 failed (install Debian's sqlite3): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// An instant as the store writes it: whole milliseconds since 1970 (rounded down).
    package static func milliseconds(_ instant: Date) -> String {
        String(Int64((instant.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// The instant a column printed as milliseconds since 1970; `nil` for anything else.
    package static func instant(_ text: String) -> Date? {
        Int64(text).map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }
}
