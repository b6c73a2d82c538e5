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
        port = try Self.freePort()
        let python = URL(fileURLWithPath: "/usr/bin/env")
        var authentication = ["--auth-type=none"]
        if let password {
            try "alice:\(password)\n".write(toFile: folder.path("users"), atomically: true, encoding: .utf8)
            authentication = ["--auth-type=htpasswd", "--auth-htpasswd-filename=\(folder.path("users"))",
                              "--auth-htpasswd-encryption=plain"]
        }
        let arguments: [String] = switch kind {
        case .radicale:
            ["python3", "-m", "radicale", "--storage-filesystem-folder=\(folder.path("data"))",
             "--server-hosts=127.0.0.1:\(port)", "--logging-level=warning"] + authentication
        case .xandikos:
            ["python3", "-m", "xandikos.web", "-d", folder.path("data"), "-l", "127.0.0.1", "-p", "\(port)",
             "--autocreate", "--defaults"]
        }
        process = try ChildProcess.start(python, arguments)
        try Self.waitUntilListening(port, process: process)
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

    /// A port nothing listens on now.
    package static func freePort() throws -> Int {
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
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits (up to 30 s) until something accepts connections on `port`.
    package static func waitUntilListening(_ port: Int, process: ChildProcess.Running) throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            close(fd)
            if connected { return }
            guard process.isRunning else {
                let result = try process.wait()
                throw ServerError(message: "the server stopped (\(result.status)): \(result.stderr.suffix(2_000))")
            }
            usleep(50_000)
        }
        throw ServerError(message: "nothing listens on \(port) after 30 s")
    }
}

/// `caldav_fault_proxy.py` in front of a server: forwards, or misbehaves as its mode file says.
package final class FaultProxy: @unchecked Sendable {
    package let port: Int
    private let modeFile: String
    private let process: ChildProcess.Running

    package init(in folder: TemporaryFolder, upstream: CalDAVServer, script: URL) throws {
        port = try CalDAVServer.freePort()
        modeFile = folder.path("proxy-mode-\(port)")
        try "pass".write(toFile: modeFile, atomically: true, encoding: .utf8)
        process = try ChildProcess.start(URL(fileURLWithPath: "/usr/bin/env"),
                                         ["python3", script.path, "\(port)", "\(upstream.port)", modeFile])
        try CalDAVServer.waitUntilListening(port, process: process)
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
        port = try CalDAVServer.freePort()
        sinks = ["127.0.0.1:\(try CalDAVServer.freePort())", "127.0.0.2:\(try CalDAVServer.freePort())"]
        modeFile = folder.path("hostile-mode-\(port)")
        try "pass".write(toFile: modeFile, atomically: true, encoding: .utf8)
        var arguments = ["python3", script.path, "--listen", "\(port)", "--upstream", "\(upstream.port)", "--mode-file", modeFile]
        if let certificate { arguments += ["--cert", certificate.cert, "--key", certificate.key] }
        for sink in sinks { arguments += ["--sink", sink] }
        process = try ChildProcess.start(URL(fileURLWithPath: "/usr/bin/env"), arguments)
        try CalDAVServer.waitUntilListening(port, process: process)
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
