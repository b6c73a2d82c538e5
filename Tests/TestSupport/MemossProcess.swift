import Foundation
import Shared

/// Runs the built programs as a user would from a shell, on the tests' clock and in a fixed zone:
/// unless a test sets `MEMOSS_CLOCK` or `TZ` itself, they see `testNow` in New York, whatever the
/// day and the machine.
package enum MemossProcess {
    /// The built `memoss`.
    package static var executable: URL { BuiltProduct.url("memoss") }
    /// The built `memoss-import`.
    package static var importer: URL { BuiltProduct.url("memoss-import") }

    /// `environment` with the tests' clock and zone where it does not set its own.
    package static func onTestClock(_ environment: [String: String]) -> [String: String] {
        environment.merging([SetClock.variable: memossClock(), "TZ": newYork.identifier]) { own, _ in own }
    }

    /// Runs `program arguments…` (`memoss` unless said) with `environment` and the tests' clock,
    /// feeding `lines` on standard input (none when `nil`), and waits for it.
    package static func run(
        _ arguments: [String], environment: [String: String], lines: [String]? = nil, program: URL = executable
    ) throws -> ChildProcess.Result {
        try start(arguments, environment: environment, lines: lines, program: program).wait()
    }

    /// Starts `program arguments…` as `run` does, without waiting.
    package static func start(
        _ arguments: [String], environment: [String: String], lines: [String]? = nil, program: URL = executable
    ) throws -> ChildProcess.Running {
        try ChildProcess.start(program, arguments, environment: onTestClock(environment),
                               input: lines.map { Data(($0.joined(separator: "\n") + "\n").utf8) })
    }
}
