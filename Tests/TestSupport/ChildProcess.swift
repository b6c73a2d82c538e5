import CSystem
import Foundation

/// Runs a program to completion and returns what it printed.
///
/// Started with `posix_spawn` as Memoss starts its own children (`memoss_spawn`): in a process
/// group of its own, signals unblocked and at their defaults, standard input, output and errors on
/// files, and no other descriptor of the tests; waited for with `waitpid`. Foundation's `Process`
/// learns that a child ended when a socket it shares with the child closes, and a program another
/// test starts at the same moment can inherit that socket and keep it open: the first program then
/// never "ends". Output goes to temporary files rather than pipes, so a program that fills one
/// never waits on a test that is not reading.
package enum ChildProcess {
    /// How a run ended and what it printed.
    package struct Result: Sendable {
        /// The exit status; the signal's number when a signal ended it (as Foundation gives it).
        package let status: Int32
        /// Standard output, as UTF-8.
        package let stdout: String
        /// Standard error, as UTF-8.
        package let stderr: String
        /// Standard output, as bytes.
        package let stdoutData: Data
    }

    /// Runs `executable arguments…` in `folder` (the test's own when `nil`) with `environment` (the
    /// test's own when `nil`), feeding `input` on standard input (none when `nil`), and waits for it
    /// (`longestRun` at most).
    package static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, input: Data? = nil, in folder: URL? = nil
    ) throws -> Result {
        try start(executable, arguments, environment: environment, input: input, in: folder).wait()
    }

    /// A program started and not yet waited for. Killed with its group if it is still running when
    /// the test lets it go, so a test that fails half way leaves nothing behind.
    package final class Running: @unchecked Sendable {
        /// Its process id.
        package let pid: Int32
        let scratch: URL
        let command: String
        private let lock = NSLock()
        /// What `waitpid` said once it ended; guarded by `lock`.
        private var ended: Int32?

        init(pid: Int32, scratch: URL, command: String) {
            self.pid = pid
            self.scratch = scratch
            self.command = command
        }

        deinit {
            if isRunning { kill() }
            _ = reap(blocking: true)
            try? FileManager.default.removeItem(at: scratch)
        }

        /// Its `waitpid` status once it has ended, reaping it; `nil` while it runs.
        private func reap(blocking: Bool) -> Int32? {
            lock.withLock {
                if let ended { return ended }
                var status: Int32 = 0
                var result: pid_t
                repeat { result = waitpid(pid, &status, blocking ? 0 : WNOHANG) } while result == -1 && errno == EINTR
                // 0: still running; -1 (ECHILD): nothing more to learn of it.
                if result != 0 { ended = result == pid ? status : 0 }
                return ended
            }
        }

        /// Kills it and whatever it started in its group.
        private func kill() {
            Glibc.kill(-pid, SIGKILL)
            Glibc.kill(pid, SIGKILL)
        }

        /// Whether it still runs.
        package var isRunning: Bool { reap(blocking: false) == nil }

        /// Sends `signal` (SIGKILL, SIGINT …) unless it has ended.
        package func send(_ signal: Int32) {
            if isRunning { Glibc.kill(pid, signal) }
        }

        /// What it has printed on standard output so far.
        package var outputSoFar: String { read("out") }

        /// What it has printed on standard error so far.
        package var errorsSoFar: String { read("err") }

        private func read(_ name: String) -> String {
            String(decoding: (try? Data(contentsOf: scratch.appendingPathComponent(name))) ?? Data(), as: UTF8.self)
        }

        /// Waits for it to end; past `limit` seconds it is killed with its group and the result says
        /// so (status `ChildProcess.timedOut`, and a last line on standard error naming the limit).
        /// No wait is endless: a program that hangs fails its test instead of stopping the whole run.
        package func wait(limit: TimeInterval = ChildProcess.longestRun) throws -> Result {
            let deadline = Date().addingTimeInterval(limit)
            while isRunning && Date() < deadline { usleep(2_000) }
            let timedOut = isRunning
            if timedOut { kill() }
            let status = reap(blocking: true) ?? 0
            let stdoutData = try Data(contentsOf: scratch.appendingPathComponent("out"))
            let exit: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : status & 0x7F
            return Result(status: timedOut ? ChildProcess.timedOut : exit,
                          stdout: String(decoding: stdoutData, as: UTF8.self),
                          stderr: read("err") + (timedOut ? "[killed by the test after \(Int(limit)) s: \(command)]\n" : ""),
                          stdoutData: stdoutData)
        }
    }

    /// The status `wait(limit:)` gives a program it had to kill.
    package static let timedOut: Int32 = -999

    /// How long a program may run when a test sets no limit of its own: far past what any of
    /// them takes on a loaded machine (a sync has its own bound of 900 s, `--max-time`), short
    /// enough that a hang fails one test and the run goes on.
    package static let longestRun: TimeInterval = 600

    /// Why a program could not be started.
    package struct StartFailure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts `executable arguments…` as `run` does, without waiting.
    package static func start(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, input: Data? = nil, in folder: URL? = nil
    ) throws -> Running {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("memoss-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let inPath = scratch.appendingPathComponent("in").path
        try (input ?? Data()).write(to: URL(fileURLWithPath: inPath))
        let descriptors = [open(inPath, O_RDONLY | O_CLOEXEC),
                           open(scratch.appendingPathComponent("out").path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600),
                           open(scratch.appendingPathComponent("err").path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)]
        defer { for descriptor in descriptors where descriptor >= 0 { close(descriptor) } }
        let words = [executable.path] + arguments
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let pid = descriptors.contains { $0 < 0 } ? -1
            : memoss_spawn(executable.path, argv, envp, folder?.path, input == nil ? -1 : descriptors[0], descriptors[1], descriptors[2])
        guard pid > 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: scratch)
            throw StartFailure(description: "\(executable.path) could not be started: \(reason)")
        }
        return Running(pid: pid, scratch: scratch, command: words.joined(separator: " "))
    }
}
