import Foundation

/// Runs the built `memoss` executable as a user would from a shell.
struct MemossProcess {
    /// What a run printed and how it ended.
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

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

    /// Runs `memoss arguments…` with exactly `environment`, no standard input, and waits for it.
    static func run(_ arguments: [String], environment: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}
