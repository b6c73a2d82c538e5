import Foundation
import Shared
import Testing
import TestSupport

/// Issue "Notifications you can rely on", end to end: a real `memoss watch` process on a store while
/// other processes change it and ask what is due. Notifications are put in the store by another
/// process (sqlite3); where delivery must happen within a second of their time, the watcher's
/// clock runs from the tests' instant (`MEMOSS_CLOCK` with `+`) and they are put seconds ahead of it.
@Suite(.serialized)
struct WatchTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }
    private let environment = ["HOME": "/nonexistent", "TZ": "UTC", "PATH": "/usr/bin:/bin"]

    init() throws {
        temporary = try TemporaryFolder("memoss-watch")
    }

    private func memoss(_ arguments: String..., clock: Date = testNow) throws -> ChildProcess.Result {
        try MemossProcess.start(["--db", store] + arguments, environment: environment.merging([SetClock.variable: memossClock(clock)]) { $1 })
            .wait(limit: 20)
    }

    @discardableResult
    private func sqlite(_ sql: String) throws -> String { try SQLiteShell.run(store, sql) }

    /// Puts a snoozed notification (kept by every replan) for the store's reminder, due at `instant`;
    /// returns its time as stored (in whole milliseconds).
    private func notification(_ id: String, at instant: Date) throws -> Date {
        let fireAt = SQLiteShell.milliseconds(instant)
        try sqlite("""
            INSERT INTO notificationRequest (id, reminderID, fireAt, title, body, isRecurring, isSnoozed)
            SELECT '\(id)', id, \(fireAt), 'Test \(id)', '', 0, 1 FROM reminder LIMIT 1
            """)
        return try #require(SQLiteShell.instant(fireAt))
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

    /// A watcher whose clock runs from the tests' instant, and that clock as this test reads it: the
    /// time since the watcher was started is added to the instant, so it is a hair ahead of the
    /// watcher's own (which starts once its process has).
    private func startRunningWatch() throws -> (ChildProcess.Running, now: @Sendable () -> Date) {
        let started = ContinuousClock.now
        let watch = try startWatch(clock: memossClock(running: true))
        return (watch, {
            let elapsed = ContinuousClock.now - started
            return testNow.addingTimeInterval(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        })
    }

    private func startWatch(clock: String = memossClock()) throws -> ChildProcess.Running {
        let watch = try MemossProcess.start(["--db", store, "watch"], environment: environment.merging([SetClock.variable: clock]) { $1 })
        // It says it is watching once it holds the delivery.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !FileManager.default.fileExists(atPath: store + "-delivery.lock") { usleep(20_000) }
        usleep(200_000)
        return watch
    }

    @Test func theWatcherDeliversOnceWithinASecondAndOthersShowWithoutTaking() throws {
        #expect(try memoss("add", "base", "--date", "2027-01-01").status == 0)
        let (watch, watcherNow) = try startRunningWatch()
        var delays: [TimeInterval] = []
        for index in 0..<3 {
            let fireAt = try notification("n\(index)", at: watcherNow().addingTimeInterval(2 + Double(index) * 0.37))
            let delivered = try #require(try deliveredAt("n\(index)", limit: 6), "n\(index) was not delivered")
            delays.append(delivered.timeIntervalSince(fireAt))
        }
        #expect(delays.allSatisfy { $0 >= 0 && $0 < 1 }, "delays \(delays)")

        // Another process asks what is due (at the watcher's time, rounded up to a whole second):
        // it is shown, not taken again.
        let due = try memoss("due", clock: Date(timeIntervalSince1970: watcherNow().timeIntervalSince1970.rounded(.up)))
        #expect(due.stdout.hasPrefix("A running `memoss watch` delivers this store's notifications; due now:\n"))
        #expect(due.stdout.contains("Reminder: Test n0"))
        #expect(try sqlite("SELECT count(*) FROM deliveredNotification") == "3")

        let second = try MemossProcess.start(["--db", store, "watch"], environment: environment)
        #expect(holds(within: 30) { second.outputSoFar.contains("Another memoss watch delivers") })
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
        #expect(try memoss("add", "base", "--date", "2027-01-01").status == 0)
        let watch = try startWatch()
        watch.send(SIGKILL)
        _ = try watch.wait(limit: 10)
        _ = try notification("after", at: testNow.addingTimeInterval(-1))
        let due = try memoss("due")
        #expect(due.stdout.hasPrefix("Reminder: Test after"))
        #expect(try sqlite("SELECT count(*) FROM deliveredNotification WHERE id = 'after'") == "1")
    }
}
