import Foundation

/// A one-line progress bar on standard error, only when it is a terminal: rows, rows per second
/// and, for a file, the share of its bytes read. Redrawn at most ten times a second.
@MainActor
final class Progress {
    private let totalBytes: Int?
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let started = ContinuousClock.now
    private var lastDrawn = ContinuousClock.now

    init(totalBytes: Int?) {
        self.totalBytes = totalBytes
    }

    func update(rows: Int, bytes: Int) {
        guard isTerminal, ContinuousClock.now - lastDrawn >= .milliseconds(100) else { return }
        lastDrawn = .now
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var line = "\r  \(rows) rows  \(Int(Double(rows) / max(seconds, 0.001))) rows/s"
        if let totalBytes, totalBytes > 0 { line += "  \(min(100, bytes * 100 / totalBytes))%" }
        FileHandle.standardError.write(Data((line + "   ").utf8))
    }

    func clear() {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}

/// Ctrl-C stops the import at once; the open transaction is never committed, so the store is unchanged.
enum Interruption {
    static func install() {
        signal(SIGINT) { _ in
            // Only async-signal-safe calls here: a static message, write, _exit.
            let message: StaticString = "\nmemoss-import: interrupted; nothing was imported.\n"
            _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
            _exit(130)
        }
    }
}
