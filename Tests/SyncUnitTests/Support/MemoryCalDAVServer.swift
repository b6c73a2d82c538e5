import Foundation
import Sync

/// A CalDAV server in memory, as much of RFC 4791 and RFC 6578 as the sync engine uses (discovery
/// by PROPFIND, sync-collection with tokens, calendar-multiget, GET, conditional PUT and DELETE),
/// reached through an `HTTPTransport` whose clock moves only when the engine waits. A test can
/// put a fault in front of any request (`intercept`), and reads what the server received.
final class MemoryCalDAVServer: @unchecked Sendable {
    /// The task list's address.
    static let origin = "http://dav.test"
    static let collectionPath = "/cal/user/tasks/"
    static var collectionURL: String { origin + collectionPath }

    struct Resource {
        var text: String
        var etag: String
    }

    /// One request as the server (or the fault before it) received it.
    struct Received: Sendable {
        var method: String
        var url: String
        var credentials: HTTPCredentials?
        var body: String
        var ifMatch: String?
    }

    private let lock = NSLock()
    private var resources: [String: Resource] = [:]
    /// The change log: the revision after each change, and the href it changed.
    private var changes: [(revision: Int, href: String)] = []
    private var revision = 0
    private var etags = 0
    private var requests: [Received] = []
    private var clockOffset: Duration = .zero
    private var waits: [Duration] = []
    private var inFlight = 0
    private var mostInFlight = 0
    private var afterBusy = false
    private var mostInFlightAfterBusy = 0
    private let start = ContinuousClock.now

    /// Answers a request before the server does when it returns an answer (a fault), or throws.
    var intercept: @Sendable (HTTPRequest, Int) async throws -> HTTPResponse? = { _, _ in nil }
    /// The password the server asks for, `nil` for none.
    var password: String?
    /// Answers sync-collection with at most this many members, then 507 and a continuation.
    var pageSize: Int?
    /// Forgets every token (as after a server's reset): a sync-collection with one is refused.
    var forgetsTokens = false
    /// How long each request takes on the test's clock.
    var latency: Duration = .zero

    // MARK: What a test reads

    /// The requests received so far.
    var received: [Received] { lock.withLock { requests } }
    /// The waits the engine asked for (Retry-After, backoffs).
    var sleeps: [Duration] { lock.withLock { waits } }
    /// The most requests in flight at once, overall and after the first busy answer.
    var concurrency: (overall: Int, afterBusy: Int) { lock.withLock { (mostInFlight, mostInFlightAfterBusy) } }
    /// The resources' names (the last path segment) and texts.
    var texts: [String: String] {
        lock.withLock { Dictionary(uniqueKeysWithValues: resources.map { (String($0.key.split(separator: "/").last ?? ""), $0.value.text) }) }
    }
    /// The SUMMARY of each resource, sorted.
    var titles: [String] {
        texts.values.compactMap { text in
            text.components(separatedBy: "\r\n").first { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) }
        }.sorted()
    }

    // MARK: What a test sets up

    /// Stores `text` at `name` in the task list, as another client would.
    func put(_ name: String, _ text: String) {
        lock.withLock { store(Self.collectionPath + name, text) }
    }

    /// Removes `name`, as another client would.
    func remove(_ name: String) {
        lock.withLock { erase(Self.collectionPath + name) }
    }

    /// Removes everything, as a server that comes back empty.
    func removeAll() {
        lock.withLock { for href in Array(resources.keys) { erase(href) } }
    }

    /// A to-do another client wrote.
    static func todo(uid: String, title: String, due: String = "20270301T090000", extra: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20261101T100000Z",
          "SUMMARY:\(title)", "DUE;TZID=America/New_York:\(due)"] + extra + ["END:VTODO", "END:VCALENDAR", ""])
            .joined(separator: "\r\n")
    }

    // MARK: The transport

    /// The transport a sync engine uses to reach this server.
    var transport: HTTPTransport {
        HTTPTransport(
            send: { [self] request in try await handle(request) },
            sleep: { [self] duration in
                try Task.checkCancellation()
                lock.withLock {
                    waits.append(duration)
                    clockOffset += duration
                }
            },
            now: { [self] in lock.withLock { start.advanced(by: clockOffset) } })
    }

    private func handle(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let index: Int = lock.withLock {
            requests.append(Received(method: request.method, url: request.url.absoluteString, credentials: request.credentials,
                                     body: String(decoding: request.body ?? Data(), as: UTF8.self), ifMatch: request.header("If-Match")))
            inFlight += 1
            mostInFlight = max(mostInFlight, inFlight)
            if afterBusy { mostInFlightAfterBusy = max(mostInFlightAfterBusy, inFlight) }
            clockOffset += latency
            return requests.count - 1
        }
        defer { lock.withLock { inFlight -= 1 } }
        // Several uploads are in flight together only if they overlap: let the others start.
        await Task.yield()
        var response: HTTPResponse
        if let fault = try await intercept(request, index) {
            response = fault
        } else {
            response = lock.withLock { answer(request) }
        }
        if CalDAVClientStatus.isBusy(response.status) { lock.withLock { afterBusy = true } }
        try Task.checkCancellation()
        guard response.body.count <= request.maxBodyBytes else { throw HTTPFailure.tooLarge }
        return response
    }

    // MARK: The server

    private func store(_ href: String, _ text: String) {
        etags += 1
        resources[href] = Resource(text: text, etag: "\"e\(etags)\"")
        revision += 1
        changes.append((revision, href))
    }

    private func erase(_ href: String) {
        resources[href] = nil
        revision += 1
        changes.append((revision, href))
    }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        if let password {
            guard let credentials = request.credentials, credentials.password == password else { return HTTPResponse(status: 401) }
        }
        let path = request.url.path(percentEncoded: true)
        let body = String(decoding: request.body ?? Data(), as: UTF8.self)
        switch request.method {
        case "PROPFIND":
            guard path == Self.collectionPath || path + "/" == Self.collectionPath else { return HTTPResponse(status: 404) }
            var responses = [response(Self.collectionPath, """
                <d:resourcetype><d:collection/><c:calendar/></d:resourcetype><d:displayname>Tasks</d:displayname>\
                <c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set>
                """)]
            if request.header("Depth") == "1" {
                responses += resources.keys.sorted().map { response($0, "<d:getetag>\(resources[$0]!.etag)</d:getetag><d:resourcetype/>") }
            }
            return multistatus(responses)
        case "REPORT" where body.contains("sync-collection"):
            return syncCollection(body)
        case "REPORT" where body.contains("calendar-multiget"):
            let hrefs = body.components(separatedBy: "<d:href>").dropFirst().compactMap { $0.components(separatedBy: "</d:href>").first }
            return multistatus(hrefs.map { href in
                let key = href.replacingOccurrences(of: "&amp;", with: "&")
                guard let resource = resources[key] else { return "<d:response><d:href>\(href)</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>" }
                return response(href, "<d:getetag>\(resource.etag)</d:getetag><c:calendar-data>\(escaped(resource.text))</c:calendar-data>")
            })
        case "GET":
            guard let resource = resources[path] else { return HTTPResponse(status: 404) }
            return HTTPResponse(status: 200, headers: [("ETag", resource.etag)], body: Data(resource.text.utf8))
        case "PUT":
            let current = resources[path]
            if let match = request.header("If-Match"), current == nil || (match != "*" && match != current?.etag) {
                return HTTPResponse(status: 412)
            }
            if request.header("If-None-Match") == "*", current != nil { return HTTPResponse(status: 412) }
            store(path, body)
            return HTTPResponse(status: current == nil ? 201 : 204, headers: [("ETag", resources[path]!.etag)])
        case "DELETE":
            guard let current = resources[path] else { return HTTPResponse(status: 404) }
            if let match = request.header("If-Match"), match != "*", match != current.etag { return HTTPResponse(status: 412) }
            erase(path)
            return HTTPResponse(status: 204)
        default:
            return HTTPResponse(status: 405)
        }
    }

    private func syncCollection(_ body: String) -> HTTPResponse {
        let token = body.components(separatedBy: "<d:sync-token>").dropFirst().first?.components(separatedBy: "</d:sync-token>").first ?? ""
        var since = 0
        var continuing = false
        if token.hasPrefix("page-") {
            since = Int(token.dropFirst(5).split(separator: "-")[0]) ?? 0
            continuing = true
        } else if !token.isEmpty {
            guard !forgetsTokens, token.hasPrefix("token-"), let number = Int(token.dropFirst(6)), number <= revision else {
                return HTTPResponse(status: 403, body: Data("<d:error xmlns:d=\"DAV:\"><d:valid-sync-token/></d:error>".utf8))
            }
            since = number
        }
        // Each changed href once, in the order of its last change.
        var latest: [String: Int] = [:]
        for change in changes where change.revision > since { latest[change.href] = change.revision }
        var hrefs = latest.sorted { $0.value < $1.value }.map(\.key)
        if token.isEmpty || (continuing && since == 0) { hrefs = hrefs.filter { resources[$0] != nil } }
        var responses = hrefs.map { href in
            resources[href].map { response(href, "<d:getetag>\($0.etag)</d:getetag>") }
                ?? "<d:response><d:href>\(href)</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>"
        }
        var next = "token-\(revision)"
        if let pageSize, responses.count > pageSize {
            let offset = continuing ? Int(token.split(separator: "-").last ?? "0") ?? 0 : 0
            let page = Array(responses.dropFirst(offset).prefix(pageSize))
            if offset + pageSize < responses.count {
                responses = page + ["<d:response><d:href>\(Self.collectionPath)</d:href><d:status>HTTP/1.1 507 Insufficient Storage</d:status></d:response>"]
                next = "page-\(since)-\(offset + pageSize)"
            } else {
                responses = page
            }
        }
        return multistatus(responses, token: next)
    }

    private func response(_ href: String, _ properties: String) -> String {
        "<d:response><d:href>\(href)</d:href><d:propstat><d:prop>\(properties)</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
    }

    private func multistatus(_ responses: [String], token: String? = nil) -> HTTPResponse {
        let text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<d:multistatus xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\">"
            + responses.joined() + (token.map { "<d:sync-token>\($0)</d:sync-token>" } ?? "") + "</d:multistatus>"
        return HTTPResponse(status: 207, headers: [("Content-Type", "application/xml; charset=utf-8")], body: Data(text.utf8))
    }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// The statuses a busy server answers (as the client reads them).
enum CalDAVClientStatus {
    static func isBusy(_ status: Int) -> Bool { status == 423 || status == 429 || status == 503 }
}
