import ArgumentParser
import Foundation
import Shared

/// Where the front writes: results on standard output, refusals on standard error.
enum Terminal {
    /// Writes `line` to standard output at once (unbuffered), for a process that keeps running.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Prints `message` as `memoss: warning: message` on standard error.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("memoss: warning: \(VisibleText.safe(message))\n".utf8))
    }

    /// Prints `message` as `memoss: message` on standard error and exits with `status`.
    static func fail(_ message: String, status: Int32 = 1) -> Never {
        FileHandle.standardError.write(Data("memoss: \(VisibleText.safe(message))\n".utf8))
        exit(status)
    }
}
