import Foundation
import Shared
import Testing
import TestSupport

/// The prompt does no store work between commands while nothing is due: empty lines and `help`
/// leave the store as it was (no other connection's commit seen); a command that writes does not.
struct IdlePromptTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }
    private var environment: [String: String] { ["HOME": temporary.url.path, "TZ": "America/New_York", "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-idle")
    }

    private func memoss(_ arguments: [String], lines: [String]? = nil) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + arguments, environment: environment, lines: lines)
    }

    @Test func emptyLinesAndHelpAtThePromptWriteNothingWhileNothingIsDue() throws {
        #expect(try memoss(["add", "Dentist", "--date", "2027-03-01", "--time", "09:00"]).status == 0)
        #expect(try memoss(["add", "Stretch", "--date", "2026-11-22", "--time", "08:00", "--repeat", "daily"]).status == 0)

        let writes = try StoreWrites(path: store)
        let lines = Array(repeating: "", count: 20) + Array(repeating: "help", count: 20) + ["help list", "quit"]
        let idle = try memoss([], lines: lines)
        #expect(idle.status == 0, "\(idle.stderr)")
        #expect(idle.stdout.components(separatedBy: "Commands (help COMMAND tells more").count == 21)
        #expect(try writes.happened == false)

        // The same watch sees a command that writes.
        #expect(try memoss([], lines: ["list", "done 1", "quit"]).status == 0)
        #expect(try writes.happened)
    }

    @Test func whatFellDueBeforeThePromptStartedIsShownAtItsFirstPrompt() throws {
        #expect(try memoss(["add", "Pay rent", "--date", "2026-11-21", "--time", "16:00"]).status == 0)
        var later = environment
        later[SetClock.variable] = "2026-11-21T21:30:00Z"
        let result = try MemossProcess.run(["--db", store], environment: later, lines: ["", "help", "quit"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "Reminder: Pay rent").count == 2, "\(result.stdout)")
    }
}
