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

    /// Runs `memoss arguments…` with exactly `environment` and no standard input, and waits for it.
    static func run(_ arguments: [String], environment: [String: String]) throws -> ChildProcess.Result {
        try ChildProcess.run(executable, arguments, environment: environment)
    }
}
