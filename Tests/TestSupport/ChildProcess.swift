import Foundation

/// Runs a program to completion and returns what it printed.
///
/// Output goes to temporary files rather than pipes: reading a pipe with Foundation traps when
/// a signal interrupts the read (EINTR), which happens when tests run processes in parallel.
package enum ChildProcess {
    /// How a run ended and what it printed.
    package struct Result: Sendable {
        /// The exit status.
        package let status: Int32
        /// Standard output, as UTF-8.
        package let stdout: String
        /// Standard error, as UTF-8.
        package let stderr: String
        /// Standard output, as bytes.
        package let stdoutData: Data
    }

    /// Runs `executable arguments…` in `folder` with `environment` (the test's own when `nil`),
    /// feeding `input` on standard input (none when `nil`), and waits for it.
    package static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        input: Data? = nil, in folder: URL? = nil
    ) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("memoss-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        let inURL = scratch.appendingPathComponent("in")
        try (input ?? Data()).write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let folder { process.currentDirectoryURL = folder }
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let stdin = try FileHandle(forReadingFrom: inURL)
        defer { try? out.close(); try? err.close(); try? stdin.close() }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        process.waitUntilExit()

        let stdoutData = try Data(contentsOf: outURL)
        return Result(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self), stdoutData: stdoutData)
    }
}
