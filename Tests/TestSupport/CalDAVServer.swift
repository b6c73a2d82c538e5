import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real CalDAV server (Radicale or Xandikos, from PyPI) on a free loopback port with its data in
/// a temporary folder, with one task list; stopped when released.
package final class CalDAVServer: @unchecked Sendable {
    package enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case radicale, xandikos
        package var description: String { rawValue }
    }

    package let kind: Kind
    package let port: Int
    private let folder: TemporaryFolder
    private let process: ChildProcess.Running

    /// The task list's path and address.
    package var collectionPath: String { kind == .radicale ? "/alice/tasks/" : "/user/calendars/calendar/" }
    package var collectionURL: String { "http://127.0.0.1:\(port)\(collectionPath)" }
    /// Where discovery starts: the user's principal.
    package var rootURL: String { "http://127.0.0.1:\(port)\(kind == .radicale ? "/alice/" : "/")" }
    package var user: String { kind == .radicale ? "alice" : "user" }

    /// The password the server asks for (Radicale only), `nil` for none.
    package let password: String?

    package init(_ kind: Kind, password: String? = nil) throws {
        self.kind = kind
        self.password = password
        folder = try TemporaryFolder("memoss-\(kind)")
        var authentication = ["--auth-type=none"]
        if let password {
            try "alice:\(password)\n".write(toFile: folder.path("users"), atomically: true, encoding: .utf8)
            authentication = ["--auth-type=htpasswd", "--auth-htpasswd-filename=\(folder.path("users"))",
                              "--auth-htpasswd-encryption=plain"]
        }
        let data = folder.path("data")
        (port, process) = try Self.startListening { port in
            switch kind {
            case .radicale:
                ["python3", "-m", "radicale", "--storage-filesystem-folder=\(data)",
                 "--server-hosts=127.0.0.1:\(port)", "--logging-level=warning"] + authentication
            case .xandikos:
                ["python3", "-m", "xandikos.web", "-d", data, "-l", "127.0.0.1", "-p", "\(port)",
                 "--autocreate", "--defaults"]
            }
        }
        if kind == .radicale {
            let status = try request("MKCALENDAR", collectionPath, body: """
                <?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
                <d:displayname>Tasks</d:displayname><c:supported-calendar-component-set><c:comp name="VTODO"/>\
                </c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>
                """).status
            guard status == 201 else { throw ServerError(message: "MKCALENDAR answered \(status)") }
        }
    }

    deinit {
        process.send(SIGTERM)
        _ = try? process.wait(limit: 2)
    }

    struct ServerError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// One request to the server, answered synchronously: status, headers and body.
    @discardableResult
    package func request(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:],
                         port: Int? = nil) throws -> (status: Int, headers: [String: String], body: String) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port ?? self.port)\(path)")!)
        request.httpMethod = method
        request.timeoutInterval = 120
        request.setValue("Basic " + Data("\(user):\(password ?? "x")".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = Data(body.utf8)
            if headers["Content-Type"] == nil { request.setValue("application/xml", forHTTPHeaderField: "Content-Type") }
        }
        final class Box: @unchecked Sendable { var result: (Int, [String: String], String)?; var error: Error? }
        let box = Box(), done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let http = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (key, value) in http.allHeaderFields { headers[String(describing: key).lowercased()] = String(describing: value) }
                box.result = (http.statusCode, headers, String(decoding: data ?? Data(), as: UTF8.self))
            }
            box.error = error
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 180) == .success else {
            throw ServerError(message: "\(method) \(path) had no answer from the test server within 180 s")
        }
        guard let result = box.result else { throw box.error ?? ServerError(message: "no answer") }
        return result
    }

    /// The UIDs of the task list's resources, one per resource (so a duplicate shows twice).
    package func uids() throws -> [String] {
        let answer = try request("REPORT", collectionPath, body: """
            <?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
            <d:prop><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"/></c:filter></c:calendar-query>
            """, headers: ["Depth": "1"])
        guard answer.status == 207 else { throw ServerError(message: "calendar-query answered \(answer.status): \(answer.body.prefix(500))") }
        return answer.body.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.hasPrefix("UID:") ? String(trimmed.dropFirst(4)) : nil
        }.sorted()
    }

    /// A resource's text.
    package func resource(_ name: String) throws -> String {
        try request("GET", collectionPath + name).body
    }

    /// Ports handed out by `freePort()` in this test process, never handed out twice.
    nonisolated(unsafe) private static var handedOut: Set<Int> = []
    private static let handedOutLock = NSLock()

    /// A port nothing listens on now, and that no other test of this process was given.
    package static func freePort() throws -> Int {
        for _ in 0..<100 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
            }
            guard bound else { throw ServerError(message: "no free port") }
            let port = Int(UInt16(bigEndian: address.sin_port))
            if handedOutLock.withLock({ handedOut.insert(port).inserted }) { return port }
        }
        throw ServerError(message: "no free port that was not handed out already")
    }

    /// Starts `/usr/bin/env arguments(port)…` on a free port and waits until it listens there. A
    /// port can be taken by another process between `freePort()` and the server's bind: the server
    /// then stops or never listens, and it is started again on another port (three tries).
    package static func startListening(_ arguments: (_ port: Int) throws -> [String]) throws -> (port: Int, process: ChildProcess.Running) {
        var failure: Error = ServerError(message: "not started")
        for _ in 0..<3 {
            let port = try freePort()
            let process = try ChildProcess.start(URL(fileURLWithPath: "/usr/bin/env"), try arguments(port))
            do {
                try waitUntilListening(port, process: process)
                return (port, process)
            } catch {
                failure = error
                process.send(SIGKILL)
                _ = try? process.wait(limit: 10)
            }
        }
        throw failure
    }

    /// Waits (up to 30 s) until `process` itself listens on `port` of 127.0.0.1: something else
    /// listening there (another test's server that took the port) does not count.
    package static func waitUntilListening(_ port: Int, process: ChildProcess.Running) throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if listens(process.pid, on: port) { return }
            guard process.isRunning else {
                let result = try process.wait()
                throw ServerError(message: "the server stopped (\(result.status)): \(result.stderr.suffix(2_000))")
            }
            usleep(50_000)
        }
        throw ServerError(message: "the server does not listen on \(port) after 30 s")
    }

    /// Whether `pid` holds a listening socket on 127.0.0.1:`port` (or on every address at that
    /// port), read from /proc: the socket's inode in /proc/net/tcp among the process's descriptors.
    private static func listens(_ pid: Int32, on port: Int) -> Bool {
        guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return false }
        let hexPort = String(format: "%04X", port)
        let local = ["0100007F:" + hexPort, "00000000:" + hexPort]
        let inodes = Set(table.split(separator: "\n").dropFirst().compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count > 9, local.contains(String(fields[1])), fields[3] == "0A" else { return nil }
            return "socket:[\(fields[9])]"
        })
        guard !inodes.isEmpty else { return false }
        let folder = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return descriptors.contains { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(name)")).map(inodes.contains) ?? false
        }
    }
}

/// `caldav_fault_proxy.py` in front of a server: forwards, or misbehaves as its mode file says.
package final class FaultProxy: @unchecked Sendable {
    package let port: Int
    private let modeFile: String
    private let process: ChildProcess.Running

    package init(in folder: TemporaryFolder, upstream: CalDAVServer, script: URL) throws {
        let modeFile = folder.path("proxy-mode-\(UUID().uuidString)")
        try "pass".write(toFile: modeFile, atomically: true, encoding: .utf8)
        self.modeFile = modeFile
        (port, process) = try CalDAVServer.startListening { port in
            ["python3", script.path, "\(port)", "\(upstream.port)", modeFile]
        }
    }

    deinit {
        process.send(SIGKILL)
        _ = try? process.wait(limit: 10)
    }

    /// Sets what the proxy does from the next request on.
    package func set(_ mode: String) throws { try mode.write(toFile: modeFile, atomically: true, encoding: .utf8) }

    /// The requests it forwarded, as "METHOD PATH STATUS" lines.
    package var log: [String] {
        ((try? String(contentsOfFile: modeFile + ".log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}

/// `hostile_caldav.py` in front of a server: forwards, or misbehaves as its mode file says, over
/// http or (given a certificate) https; with "sink" listeners that stand for other servers and
/// record any connection they get.
package final class HostileServer: @unchecked Sendable {
    package let port: Int
    /// The sinks' addresses ("127.0.0.1:PORT", "127.0.0.2:PORT").
    package let sinks: [String]
    private let modeFile: String
    private let process: ChildProcess.Running

    /// In front of `upstream`, with sinks at another port of this host and at 127.0.0.2;
    /// `certificate` (PEM certificate and key files) makes it https.
    package init(in folder: TemporaryFolder, upstream: CalDAVServer, script: URL, certificate: (cert: String, key: String)? = nil) throws {
        let sinks = ["127.0.0.1:\(try CalDAVServer.freePort())", "127.0.0.2:\(try CalDAVServer.freePort())"]
        let modeFile = folder.path("hostile-mode-\(UUID().uuidString)")
        try "pass".write(toFile: modeFile, atomically: true, encoding: .utf8)
        self.sinks = sinks
        self.modeFile = modeFile
        (port, process) = try CalDAVServer.startListening { port in
            var arguments = ["python3", script.path, "--listen", "\(port)", "--upstream", "\(upstream.port)", "--mode-file", modeFile]
            if let certificate { arguments += ["--cert", certificate.cert, "--key", certificate.key] }
            for sink in sinks { arguments += ["--sink", sink] }
            return arguments
        }
    }

    deinit {
        process.send(SIGKILL)
        _ = try? process.wait(limit: 10)
    }

    /// Sets what it does from the next request on.
    package func set(_ mode: String) throws { try mode.write(toFile: modeFile, atomically: true, encoding: .utf8) }

    /// The requests it received, as "METHOD PATH STATUS auth=yes|no" lines.
    package var log: [String] { lines(modeFile + ".log") }

    /// The connections the sinks received, as "HOST:PORT FIRST-LINE" lines: a safe client makes none.
    package var sinkLog: [String] { lines(modeFile + ".sink") }

    private func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
