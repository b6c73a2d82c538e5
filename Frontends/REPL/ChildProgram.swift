import CSystem
import Foundation

/// A program `watch` starts beside itself (`dbus-monitor`, an `--exec` command): in a process group
/// of its own with the signals a program expects (a thread of this process blocks most of them),
/// and stopped with its own children when `watch` is stopped (`memoss_stop_children_on_signals`).
struct ChildProgram: Sendable {
    /// Why a program could not start.
    struct StartFailure: Error {
        /// The system's words.
        let reason: String
    }

    /// Its process id, which is also its group's.
    let pid: pid_t

    /// Starts `arguments` (the first one found on `PATH` by `/usr/bin/env`) with `environment`,
    /// writing to `output` and `error` (this process's own when -1).
    /// - Throws: `StartFailure` when it cannot start.
    static func start(_ arguments: [String], environment: [String: String], output: Int32 = -1, error: Int32 = -1) throws -> ChildProgram {
        let argv = (["env"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let pid = memoss_spawn_child("/usr/bin/env", argv, envp, output, error)
        guard pid > 0 else { throw StartFailure(reason: String(cString: strerror(errno))) }
        return ChildProgram(pid: pid)
    }

    /// Waits for it to end: its exit status, or 128 + the signal that ended it.
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { break }
        }
        memoss_child_ended(pid)
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Sends `signal` to it and everything it started.
    func signalGroup(_ signal: Int32) {
        kill(-pid, signal)
    }
}
