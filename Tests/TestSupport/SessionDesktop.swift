import Foundation

/// A desktop session for `watch --notify`, started in a temporary folder and stopped when released:
/// a session bus (`dbus-daemon`) that starts no service on demand, so the notification server is
/// there only once a test starts it, and a headless X server (`Xvfb`) for `dunst`.
package final class SessionDesktop: @unchecked Sendable {
    /// The environment a program of this session runs with (`HOME` the folder, `TZ` UTC).
    package let environment: [String: String]
    private let bus: ChildProcess.Running
    private let xvfb: ChildProcess.Running
    private var dunst: ChildProcess.Running?
    private let folder: URL

    /// Starts the bus and the X server in `folder`, with `extra` in the environment.
    package init(folder: URL, extra: [String: String] = [:]) throws {
        self.folder = folder
        let socket = folder.appendingPathComponent("bus").path
        let config = folder.appendingPathComponent("bus.conf")
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        bus = try ChildProcess.start(URL(fileURLWithPath: "/usr/bin/dbus-daemon"),
                                     ["--config-file=\(config.path)", "--nofork", "--nopidfile"])
        let display = ":\(1_000 + Int(getpid() % 800))"
        xvfb = try ChildProcess.start(URL(fileURLWithPath: "/usr/bin/Xvfb"), [display, "-screen", "0", "800x600x24", "-nolisten", "tcp"])
        environment = ["HOME": folder.path, "PATH": "/usr/bin:/bin", "TZ": "UTC", "DISPLAY": display,
                       "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(socket)"].merging(extra) { $1 }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !(FileManager.default.fileExists(atPath: socket)
            && FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display.dropFirst())")) { usleep(50_000) }
    }

    /// Starts the notification server (`dunst`) and waits until it answers.
    package func startNotificationServer() throws {
        let config = folder.appendingPathComponent("dunstrc").path
        try "[global]\n    dmenu = /bin/true\n".write(toFile: config, atomically: true, encoding: .utf8)
        dunst = try ChildProcess.start(URL(fileURLWithPath: "/usr/bin/dunst"), ["-config", config], environment: environment)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, (try? dunstctl("is-paused").status) != 0 { usleep(50_000) }
    }

    /// Runs `dunstctl arguments…` in this session.
    @discardableResult
    package func dunstctl(_ arguments: String...) throws -> ChildProcess.Result {
        try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/dunstctl"), arguments, environment: environment)
    }

    /// How many popups the server shows now.
    package func popupsShown() throws -> Int? {
        Int(try dunstctl("count", "displayed").stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    deinit {
        for process in [dunst, xvfb, bus].compactMap(\.self) {
            process.send(SIGTERM)
            _ = try? process.wait(limit: 5)
        }
    }
}
