import Foundation
import TestSupport

/// A real terminal for the full screen: a tmux server of its own (its socket in a temporary
/// folder), one window of a given size running a command, its keys sent and its text read back
/// with `capture-pane`.
final class TmuxScreen {
    /// Why a screen never showed what a test waited for: the last text seen.
    struct Timeout: Error, CustomStringConvertible {
        let what: String
        let screen: String
        var description: String { "the screen never showed \(what); it showed:\n\(screen)" }
    }

    private let folder: TemporaryFolder
    private let socket: String

    /// Starts `command` (run by /bin/sh) in a `columns` × `rows` window with exactly `environment`
    /// (plus `TERM`, which tmux sets from `terminal`); the pane stays after the command ends, to
    /// read its exit status.
    init(_ command: String, columns: Int = 80, rows: Int = 24, environment: [String: String],
         terminal: String = "tmux-256color") throws {
        folder = try TemporaryFolder("memoss-tmux")
        socket = folder.path("socket")
        let config = folder.path("tmux.conf")
        try "set -g default-terminal \(terminal)\nset -g remain-on-exit on\nset -g status off\nset -g escape-time 0\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        var arguments = ["-f", config, "new-session", "-d", "-x", String(columns), "-y", String(rows)]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(name)=\(value)"] }
        arguments.append(command)
        try tmux(arguments)
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Sends keys by tmux's names (`j`, `Space`, `Enter`, `Escape`, `C-r`, `BTab`, `Down`).
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "0"] + keys)
    }

    /// Types `text` as it is, character by character.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "0", "-l", text])
    }

    /// The window's text, line by line, trailing blanks cut; with `history`, the lines scrolled off its top too.
    func text(history: Bool = false) throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", "0"] + (history ? ["-S", "-"] : [])).components(separatedBy: "\n").dropLast().map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// The window's text with its colours and attributes as escape sequences.
    func textWithColors() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", "0"])
    }

    /// Waits until the screen's text passes `check` and stays as it is for one more read (a real
    /// terminal draws when it is ready, and a read can land in the middle of a frame; the screen
    /// is read every 20 ms, for at most `limit` seconds); returns the lines.
    @discardableResult
    func waitFor(_ what: String, limit: TimeInterval = 10, _ check: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(limit)
        var lines = try text()
        while true {
            if check(lines) {
                usleep(20_000)
                let again = try text()
                if again == lines { return lines }
                lines = again
                guard Date() < deadline else { throw Timeout(what: "\(what) on a screen that stays still", screen: lines.joined(separator: "\n")) }
                continue
            }
            guard Date() < deadline else { throw Timeout(what: what, screen: lines.joined(separator: "\n")) }
            usleep(20_000)
            lines = try text()
        }
    }

    /// Waits until some line contains `text`.
    @discardableResult
    func waitFor(line text: String, limit: TimeInterval = 10) throws -> [String] {
        try waitFor("a line with \"\(text)\"", limit: limit) { $0.contains { $0.contains(text) } }
    }

    /// Resizes the window, as a user dragging the terminal's corner does.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", String(columns), "-y", String(rows)])
    }

    /// Runs tmux and waits for it (the server it starts on the first command keeps running, and
    /// holds nothing of the tests: `ChildProcess` gives it no descriptor of theirs).
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let environment = ["PATH": "/usr/bin:/bin", "HOME": folder.url.path, "TMUX_TMPDIR": folder.url.path]
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/tmux"), ["-S", socket] + arguments, environment: environment)
        guard result.status == 0 else { throw TmuxFailure(arguments: arguments, stderr: result.stderr) }
        return result.stdout
    }

    private struct TmuxFailure: Error, CustomStringConvertible {
        let arguments: [String]
        let stderr: String
        var description: String { "tmux \(arguments.joined(separator: " ")) failed: \(stderr)" }
    }
}
