import Foundation

/// A real terminal for end-to-end tests: a tmux window of a given size on a server of its own (a
/// socket in a temporary folder, no configuration file), running one command; what it shows is
/// read with `capture-pane`, as a person would see it.
package final class TerminalWindow: @unchecked Sendable {
    private let folder: TemporaryFolder
    private var socket: String { folder.path("tmux.socket") }

    /// Starts `command` (run by `/bin/sh -c`) in a window `columns` wide and `rows` high, with
    /// exactly `environment` (nothing of the tests' own).
    package init(_ command: String, columns: Int, rows: Int = 24, environment: [String: String]) throws {
        folder = try TemporaryFolder("memoss-tmux")
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        let started = try tmux(["new-session", "-d", "-s", "memoss", "-x", String(columns), "-y", String(rows),
                                "exec env -i \(variables) /bin/sh -c \(Self.quoted(command))"])
        guard started.status == 0 else { throw Failure(message: "tmux could not start: \(started.stderr)") }
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Types `keys` (tmux key names: `Enter`, `C-c`), as `send-keys` takes them.
    package func send(_ keys: String...) throws {
        _ = try tmux(["send-keys", "-t", "memoss"] + keys)
    }

    /// Types `text` literally, then Enter.
    package func type(_ text: String) throws {
        // `--`: text that starts with a dash ("-1d") is typed, not read as an option of tmux.
        _ = try tmux(["send-keys", "-t", "memoss", "-l", "--", text])
        _ = try tmux(["send-keys", "-t", "memoss", "Enter"])
    }

    /// Makes the window `columns` wide (and `rows` high): the program gets SIGWINCH.
    package func resize(columns: Int, rows: Int = 24) throws {
        _ = try tmux(["resize-window", "-t", "memoss", "-x", String(columns), "-y", String(rows)])
    }

    /// The screen now: its lines, trailing blank lines left out.
    package func screen() throws -> [String] {
        let lines = try tmux(["capture-pane", "-p", "-t", "memoss"]).stdout.components(separatedBy: "\n")
        return Array(lines.reversed().drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }.reversed())
    }

    /// The screen now with its colours and attributes, as the escape codes tmux would draw it with.
    package func styledScreen() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", "memoss"]).stdout
    }

    /// The screen once `condition` holds for it, or as it is after `limit` seconds.
    package func screen(within limit: TimeInterval = 10, until condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(limit)
        var lines = try screen()
        while !condition(lines), Date() < deadline {
            usleep(20_000)
            lines = try screen()
        }
        return lines
    }

    /// Runs tmux with `arguments` and waits for it; what it printed. The first command's tmux
    /// forks the server, which keeps running until `kill-server` (and holds nothing of the tests:
    /// `ChildProcess` gives it no descriptor of theirs).
    private func tmux(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let variables = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color", "HOME": folder.url.path]
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/tmux"), ["-S", socket, "-f", "/dev/null"] + arguments,
                                          environment: variables)
        return (result.status, result.stdout, result.stderr)
    }

    /// `text` in single quotes for the shell.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Why the window could not be used.
    package struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        package let message: String
        package var description: String { message }
    }
}
