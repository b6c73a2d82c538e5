import Foundation
import Shared

/// Standard output for a listing written line by line, as git pages: at a terminal, once the
/// lines outnumber the screen's they go through the user's pager (`$PAGER`, default `less -R`,
/// which keeps colours, run through /bin/sh); fewer are written as they are. Piped or redirected
/// output is never paged. Writes are buffered, so a long listing costs few system calls.
package final class PagedOutput: @unchecked Sendable {
    private enum Destination {
        /// At a terminal, holding the lines until they fill the screen.
        case deciding(rows: Int, lines: [String])
        case standardOutput
        case pager(pid_t, FileHandle)
    }

    private let lock = NSLock()
    private let environment: [String: String]
    private var destination: Destination
    private var buffer: [UInt8] = []

    /// An output that may page (`paging`) when standard output is a terminal.
    package init(paging: Bool = true, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
        // Writing to a closed pipe fails instead of killing the process (see `flush`).
        signal(SIGPIPE, SIG_IGN)
        destination = paging ? Self.terminalRows().map { .deciding(rows: $0, lines: []) } ?? .standardOutput : .standardOutput
    }

    /// Writes `line` and a line break.
    package func line(_ line: String) { write(line, lineBreak: true) }

    /// Writes the UTF-8 `bytes` of a line and a line break.
    package func line(utf8 bytes: [UInt8]) { write(utf8: bytes, lineBreak: true) }

    /// Writes `text` as it is.
    package func text(_ text: String) { write(text, lineBreak: false) }

    /// Writes the UTF-8 `bytes` of text as they are.
    package func text(utf8 bytes: [UInt8]) { write(utf8: bytes, lineBreak: false) }

    private func write(utf8 bytes: [UInt8], lineBreak: Bool) {
        let held = lock.withLock { () -> Bool in
            if case .deciding = destination { return true }
            buffer.append(contentsOf: bytes)
            if lineBreak { buffer.append(UInt8(ascii: "\n")) }
            if buffer.count >= 1 << 16 { flush() }
            return false
        }
        // At a terminal, while deciding whether to page, lines are held as text.
        if held { write(String(decoding: bytes, as: UTF8.self), lineBreak: lineBreak) }
    }

    private func write(_ text: String, lineBreak: Bool) {
        lock.withLock {
            guard case .deciding(let rows, var lines) = destination else {
                append(text)
                if lineBreak { buffer.append(UInt8(ascii: "\n")) }
                return
            }
            lines.append(lineBreak ? text + "\n" : text)
            destination = .deciding(rows: rows, lines: lines)
            if lines.count >= rows { startPager(with: lines) }
        }
    }

    /// Writes what is held and waits for the pager, if one runs, to quit.
    package func finish() {
        lock.withLock {
            if case .deciding(_, let lines) = destination {
                destination = .standardOutput
                lines.forEach(append)
            }
            flush()
            guard case .pager(let pid, let input) = destination else { return }
            try? input.close()
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
    }

    /// Starts the pager reading a pipe. It is spawned directly, not through `Process` (which
    /// puts its child in a process group of its own: a pager there is stopped by the terminal
    /// as a background job the moment it reads keys, and the listing waits for it forever).
    private func startPager(with lines: [String]) {
        defer { lines.forEach(append) }
        let command = environment["PAGER"].flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 } ?? "less -R"
        // less: quit at once when the text fits after all, keep the screen, no bell at the end.
        let variables = environment.merging(["LESS": environment["LESS"] ?? "FRX"]) { $1 }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return destination = .standardOutput }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        let argv: [UnsafeMutablePointer<CChar>?] = (["/bin/sh", "-c", command] as [String]).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp) == 0
        close(ends[0])
        guard spawned else {
            close(ends[1])
            return destination = .standardOutput
        }
        destination = .pager(pid, FileHandle(fileDescriptor: ends[1], closeOnDealloc: true))
    }

    private func append(_ text: String) {
        buffer.append(text)
        if buffer.count >= 1 << 16 { flush() }
    }

    private func flush() {
        guard !buffer.isEmpty else { return }
        // A reader that stops early (`memoss list | head`, quitting the pager) closes the pipe:
        // the rest is dropped and the listing still ends normally, so the numbers it shows are
        // saved (the first lines of a listing number what the whole one would).
        switch destination {
        case .pager(_, let input): try? input.write(contentsOf: buffer)
        default: try? FileHandle.standardOutput.write(contentsOf: buffer)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// The screen's height in lines, `nil` when standard output is not a terminal.
    private static func terminalRows() -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }
}

extension [UInt8] {
    /// Appends the UTF-8 bytes of `text`: a native string's are copied at once, not one by one
    /// through its view.
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
