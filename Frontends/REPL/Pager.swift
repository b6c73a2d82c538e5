import Foundation
import Shared

/// Shows long output through the user's pager, as git does: only when standard output is a
/// terminal and the text has more lines than the screen; `$PAGER` (default `less -R`, which keeps
/// colours), run through /bin/sh. Piped or redirected output is written as it is.
enum Pager {
    static func show(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let rows = terminalRows(), text.reduce(0, { $0 + ($1 == "\n" ? 1 : 0) }) >= rows else {
            return FileHandle.standardOutput.write(Data(text.utf8))
        }
        let command = environment["PAGER"].flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 } ?? "less -R"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        // less: quit at once when the text fits after all, keep the screen, no bell at the end.
        process.environment = environment.merging(["LESS": environment["LESS"] ?? "FRX"]) { $1 }
        let input = Pipe()
        process.standardInput = input
        guard (try? process.run()) != nil else { return FileHandle.standardOutput.write(Data(text.utf8)) }
        // A pager that quits early closes the pipe: ignore SIGPIPE while writing to it.
        let previous = signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        signal(SIGPIPE, previous)
    }

    /// The screen's height in lines, `nil` when standard output is not a terminal.
    private static func terminalRows() -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }
}
