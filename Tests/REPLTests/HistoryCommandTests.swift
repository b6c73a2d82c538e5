import Foundation
import Shared
import Testing
import TestSupport

/// `memoss history DAY` end to end: a repeating reminder's times on the day, and what became of
/// each (issue 36's "What was seen": a daily reminder started on the 20th was missing from the
/// 23rd, and once done its 20th's time went from the 20th's history; a time passed over by a
/// late `done` went from its day's history too).
struct HistoryCommandTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }
    private var environment: [String: String] { ["HOME": temporary.url.path, "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-history")
    }

    @discardableResult
    private func memoss(_ arguments: String..., clock: Date = testNow) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + arguments, environment: environment.merging([SetClock.variable: memossClock(clock)]) { $1 })
    }

    @Test func aDailyReminderIsDueOnEveryDayOfItsSeriesAndItsDoneTimeStaysInItsDay() throws {
        // Made on the 19th, daily from the 20th at 08:00; now is the 21st, 15:00.
        try memoss("add", "Take vitamins", "--date", "2026-11-20", "--time", "08:00", "--repeat", "daily", "--tag", "Health",
                   clock: testNow.addingTimeInterval(-2 * 86_400))
        try memoss("add", "Dentist", "--date", "2026-11-23", "--time", "10:00", clock: testNow.addingTimeInterval(-2 * 86_400))
        #expect(try memoss("history", "2026-11-23").stdout == """
            Due on 2026-11-23
              [ ] 08:00  Take vitamins
              [ ] 10:00  Dentist
            Completed on 2026-11-23
              Nothing was completed.

            """)
        #expect(try memoss("history").stdout.hasPrefix("Due on 2026-11-21\n  [ ] 08:00  Take vitamins\nCompleted on 2026-11-21\n"))

        // Done now: the 20th's time was done (at 15:00 on the 21st), and the reminder moves to the 22nd.
        #expect(try memoss("done", "1").stdout == "Completed \"Take vitamins\"; next: Tomorrow 08:00.\n")
        #expect(try memoss("history", "2026-11-20").stdout == """
            Due on 2026-11-20
              [x] 08:00  Take vitamins
            Completed on 2026-11-20
              Nothing was completed.

            """)
        // The 21st's 08:00 was passed over (done late, it moved to the 22nd): it was due, and not done.
        #expect(try memoss("history", "2026-11-21").stdout == """
            Due on 2026-11-21
              [ ] 08:00  Take vitamins
            Completed on 2026-11-21
              15:00  Take vitamins  (due Yesterday 08:00)

            """)
        #expect(try memoss("history", "2026-11-25").stdout.hasPrefix("Due on 2026-11-25\n  [ ] 08:00  Take vitamins\n"))

        let json = try memoss("history", "2026-11-20", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let scheduled = try #require(object["scheduled"] as? [[String: Any]])
        #expect(scheduled.map { $0["scheduledAt"] as? String } == ["2026-11-20T08:00:00-05:00"])
        #expect(scheduled.map { $0["completed"] as? Bool } == [true])
        #expect(scheduled.map { $0["tags"] as? [String] } == [["Health"]])
    }

    /// A daily reminder left for days and then done: each day it was left shows it due and not
    /// done, before and after the `done` (which moves it to its first time after now).
    @Test func theDaysADailyReminderWasLeftStayInTheirHistoryWhenItIsDoneLate() throws {
        let monday = testNow.addingTimeInterval(-5 * 86_400)  // Mon 16 Nov, 15:00
        try memoss("add", "Stretch", "--date", "2026-11-17", "--time", "08:00", "--repeat", "daily", clock: monday)
        let left = """
            Due on 2026-11-18
              [ ] 08:00  Stretch
            Completed on 2026-11-18
              Nothing was completed.

            """
        #expect(try memoss("history", "2026-11-18").stdout == left)
        #expect(try memoss("list").stdout.contains("1. [ ] Stretch  Tue 17 Nov 08:00  (overdue)"))
        #expect(try memoss("done", "1").stdout == "Completed \"Stretch\"; next: Tomorrow 08:00.\n")
        #expect(try memoss("history", "2026-11-17").stdout.hasPrefix("Due on 2026-11-17\n  [x] 08:00  Stretch\n"))
        #expect(try memoss("history", "2026-11-18").stdout == left)
        #expect(try memoss("history", "2026-11-20").stdout.hasPrefix("Due on 2026-11-20\n  [ ] 08:00  Stretch\n"))
        #expect(try memoss("history", "2026-11-22").stdout.hasPrefix("Due on 2026-11-22\n  [ ] 08:00  Stretch\n"))
        // Nothing before its first time.
        #expect(try memoss("history", "2026-11-16").stdout.hasPrefix("Due on 2026-11-16\n  Nothing was due.\n"))
    }

    /// Only a completion passes over times: a date moved on by an edit (as by another device, whose
    /// sync brings no completion) leaves the days before it as they are now, and a late `done`
    /// that ends a counted series passes over its times up to its last one, no further.
    @Test func onlyACompletionPassesOverTimesAndNoFurtherThanItsSeriesGoes() throws {
        let monday = testNow.addingTimeInterval(-5 * 86_400)  // Mon 16 Nov, 15:00
        try memoss("add", "Stretch", "--date", "2026-11-17", "--time", "08:00", "--repeat", "daily", clock: monday)
        try memoss("add", "Floss", "--date", "2026-11-17", "--time", "21:00", "--repeat", "daily, 3 times", clock: monday)
        _ = try memoss("list")
        #expect(try memoss("edit", "1", "--date", "2026-11-22").status == 0)  // Stretch
        #expect(try memoss("done", "2").stdout == "Completed \"Floss\".\n")  // its third and last time was the 19th
        for (day, due) in [("2026-11-18", ["  [ ] 21:00  Floss"]), ("2026-11-19", ["  [ ] 21:00  Floss"]), ("2026-11-20", [])] {
            let lines = try memoss("history", day).stdout.split(separator: "\n").map(String.init)
            #expect(Array(lines.prefix { $0 != "Completed on \(day)" }.dropFirst()) == (due.isEmpty ? ["  Nothing was due."] : due), "\(day)")
        }
    }
}
