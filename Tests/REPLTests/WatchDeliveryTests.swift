import Foundation
import Shared
import Testing
import TestSupport

/// Issue "Alarms that fire when you need them", its delivery: `memoss watch` stops what it started,
/// outlasts a busy store, runs slow `--exec` commands beside its deliveries, uses a notification
/// server that starts after it, and replaces and closes its popups; with a real session bus and
/// `dunst` (`SessionDesktop`), and the programs' clock in a file the test moves
/// (`MEMOSS_CLOCK=@FILE`) or running from the tests' instant.
@Suite(.serialized, .tags(.slow))
struct WatchDeliveryTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }
    private var clockFile: String { temporary.path("clock") }
    private var plain: [String: String] {
        ["HOME": temporary.url.path, "TZ": "UTC", "PATH": "/usr/bin:/bin", SetClock.variable: "@" + clockFile]
    }

    init() throws {
        temporary = try TemporaryFolder("memoss-delivery")
        try memossClock().write(toFile: clockFile, atomically: false, encoding: .utf8)
    }

    @discardableResult
    private func sqlite(_ sql: String) throws -> String { try SQLiteShell.run(store, sql) }

    private func setClock(_ instant: Date) throws {
        try memossClock(instant).write(toFile: clockFile, atomically: false, encoding: .utf8)
    }

    /// Makes reminder `title` due at `instant` and moves the clock to it (another process changes
    /// the store; the watcher plans and delivers it).
    private func due(_ title: String, at instant: Date) throws {
        try sqlite("UPDATE reminder SET scheduledAt = \(SQLiteShell.milliseconds(instant)) WHERE title = '\(title)'")
        try setClock(instant)
    }

    /// `memoss watch arguments…`, once it holds the store's delivery.
    private func startWatch(_ arguments: [String], environment: [String: String]) throws -> ChildProcess.Running {
        let watch = try MemossProcess.start(["--db", store, "watch"] + arguments, environment: environment)
        _ = holds(within: 30) { FileManager.default.fileExists(atPath: store + "-delivery.lock") }
        usleep(300_000)
        return watch
    }

    private func add(_ title: String, environment: [String: String]) throws {
        let added = try MemossProcess.run(["--db", store, "add", title, "--date", "2027-01-01"], environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
    }

    /// The processes below `pid`, with their names.
    private func descendants(of pid: Int32) -> [(pid: Int32, name: String)] {
        var parents: [Int32: (parent: Int32, name: String)] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard fields.count > 1, let parent = Int32(fields[1]), fields[0] != "Z" else { continue }
            parents[child] = (parent, String(stat[stat.index(after: open)..<close]))
        }
        var found: [(Int32, String)] = []
        var frontier: Set<Int32> = [pid]
        while !frontier.isEmpty {
            let next = parents.filter { frontier.contains($0.value.parent) }
            found += next.map { ($0.key, $0.value.name) }
            frontier = Set(next.keys)
        }
        return found
    }

    /// Whether `pid` runs (a process that ended and waits to be reaped does not).
    private func runs(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)] != "Z"
    }

    @Test func stoppingWatchWithSIGTERMStopsItsBusMonitorAndItsCommands() throws {
        let desktop = try SessionDesktop(folder: temporary.url, extra: [SetClock.variable: "@" + clockFile])
        try desktop.startNotificationServer()
        try add("Stretch", environment: desktop.environment)
        let watch = try startWatch(["--notify", "--exec", "sleep 120; echo never"], environment: desktop.environment)
        defer { watch.send(SIGKILL) }
        try due("Stretch", at: testNow.addingTimeInterval(1))
        #expect(holds(within: 30) { descendants(of: watch.pid).contains { $0.name == "sleep" } })
        let children = descendants(of: watch.pid)
        #expect(Set(children.map(\.name)).isSuperset(of: ["dbus-monitor", "sh", "sleep"]), "\(children)")

        watch.send(SIGTERM)
        let result = try watch.wait(limit: 10)
        #expect(result.status == 128 + SIGTERM)
        #expect(holds(within: 30) { children.allSatisfy { !runs($0.pid) } }, "still running: \(children.filter { runs($0.pid) })")
        #expect(!result.stdout.contains("never"))
    }

    @Test func aStoreLockedLongerThanTheWaitIsWaitedForAndTheReminderDeliveredLate() throws {
        try add("Pay rent", environment: plain)
        let watch = try startWatch([], environment: plain)
        defer { watch.send(SIGKILL) }
        // Due in three seconds of the watcher's sleep; another program takes the store for nine
        // (an undo of a large import) and the clock reads two minutes later when it wakes.
        try sqlite("UPDATE reminder SET scheduledAt = \(SQLiteShell.milliseconds(testNow.addingTimeInterval(3))) WHERE title = 'Pay rent'")
        usleep(500_000)
        let held = temporary.path("held")
        let locker = try ChildProcess.start(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", """
            import sqlite3, time
            db = sqlite3.connect('\(store)', isolation_level=None)
            db.execute('BEGIN IMMEDIATE')
            open('\(held)', 'w').close()
            time.sleep(9)
            db.execute('COMMIT')
            """])
        #expect(holds(within: 30) { FileManager.default.fileExists(atPath: held) })
        try setClock(testNow.addingTimeInterval(120))

        #expect(try holds(within: 20) { try sqlite("SELECT count(*) FROM deliveredNotification") == "1" })
        #expect(try sqlite("SELECT isLate FROM deliveredNotification") == "1")
        #expect(try locker.wait(limit: 10).status == 0)
        #expect(watch.isRunning)
        #expect(holds(within: 30) { watch.outputSoFar.contains("The store is free again.") })
        watch.send(SIGINT)
        let result = try watch.wait(limit: 10)
        #expect(result.stderr == "memoss: warning: another program holds the store locked; what falls due is delivered once it is free.\n")
        #expect(result.stdout.contains("Reminder: Pay rent  Today 20:00  (late)"), "\(result.stdout)")
        #expect(result.stdout.contains("The store is free again."))
    }

    @Test func aSlowCommandHoldsNoLaterDeliveryBackAndIsStoppedAtItsTimeLimit() throws {
        let running = plain.merging([SetClock.variable: memossClock(running: true)]) { $1 }
        try add("Base", environment: running)
        let log = temporary.path("log")
        let script = """
            echo "start $MEMOSS_TITLE" >> \(log); case "$MEMOSS_TITLE" in *slow*) sleep 60;; esac; echo "end $MEMOSS_TITLE" >> \(log)
            """
        let started = ContinuousClock.now
        let watch = try startWatch(["--exec", script, "--exec-timeout", "3"], environment: running)
        defer { watch.send(SIGKILL) }
        let watcherNow = { () -> Date in
            let elapsed = ContinuousClock.now - started
            return testNow.addingTimeInterval(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        var fireAt: [String: Date] = [:]
        for (id, offset) in [("slow", 1.0), ("fast", 2.0)] {
            let instant = SQLiteShell.milliseconds(watcherNow().addingTimeInterval(offset))
            fireAt[id] = SQLiteShell.instant(instant)
            try sqlite("""
                INSERT INTO notificationRequest (id, reminderID, fireAt, title, body, isRecurring, isSnoozed)
                SELECT '\(id)', id, \(instant), 'Test \(id)', '', 0, 1 FROM reminder LIMIT 1
                """)
        }
        #expect(try holds(within: 30) { try sqlite("SELECT count(*) FROM deliveredNotification WHERE id = 'fast'") == "1" })
        let delivered = try #require(SQLiteShell.instant(try sqlite("SELECT deliveredAt FROM deliveredNotification WHERE id = 'fast'")))
        let lateness = delivered.timeIntervalSince(try #require(fireAt["fast"]))
        // Held back by the slow one, it would have waited for its stop, 3 s after its start.
        #expect(lateness >= 0 && lateness < 2, "fast was delivered \(lateness) s after its time")
        #expect(holds(within: 30) { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("end Test fast") })
        // Three seconds after it started, the slow one is stopped, with its `sleep`.
        #expect(holds(within: 30) { !descendants(of: watch.pid).contains { $0.name == "sleep" } })

        watch.send(SIGINT)
        let result = try watch.wait(limit: 10)
        #expect(result.stderr == "memoss: --exec command for \"Test slow\" still ran after 3 s; it was stopped.\n")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "start Test slow\nstart Test fast\nend Test fast\n")
    }

    @Test func aNotificationServerThatStartsAfterWatchIsUsedOnceItIsUp() throws {
        let desktop = try SessionDesktop(folder: temporary.url, extra: [SetClock.variable: "@" + clockFile])
        try add("Early", environment: desktop.environment)
        try add("Later", environment: desktop.environment)
        let watch = try startWatch(["--notify"], environment: desktop.environment)
        defer { watch.send(SIGKILL) }
        try due("Early", at: testNow.addingTimeInterval(1))
        #expect(try holds(within: 30) { try sqlite("SELECT count(*) FROM deliveredNotification") == "1" })

        try desktop.startNotificationServer()
        #expect(try desktop.popupsShown() == 0)
        try due("Later", at: testNow.addingTimeInterval(2))
        #expect(try holds(within: 30) { try sqlite("SELECT count(*) FROM deliveredNotification") == "2" })
        #expect(try holds(within: 30) { try desktop.popupsShown() == 1 })
        #expect(holds(within: 30) { watch.outputSoFar.contains("Reminder: Early") })

        watch.send(SIGINT)
        let result = try watch.wait(limit: 10)
        #expect(result.stderr.hasPrefix("memoss: warning: no notification service answers on the session bus ("))
        #expect(result.stderr.hasSuffix("), so notifications are printed here until one does.\n"))
        #expect(result.stderr.components(separatedBy: "\n").count == 2, "\(result.stderr)")
        #expect(result.stdout.contains("Reminder: Early"))
        #expect(result.stdout.contains("Reminder: Later"))
        #expect(result.stdout.contains("The desktop's notification service answers now; notifications show there.\n"))
    }

    @Test func aPopupAnsweredElsewhereIsClosedAndItsSnoozedFiringReplacesIt() throws {
        let desktop = try SessionDesktop(folder: temporary.url, extra: [SetClock.variable: "@" + clockFile])
        try desktop.startNotificationServer()
        try add("Tea", environment: desktop.environment)
        let watch = try startWatch(["--notify"], environment: desktop.environment)
        defer { watch.send(SIGKILL) }
        try due("Tea", at: testNow.addingTimeInterval(1))
        #expect(try holds(within: 30) { try desktop.popupsShown() == 1 })
        let id = try sqlite("SELECT id FROM deliveredNotification")

        // Snoozed in another process: the popup closes (and the watcher's replan keeps the snooze).
        let snoozed = try MemossProcess.run(["--db", store, "snooze", id, "10"], environment: desktop.environment)
        #expect(snoozed.status == 0, "\(snoozed.stderr)")
        #expect(try holds(within: 30) { try desktop.popupsShown() == 0 })

        // Ten minutes later it fires again, in the popup it had.
        try setClock(testNow.addingTimeInterval(602))
        try sqlite("UPDATE reminder SET notes = 'Green' WHERE title = 'Tea'")
        #expect(try holds(within: 30) { try desktop.popupsShown() == 1 })
        try desktop.dunstctl("close-all")
        let history = try desktop.dunstctl("history").stdout
        let ids = try Regex(#""id"\s*:\s*\{\s*"type"\s*:\s*"i",\s*"data"\s*:\s*(\d+)"#)
        let shown = history.matches(of: ids).map { String($0.output[1].substring ?? "") }
        #expect(shown.count == 2 && Set(shown).count == 1, "\(history)")
        watch.send(SIGINT)
        let result = try watch.wait(limit: 10)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "Reminder: Tea").count == 3, "\(result.stdout)")
    }

    /// `--nag 10m`: a notification nobody answers is shown again every ten minutes, and no more
    /// once it is answered (here dismissed by another process); its command runs once.
    @Test func aNotificationNotAnsweredIsShownAgainEveryIntervalUntilItIs() throws {
        try add("Take the pills", environment: plain)
        let log = temporary.path("exec.log")
        let watch = try startWatch(["--nag", "10m", "--exec", "echo ran >> \(log)"], environment: plain)
        defer { watch.send(SIGKILL) }
        func announced() -> Int { watch.outputSoFar.components(separatedBy: "Reminder: Take the pills").count - 1 }
        try due("Take the pills", at: testNow.addingTimeInterval(1))
        #expect(holds(within: 30) { announced() == 1 })
        // Nine minutes on: not yet; ten: again, in the words that say why.
        try setClock(testNow.addingTimeInterval(9 * 60))
        usleep(1_000_000)
        #expect(announced() == 1)
        try setClock(testNow.addingTimeInterval(10 * 60 + 2))
        #expect(holds(within: 30) { announced() == 2 })
        #expect(watch.outputSoFar.contains("Reminder: Take the pills  Today 20:00  (again: not answered yet)"))
        // Dismissed by another process: twenty minutes on, nothing more.
        let id = try sqlite("SELECT id FROM deliveredNotification")
        #expect(try MemossProcess.run(["--db", store, "dismiss", id], environment: plain).status == 0)
        try setClock(testNow.addingTimeInterval(30 * 60))
        usleep(1_500_000)
        #expect(announced() == 2)
        watch.send(SIGINT)
        _ = try watch.wait(limit: 10)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "ran\n")
    }

    /// A laptop that sleeps through alarms: when it wakes (the clock jumps three hours), each
    /// alarm it slept through is delivered once, marked late, within seconds; what is still to
    /// come is not.
    @Test func alarmsSleptThroughAreDeliveredOnceLateOnWaking() throws {
        let at = { (minutes: Int) in testNow.addingTimeInterval(TimeInterval(minutes * 60)) }
        let added = [
            try MemossProcess.run(["--db", store, "add", "Stand-up", "--date", "today", "--time", "21:00", "--alarm", "-15m", "--alarm", "0"],
                                  environment: plain),
            try MemossProcess.run(["--db", store, "add", "Call", "--date", "today", "--time", "22:30", "--alarm", "-1h"], environment: plain),
            try MemossProcess.run(["--db", store, "add", "Later", "--date", "today", "--time", "23:45", "--alarm", "-15m"], environment: plain),
        ]
        for result in added { #expect(result.status == 0, "\(result.stderr)") }
        let watch = try startWatch([], environment: plain)
        defer { watch.send(SIGKILL) }
        #expect(try sqlite("SELECT count(*) FROM deliveredNotification") == "0")

        // Asleep from 20:00 to 23:00 (UTC): 20:45 and 21:00 of the stand-up and 21:30 of the call are missed.
        try setClock(at(180))
        #expect(holds(within: 30) { watch.outputSoFar.components(separatedBy: "\n").filter { $0.hasPrefix("Reminder:") }.count == 3 })
        let rows = try sqlite("SELECT id, fireAt, isLate FROM deliveredNotification")
        #expect(try sqlite("SELECT count(*) FROM deliveredNotification") == "3", "\(rows)")
        usleep(1_000_000)
        #expect(try sqlite("SELECT count(*) FROM deliveredNotification") == "3")
        #expect(try sqlite("SELECT group_concat(isLate) FROM deliveredNotification") == "1,1,1")
        // Later's alarm, at 23:30, is still to come.
        #expect(try sqlite("SELECT title FROM notificationRequest ORDER BY fireAt LIMIT 1") == "Later")

        watch.send(SIGINT)
        let result = try watch.wait(limit: 10)
        let lines = result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("Reminder:") }
        #expect(lines == ["Reminder: Stand-up  Today 21:00  (late)", "Reminder: Stand-up  Today 21:00  (late)",
                          "Reminder: Call  Today 22:30  (late)"], "\(result.stdout)")
    }
}
