import FrontSupport
import Foundation
import Shared

/// Desktop notifications through the freedesktop Notifications service on the session bus:
/// `Notify` is called with `gdbus` (libglib2.0-bin), and `ActionInvoked` signals are read from
/// `dbus-monitor` (dbus-bin), so clicking "Complete" or "Snooze 15 min" on a notification reaches
/// `watch`.
final class DesktopNotifier: @unchecked Sendable {
    /// A button clicked on one of our notifications.
    struct Action: Sendable {
        /// Memoss's notification id.
        let notificationID: String
        /// `complete` or `snooze`.
        let key: String
    }

    private let environment: [String: String]
    private let lock = NSLock()
    /// The server's ids of the notifications shown, to Memoss's.
    private var shown: [UInt32: String] = [:]
    private var monitor: Process?
    private let supportsMarkup: Bool
    /// The signal monitor's process, for the signal handlers (a word-sized store and load).
    nonisolated(unsafe) private static var monitorPID: pid_t = 0

    /// A notifier on the session bus of `environment`, or why there is none (said once by `watch`).
    static func connect(environment: [String: String]) -> (DesktopNotifier?, String?) {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
            return (nil, "no session bus (DBUS_SESSION_BUS_ADDRESS is not set), so notifications are printed here instead.")
        }
        let capabilities = run(["gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications",
                                "--object-path", "/org/freedesktop/Notifications",
                                "--method", "org.freedesktop.Notifications.GetCapabilities"], environment: environment)
        guard capabilities.status == 0 else {
            return (nil, "no notification service answers on the session bus (\(capabilities.error.trimmingWhitespace())), "
                + "so notifications are printed here instead.")
        }
        return (DesktopNotifier(environment: environment, supportsMarkup: capabilities.output.contains("'body-markup'")), nil)
    }

    private init(environment: [String: String], supportsMarkup: Bool) {
        self.environment = environment
        self.supportsMarkup = supportsMarkup
    }

    /// Shows `notification`: its title, a body that says when it was due (and its notes), and the
    /// two actions. Returns false (and why) when the service refused.
    func show(_ notification: DeliveredNotification, body: String) -> (Bool, String?) {
        let request = notification.request
        let text = supportsMarkup ? Self.markupEscaped(body) : body
        let result = Self.run([
            "gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications",
            "--object-path", "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.Notify",
            "Memoss", "0", "''", Self.gvariantString(request.title), Self.gvariantString(text),
            "['complete', 'Complete', 'snooze', 'Snooze 15 min']", "{'urgency': <byte 1>}", "0",
        ], environment: environment)
        guard result.status == 0, let id = Self.notificationID(result.output) else {
            return (false, result.error.trimmingWhitespace())
        }
        lock.withLock { shown[id] = request.id }
        return (true, nil)
    }

    /// Starts reading `ActionInvoked` signals; `handle` gets each click on one of our notifications.
    func listen(_ handle: @escaping @Sendable (Action) -> Void) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["dbus-monitor", "--session",
                             "type='signal',interface='org.freedesktop.Notifications',member='ActionInvoked'"]
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return }
        monitor = process
        // Ctrl-C or a stop from systemd ends the monitor with the watcher.
        Self.monitorPID = process.processIdentifier
        for stop in [SIGINT, SIGTERM] {
            signal(stop) { received in
                if DesktopNotifier.monitorPID > 0 { kill(DesktopNotifier.monitorPID, SIGTERM) }
                _exit(128 + received)
            }
        }
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        let thread = Thread { [self] in
            var pending = ""
            var id: UInt32?
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 4_096)
            defer { buffer.deallocate() }
            while true {
                let count = read(descriptor, buffer, 4_096)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return }
                pending += String(decoding: UnsafeBufferPointer(start: buffer, count: count), as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let line = pending[..<newline].trimmingWhitespace()
                    pending = String(pending[pending.index(after: newline)...])
                    // member=ActionInvoked, then "uint32 N", then "string "KEY"".
                    if line.hasPrefix("signal ") { id = nil } else if line.hasPrefix("uint32 ") {
                        id = UInt32(line.dropFirst(7))
                    } else if line.hasPrefix("string \""), let number = id {
                        let key = String(line.dropFirst(8).dropLast())
                        if let notificationID = lock.withLock({ shown[number] }) {
                            handle(Action(notificationID: notificationID, key: key))
                        }
                    }
                }
            }
        }
        thread.start()
    }

    deinit { monitor?.terminate() }

    /// `(uint32 7,)` → 7.
    static func notificationID(_ output: String) -> UInt32? {
        guard let range = output.range(of: "uint32 ") else { return nil }
        return UInt32(output[range.upperBound...].prefix { $0.isNumber })
    }

    /// `text` as a GVariant text-format string literal, which `gdbus call` reads exactly.
    static func gvariantString(_ text: String) -> String {
        var literal = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": literal += "\\'"
            case "\\": literal += "\\\\"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                literal += String(format: "\\u%04x", scalar.value)
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "'"
    }

    /// `&`, `<` and `>` as entities, for a server that reads the body as markup.
    private static func markupEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    private static func run(_ arguments: [String], environment: [String: String]) -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        guard (try? process.run()) != nil else { return (127, "", "\(arguments[0]) is not installed") }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
