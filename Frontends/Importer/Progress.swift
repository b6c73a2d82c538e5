import FrontSupport
import Foundation
import Shared

/// A one-line progress bar on standard error, only when it is a terminal: rows, rows per second
/// and, for a file, the share of its bytes read. Redrawn at most ten times a second.
@MainActor
final class Progress {
    private let totalBytes: Int?
    private let isTerminal = Output.showsProgress
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
        var line = "  \(rows) rows  \(Int(Double(rows) / max(seconds, 0.001))) rows/s"
        if let totalBytes, totalBytes > 0 { line += "  \(min(100, bytes * 100 / totalBytes))%" }
        Output.progress(line)
    }

    func clear() {
        guard isTerminal else { return }
        Output.progress(nil)
    }
}

/// Ctrl-C stops the import at once. Before the commit nothing is in the store (its transaction
/// is never committed); after it, everything is, and the message says so. During the commit the
/// interruption waits for it to end, so what is said is always what happened.
enum Interruption {
    /// 0 reading, 1 committing, 2 committed: written by the import, read by the signal handler.
    nonisolated(unsafe) private static var phase: sig_atomic_t = 0
    /// Set by the handler when Ctrl-C came during the commit.
    nonisolated(unsafe) private static var pending: sig_atomic_t = 0

    static func install() {
        signal(SIGINT) { _ in
            // Only async-signal-safe calls here: a static message, write, _exit.
            if Interruption.phase == 1 { Interruption.pending = 1; return }
            Interruption.stop()
        }
    }

    /// Says what is in the store and exits with 130.
    private static func stop() -> Never {
        let before: StaticString = "\nmemoss-import: interrupted; nothing was imported.\n"
        let after: StaticString = "\nmemoss-import: interrupted after the import was committed: its rows are in the store (memoss undo takes them back).\n"
        let message = phase == 2 ? after : before
        _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
        _exit(130)
    }

    /// Follows the import's commit; an interruption held during it takes effect once it is over.
    @Sendable static func follow(_ commit: CommitPhase) {
        switch commit {
        case .starting: phase = 1
        case .done: phase = 2
        case .failed: phase = 0
        }
        if commit != .starting && pending != 0 { stop() }
    }
}
