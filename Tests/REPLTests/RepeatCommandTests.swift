import Foundation
import Testing
import TestSupport

/// Issue "Repeats people actually use, and dates as people type them", end to end through the
/// built binaries (in UTC, so the wall times are the instants).
struct RepeatCommandTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.url.appendingPathComponent("store.sqlite").path }
    private let environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC"]

    init() throws {
        temporary = try TemporaryFolder("memoss-repeat")
    }

    private func memoss(_ arguments: String...) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + arguments, environment: environment)
    }

    private func todo() throws -> [[String: Any]] {
        let json = try JSONSerialization.jsonObject(with: try memoss("list", "--json").stdoutData) as? [String: Any]
        return json?["todo"] as? [[String: Any]] ?? []
    }

    /// `done 2` on a card that shows a completed time ("[x] Stretch") completed the reminder's next
    /// time; it is refused, as on the full screen, and so are cancel and reopen. Other commands take
    /// the number as the reminder.
    @Test func aCompletedTimesNumberIsNotCompletedCancelledOrReopenedAgain() throws {
        let clock = environment.merging(["MEMOSS_CLOCK": "2026-11-25T09:00:00Z"]) { $1 }
        func run(_ arguments: String...) throws -> ChildProcess.Result {
            try MemossProcess.run(["--db", store] + arguments, environment: clock)
        }
        _ = try run("add", "Stretch", "--date", "2026-11-26", "--time", "08:00", "--repeat", "daily")
        _ = try run("done", "1")
        let listed = try run("list").stdout
        #expect(listed.contains("  1. [ ] Stretch  Fri 27 Nov 08:00") && listed.contains("  2. [x] Stretch  Tomorrow 08:00"), "\(listed)")
        for command in ["done", "cancel", "reopen"] {
            let refused = try run(command, "2")
            #expect(refused.status == 1)
            #expect(refused.stderr == "memoss: That is a completed time of \"Stretch\"; `undo` takes back a completion.\n")
        }
        #expect(try run("show", "2").stdout.hasPrefix("Stretch\n"))
        // Named with the reminder's own card, in either order, or set done by edit: refused too.
        for arguments in [["done", "1", "2"], ["done", "2", "1"], ["cancel", "1-2"], ["edit", "2", "--status", "done"]] {
            let refused = try MemossProcess.run(["--db", store] + arguments, environment: clock)
            #expect(refused.status == 1 && refused.stderr.hasPrefix("memoss: That is a completed time of"), "\(arguments)")
        }
        // Numbered from the store as it is, when nothing was listed: the same.
        try SQLiteShell.run(store, "DELETE FROM lastListing; DELETE FROM lastListingAdded")
        #expect(try run("done", "2").status == 1)
        // Nothing moved on: the reminder is still due at its next time.
        let json = try JSONSerialization.jsonObject(with: try run("list", "--json").stdoutData) as? [String: Any]
        #expect((json?["todo"] as? [[String: Any]])?.first?["scheduledAt"] as? String == "2026-11-27T08:00:00+00:00")
        #expect(try run("done", "1").stdout == "Completed \"Stretch\"; next: Sat 28 Nov 08:00.\n")
    }

    /// `next` on a reminder without a date said "Done; nothing more is due." of an open reminder.
    @Test func nextOfAnUndatedReminderSaysItHasNoDate() throws {
        _ = try memoss("add", "Read a book", "--date", "none")
        _ = try memoss("list")
        #expect(try memoss("next", "1").stdout == "Read a book · Never\n  No date; nothing is due until it has one.\n")
    }

    @Test func aPhraseAndACountRepeatAsSaid() throws {
        let added = try memoss("add", "Swim", "--date", "2027-03-02", "--repeat", "every 2 weeks on tue,thu", "--times", "4")
        #expect(added.stdout == "Added 1. \"Swim\", due Tue 2 Mar 2027 09:00, repeating Every 2 weeks on Tuesday and Thursday, 4 times.\n")
        _ = try memoss("list")
        #expect(try memoss("next", "1", "--count", "6").stdout == """
            Swim · Every 2 weeks on Tuesday and Thursday, 4 times
              Tue 2 Mar 2027 09:00  2027-03-02T09:00:00+00:00
              Thu 4 Mar 2027 09:00  2027-03-04T09:00:00+00:00
              Tue 16 Mar 2027 09:00  2027-03-16T09:00:00+00:00
              Thu 18 Mar 2027 09:00  2027-03-18T09:00:00+00:00

            """)
        let rule = try #require(try todo().first?["recurrence"] as? [String: Any])
        #expect(rule["rule"] as? String == "weekly" && rule["interval"] as? Int == 2 && rule["times"] as? Int == 4)
        #expect(rule["weekdays"] as? [Int] == [3, 5] && rule["phrase"] as? String == "every 2 weeks on tue,thu, 4 times")

        // Left-out parts follow the date: the last Friday of March 2027 is the 26th, of April the
        // 30th; a yearly 29 February falls on the 28th in 2029, a Wednesday.
        _ = try memoss("add", "Review", "--date", "2027-03-26", "--repeat", "monthly on the last fri")
        _ = try memoss("add", "Leap", "--date", "2028-02-29", "--repeat", "yearly")
        #expect(try memoss("list").stdout.contains("↻ Yearly"))
        _ = try memoss("list")
        #expect(try memoss("next", "2", "--count", "3").stdout.contains("Fri 30 Apr 2027 09:00"))
        #expect(try memoss("next", "3", "--count", "3").stdout.contains("Wed 28 Feb 2029 09:00"))
    }

    @Test func badPhrasesAndCountsAreRefusedOnOneLine() throws {
        let phrase = try memoss("add", "x", "--date", "2027-01-01", "--repeat", "every blue moon")
        #expect(phrase.status == 2)
        #expect(phrase.stderr.hasPrefix("memoss: --repeat: \"blue\" is not a unit or a weekday; write never, daily, weekdays"))
        #expect(phrase.stderr.components(separatedBy: "\n").count == 2)
        let count = try memoss("add", "x", "--date", "2027-01-01", "--times", "3")
        #expect(count.status == 2)
        #expect(count.stderr == "memoss: --times needs a repeat, such as --repeat daily.\n")
        let twice = try memoss("add", "x", "--date", "2027-03-03 5pm", "--time", "9")
        #expect(twice.stderr == "memoss: --date already gives the time; leave out --time or the time in --date.\n")
        let numeric = try memoss("add", "x", "--date", "03/04/2027")
        #expect(numeric.status == 2)
        #expect(numeric.stderr.contains("add --date-order dmy (day first) or --date-order mdy (month first)"))
        #expect(try todo().isEmpty)
        _ = try memoss("add", "x", "--date", "03/04/2027 17:30", "--date-order", "dmy")
        #expect(try todo().first?["scheduledAt"] as? String == "2027-04-03T17:30:00+00:00")
    }

    /// An overdue daily reminder (imported with --allow-past) needs one `done` to be due next after
    /// now; `--one` ticks just its current time. Today is the tests' Saturday 21 November 2026
    /// (20:00 UTC): the reminder started a week before, on the 14th.
    @Test func doneOnAnOverdueRepeatingReminderSkipsTheMissedTimes() throws {
        let csv = temporary.url.appendingPathComponent("habit.csv")
        try "title,date,time,repeat\nStretch,2026-11-14,00:00,daily\n".write(to: csv, atomically: true, encoding: .utf8)
        let imported = try MemossProcess.run(["--db", store, "--allow-past", csv.path], environment: environment,
                                             program: MemossProcess.importer)
        #expect(imported.stdout == "Imported 1, skipped 0 already present, refused 0.\n")
        _ = try memoss("list")
        _ = try memoss("done", "1", "--one")
        #expect(try todo().first?["scheduledAt"] as? String == "2026-11-15T00:00:00+00:00")
        _ = try memoss("done", "1")
        #expect(try todo().first?["scheduledAt"] as? String == "2026-11-22T00:00:00+00:00")
        // Today's 00:00 was passed over by the `done`: due and not done. Two completions were
        // logged today, and the Completed section shows them.
        let history = try memoss("history", "today").stdout
        #expect(history.hasPrefix("Due on 2026-11-21\n  [ ] 00:00  Stretch\nCompleted on 2026-11-21\n"))
        #expect(history.components(separatedBy: "Stretch").count - 1 == 3)
        #expect(try memoss("list").stdout.contains("Completed"))
        // history reads yesterday and "3 days ago" backwards.
        #expect(try memoss("history", "yesterday").stdout.hasPrefix("Due on 2026-11-20\n"))
        #expect(try memoss("history", "3", "days", "ago").stdout.hasPrefix("Due on 2026-11-18\n"))
    }

    @Test func theImportersRepeatColumnTakesTheSamePhrases() throws {
        let csv = temporary.url.appendingPathComponent("rules.csv")
        try """
            title,date,repeat
            Swim,2027-03-02,"every 2 weeks on tue,thu, 3 times"
            Review,2027-03-26,monthly on the last fri
            Standup,2027-03-01,weekdays
            Odd,2027-03-01,every blue moon

            """.write(to: csv, atomically: true, encoding: .utf8)
        let result = try MemossProcess.run(["--db", store, csv.path], environment: environment, program: MemossProcess.importer)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(csv.path):5: repeat: \"blue\" is not a unit or a weekday; write never"))
        #expect(try todo().map { ($0["recurrence"] as? [String: Any])?["label"] as? String } == [
            "Every weekday", "Every 2 weeks on Tuesday and Thursday, 3 times", "Monthly on the last Friday"])
    }
}
