import Foundation
import TestSupport

/// Runs the built `memoss` executable as a user would from a shell.
struct MemossProcess {
    /// The built `memoss`.
    static var executable: URL { BuiltProduct.url("memoss") }

    /// Runs `memoss arguments…` with exactly `environment`, feeding `lines` on standard input
    /// (none when `nil`), and waits for it.
    static func run(_ arguments: [String], environment: [String: String], lines: [String]? = nil) throws -> ChildProcess.Result {
        try ChildProcess.run(executable, arguments, environment: environment,
                             input: lines.map { Data(($0.joined(separator: "\n") + "\n").utf8) })
    }
}
