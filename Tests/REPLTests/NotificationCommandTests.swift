import Foundation
import Testing
import TestSupport

/// `memoss add` and the notification commands end to end, on a store in a fresh folder.
struct NotificationCommandTests {
    private let temporary: TemporaryFolder
    private var home: URL { temporary.url }
    private var store: String { home.appendingPathComponent("store.sqlite").path }
    private var environment: [String: String] { ["HOME": home.path, "TZ": "America/New_York", "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-home")
    }

    private func memoss(_ arguments: String...) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + arguments, environment: environment)
    }

    /// A reminder renamed is renamed in its notifications, its notes too: a snoozed one fired
    /// with the old title, and one waiting for an answer listed it.
    @Test func aRenamedRemindersSnoozedAndWaitingNotificationsTakeItsNewTitle() throws {
        func at(_ clock: String, _ arguments: String...) throws -> ChildProcess.Result {
            try MemossProcess.run(["--db", store] + arguments, environment: environment.merging(["MEMOSS_CLOCK": clock]) { $1 })
        }
        _ = try at("2026-11-25T09:00:00Z", "add", "Old name", "--date", "2026-11-25", "--time", "09:00")
        _ = try at("2026-11-25T09:00:00Z", "add", "Waiting", "--date", "2026-11-25", "--time", "09:05")
        _ = try at("2026-11-25T14:06:00Z", "due")
        _ = try at("2026-11-25T14:06:00Z", "snooze", "1", "10")
        _ = try at("2026-11-25T14:07:00Z", "list")
        _ = try at("2026-11-25T14:07:00Z", "edit", "1", "--title", "New name", "--notes", "the new notes")
        _ = try at("2026-11-25T14:07:00Z", "edit", "2", "--title", "Still waiting")
        let listed = try at("2026-11-25T14:07:00Z", "notifications").stdout
        #expect(listed.contains("Today 09:16  New name  (snoozed; due Today 09:00)") && listed.contains("Today 09:05  Still waiting") && !listed.contains("Old name"), "\(listed)")
        let due = try at("2026-11-25T14:17:00Z", "due").stdout
        #expect(due.hasPrefix("Reminder: New name  Today 09:00  (snoozed to Today 09:16)\n  the new notes\n"), "\(due)")
    }

    /// A reminder moved to another day no longer has the time its notifications shown or snoozed
    /// were about: the move answers them (one waiting kept waiting, under the same id as the new
    /// day's; one snoozed fired with the old due time and kept the new day's from being planned).
    /// Undo gives them back; a reminder only renamed keeps its own.
    @Test func aMovedRemindersWaitingAndSnoozedNotificationsAreAnsweredByTheMove() throws {
        func at(_ clock: String, _ arguments: String...) throws -> ChildProcess.Result {
            try MemossProcess.run(["--db", store] + arguments, environment: environment.merging(["MEMOSS_CLOCK": clock]) { $1 })
        }
        _ = try at("2026-11-25T09:00:00Z", "add", "Call the dentist", "--date", "2026-11-25", "--time", "09:00")
        _ = try at("2026-11-25T09:00:00Z", "add", "Water the plants", "--date", "2026-11-25", "--time", "09:02")
        _ = try at("2026-11-25T09:00:00Z", "add", "Stretch", "--date", "2026-11-25", "--time", "09:05")
        _ = try at("2026-11-25T14:06:00Z", "due")
        #expect(try at("2026-11-25T14:06:00Z", "snooze", "2", "10").status == 0)
        let before = try at("2026-11-25T14:07:00Z", "notifications").stdout
        #expect(before.hasPrefix("Delivered, waiting for an answer:\n  1. Today 09:00  Call the dentist  (late)  id ")
            && before.contains("  2. Today 09:05  Stretch  id ") && before.contains("  3. Today 09:16  Water the plants  (snoozed; due Today 09:02)"),
            "\(before)")
        _ = try at("2026-11-25T14:07:00Z", "list")
        #expect(try at("2026-11-25T14:07:00Z", "edit", "1", "--date", "2026-11-27").status == 0)
        #expect(try at("2026-11-25T14:07:00Z", "edit", "2", "--date", "2026-11-28").status == 0)
        #expect(try at("2026-11-25T14:07:00Z", "edit", "3", "--title", "Stretch well").status == 0)
        let moved = try at("2026-11-25T14:07:00Z", "notifications").stdout
        #expect(moved.hasPrefix("Delivered, waiting for an answer:\n  1. Today 09:05  Stretch well  id ")
            && moved.contains("2 of 64 pending: 2 of 14 one-time, 0 of 50 repeating, 0 snoozed.")
            && moved.contains("Fri 27 Nov 09:00  Call the dentist  id ") && moved.contains("Sat 28 Nov 09:02  Water the plants  id ")
            && !moved.contains("Today 09:00") && !moved.contains("snoozed;"), "\(moved)")
        #expect(try at("2026-11-25T14:16:00Z", "due").stdout == "Nothing is due.\n")
        for _ in 1...3 { _ = try at("2026-11-25T14:08:00Z", "undo") }
        let back = try at("2026-11-25T14:08:00Z", "notifications").stdout
        #expect(back.hasPrefix("Delivered, waiting for an answer:\n  1. Today 09:00  Call the dentist  (late)  id ")
            && back.contains("  2. Today 09:05  Stretch  id ") && back.contains("  3. Today 09:16  Water the plants  (snoozed; due Today 09:02)"),
            "\(back)")
        _ = try at("2026-11-25T14:08:00Z", "redo")
        #expect(!(try at("2026-11-25T14:08:00Z", "notifications").stdout.contains("Today 09:00")))
    }

    /// A snooze is about the time it was snoozed from: completing a repeating reminder ends it (it
    /// used to come back with the next time's due, and completing it completed that time too);
    /// undoing a move or a `done` gives it back, late when its time passed meanwhile; redoing the
    /// move takes it away again, shown or not.
    @Test func aSnoozeEndsWithItsTimeAndComesBackWithUndo() throws {
        func at(_ clock: String, _ arguments: String...) throws -> ChildProcess.Result {
            try MemossProcess.run(["--db", store] + arguments, environment: environment.merging(["MEMOSS_CLOCK": clock]) { $1 })
        }
        _ = try at("2026-11-25T09:00:00Z", "add", "Stretch", "--date", "2026-11-25", "--time", "09:02", "--repeat", "daily")
        _ = try at("2026-11-25T14:03:00Z", "due")
        #expect(try at("2026-11-25T14:03:00Z", "snooze", "1", "10").stdout == "Snoozed \"Stretch\" until Today 09:13.\n")
        _ = try at("2026-11-25T14:04:00Z", "list")
        #expect(try at("2026-11-25T14:04:00Z", "done", "1").status == 0)
        #expect(try at("2026-11-25T14:04:00Z", "notifications").stdout.hasPrefix("50 of 64 pending: 0 of 14 one-time, 50 of 50 repeating, 0 snoozed.\n"))
        #expect(try at("2026-11-25T14:17:00Z", "due").stdout == "Nothing is due.\n")
        _ = try at("2026-11-25T14:17:00Z", "rm", "1")

        _ = try at("2026-11-25T14:17:00Z", "add", "Water the plants", "--date", "2026-11-25", "--time", "14:00")
        _ = try at("2026-11-25T19:01:00Z", "due")
        _ = try at("2026-11-25T19:01:00Z", "snooze", "1", "10")
        _ = try at("2026-11-25T19:02:00Z", "list")
        let snoozed = "Today 14:11  Water the plants  (snoozed; due Today 14:00)"
        #expect(try at("2026-11-25T19:02:00Z", "edit", "1", "--date", "2026-11-28").status == 0)
        _ = try at("2026-11-25T19:03:00Z", "undo")
        let back = try at("2026-11-25T19:03:00Z", "notifications").stdout
        #expect(back.contains(snoozed), "\(back)")
        _ = try at("2026-11-25T19:03:00Z", "redo")
        let moved = try at("2026-11-25T19:03:00Z", "notifications").stdout
        #expect(moved.contains("0 snoozed") && moved.contains("Sat 28 Nov 14:00  Water the plants"), "\(moved)")
        #expect(try at("2026-11-25T19:20:00Z", "due").stdout == "Nothing is due.\n")
        // Undone after the snooze's time: it fires, late; redone, the move answers it again.
        _ = try at("2026-11-25T19:21:00Z", "undo")
        #expect(try at("2026-11-25T19:22:00Z", "due").stdout.hasPrefix("Reminder: Water the plants  Today 14:00  (snoozed to Today 14:11, late)\n"))
        _ = try at("2026-11-25T19:23:00Z", "redo")
        let redone = try at("2026-11-25T19:23:00Z", "notifications").stdout
        #expect(!redone.contains("Today 14:11") && redone.contains("Sat 28 Nov 14:00  Water the plants"), "\(redone)")
        // `done` of a snoozed one-time reminder, undone after the snooze's time: it fires, late.
        _ = try at("2026-11-25T19:23:00Z", "edit", "1", "--date", "2026-11-25", "--time", "14:30")
        _ = try at("2026-11-25T19:31:00Z", "due")
        _ = try at("2026-11-25T19:31:00Z", "snooze", "1", "5")
        _ = try at("2026-11-25T19:32:00Z", "done", "1")
        #expect(try at("2026-11-25T19:40:00Z", "due").stdout == "Nothing is due.\n")
        _ = try at("2026-11-25T19:41:00Z", "undo")
        #expect(try at("2026-11-25T19:42:00Z", "due").stdout.hasPrefix("Reminder: Water the plants  Today 14:30  (snoozed to Today 14:36, late)\n"))
    }

    /// Snoozing or dismissing a notification not delivered yet answers its reminder's alarms up to
    /// its time; with an earlier one of that reminder still pending, that one went unseen. Refused.
    @Test func aLaterNotificationIsNotAnsweredBeforeAnEarlierOneOfItsReminder() throws {
        func at(_ arguments: String...) throws -> ChildProcess.Result {
            try MemossProcess.run(["--db", store] + arguments, environment: environment.merging(["MEMOSS_CLOCK": "2026-11-25T09:00:00Z"]) { $1 })
        }
        _ = try at("add", "Stretch", "--date", "2026-11-26", "--time", "07:00", "--repeat", "daily")
        let listed = try at("notifications", "--all").stdout
        #expect(listed.contains("  1. Tomorrow 07:00  Stretch") && listed.contains("  2. Fri 27 Nov 07:00  Stretch"), "\(listed)")
        for command in ["snooze", "dismiss"] {
            let refused = try at(command, "2")
            #expect(refused.status == 1)
            #expect(refused.stderr == "memoss: \"Stretch\" has a notification of an earlier time pending or waiting, which answering "
                + "this one would silence; answer that one first (`notifications --all` lists them).\n")
        }
        #expect(try at("notifications", "--all").stdout.contains("  1. Tomorrow 07:00  Stretch"))
        // Thursday's snoozed past Friday's time: answering it would silence Friday's, refused;
        // Friday's answered ahead touches nothing that fires after it, allowed.
        #expect(try at("snooze", "1", "1500").status == 0)
        let snoozed = try at("notifications", "--all").stdout
        #expect(snoozed.contains("  1. Fri 27 Nov 07:00  Stretch") && snoozed.contains("  2. Fri 27 Nov 08:00  Stretch  (snoozed; due Tomorrow 07:00)"),
                "\(snoozed)")
        #expect(try at("dismiss", "2").status == 1)
        #expect(try at("dismiss", "1").status == 0)
        #expect(try at("notifications", "--all").stdout.contains("Fri 27 Nov 08:00  Stretch  (snoozed; due Tomorrow 07:00)"))
    }

    @Test func addedRepeatingReminderIsPlannedAndListed() throws {
        let added = try memoss("add", "Water the plants", "--date", "2027-03-02", "--time", "7:30pm",
                               "--repeat", "weekly", "--until", "2027-03-16", "--new-tag", "Home", "--notes", "the fern too")
        #expect(added.status == 0)
        #expect(added.stdout == "Added 1. \"Water the plants\", due Tue 2 Mar 2027 19:30, repeating Weekly on Tuesday until 2027-03-16.\n")

        let list = try memoss("notifications", "--all")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "3 of 64 pending: 0 of 14 one-time, 3 of 50 repeating, 0 snoozed.")
        #expect(lines.dropFirst().map { $0.components(separatedBy: "  id ").first ?? "" } == [
            "  1. Tue 2 Mar 2027 19:30  Water the plants  (repeating)",
            "  2. Tue 9 Mar 2027 19:30  Water the plants  (repeating)",
            "  3. Tue 16 Mar 2027 19:30  Water the plants  (repeating)",
        ])
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix("-20270302") || $0.hasSuffix("-20270309") || $0.hasSuffix("-20270316") })
        #expect(try memoss("list").stdout.contains("Water the plants  Tue 2 Mar 2027 19:30  ↻ Weekly  #Home"))
    }

    @Test func refusedValuesSayWhatIsWrongOnOneLineAndStoreNothing() throws {
        let refused = try memoss("add", "   ", "--date", "2020-01-01")
        #expect(refused.status == 1)
        #expect(refused.stderr == "memoss: title: Title is required. date: Must be in the future.\n")

        let badDate = try memoss("add", "Dentist", "--date", "someday")
        #expect(badDate.status == 2)
        #expect(badDate.stderr == "memoss: --date: Enter a date as YYYY-MM-DD, today, tomorrow, yesterday, fri, next mon, last fri, "
            + "next week, in 3 days, 5 dec, dec 5 2027, eow, eom or eoy, perhaps with a time (tomorrow 5pm, mon 9:30), or in 2 hours.\n")

        #expect(try memoss("list").stdout.contains("Nothing to do."))
    }

    @Test func actionsOnAnUnknownNotificationAreRefused() throws {
        for arguments in [["complete-notification", "nope"], ["snooze", "nope"]] {
            let result = try MemossProcess.run(["--db", store] + arguments, environment: environment)
            #expect(result.status == 1)
            #expect(result.stderr == "memoss: No notification has the id nope; `notifications` lists them.\n")
        }
        let sentence = "Snooze for 1 to 10080 minutes (a week): 10, 90m, 1h, 1h30m, or until a time such as 17:30 or 5:30pm."
        // A length that is none (0, more than a week) is a usage error, as one that cannot be read is.
        for length in ["0", "10081", "soon"] {
            let refused = try memoss("snooze", "nope", length)
            #expect(refused.status == 2)
            #expect(refused.stderr == "memoss: \(sentence)\n")
        }
    }

    @Test func dueWithNothingDueSaysSo() throws {
        let result = try memoss("due")
        #expect(result.status == 0)
        #expect(result.stdout == "Nothing is due.\n")
    }
}
