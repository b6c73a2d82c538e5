import CReadline
import FrontSupport
import Foundation
import Shared

/// What a prompt got back.
enum Answer: Equatable {
    /// A line, without its newline.
    case line(String)
    /// Ctrl-C: abandon what is going on.
    case interrupted
    /// Ctrl-D or the end of a script.
    case endOfInput
}

/// Reads lines: through GNU readline (editing, history, completion) when standard input is a
/// terminal, else plainly, one line per answer, echoing each so a transcript reads as a dialogue.
@MainActor
final class Console {
    /// Whether standard input is a terminal.
    let isTerminal: Bool
    /// How many lines were read from a script so far (the line number of the last one).
    private(set) var linesRead = 0
    private let historyFile: String?

    /// A console; on a terminal, history is read from and kept in `historyFile`.
    init(historyFile: String?) {
        isTerminal = isatty(STDIN_FILENO) == 1
        self.historyFile = isTerminal ? historyFile : nil
        guard isTerminal else { return }
        ReadlineHooks.install()
        if let historyFile {
            try? FileManager.default.createDirectory(
                atPath: (historyFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            read_history(historyFile)
        }
    }

    /// Sets what Tab offers: given the line so far and the word being typed, the candidates.
    func complete(with candidates: @escaping @MainActor (_ line: String, _ word: String) -> [String]) {
        ReadlineHooks.candidates = { line, word in MainActor.assumeIsolated { candidates(line, word) } }
    }

    /// Shows `prompt` and reads one answer; `remember` keeps the line in the history. On a terminal,
    /// `prefill` is on the line to begin with, editable in place.
    func read(_ prompt: String, remember: Bool = false, prefill: String? = nil) -> Answer {
        guard isTerminal else {
            Output.write(prompt)
            guard let line = readLine(strippingNewline: true) else {
                Output.write("\n")
                return .endOfInput
            }
            linesRead += 1
            Output.write(VisibleText.escaped(line) + "\n")
            return .line(line)
        }
        ReadlineHooks.interrupted = 0
        // Readline must not count colour codes in the prompt's width: mark them as invisible.
        let visiblePrompt = prompt.replacing(/\x1B\[[0-9;]*m/) { "\u{01}\($0.output)\u{02}" }
        if let prefill { memoss_rl_prefill(prefill) }
        let raw = readline(visiblePrompt)
        defer { free(raw) }
        if ReadlineHooks.interrupted != 0 {
            Output.write("^C\n")
            return .interrupted
        }
        guard let raw else { return .endOfInput }
        let line = String(cString: raw)
        if remember, !line.trimmingWhitespace().isEmpty {
            add_history(line)
            if let historyFile {
                if append_history(1, historyFile) != 0 { write_history(historyFile) }
                history_truncate_file(historyFile, 1_000)
            }
        }
        return .line(line)
    }
}

/// The C callbacks readline calls, and the state they share (readline is single-threaded).
enum ReadlineHooks {
    nonisolated(unsafe) static var interrupted: sig_atomic_t = 0
    nonisolated(unsafe) static var candidates: (String, String) -> [String] = { _, _ in [] }
    nonisolated(unsafe) private static var matches: [String] = []
    nonisolated(unsafe) private static var matchIndex = 0

    /// Where keys are read from: the terminal opened non-blocking, else standard input.
    nonisolated(unsafe) private static var keys: Int32 = STDIN_FILENO
    /// The pipe the Ctrl-C handler writes to, so the key reader wakes whichever thread got the signal.
    nonisolated(unsafe) private static var wakeUp: [Int32] = [-1, -1]
    /// The pipe `post` writes messages to (each ended by a NUL), shown above the line being typed.
    nonisolated(unsafe) private static var notices: [Int32] = [-1, -1]
    /// The pipe the SIGWINCH handler writes to when the terminal is resized, whichever thread gets it.
    nonisolated(unsafe) private static var resizes: [Int32] = [-1, -1]

    /// Shows `text` above the line being typed at the prompt (from any thread): the key reader
    /// prints it and redraws the prompt and what was typed, so the line is not corrupted.
    static func post(_ text: String) {
        guard notices[1] >= 0 else { return }
        let bytes = Array(text.utf8) + [0]
        bytes.withUnsafeBytes { _ = Foundation.write(notices[1], $0.baseAddress, $0.count) }
    }

    /// Prints the messages waiting in the notices pipe.
    private static func showNotices(_ pending: inout [UInt8]) {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        var quiet = pollfd(fd: notices[0], events: Int16(POLLIN), revents: 0)
        while poll(&quiet, 1, 0) > 0 {
            let count = Foundation.read(notices[0], &buffer, buffer.count)
            if count <= 0 { break }
            pending += buffer[0..<count]
        }
        while let end = pending.firstIndex(of: 0) {
            let text = String(decoding: pending[..<end], as: UTF8.self) + "\n"
            pending.removeSubrange(...end)
            memoss_rl_print_above(text)
        }
    }
    nonisolated(unsafe) private static var partialNotice: [UInt8] = []

    /// Ctrl-C sets a flag instead of killing the program and wakes the key reader, which ends the
    /// line; a resized terminal wakes it too, and readline redraws the line for the new width.
    static func install() {
        memoss_rl_set_catch_signals(0)
        memoss_rl_set_catch_sigwinch(0)
        // Keys are read through a non-blocking description of the terminal of its own (the shell's
        // stays as it is): Ctrl-C makes the terminal drop typed input, so a key poll reported can be
        // gone by the time it is read, and a blocking read would then wait forever.
        if let name = ttyname(STDIN_FILENO) {
            let terminal = open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            if terminal >= 0 { keys = terminal }
        }
        wakeUp.withUnsafeMutableBufferPointer { _ = pipe($0.baseAddress) }
        notices.withUnsafeMutableBufferPointer { _ = pipe($0.baseAddress) }
        resizes.withUnsafeMutableBufferPointer { _ = pipe($0.baseAddress) }
        _ = fcntl(resizes[1], F_SETFL, O_NONBLOCK)
        var resized = sigaction()
        resized.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 0
            _ = Foundation.write(ReadlineHooks.resizes[1], &byte, 1)
        }
        sigemptyset(&resized.sa_mask)
        resized.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &resized, nil)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            ReadlineHooks.interrupted = 1
            var byte: UInt8 = 0
            _ = Foundation.write(ReadlineHooks.wakeUp[1], &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
        memoss_rl_set_getc { _ in
            var fds = [pollfd(fd: ReadlineHooks.keys, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: ReadlineHooks.wakeUp[0], events: Int16(POLLIN), revents: 0),
                       pollfd(fd: ReadlineHooks.notices[0], events: Int16(POLLIN), revents: 0),
                       pollfd(fd: ReadlineHooks.resizes[0], events: Int16(POLLIN), revents: 0)]
            while true {
                if ReadlineHooks.interrupted != 0 {
                    var drain = [UInt8](repeating: 0, count: 64)
                    var quiet = pollfd(fd: ReadlineHooks.wakeUp[0], events: Int16(POLLIN), revents: 0)
                    while poll(&quiet, 1, 0) > 0 { _ = Foundation.read(ReadlineHooks.wakeUp[0], &drain, drain.count) }
                    rl_replace_line("", 0)
                    return EOF
                }
                for index in fds.indices { fds[index].revents = 0 }
                let ready = poll(&fds, 4, -1)
                // Interrupted by a signal: the revents say nothing; look again (Ctrl-C is seen above).
                if ready < 0 { if errno == EINTR { continue } else { return EOF } }
                if fds[2].revents != 0 { ReadlineHooks.showNotices(&ReadlineHooks.partialNotice) }
                if fds[3].revents != 0 {
                    var drain = [UInt8](repeating: 0, count: 64)
                    _ = Foundation.read(ReadlineHooks.resizes[0], &drain, drain.count)
                    rl_resize_terminal()
                }
                if fds[0].revents != 0 && ReadlineHooks.interrupted == 0 {
                    var byte: UInt8 = 0
                    let count = Foundation.read(ReadlineHooks.keys, &byte, 1)
                    if count == 1 { return Int32(byte) }
                    // Nothing after all: Ctrl-C made the terminal drop what was typed.
                    if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                    return EOF
                }
            }
        }
        memoss_rl_set_completion { text, _, _ in
            memoss_rl_set_completion_over(1)
            let line = String(cString: memoss_rl_line_buffer())
            let word = text.map { String(cString: $0) } ?? ""
            ReadlineHooks.matches = ReadlineHooks.candidates(line, word)
            return rl_completion_matches(text) { _, state in
                if state == 0 { ReadlineHooks.matchIndex = 0 }
                guard ReadlineHooks.matchIndex < ReadlineHooks.matches.count else { return nil }
                defer { ReadlineHooks.matchIndex += 1 }
                return strdup(ReadlineHooks.matches[ReadlineHooks.matchIndex])
            }
        }
    }
}
