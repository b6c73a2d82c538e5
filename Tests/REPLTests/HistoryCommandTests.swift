import Foundation
import Shared
import Testing
import TestSupport

/// `memoss history DAY` end to end: a repeating reminder's times on the day, and what became of
/// each (issue 36's "What was seen": a daily reminder started on the 20th was missing from the
/// 23rd, and once done its 20th's time went from the 20th's history).
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
        try memoss("add", "Take vitamins", "--date", "2026-11-20", "--time", "08:00", "--repeat", "daily",
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
        #expect(try memoss("history", "2026-11-21").stdout == """
            Due on 2026-11-21
              Nothing was due.
            Completed on 2026-11-21
              15:00  Take vitamins  (due Yesterday 08:00)

            """)
        #expect(try memoss("history", "2026-11-25").stdout.hasPrefix("Due on 2026-11-25\n  [ ] 08:00  Take vitamins\n"))

        let json = try memoss("history", "2026-11-20", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let scheduled = try #require(object["scheduled"] as? [[String: Any]])
        #expect(scheduled.map { $0["scheduledAt"] as? String } == ["2026-11-20T08:00:00-05:00"])
        #expect(scheduled.map { $0["completed"] as? Bool } == [true])
    }
}
