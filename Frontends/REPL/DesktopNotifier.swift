import FrontSupport
import Foundation
import Shared

/// Desktop notifications through the freedesktop Notifications service on the session bus:
/// `Notify` and `CloseNotification` are called with `gdbus` (libglib2.0-bin), and `ActionInvoked`
/// signals are read from `dbus-monitor` (dbus-bin), so clicking "Complete" or "Snooze 15 min" on a
/// notification reaches `watch`. The service is looked for at each notification, so one that starts
/// after `watch` (a desktop logged in after the user's services) is used from then on. A
/// notification shown again (snoozed, fired again) replaces its popup, and an answered one is
/// closed.
final class DesktopNotifier: @unchecked Sendable {
    /// A button clicked on one of our notifications.
    struct Action: Sendable {
        /// Memoss's notification id.
        let notificationID: String
        /// `complete` or `snooze`.
        let key: String
    }

    /// What showing a notification did.
    enum Shown: Equatable {
        /// It is on the desktop.
        case shown
        /// No notification service answers on the bus (why, in the tool's words).
        case noService(String)
        /// The service did not take it (why).
        case refused(String)
    }

    private let environment: [String: String]
    private let lock = NSLock()
    /// The server's ids of the notifications shown, to Memoss's.
    private var shown: [UInt32: String] = [:]
    /// Memoss's ids to the server's, for a notification shown again (its popup is replaced).
    private var popups: [String: UInt32] = [:]
    /// The server's ids of the popups not closed yet.
    private var openPopups: Set<UInt32> = []
    private var monitor: ChildProgram?
    private var handle: (@Sendable (Action) -> Void)?

    /// A notifier on the session bus of `environment`, or why there is none (said once by `watch`).
    static func onSessionBus(environment: [String: String]) -> (DesktopNotifier?, String?) {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
            return (nil, "no session bus (DBUS_SESSION_BUS_ADDRESS is not set), so notifications are printed here instead.")
        }
        return (DesktopNotifier(environment: environment), nil)
    }

    private init(environment: [String: String]) {
        self.environment = environment
    }

    /// Whether a notification service answers on the bus now: its capabilities, or why not.
    func lookUpService() -> Result<String, ServiceProblem> {
        let capabilities = Self.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications",
                                     "--object-path", "/org/freedesktop/Notifications",
                                     "--method", "org.freedesktop.Notifications.GetCapabilities"], environment: environment)
        guard capabilities.status == 0 else { return .failure(ServiceProblem(reason: capabilities.error.trimmingWhitespace())) }
        return .success(capabilities.output)
    }

    /// Why no notification service answers.
    struct ServiceProblem: Error {
        /// In `gdbus`'s words.
        let reason: String
    }

    /// Shows `notification`: its title, a body that says when it was due (and its notes), and the
    /// three actions, in place of its earlier popup if it had one.
    func show(_ notification: DeliveredNotification, body: String) -> Shown {
        let capabilities: String
        switch lookUpService() {
        case .success(let answer): capabilities = answer
        case .failure(let problem): return .noService(problem.reason)
        }
        startMonitorIfNeeded()
        let request = notification.request
        let text = capabilities.contains("'body-markup'") ? Self.markupEscaped(body) : body
        let replaces = lock.withLock { popups[request.id] } ?? 0
        let result = Self.run([
            "gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications",
            "--object-path", "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.Notify",
            "Memoss", "\(replaces)", "''", Self.gvariantString(request.title), Self.gvariantString(text),
            "['complete', 'Complete', 'snooze', 'Snooze 15 min', 'dismiss', 'Dismiss']", "{'urgency': <byte 1>}", "0",
        ], environment: environment)
        guard result.status == 0, let id = Self.notificationID(result.output) else {
            return .refused(result.error.trimmingWhitespace())
        }
        lock.withLock {
            shown[id] = request.id
            popups[request.id] = id
            openPopups.insert(id)
        }
        return .shown
    }

    /// Closes the popups of notifications answered since (those not in `awaiting`, Memoss's ids of
    /// the delivered notifications still waiting for an answer).
    func closeAnswered(awaiting: Set<String>) {
        let answered = lock.withLock { popups.filter { !awaiting.contains($0.key) && openPopups.contains($0.value) }.map(\.value) }
        for id in answered { close(serverID: id) }
    }

    /// Closes the popup of Memoss's notification `notificationID`, if it is open.
    func close(_ notificationID: String) {
        if let id = lock.withLock({ popups[notificationID] }) { close(serverID: id) }
    }

    private func close(serverID: UInt32) {
        guard lock.withLock({ openPopups.remove(serverID) }) != nil else { return }
        _ = Self.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications",
                      "--object-path", "/org/freedesktop/Notifications",
                      "--method", "org.freedesktop.Notifications.CloseNotification", "\(serverID)"], environment: environment)
    }

    /// Reads `ActionInvoked` signals from now on; `handle` gets each click on one of our
    /// notifications (and the reader starts again at the next notification if the bus ended it).
    func listen(_ handle: @escaping @Sendable (Action) -> Void) {
        lock.withLock { self.handle = handle }
        startMonitorIfNeeded()
    }

    private func startMonitorIfNeeded() {
        guard lock.withLock({ monitor == nil && handle != nil }) else { return }
        let pipe = Pipe()
        let quiet = Glibc.open("/dev/null", O_WRONLY | O_CLOEXEC)
        let started = try? ChildProgram.start(
            ["dbus-monitor", "--session", "type='signal',interface='org.freedesktop.Notifications',member='ActionInvoked'"],
            environment: environment, output: pipe.fileHandleForWriting.fileDescriptor, error: quiet)
        if quiet >= 0 { Glibc.close(quiet) }
        try? pipe.fileHandleForWriting.close()
        guard let started else { return }
        lock.withLock { monitor = started }
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        Thread { [self] in
            readActions(from: descriptor)
            _ = started.wait()
            try? pipe.fileHandleForReading.close()
            lock.withLock { monitor = nil }
        }.start()
    }

    /// Reads `dbus-monitor`'s lines until it ends.
    private func readActions(from descriptor: Int32) {
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
                    let found = lock.withLock { () -> (String, (@Sendable (Action) -> Void))? in
                        guard let notificationID = shown[number], let handle else { return nil }
                        openPopups.remove(number)
                        return (notificationID, handle)
                    }
                    if let (notificationID, handle) = found { handle(Action(notificationID: notificationID, key: key)) }
                }
            }
        }
    }

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
