import CSystem
import Foundation

/// Runs a program that may leave a server behind (tmux forks one on its first command) and waits
/// for that program alone, with `waitpid`. It starts as the product's own children do: standard
/// input from /dev/null, output and errors into the files given, no other descriptor of the tests
/// (so a server it leaves holds no pipe of the test run open), and signals unblocked and at their
/// defaults (the test's threads block some, and a server that inherited that would never hear it
/// is told to stop).
package enum DetachedSpawn {
    /// Runs `path arguments…` with exactly `environment`; returns its exit status, or `nil` when it
    /// could not be started.
    package static func run(_ path: String, _ arguments: [String], environment: [String],
                            output: String, errors: String) -> Int32? {
        let out = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let err = open(errors, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            if out >= 0 { close(out) }
            if err >= 0 { close(err) }
        }
        guard out >= 0, err >= 0 else { return nil }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let pid = memoss_spawn_child(path, argv, envp, out, err)
        guard pid > 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        memoss_child_ended(pid)
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
