import Foundation

/// User name and password for HTTP Basic authentication.
package struct HTTPCredentials: Sendable, Equatable {
    /// The user name.
    package var user: String
    /// The password (empty for none).
    package var password: String

    /// Credentials of `user` with `password`.
    package init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}

/// One HTTP request as the CalDAV client makes it.
package struct HTTPRequest: Sendable {
    /// GET, PUT, PROPFIND, REPORT…
    package var method: String
    /// Where it goes; the transport sends it there and nowhere else.
    package var url: URL
    /// Its headers, in order (never `Authorization`: credentials go in `credentials`).
    package var headers: [(name: String, value: String)]
    /// Its body, if any.
    package var body: Data?
    /// Sent with Basic authentication to `url` and nowhere else: a transport follows no redirect.
    package var credentials: HTTPCredentials?
    /// The whole request's limit, from connecting to the last byte of the answer.
    package var timeout: Duration
    /// The most bytes the answer's body may have; a longer one ends the request (`HTTPFailure.tooLarge`).
    package var maxBodyBytes: Int

    /// A request with its limits.
    package init(method: String, url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil,
                 credentials: HTTPCredentials?, timeout: Duration, maxBodyBytes: Int) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.credentials = credentials
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    /// The value of header `name` (any case), if the request has it.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// An HTTP answer: its status, headers and body.
package struct HTTPResponse: Sendable {
    /// The status code.
    package var status: Int
    /// Its headers, in order.
    package var headers: [(name: String, value: String)]
    /// Its body, whole (within the request's limit).
    package var body: Data

    /// An answer with `status`, `headers` and `body`.
    package init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of header `name` (any case), if the answer has it.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Why a request got no HTTP answer.
package enum HTTPFailure: Error, Equatable, Sendable {
    /// The request's time ran out before the answer's last byte.
    case timedOut
    /// Nothing accepted the connection.
    case cannotConnect
    /// The host name is not known.
    case cannotResolveHost
    /// The secure connection failed (certificate, protocol), with the TLS library's words.
    case insecure(String)
    /// The answer was longer than the request allowed.
    case tooLarge
    /// The connection broke, or the server said something that is not HTTP, with the library's words.
    case connectionLost(String)
    /// The CA file `MEMOSS_CA_FILE` names cannot be read.
    case unreadableCAFile(String)
}

/// How the CalDAV client reaches servers and waits: the sync engine's only door to the outside,
/// so its merge, pull and push paths can be tested in milliseconds with a server in memory.
/// The live value (libcurl, in `SyncCurl`) sends each request where it is told and nowhere else.
package struct HTTPTransport: Sendable {
    /// Sends one request and returns its answer, whatever its status; throws `HTTPFailure` when
    /// there is none, `CancellationError` when the task is cancelled (at once, mid-request).
    package var send: @Sendable (HTTPRequest) async throws -> HTTPResponse
    /// Waits, as a server that is busy asks; throws `CancellationError` when cancelled.
    package var sleep: @Sendable (Duration) async throws -> Void
    /// The time now on a clock that only goes forward, for deadlines.
    package var now: @Sendable () -> ContinuousClock.Instant

    /// A transport of `send`, waiting with `sleep` on the clock `now` (by default, the task's real ones).
    package init(send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse,
                 sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                 now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.send = send
        self.sleep = sleep
        self.now = now
    }

    /// A transport that reaches nothing: every request fails as if no server listened.
    package static let unreachable = HTTPTransport(send: { _ in throw HTTPFailure.cannotConnect })
}
