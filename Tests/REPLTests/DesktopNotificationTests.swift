import Foundation
import Shared
import Testing
import TestSupport

/// `memoss watch --notify` against a real session bus (`dbus-daemon`) and a real notification
/// server (`dunst` on a headless X server, `Xvfb`), all started here in a temporary folder. A
/// click on an action is made through dunst itself: `dunstctl context` opens the notification's
/// action menu, which dunst hands to its menu program, here a script that picks the entry named
/// in a file, as a person picks one. The programs' clock is a file the test moves forward
/// (`MEMOSS_CLOCK=@FILE`), starting at the tests' instant.
@Suite(.serialized, .tags(.slow))
struct DesktopNotificationTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }

    private var clockFile: String { temporary.path("clock") }

    init() throws {
        temporary = try TemporaryFolder("memoss-desktop")
        try memossClock().write(toFile: clockFile, atomically: false, encoding: .utf8)
    }

    @discardableResult
    private func sqlite(_ sql: String) throws -> String { try SQLiteShell.run(store, sql) }

    /// Makes a reminder due at `instant`, then moves the clock to it, as if its time had come
    /// (another process changes the store; the watcher plans and delivers it).
    private func due(_ title: String, at instant: Date) throws {
        let fireAt = SQLiteShell.milliseconds(instant)
        try sqlite("UPDATE reminder SET scheduledAt = \(fireAt) WHERE title = '\(title.replacingOccurrences(of: "'", with: "''"))'")
        try memossClock(instant).write(toFile: clockFile, atomically: false, encoding: .utf8)
    }

    @Test func notificationsAppearOnTheDesktopAndTheirButtonsCompleteAndSnooze() throws {
        let folder = temporary.url
        let socket = folder.appendingPathComponent("bus").path
        let bus = try ChildProcess.start(URL(fileURLWithPath: "/usr/bin/dbus-daemon"),
                                         ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(socket)"])
        defer { bus.send(SIGTERM); _ = try? bus.wait(limit: 5) }
        let display = ":\(100 + Int(getpid() % 800))"
        let xvfb = try ChildProcess.start(URL(fileURLWithPath: "/usr/bin/Xvfb"), [display, "-screen", "0", "800x600x24", "-nolisten", "tcp"])
        defer { xvfb.send(SIGTERM); _ = try? xvfb.wait(limit: 5) }
        #expect(holds(within: 30) { FileManager.default.fileExists(atPath: socket) && FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display.dropFirst())") })

        let choice = folder.appendingPathComponent("choice").path
        let menu = folder.appendingPathComponent("pick.sh").path
        let offered = folder.appendingPathComponent("offered").path
        try "#!/bin/sh\ntee \(offered) | grep -F \"$(cat \(choice))\" | head -1\n".write(toFile: menu, atomically: true, encoding: .utf8)
        chmod(menu, 0o755)
        let config = folder.appendingPathComponent("dunstrc").path
        try "[global]\n    dmenu = \(menu)\n".write(toFile: config, atomically: true, encoding: .utf8)
        let desktop = ["HOME": folder.path, "PATH": "/usr/bin:/bin", "TZ": "UTC", "DISPLAY": display,
                       "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(socket)", SetClock.variable: "@" + clockFile]
        let dunst = try ChildProcess.start(URL(fileURLWithPath: "/usr/bin/dunst"), ["-config", config], environment: desktop)
        defer { dunst.send(SIGTERM); _ = try? dunst.wait(limit: 5) }
        #expect(holds(within: 30) {
            (try? ChildProcess.run(URL(fileURLWithPath: "/usr/bin/dunstctl"), ["is-paused"], environment: desktop).status) == 0
        })

        for (title, notes) in [("Water the plants", "The ferns too"), ("Call <Mum> & 'Dad'", "")] {
            let added = try MemossProcess.run(["--db", store, "add", title, "--date", "2027-01-01"]
                                              + (notes.isEmpty ? [] : ["--notes", notes]), environment: desktop)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let watch = try MemossProcess.start(["--db", store, "watch", "--notify"], environment: desktop)
        defer { watch.send(SIGINT) }
        usleep(500_000)

        // Complete, clicked on the notification.
        try due("Water the plants", at: testNow.addingTimeInterval(1))
        #expect(try holds(within: 30) { try sqlite("SELECT count(*) FROM deliveredNotification") == "1" })
        // Recorded as delivered, then shown: a popup may come a moment later. dunst's menu of
        // actions is opened until it offers the one to click (the menu picks nothing before).
        let click = { (action: String) throws -> Bool in
            try action.write(toFile: choice, atomically: true, encoding: .utf8)
            return try holds(within: 30) {
                try? FileManager.default.removeItem(atPath: offered)
                _ = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/dunstctl"), ["context"], environment: desktop)
                // dunst runs the menu on its own time: what it offered is read once it has run.
                _ = holds(within: 5) { FileManager.default.fileExists(atPath: offered) }
                usleep(100_000)
                return ((try? String(contentsOfFile: offered, encoding: .utf8)) ?? "").contains(action)
            }
        }
        #expect(try click("Complete (Water"))
        #expect(try holds(within: 30) { try sqlite("SELECT isCompleted FROM reminder WHERE title = 'Water the plants'") == "1" })

        // Snooze 15 min, clicked on the next one: it fires again 15 minutes after the click, made
        // while the clock reads 20:00:02.
        let clicked = testNow.addingTimeInterval(2)
        try due("Call <Mum> & 'Dad'", at: clicked)
        #expect(try holds(within: 30) { try sqlite("SELECT count(*) FROM deliveredNotification") == "1" })
        #expect(try click("Snooze 15 min (Call"))
        #expect(try holds(within: 30) { try sqlite("SELECT count(*) FROM deliveredNotification") == "0" })
        let snoozedUntil = try #require(SQLiteShell.instant(try sqlite("SELECT fireAt FROM notificationRequest WHERE isSnoozed = 1")))
        #expect(snoozedUntil == instant("2026-11-21T20:15:02Z"))
        #expect(holds(within: 30) { watch.outputSoFar.contains("From its notification: snoozed") })

        // Dismiss, clicked when it fires again: it goes, answered, and the reminder stays open.
        try memossClock(snoozedUntil).write(toFile: clockFile, atomically: false, encoding: .utf8)
        #expect(try holds(within: 30) { try sqlite("SELECT count(*) FROM deliveredNotification") == "1" })
        #expect(try click("Dismiss (Call"))
        #expect(try holds(within: 30) { try sqlite("SELECT count(*) FROM deliveredNotification") == "0" })
        #expect(try sqlite("SELECT isCompleted, alarmsAcknowledgedAt FROM reminder WHERE title LIKE 'Call%'")
            == "0|\(SQLiteShell.milliseconds(snoozedUntil))")
        #expect(holds(within: 30) { watch.outputSoFar.contains("From its notification: dismissed") })

        watch.send(SIGINT)
        let output = try watch.wait(limit: 10).stdout
        #expect(output.contains("From its notification: Completed \"Water the plants\"."))
        #expect(output.contains("From its notification: snoozed \"Call <Mum> & 'Dad'\" until Today 20:15."))
        #expect(output.contains("From its notification: dismissed \"Call <Mum> & 'Dad'\"."))
    }

    @Test func withoutASessionBusItSaysSoOnceAndPrints() throws {
        #expect(try MemossProcess.run(["--db", store, "add", "x", "--date", "2027-01-01"],
                                      environment: ["HOME": temporary.url.path, "TZ": "UTC"]).status == 0)
        let watch = try MemossProcess.start(["--db", store, "watch", "--notify"],
                                            environment: ["HOME": temporary.url.path, "TZ": "UTC", "PATH": "/usr/bin:/bin"])
        #expect(holds(within: 30) { watch.outputSoFar.hasPrefix("Watching ") && !watch.errorsSoFar.isEmpty })
        watch.send(SIGINT)
        let result = try watch.wait(limit: 10)
        #expect(result.stderr == "memoss: warning: no session bus (DBUS_SESSION_BUS_ADDRESS is not set), so notifications are printed here instead.\n")
        #expect(result.stdout.hasPrefix("Watching "))
    }
}
