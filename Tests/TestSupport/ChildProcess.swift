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
        try start(executable, arguments, environment: environment, input: input, in: folder).wait()
    }

    /// A program started and not yet waited for.
    package final class Running: @unchecked Sendable {
        let process: Process
        let scratch: URL
        let handles: [FileHandle]

        init(process: Process, scratch: URL, handles: [FileHandle]) {
            self.process = process
            self.scratch = scratch
            self.handles = handles
        }

        /// The command line, for a message.
        var describe: String {
            ([process.executableURL?.lastPathComponent ?? "?"] + (process.arguments ?? [])).joined(separator: " ")
        }

        /// What it has printed on standard output so far.
        package var outputSoFar: String {
            String(decoding: (try? Data(contentsOf: scratch.appendingPathComponent("out"))) ?? Data(), as: UTF8.self)
        }

        /// What it has printed on standard error so far.
        package var errorsSoFar: String {
            String(decoding: (try? Data(contentsOf: scratch.appendingPathComponent("err"))) ?? Data(), as: UTF8.self)
        }

        /// Its process id.
        package var pid: Int32 { process.processIdentifier }

        /// Whether it still runs.
        package var isRunning: Bool { process.isRunning }

        /// Sends `signal` (SIGKILL, SIGINT …) unless it has ended.
        package func send(_ signal: Int32) {
            if process.isRunning { kill(process.processIdentifier, signal) }
        }

        /// Waits for it to end; past `limit` seconds it is killed and the result says so (status
        /// `ChildProcess.timedOut`, and a last line on standard error naming the limit). No wait is
        /// endless: a program that hangs fails its test instead of stopping the whole run.
        package func wait(limit: TimeInterval = ChildProcess.longestRun) throws -> Result {
            defer {
                for handle in handles { try? handle.close() }
                try? FileManager.default.removeItem(at: scratch)
            }
            var timedOut = false
            let deadline = Date().addingTimeInterval(limit)
            while process.isRunning && Date() < deadline { usleep(2_000) }
            if process.isRunning { timedOut = true; kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            let stdoutData = try Data(contentsOf: scratch.appendingPathComponent("out"))
            return Result(status: timedOut ? ChildProcess.timedOut : process.terminationStatus,
                          stdout: String(decoding: stdoutData, as: UTF8.self),
                          stderr: String(decoding: try Data(contentsOf: scratch.appendingPathComponent("err")), as: UTF8.self)
                            + (timedOut ? "[killed by the test after \(Int(limit)) s: \(describe)]\n" : ""),
                          stdoutData: stdoutData)
        }
    }

    /// The status `wait(limit:)` gives a program it had to kill.
    package static let timedOut: Int32 = -999

    /// How long a program may run when a test sets no limit of its own: far past what any of
    /// them takes on a loaded machine (a sync has its own bound of 900 s, `--max-time`), short
    /// enough that a hang fails one test and the run goes on.
    package static let longestRun: TimeInterval = 600

    /// Starts `executable arguments…` as `run` does, without waiting.
    package static func start(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        input: Data? = nil, in folder: URL? = nil
    ) throws -> Running {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("memoss-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
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
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        do {
            try process.run()
        } catch {
            for handle in [out, err, stdin] { try? handle.close() }
            try? FileManager.default.removeItem(at: scratch)
            throw error
        }
        return Running(process: process, scratch: scratch, handles: [out, err, stdin])
    }
}
