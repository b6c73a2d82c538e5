import Foundation
import Shared

/// The one place a front writes to its user: results on standard output, warnings and refusals
/// on standard error, each line made safe for the terminal (control characters shown, never run).
///
/// A refusal's look depends on where the command runs (`RefusalContext`): from the shell it is
/// `memoss: message`; at the prompt, red on a terminal or `memoss: line N: message` in a script.
/// A helper program the prompt starts (`memoss-sync`) is told the context in its environment, so
/// its refusals read as the prompt's own.
package enum Output {
    /// Where refusals are said.
    package enum RefusalContext: Sendable, Equatable {
        /// A command run from the shell: `memoss: message`.
        case command
        /// The interactive prompt on a terminal: the message alone, in red when `colors`.
        case prompt(colors: Bool)
        /// A line of a script given to the prompt: `memoss: line N: message`.
        case script(line: Int)

        /// The environment variable that carries the context to a helper program.
        package static let variable = "MEMOSS_REFUSAL_CONTEXT"

        /// The context as the variable's value.
        package var encoded: String {
            switch self {
            case .command: "command"
            case .prompt(let colors): colors ? "prompt-colors" : "prompt"
            case .script(let line): "line:\(line)"
            }
        }

        /// The context a variable's value names; `.command` for anything else.
        package init(encoded: String?) {
            switch encoded {
            case "prompt": self = .prompt(colors: false)
            case "prompt-colors": self = .prompt(colors: true)
            case let text? where text.hasPrefix("line:"): self = Int(text.dropFirst(5)).map { .script(line: $0) } ?? .command
            default: self = .command
            }
        }
    }

    /// The process's settings: the name in front of its error lines and the refusal context.
    private struct Settings: Sendable {
        var program = "memoss"
        var context = RefusalContext(encoded: getenv(RefusalContext.variable).map { String(cString: $0) })
    }

    nonisolated(unsafe) private static var settings = Settings()
    private static let lock = NSLock()

    /// The name error lines start with (`memoss`, `memoss-import`); set once, as the program starts.
    package static var program: String {
        get { lock.withLock { settings.program } }
        set { lock.withLock { settings.program = newValue } }
    }

    /// Where refusals are said now (the prompt sets it for each line it runs).
    package static var context: RefusalContext {
        get { lock.withLock { settings.context } }
        set { lock.withLock { settings.context = newValue } }
    }

    /// Writes `line` and a line break to standard output at once (unbuffered).
    package static func say(_ line: String) {
        write(line + "\n", to: STDOUT_FILENO)
    }

    /// Writes `text` to standard output as it is, at once (a prompt's question, a JSON document).
    package static func write(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    /// `program: warning: message` on standard error.
    package static func warn(_ message: String) {
        write("\(program): warning: \(VisibleText.safe(message))\n", to: STDERR_FILENO)
    }

    /// A line on standard error as it is, made safe (a report's lines: `file:3: title: …`).
    package static func note(_ line: String, keepingLineBreaks: Bool = false) {
        write(VisibleText.safe(line, keepingLineBreaks: keepingLineBreaks) + "\n", to: STDERR_FILENO)
    }

    /// Says a refused command in the current context, on standard error.
    package static func refuse(_ message: String) {
        let message = VisibleText.safe(message)
        let line = switch context {
        case .command: "\(program): \(message)"
        case .prompt(let colors): colors ? "\u{1B}[31m\(message)\u{1B}[0m" : message
        case .script(let line): "\(program): line \(line): \(message)"
        }
        write(line + "\n", to: STDERR_FILENO)
    }

    /// Says `message` as a refusal (`program: message` from the shell) and exits with `status`.
    package static func fail(_ message: String, status: Int32 = 1) -> Never {
        refuse(message)
        exit(status)
    }

    /// A progress line on standard error, redrawn in place; only on a terminal. `nil` clears it.
    package static func progress(_ text: String?) {
        guard isatty(STDERR_FILENO) == 1 else { return }
        write("\r\u{1B}[2K" + (text.map { VisibleText.safe($0) } ?? ""), to: STDERR_FILENO)
    }

    /// Whether standard error is a terminal (where progress is shown).
    package static var showsProgress: Bool { isatty(STDERR_FILENO) == 1 }

    private static func write(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
