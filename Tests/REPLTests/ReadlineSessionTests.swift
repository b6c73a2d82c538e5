import Foundation
import Testing
import TestSupport

/// The readline mode through a pseudo-terminal (pexpect), as a person at a keyboard: completion,
/// history across runs, Ctrl-C and Ctrl-D. Needs python3 with pexpect; fails, never skips, without it.
struct ReadlineSessionTests {
    private let temporary: TemporaryFolder
    private var folder: URL { temporary.url }

    init() throws {
        temporary = try TemporaryFolder("memoss-pty")
    }

    @Test func completionHistoryAndInterruptWorkAtARealTerminal() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/readline_session.py")
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                          ["python3", script.path, MemossProcess.executable.path, folder.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("ok ") }.count == 5)
    }

    @Test func whatFallsDueIsShownAtThePromptWithoutCorruptingTheLine() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/due_at_prompt.py")
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                          ["python3", script.path, MemossProcess.executable.path, folder.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("ok ") }.count == 3)
    }

    @Test func aListLongerThanTheScreenGoesThroughThePagerOnlyAtATerminal() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/pager.py")
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                          ["python3", script.path, MemossProcess.executable.path, folder.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("ok ") }.count == 2)

        // Piped, the same list is printed whole, whatever PAGER says.
        let store = folder.appendingPathComponent("pager.sqlite").path
        let piped = try ChildProcess.run(MemossProcess.executable, ["--db", store, "list"],
                                         environment: ["TZ": "UTC", "PAGER": "echo PAGED", "HOME": folder.path])
        #expect(piped.stdout.hasPrefix("To Do\n"))
        #expect(!piped.stdout.contains("PAGED"))
    }
}
