import ArgumentParser
import Foundation
import Shared

/// A command refused for a reason the user can act on; said on one line, exit status 1.
package struct Refusal: Error {
    /// The sentence shown.
    package let message: String

    /// A refusal saying `message`.
    package init(message: String) {
        self.message = message
    }
}

/// An option or argument value that could not be read: a usage error, exit status 2.
package struct UsageProblem: Error {
    /// The sentence shown.
    package let message: String

    /// A usage problem saying `message`.
    package init(message: String) {
        self.message = message
    }
}

/// How a failure ends a command: the sentence said and the exit status, for every front.
package struct Failure {
    /// The sentence, `nil` when there is nothing to say (an exit status passed on as it is).
    package let message: String?
    /// The status the process exits with.
    package let status: Int32
    /// Whether `message` is argument-parser's own text (help or a version), written as it is
    /// rather than as a refusal.
    package let isParserText: Bool

    /// What `error` says and exits with:
    /// - a `Refusal` or a failure of the core (`UserFacingError`): its sentence, status 1;
    /// - a `UsageProblem`: its sentence, status 2;
    /// - an `ExitCode`: nothing, that status;
    /// - what argument-parser throws (while `root`'s command line is parsed, or from a command: a
    ///   `ValidationError`, `CleanExit`, or its `help` command's request): its text for help (status
    ///   0), one line for a usage error (status 2);
    /// - anything else: "Something went wrong: …", status 1.
    ///
    /// `brief` keeps argument-parser's message to its first part (no usage lines), as the prompt shows it.
    package init(_ error: any Error, root: any ParsableCommand.Type, whileParsing: Bool = false, brief: Bool = false) {
        switch error {
        case let refusal as Refusal: (message, status, isParserText) = (refusal.message, 1, false)
        case let problem as UsageProblem: (message, status, isParserText) = (problem.message, 2, false)
        case let error as any UserFacingError: (message, status, isParserText) = (error.message, 1, false)
        case let code as ExitCode: (message, status, isParserText) = (nil, code.rawValue, false)
        case _ where whileParsing || String(reflecting: type(of: error)).hasPrefix("ArgumentParser."):
            let code = root.exitCode(for: error)
            status = code == .validationFailure ? 2 : code.rawValue
            // Help and versions are argument-parser's whole text; a usage error is one line, its
            // sentence and where the command's options are (its usage lines are in that help).
            // argument-parser quotes what was typed: nothing raw reaches the terminal.
            let text = status == 0 ? root.fullMessage(for: error) : Self.oneLine(root.message(for: error),
                                                                                  seeing: brief ? nil : root.fullMessage(for: error))
            isParserText = status == 0
            message = text.isEmpty ? nil : text
        default: (message, status, isParserText) = (ErrorMessage.describe(error), 1, false)
        }
    }

    /// `sentence` (argument-parser's message, its lines joined: "Unknown option '-oout.csv' or:
    /// Missing value for '-o <FILE>' …") ending in a full stop, then, from argument-parser's `full`
    /// text, where to see the command's options: "Unknown option '--bogus'. See 'memoss add --help'."
    static func oneLine(_ sentence: String, seeing full: String?) -> String {
        let first = sentence.split(separator: "\n").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.joined(separator: " ")
        guard !first.isEmpty else { return "" }
        let stop = [".", "?", "!"].contains(where: first.hasSuffix) ? "" : "."
        guard let full, let see = full.range(of: "See '"), let end = full[see.upperBound...].firstIndex(of: "'") else {
            return first + stop
        }
        return first + stop + " See '" + full[see.upperBound..<end] + "'."
    }

    /// Says the failure and exits: help and versions on standard output, the rest on standard error.
    package func exit() -> Never {
        if let message {
            if status == 0 {
                Output.say(message)
            } else if isParserText {
                Output.note(message, keepingLineBreaks: true)
            } else {
                Output.refuse(message)
            }
        }
        Foundation.exit(status)
    }
}
