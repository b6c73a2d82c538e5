import Foundation
import Shared
import Testing
import TestSupport

/// The readline mode through a pseudo-terminal (pexpect), as a person at a keyboard: completion,
/// history across runs, Ctrl-C and Ctrl-D, notices at the prompt, the pager. Needs python3 with pexpect; fails, never skips, without it.
struct ReadlineSessionTests {
    private let temporary: TemporaryFolder
    private var folder: URL { temporary.url }

    init() throws {
        temporary = try TemporaryFolder("memoss-pty")
    }

    /// Runs the pexpect script `name` (in Scripts/) on the built binary, with the tests' clock in
    /// `MEMOSS_CLOCK`; each of its `checks` prints "ok".
    private func drive(_ name: String, checks: Int) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/\(name)")
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                          ["python3", script.path, MemossProcess.executable.path, folder.path],
                                          environment: ProcessInfo.processInfo.environment.merging([SetClock.variable: memossClock()]) { $1 })
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("ok ") }.count == checks)
    }

    @Test func completionHistoryAndInterruptWorkAtARealTerminal() throws {
        try drive("readline_session.py", checks: 8)
    }

    @Test func editPromptsPutTheCurrentValueOnTheLineToBeEditedInPlace() throws {
        try drive("edit_prefill.py", checks: 3)
    }

    @Test func whatFallsDueIsShownAtThePromptWithoutCorruptingTheLine() throws {
        try drive("due_at_prompt.py", checks: 4)
    }

    @Test func aListLongerThanTheScreenGoesThroughThePagerOnlyAtATerminal() throws {
        try drive("pager.py", checks: 3)

        // Piped, the same list is printed whole, whatever PAGER says.
        let store = folder.appendingPathComponent("pager.sqlite").path
        let piped = try MemossProcess.run(["--db", store, "list"], environment: ["TZ": "UTC", "PAGER": "echo PAGED", "HOME": folder.path])
        #expect(piped.stdout.hasPrefix("To Do\n"))
        #expect(!piped.stdout.contains("PAGED"))
    }
}
