import Foundation
import Shared
import Testing
import TestSupport

/// `--repeat "every 3 days after done"` end to end: completed a day late it moves from the day it
/// was done; the repeat travels through iCalendar (an RRULE and X-MEMOSS-AFTER-DONE) and CSV.
struct RepeatAfterDoneCommandTests {
    private let temporary: TemporaryFolder
    private var environment: [String: String] { ["HOME": temporary.url.path, "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-after-done")
    }

    @discardableResult
    private func memoss(_ store: String, _ arguments: String..., clock: Date = testNow) throws -> ChildProcess.Result {
        let result = try MemossProcess.run(["--db", temporary.path(store)] + arguments,
                                           environment: environment.merging([SetClock.variable: memossClock(clock)]) { $1 })
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// `memoss` run as a person would, whatever its status.
    private func attempt(_ store: String, _ arguments: String..., lines: [String]? = nil) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", temporary.path(store)] + arguments,
                              environment: environment.merging([SetClock.variable: memossClock(testNow)]) { $1 }, lines: lines)
    }

    private func shown(_ store: String, _ number: String, clock: Date = testNow) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: try memoss(store, "show", number, "--json", clock: clock).stdoutData) as? [String: Any] ?? [:]
    }

    private func recurrence(_ store: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: try memoss(store, "list", "--json").stdoutData) as? [String: Any]
        let first = (object?["todo"] as? [[String: Any]])?.first
        return first?["recurrence"] as? [String: Any] ?? [:]
    }

    @Test func doneADayLateItMovesFromTheDayItWasDone() throws {
        #expect(try memoss("a.sqlite", "add", "Water the plants", "--date", "2026-11-23", "--time", "8",
                           "--repeat", "every 3 days after done").stdout
            == "Added 1. \"Water the plants\", due Mon 23 Nov 08:00, repeating Every 3 days after done.\n")
        #expect(try memoss("a.sqlite", "list").stdout.contains("Water the plants  Mon 23 Nov 08:00  ↻ Every 3 days after done"))
        // Done on Tuesday afternoon, a day late: Friday, not Thursday.
        let tuesday = instant("2026-11-24T15:00:00-05:00")
        #expect(try memoss("a.sqlite", "done", "1", clock: tuesday).stdout == "Completed \"Water the plants\"; next: Fri 27 Nov 08:00.\n")
        let rule = try recurrence("a.sqlite")
        #expect(rule["afterDone"] as? Bool == true && rule["phrase"] as? String == "every 3 days after done")
        // Other clients read the next time from DUE (and DTSTART), moved with it.
        let ics = temporary.path("after.ics")
        try memoss("a.sqlite", "export", "-o", ics, clock: tuesday)
        let text = try String(contentsOfFile: ics, encoding: .utf8)
        #expect(text.contains("\r\nDUE;TZID=America/New_York:20261127T080000\r\n") && text.contains("X-MEMOSS-AFTER-DONE:TRUE"), "\(text)")
        // Undo puts it back on Monday.
        try memoss("a.sqlite", "undo", clock: tuesday)
        #expect(try memoss("a.sqlite", "list", clock: tuesday).stdout.contains("Water the plants  Yesterday 08:00  (overdue)"))
    }

    @Test func itTravelsThroughICalendarAndCSV() throws {
        try memoss("a.sqlite", "add", "Haircut", "--date", "2026-11-25", "--time", "17:00", "--repeat", "every 6 weeks after done, 5 times")
        let ics = temporary.path("out.ics"), csv = temporary.path("out.csv")
        try memoss("a.sqlite", "export", "-o", ics)
        let text = try String(contentsOfFile: ics, encoding: .utf8)
        // An RRULE other clients repeat from DTSTART (which completing here moves), and Memoss's own property.
        #expect(text.contains("\r\nRRULE:FREQ=WEEKLY;INTERVAL=6;WKST=MO;BYDAY=WE;COUNT=5\r\nX-MEMOSS-AFTER-DONE:TRUE\r\n"), "\(text)")
        try memoss("a.sqlite", "export", "--format", "csv", "-o", csv)
        #expect(try String(contentsOfFile: csv, encoding: .utf8).contains("every 6 weeks after done, 5 times"))
        for (store, file) in [("from-ics.sqlite", ics), ("from-csv.sqlite", csv)] {
            let imported = try MemossProcess.run(["--db", temporary.path(store), file], environment: environment, program: MemossProcess.importer)
            #expect(imported.status == 0, "\(imported.stderr)")
            let rule = try recurrence(store)
            #expect(rule["afterDone"] as? Bool == true, "\(file)")
            #expect(rule["label"] as? String == "Every 6 weeks after done, 5 times", "\(file)")
        }
    }

    @Test func anAllDayOneDoneTheDayAfterItWasDueIsDueThatDayPlusTheIntervalStillAllDay() throws {
        try memoss("a.sqlite", "add", "Put the bins out", "--date", "2026-11-23", "--time", "none", "--repeat", "weekly after done")
        // The clock a day after it was due: Tuesday 24 November, 18:00 in New York.
        let tuesday = instant("2026-11-24T18:00:00-05:00")
        #expect(try memoss("a.sqlite", "done", "1", clock: tuesday).stdout == "Completed \"Put the bins out\"; next: Tue 1 Dec.\n")
        let bins = try shown("a.sqlite", "1", clock: tuesday)
        #expect(bins["scheduledAt"] as? String == "2026-12-01T00:00:00-05:00" && bins["allDay"] as? Bool == true)
        #expect(bins["completed"] as? Bool == false)
        #expect((bins["recurrence"] as? [String: Any])?["label"] as? String == "Weekly after done")
    }

    @Test func daysToFallOnAfterDoneAreRefusedInOneLineAndNothingChanges() throws {
        let refusal = "memoss: --repeat: a repeat after done counts from the day it is done, so it takes no days to fall on; "
            + "say every N days, weeks, months or years after done, or drop \"after done\" to keep the days.\n"
        let added = try attempt("a.sqlite", "add", "Stretch", "--date", "2026-11-23", "--repeat", "weekdays after done")
        #expect(added.status != 0 && added.stderr == refusal && added.stdout == "")
        try memoss("a.sqlite", "add", "Stretch", "--date", "2026-11-23", "--time", "8", "--repeat", "every 2 days after done")
        let edited = try attempt("a.sqlite", "edit", "1", "--repeat", "every 2 weeks on tue,thu after done")
        #expect(edited.status != 0 && edited.stderr == refusal)
        let kept = try recurrence("a.sqlite")
        #expect(kept["label"] as? String == "Every 2 days after done" && kept["afterDone"] as? Bool == true)
        // A CSV row says its line and field, and the other rows are imported.
        let csv = temporary.path("in.csv")
        try "title,date,time,repeat\nA,2026-12-01,09:00,monthly on the last day after done\nB,2026-12-01,09:00,every 2 months after done\n"
            .write(toFile: csv, atomically: true, encoding: .utf8)
        let imported = try MemossProcess.run(["--db", temporary.path("b.sqlite"), csv], environment: environment, program: MemossProcess.importer)
        #expect(imported.status != 0)
        #expect(imported.stderr.contains("in.csv:2: repeat: A repeat after done counts from the day it is done"))
        #expect(try recurrence("b.sqlite")["label"] as? String == "Every 2 months after done")
    }

    @Test func theFormsCustomStepTakesAfterDoneAndAsksNoDays() throws {
        // 1 March 2027 is a Monday; Custom is the 9th choice; "3 days after done" at the unit, then the end.
        let result = try attempt("a.sqlite", lines: ["add", "Water the plants", "", "2027-03-01 7am", "", "9", "3 days after done", "",
                                                     "", "", "", "y", "quit"])
        #expect(result.stdout.contains("3 days after done counts from completion) [week]: 3 days after done\nRepeat: Every 3 days after done\n"))
        #expect(result.stdout.contains("Added 1. \"Water the plants\", due Mon 1 Mar 2027 07:00, repeating Every 3 days after done."))
        #expect(try recurrence("a.sqlite")["afterDone"] as? Bool == true)
    }
}
