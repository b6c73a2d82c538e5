import Foundation
import Testing
import TestSupport

/// Issue "Notifications you can rely on", end to end: a real `memoss watch` process on a store while
/// other processes change it and ask what is due. Notifications are put in the store by another
/// process (sqlite3) seconds ahead, so the real clock is used for a few seconds only.
@Suite(.serialized)
struct WatchTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }
    private let environment = ["HOME": "/nonexistent", "TZ": "UTC", "PATH": "/usr/bin:/bin"]

    init() throws {
        temporary = try TemporaryFolder("memoss-watch")
    }

    private func memoss(_ arguments: String...) throws -> ChildProcess.Result {
        try ChildProcess.start(MemossProcess.executable, ["--db", store] + arguments, environment: environment).wait(limit: 20)
    }

    @discardableResult
    private func sqlite(_ sql: String) throws -> String { try SQLiteShell.run(store, sql) }

    /// Puts a snoozed notification (kept by every replan) for the store's reminder, due `seconds` from now.
    private func notification(_ id: String, in seconds: Double) throws -> Date {
        let fireAt = Date().addingTimeInterval(seconds)
        try sqlite("""
            INSERT INTO notificationRequest (id, reminderID, fireAt, title, body, isRecurring, isSnoozed)
            SELECT '\(id)', id, \(SQLiteShell.milliseconds(fireAt)), 'Test \(id)', '', 0, 1 FROM reminder LIMIT 1
            """)
        return fireAt
    }

    /// When notification `id` was delivered, waiting up to `limit` seconds for it.
    private func deliveredAt(_ id: String, limit: TimeInterval) throws -> Date? {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            let text = try sqlite("SELECT deliveredAt FROM deliveredNotification WHERE id = '\(id)'")
            if let date = SQLiteShell.instant(text) { return date }
            usleep(50_000)
        }
        return nil
    }

    private func startWatch() throws -> ChildProcess.Running {
        let watch = try ChildProcess.start(MemossProcess.executable, ["--db", store, "watch"], environment: environment)
        // It says it is watching once it holds the delivery.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !FileManager.default.fileExists(atPath: store + "-delivery.lock") { usleep(20_000) }
        usleep(200_000)
        return watch
    }

    @Test func theWatcherDeliversOnceWithinASecondAndOthersShowWithoutTaking() throws {
        #expect(try memoss("add", "base", "--date", "2099-01-01").status == 0)
        let watch = try startWatch()
        var delays: [TimeInterval] = []
        for index in 0..<3 {
            let fireAt = try notification("n\(index)", in: 2 + Double(index) * 0.37)
            let delivered = try #require(try deliveredAt("n\(index)", limit: 6), "n\(index) was not delivered")
            delays.append(delivered.timeIntervalSince(fireAt))
        }
        #expect(delays.allSatisfy { $0 >= 0 && $0 < 1 }, "delays \(delays)")

        // Another process asks what is due: it is shown, not taken again.
        let due = try memoss("due")
        #expect(due.stdout.hasPrefix("A running `memoss watch` delivers this store's notifications; due now:\n"))
        #expect(due.stdout.contains("Reminder: Test n0"))
        #expect(try sqlite("SELECT count(*) FROM deliveredNotification") == "3")

        let second = try ChildProcess.start(MemossProcess.executable, ["--db", store, "watch"], environment: environment)
        usleep(700_000)
        second.send(SIGINT)
        watch.send(SIGINT)
        let output = try watch.wait(limit: 10).stdout
        #expect(try second.wait(limit: 10).stdout.contains(
            "Another memoss watch delivers this store's notifications; this one takes over when it stops."))
        for index in 0..<3 {
            #expect(output.components(separatedBy: "Reminder: Test n\(index)").count == 2, "\(output)")
        }
    }

    @Test func aWatcherThatDiesLeavesDeliveryToTheOthers() throws {
        #expect(try memoss("add", "base", "--date", "2099-01-01").status == 0)
        let watch = try startWatch()
        watch.send(SIGKILL)
        _ = try watch.wait(limit: 10)
        _ = try notification("after", in: -1)
        let due = try memoss("due")
        #expect(due.stdout.hasPrefix("Reminder: Test after"))
        #expect(try sqlite("SELECT count(*) FROM deliveredNotification WHERE id = 'after'") == "1")
    }
}
