import Foundation
import Testing
import TestSupport

/// The systemd user unit shipped in `Support/` is one systemd accepts, runs `watch --notify` and
/// restarts on failure (checked with `systemd-analyze verify`, on a copy pointing at the built binary).
struct SystemdUnitTests {
    @Test func theShippedUnitIsValidAndRunsTheWatcher() throws {
        let unit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Support/memoss-watch.service")
        let text = try String(contentsOf: unit, encoding: .utf8)
        #expect(text.contains("\nExecStart=%h/.local/bin/memoss watch --notify\n"))
        #expect(text.contains("\nRestart=on-failure\n"))
        let temporary = try TemporaryFolder("memoss-unit")
        let copy = temporary.url.appendingPathComponent("memoss-watch.service")
        try text.replacingOccurrences(of: "%h/.local/bin/memoss", with: MemossProcess.executable.path)
            .write(to: copy, atomically: true, encoding: .utf8)
        let verify = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/systemd-analyze"), ["verify", copy.path])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stderr.isEmpty, "\(verify.stderr)")
    }
}
