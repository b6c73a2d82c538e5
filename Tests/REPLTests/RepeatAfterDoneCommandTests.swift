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
}
