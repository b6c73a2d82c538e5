import Foundation
import TestSupport

/// Runs the built `memoss` executable as a user would from a shell.
struct MemossProcess {
    /// The `memoss` binary next to the test bundle (SwiftPM builds it first: the test target depends on it).
    static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On Linux the runner is …/debug/MemossPackageTests.xctest; inside a bundle, climb out of it.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("memoss").path),
              folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("memoss")
    }

    /// Runs `memoss arguments…` with exactly `environment`, feeding `lines` on standard input
    /// (none when `nil`), and waits for it.
    static func run(_ arguments: [String], environment: [String: String], lines: [String]? = nil) throws -> ChildProcess.Result {
        try ChildProcess.run(executable, arguments, environment: environment,
                             input: lines.map { Data(($0.joined(separator: "\n") + "\n").utf8) })
    }
}
