import Foundation
import Testing
import TestSupport

/// Tab in bash, zsh and fish, at a real terminal (tmux), with the completion scripts the built
/// memoss generates: `memoss done <Tab>` offers the last list's numbers and `--tag Wo<Tab>` completes
/// a tag's name, both read from the store. Needs tmux, zsh and fish; fails, never skips, without them.
@Suite(.tags(.slow))
struct ShellCompletionTests {
    /// A shell in a tmux server of the test's own, typed into and read from the screen. The server
    /// runs in the foreground (`-D`) as the test's child, so it ends with the test.
    final class Terminal {
        let socket: String
        let server: ChildProcess.Running

        init(_ command: [String], in folder: TemporaryFolder) throws {
            socket = folder.path("tmux.socket")
            server = try ChildProcess.start(URL(fileURLWithPath: "/usr/bin/tmux"), ["-S", socket, "-D"])
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: socket), Date() < deadline { usleep(20_000) }
            try #require(FileManager.default.fileExists(atPath: socket), "the tmux server did not start")
            let started = try tmux(["new-session", "-d", "-s", "t", "-x", "150", "-y", "30"] + command)
            try #require(started.status == 0, "tmux: \(started.stderr)")
        }

        deinit {
            _ = try? tmux(["kill-server"])
            _ = try? server.wait(limit: 10)
        }

        @discardableResult
        func tmux(_ arguments: [String]) throws -> ChildProcess.Result {
            try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/tmux"), ["-S", socket] + arguments)
        }

        /// Types `keys` (tmux key names: Tab, Enter, C-u …, or text).
        func type(_ keys: String...) throws { try tmux(["send-keys", "-t", "t"] + keys) }

        /// The screen once `condition` holds for it, within 10 seconds; the last screen otherwise.
        func screen(until condition: (String) -> Bool) throws -> String {
            var screen = ""
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                screen = try tmux(["capture-pane", "-t", "t", "-p"]).stdout
                if condition(screen) { return screen }
                usleep(100_000)
            }
            return screen
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func tabOffersTheLastListsNumbersAndTagNamesFromTheStore(shell: String) throws {
        let folder = try TemporaryFolder("memoss-completion")
        let bin = folder.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("memoss"), withDestinationURL: MemossProcess.executable)
        let store = folder.path("store.sqlite")
        let environment = ["HOME": folder.url.path, "TZ": "UTC", "MEMOSS_DB": store, "PATH": "\(bin.path):/usr/bin:/bin", "TERM": "xterm"]
        for title in ["Pay rent", "Call Ann", "Water plants"] {
            #expect(try MemossProcess.run(["add", title, "--date", "2030-01-05"], environment: environment).status == 0)
        }
        #expect(try MemossProcess.run(["list"], environment: environment).stdout.contains("3. [ ] "))

        let script = try MemossProcess.run(["--generate-completion-script", shell], environment: environment).stdout
        let scriptFile = folder.url.appendingPathComponent(shell == "zsh" ? "_memoss" : "memoss.\(shell)")
        try Data(script.utf8).write(to: scriptFile)
        let variables = MemossProcess.onTestClock(environment).map { "\($0.key)=\($0.value)" }.sorted()
        let terminal: Terminal
        switch shell {
        case "bash":
            terminal = try Terminal(["env", "-i"] + variables + ["bash", "--norc", "--noprofile"], in: folder)
            try terminal.type("source \(scriptFile.path)", "Enter")
        case "zsh":
            terminal = try Terminal(["env", "-i"] + variables + ["zsh", "-f"], in: folder)
            try terminal.type("fpath=(\(folder.url.path) $fpath); autoload -Uz compinit; compinit -u", "Enter")
        default:
            terminal = try Terminal(["env", "-i"] + variables + ["fish", "--no-config"], in: folder)
            try terminal.type("source \(scriptFile.path)", "Enter")
        }

        // bash lists the candidates on a second Tab; zsh and fish on the first.
        try terminal.type("memoss done ", "Tab")
        if shell == "bash" { try terminal.type("Tab") }
        let numbers = try Regex(#"(?m)^\s*1\s+2\s+3\s*$"#)
        let offered = try terminal.screen { $0.contains(numbers) }
        #expect(offered.contains(numbers), "\(shell):\n\(offered)")

        try terminal.type("C-u")
        try terminal.type("memoss list --tag Wo", "Tab")
        let completed = try terminal.screen { $0.contains("memoss list --tag Work") }
        #expect(completed.contains("memoss list --tag Work"), "\(shell):\n\(completed)")
    }

    /// Completing never makes a store: with none there yet, Tab offers nothing and leaves none behind.
    @Test func completingWithoutAStoreOffersNothingAndCreatesNone() throws {
        let folder = try TemporaryFolder("memoss-completion")
        let store = folder.path("never.sqlite")
        let result = try MemossProcess.run(["---completion", "done", "--", "positional@0", "1", "0", "memoss", "done", ""],
                                           environment: ["HOME": folder.url.path, "MEMOSS_DB": store, "TZ": "UTC"])
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: store))
    }
}
