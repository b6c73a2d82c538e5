import Foundation
import Shared
import Testing
import TestSupport

/// Commands that read never wait for another program writing to the store (issue 36's "What was
/// seen": `list` took the write lock to keep an unchanged listing, printed everything, then waited
/// 5 s and exited 1 as "locked"; `list --json` waited 2 s). Another program holds the store's write
/// lock for as long as the test runs.
@Suite(.serialized)
struct ReadersNeverWaitTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }
    private var environment: [String: String] { ["HOME": temporary.url.path, "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-readers")
    }

    @discardableResult
    private func memoss(_ arguments: String...) throws -> (result: ChildProcess.Result, seconds: Double) {
        try memoss(arguments)
    }

    private func memoss(_ arguments: [String]) throws -> (result: ChildProcess.Result, seconds: Double) {
        let started = ContinuousClock.now
        let result = try MemossProcess.start(["--db", store] + arguments, environment: environment).wait(limit: 30)
        let elapsed = ContinuousClock.now - started
        return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// A python3 process that holds the store's write lock (an open write transaction) until it is killed.
    private func holdTheWriteLock() throws -> ChildProcess.Running {
        let marker = temporary.path("locked")
        let script = """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            db.execute("UPDATE storeSetting SET value = value WHERE 0")
            open(sys.argv[2], "w").close()
            time.sleep(120)
            """
        let holder = try ChildProcess.start(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, store, marker])
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !FileManager.default.fileExists(atPath: marker) { usleep(10_000) }
        try #require(FileManager.default.fileExists(atPath: marker), "the lock holder did not start")
        return holder
    }

    @Test func readsWriteNothingAndDoNotWaitWhileAnotherProgramWrites() throws {
        memossAdd("Pay rent", "2026-12-01")
        memossAdd("Call mum", "2026-11-22")
        let first = try memoss("list").result
        #expect(first.status == 0)
        try memoss("notifications")
        let holder = try holdTheWriteLock()
        defer { holder.send(SIGKILL); _ = try? holder.wait() }

        for command in [["list"], ["list", "--json"], ["show", "1"], ["history", "2026-12-01"], ["tags"],
                        ["notifications"], ["next", "2"], ["export", "--format", "csv"], ["undo", "--list"], ["view", "list"]] {
            let (result, seconds) = try memoss(command)
            let name = command.joined(separator: " ")
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(result.stderr == "", "\(name)")
            #expect(seconds < 2, "\(name) took \(seconds) s")
        }
        // The same list again printed the same numbers: nothing was written, so nothing waited.
        #expect(try memoss("list").result.stdout == first.stdout)
    }

    @Test func aNewListingWhileAnotherProgramWritesIsShownAtOnceAndSaysItsNumbersWereNotKept() throws {
        memossAdd("Pay rent", "2026-12-01")
        memossAdd("Call mum", "2026-11-22")
        try memoss("list")
        let holder = try holdTheWriteLock()
        defer { holder.send(SIGKILL); _ = try? holder.wait() }

        let (result, seconds) = try memoss("list", "rent")
        #expect(result.status == 0)
        #expect(seconds < 2, "took \(seconds) s")
        #expect(result.stdout.contains("1. [ ] Pay rent"))
        #expect(result.stderr == "memoss: warning: another program is writing to the store, so these numbers were not kept: "
            + "numbers still name the list before this one; list again in a moment to use these.\n")
        // A write still waits for the writer, and says the store is locked.
        let (add, _) = try memoss("add", "Water the ferns")
        #expect(add.status == 1)
        #expect(add.stderr == "memoss: The store is locked by another program; try again in a moment.\n")
        holder.send(SIGKILL)
        _ = try holder.wait()
        // The numbers are those of the list before: 1 is still "Call mum".
        #expect(try memoss("show", "1").result.stdout.hasPrefix("Call mum\n"))
    }

    private func memossAdd(_ title: String, _ date: String) {
        _ = try? MemossProcess.run(["--db", store, "add", title, "--date", date], environment: environment)
    }
}
