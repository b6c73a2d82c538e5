import Foundation
import Testing
import TestSupport

/// The clock end-to-end tests set for the built programs (`MEMOSS_CLOCK`), so no test depends on
/// today's date: a fixed instant, one that runs from a given instant, and one a file holds and a
/// test moves forward.
struct SetClockTests {
    private let temporary: TemporaryFolder
    private var home: URL { temporary.url }
    private var store: String { home.appendingPathComponent("store.sqlite").path }

    init() throws {
        temporary = try TemporaryFolder("memoss-clock")
    }

    private func memoss(clock: String?, _ arguments: String...) throws -> ChildProcess.Result {
        var environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "TZ": "Europe/Berlin"]
        environment["MEMOSS_CLOCK"] = clock
        return try MemossProcess.run(["--db", store] + arguments, environment: environment)
    }

    /// The due instants of the open reminders, as `list --json` gives them.
    private func due(clock: String?) throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: try memoss(clock: clock, "list", "--json").stdoutData) as? [String: Any]
        return (json?["todo"] as? [[String: Any]] ?? []).compactMap { $0["scheduledAt"] as? String }
    }

    @Test func aFixedClockIsTheDayEveryCommandSees() throws {
        // Friday 20 November 2026, 15:00 in Berlin.
        let clock = "2026-11-20T14:00:00Z"
        #expect(try memoss(clock: clock, "add", "Call the dentist").stdout == "Added 1. \"Call the dentist\", due Tomorrow 09:00.\n")
        #expect(try memoss(clock: clock, "add", "Water the plants", "--date", "mon").stdout
            == "Added 2. \"Water the plants\", due Mon 23 Nov 09:00.\n")
        let refused = try memoss(clock: clock, "add", "Too late", "--date", "today", "--time", "14:59")
        #expect(refused.status == 1)
        #expect(refused.stderr == "memoss: date: Must be in the future.\n")
        #expect(try due(clock: clock) == ["2026-11-21T09:00:00+01:00", "2026-11-23T09:00:00+01:00"])
        // 14:30 in Berlin, written with an offset, with or without its colon.
        for same in ["2026-11-20T14:30:00+01:00", "2026-11-20T08:30:00-0500"] {
            #expect(try memoss(clock: same, "add", "Too late", "--date", "today", "--time", "14:15").status == 1)
            #expect(try memoss(clock: same, "add", "Tea", "--date", "today", "--time", "14:45").stdout.hasSuffix("\"Tea\", due Today 14:45.\n"))
        }
    }

    @Test func aClockFileMovesTimeForwardWhenATestWritesIt() throws {
        let file = home.appendingPathComponent("clock")
        try "2026-11-20T14:00:00Z".write(to: file, atomically: false, encoding: .utf8)
        #expect(try memoss(clock: "@" + file.path, "add", "Tea", "--date", "today", "--time", "16:00").status == 0)
        let before = try memoss(clock: "@" + file.path, "list")
        #expect(before.stdout.contains("1. [ ] Tea  Today 16:00\n"))
        try "2026-11-20T16:30:00Z".write(to: file, atomically: false, encoding: .utf8)
        let after = try memoss(clock: "@" + file.path, "list")
        #expect(after.stdout.contains("1. [ ] Tea  Today 16:00  (overdue)\n"))
    }

    @Test func aRunningClockStartsAtItsInstant() throws {
        // 08:59:30 in Berlin when each command starts: 09:00 is ahead, 08:59 is past.
        let clock = "2026-11-20T07:59:30Z+"
        #expect(try memoss(clock: clock, "add", "Stand-up", "--date", "today", "--time", "09:00").status == 0)
        #expect(try memoss(clock: clock, "add", "Too late", "--date", "today", "--time", "08:59").stderr
            == "memoss: date: Must be in the future.\n")
    }

    @Test func aClockThatIsNotAnInstantIsSaidAndTheSystemClockUsed() throws {
        let result = try memoss(clock: "next tuesday", "tags")
        #expect(result.status == 0)
        #expect(result.stderr == "memoss: warning: MEMOSS_CLOCK=\"next tuesday\" is not an instant such as 2026-11-20T14:00:00Z "
            + "(with + to let it run, or @FILE); using the system's clock.\n")
    }
}
