import Foundation

/// A resource's address and version as a listing gives them.
struct DAVMember: Sendable {
    /// Its href as the server wrote it.
    var href: String
    /// Its ETag, when the listing gave one.
    var etag: String?
}

/// What a sync-collection REPORT (RFC 6578) or a PROPFIND listing answered.
struct SyncCollectionAnswer: Sendable {
    /// Members changed (or, in a full listing, all of them).
    var changed: [DAVMember] = []
    /// Hrefs of members gone.
    var removed: [String] = []
    /// The token the next sync-collection starts from.
    var token: String?
    /// The answer stopped early (507 on the collection): ask again with `token` for the rest.
    var truncated = false
    /// Hrefs the server named outside the task list, never requested, with why.
    var outside: [(href: String, reason: String)] = []
}

/// A resource read with its ETag.
struct DAVResource: Sendable {
    /// Its href, as it was asked for.
    var href: String
    /// Its ETag, when the server gave one.
    var etag: String?
    /// Its iCalendar text.
    var body: String
}

/// Resources read, and those left alone with the reason (too large, unreadable).
struct FetchResult: Sendable {
    /// The resources read.
    var resources: [DAVResource] = []
    /// Those not read, with why.
    var leftAlone: [(href: String, reason: String)] = []
}

/// An HTTP answer, with the address that gave it (after redirects within the scope).
struct DAVAnswer: Sendable {
    /// The status code.
    var status: Int
    /// Its headers, in order.
    var headers: [(name: String, value: String)]
    /// Its body.
    var body: Data
    /// The address that answered.
    var url: URL
    /// The value of header `name` (any case).
    func header(_ name: String) -> String? { headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value }
    /// Its ETag header.
    var etag: String? { header("ETag") }
}

/// Talks CalDAV (RFC 4791) and WebDAV sync (RFC 6578) through an `HTTPTransport`, and keeps the
/// account safe from its server:
/// - requests, and the password, go only to the account's origin and, in a sync, only below the
///   task list's path; a server's hrefs and redirects that point elsewhere are refused before any
///   request, with a sentence naming where the server wanted to send Memoss;
/// - redirects within the scope are followed, at most `SyncLimits.redirects` of them;
/// - each request ends after `timeout`, and nothing starts or waits past `deadline`;
/// - answers are read up to `SyncLimits.answerBytes`, resources up to `resourceBytes`;
/// - a busy server (423 Locked, 429, 503) is asked again after its Retry-After or a backoff.
struct CalDAVClient: Sendable {
    /// How requests go out.
    let transport: HTTPTransport
    /// The task list (or, finding one, the address given).
    let collection: URL
    /// Where requests may go.
    let scope: CalDAVScope
    /// Sent with every request, which goes only within `scope`.
    let credentials: HTTPCredentials?
    /// Each request's limit (`--timeout`).
    let timeout: Duration
    /// When the whole sync ends (`--max-time`).
    let deadline: ContinuousClock.Instant
    /// The sync's whole limit, named when it runs out.
    let maxTime: Duration
    /// Sizes, redirects and retries.
    let limits: SyncLimits
    /// The wall clock, for a Retry-After given as a date.
    let now: @Sendable () -> Date

    /// A client for `collection`; with `scopedToCollection`, requests stay below its path (a
    /// sync), else within its origin (finding the task list).
    init(transport: HTTPTransport, collection: URL, user: String, password: String?, timeout: Duration, maxTime: Duration,
         deadline: ContinuousClock.Instant? = nil, limits: SyncLimits, scopedToCollection: Bool,
         now: @escaping @Sendable () -> Date) throws {
        guard let origin = HTTPOrigin(collection) else {
            throw SyncError(.local, "\(collection.absoluteString) is not an http:// or https:// address; add the account again")
        }
        self.transport = transport
        self.collection = collection
        scope = CalDAVScope(origin: origin, path: scopedToCollection ? collection.path(percentEncoded: true) : "/")
        credentials = password != nil || !user.isEmpty ? HTTPCredentials(user: user, password: password ?? "") : nil
        self.timeout = timeout
        self.maxTime = maxTime
        self.deadline = deadline ?? transport.now().advanced(by: maxTime)
        self.limits = limits
        self.now = now
    }

    /// The server's name for error sentences: host and port.
    var serverName: String { Self.serverName(collection) }

    /// Host and port of `url`.
    static func serverName(_ url: URL) -> String {
        (url.host ?? url.absoluteString) + (url.port.map { ":\($0)" } ?? "")
    }

    /// Where requests may go, as a sentence names it.
    private var scopeName: String {
        scope.prefix == "/" ? scope.origin.description : scope.origin.description + scope.prefix
    }

    // MARK: Requests

    /// Sends one request to `url` (in the scope), following redirects within the scope and, when
    /// `retrying`, asking a busy server again; failures become `SyncError`s naming the server.
    /// `what` names the request in sentences ("list the task list").
    func send(_ method: String, _ url: URL, body: String? = nil, headers: [String: String] = [:], limit: Int? = nil,
              retrying: Bool = true, what: String) async throws -> DAVAnswer {
        var (method, url, body) = (method, url, body)
        var hops = 0, attempt = 0
        while true {
            if let reason = scope.refusal(url) {
                throw SyncError(.unsafe, "\(serverName) pointed to \(url.absoluteString), which \(reason); "
                    + "Memoss sends requests and the password only to \(scopeName), so it did not go there")
            }
            let left = deadline - transport.now()
            guard left > .zero else { throw outOfTime(waitingFor: what) }
            var requestHeaders = headers.map { (name: $0.key, value: $0.value) }.sorted { $0.name < $1.name }
            if body != nil, headers["Content-Type"] == nil { requestHeaders.append(("Content-Type", "application/xml; charset=utf-8")) }
            let request = HTTPRequest(method: method, url: url, headers: requestHeaders, body: body.map { Data($0.utf8) },
                                      credentials: credentials, timeout: min(timeout, left), maxBodyBytes: limit ?? limits.answerBytes)
            let response: HTTPResponse
            do {
                response = try await transport.send(request)
            } catch let failure as HTTPFailure {
                if failure == .timedOut, left < timeout { throw outOfTime(waitingFor: what) }
                throw describe(failure, what: what, limit: limit ?? limits.answerBytes)
            }
            let answer = DAVAnswer(status: response.status, headers: response.headers, body: response.body, url: url)
            if [301, 302, 303, 307, 308].contains(answer.status) {
                guard let location = answer.header("Location"), let target = CalDAVScope.resolve(location, from: url) else {
                    throw SyncError(.unreadable, "\(serverName) answered \(answer.status) to \(what) without saying where to go")
                }
                if let reason = scope.refusal(target) {
                    throw SyncError(.unsafe, "\(serverName) wanted to send Memoss to \(target.absoluteString), which \(reason); "
                        + "Memoss sends requests and the password only to \(scopeName), so it did not go there; "
                        + "if the task list has moved, add the account again with its new address")
                }
                hops += 1
                guard hops <= limits.redirects else {
                    throw SyncError(.unreadable, "\(serverName) redirected \(what) more than \(limits.redirects) times; check the address")
                }
                url = target
                if answer.status == 303 { (method, body) = ("GET", nil) }
                continue
            }
            if answer.status == 401 {
                throw SyncError(.refused(status: 401), "\(serverName) refused the user name or password (401); "
                    + "check the password, or add the account again with the right one")
            }
            if retrying, Self.isBusy(answer.status), attempt + 1 < limits.attempts {
                try await wait(wait(after: answer, attempt: attempt), for: what)
                attempt += 1
                continue
            }
            return answer
        }
    }

    /// Whether `status` says the server is busy and the request may be made again later.
    static func isBusy(_ status: Int) -> Bool { status == 423 || status == 429 || status == 503 }

    /// How long to wait before asking again: the server's Retry-After (seconds or a date,
    /// within `longestWait`), else a backoff that doubles with each attempt.
    func wait(after answer: DAVAnswer, attempt: Int) -> Duration {
        if let value = answer.header("Retry-After")?.trimmingCharacters(in: .whitespaces) {
            if let seconds = Int(value), seconds >= 0 { return min(.seconds(seconds), limits.longestWait) }
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.timeZone = .gmt
            format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
            if let date = format.date(from: value) {
                return min(.seconds(max(0, Int(date.timeIntervalSince(now()).rounded(.up)))), limits.longestWait)
            }
        }
        return min(limits.firstBackoff * (1 << min(attempt, 20)), limits.longestBackoff)
    }

    /// Waits `duration`, unless that would pass the deadline.
    func wait(_ duration: Duration, for what: String) async throws {
        guard transport.now().advanced(by: duration) < deadline else { throw outOfTime(waitingFor: what) }
        try await transport.sleep(duration)
    }

    private func outOfTime(waitingFor what: String) -> SyncError {
        SyncError(.outOfTime, "the sync ran out of its time (--max-time \(Self.seconds(maxTime)) s) waiting for \(serverName) to \(what); "
            + "what it did is kept, and the next sync goes on from there")
    }

    /// "900", "2.5": a duration in seconds as a sentence says it.
    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value == value.rounded() ? String(Int(value)) : String(value)
    }

    private func describe(_ failure: HTTPFailure, what: String, limit: Int) -> SyncError {
        let server = serverName
        switch failure {
        case .timedOut:
            return SyncError(.unreachable, "\(server) did not answer in time (timed out); try again later or raise --timeout")
        case .cannotConnect:
            return SyncError(.unreachable, "cannot connect to \(server) (connection refused); is the server running?")
        case .cannotResolveHost:
            return SyncError(.unreachable, "cannot find the host \(server); check the address")
        case .insecure(let words):
            return SyncError(.unsafe, "the secure connection to \(server) failed (\(words)); Memoss syncs only with a certificate "
                + "it can verify: if the server has its own certificate authority, name its file in MEMOSS_CA_FILE (see docs/sync.md)")
        case .tooLarge:
            return SyncError(.tooLarge, "\(server) sent more than \(Self.size(limit)) in answer to \(what); Memoss reads no more")
        case .connectionLost(let words):
            return SyncError(.unreachable, "the connection to \(server) failed (\(words)); try again later")
        case .unreadableCAFile(let words):
            return SyncError(.local, "the certificate file MEMOSS_CA_FILE names cannot be used (\(words))")
        }
    }

    /// "32 MiB", "1 MiB", "512 KiB".
    static func size(_ bytes: Int) -> String {
        bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0 ? "\(bytes / 1024 / 1024) MiB"
            : bytes >= 1024 ? "\(bytes / 1024) KiB" : "\(bytes) bytes"
    }

    /// A failure for an answer with an unexpected status.
    func failure(_ answer: DAVAnswer, _ what: String) -> SyncError {
        let reason = Self.reason(answer.status)
        return SyncError(.refused(status: answer.status), "\(serverName) refused to \(what) (\(answer.status)\(reason.isEmpty ? "" : " \(reason)"))")
    }

    /// The reason phrase of common statuses.
    static func reason(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 410: "Gone"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 423: "Locked"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 507: "Insufficient Storage"
        default: ""
        }
    }

    /// The multistatus of `answer`, or why it is none.
    private func multistatus(_ answer: DAVAnswer, _ what: String) throws -> DAVElement {
        switch DAVElement.parse(answer.body, textLimit: limits.resourceBytes) {
        case .success(let root) where root.name == "d:multistatus": return root
        case .success: throw SyncError(.unreadable, "\(serverName) answered \(what) with something that is not a WebDAV multistatus")
        case .failure(.tooManyResponses):
            throw SyncError(.unreadable, "\(serverName) answered \(what) with more than 200,000 resources; Memoss syncs task lists up to that size")
        case .failure(.malformed(let reason)):
            throw SyncError(.unreadable, "\(serverName) answered \(what) with XML that cannot be read (\(reason))")
        }
    }

    // MARK: Addresses

    /// The address of `href`, a member of the task list, or why Memoss does not send there.
    func member(_ href: String) -> Result<URL, MemberRefusal> {
        guard let url = CalDAVScope.resolve(href, from: collection) else {
            return .failure(MemberRefusal(reason: "is not an address"))
        }
        if let reason = scope.refusal(url) { return .failure(MemberRefusal(reason: reason)) }
        if Self.normalized(url.path(percentEncoded: true)) == Self.normalized(collection.path(percentEncoded: true)) {
            return .failure(MemberRefusal(reason: "is the task list itself"))
        }
        return .success(url)
    }

    /// Why an href is not a member Memoss sends requests to.
    struct MemberRefusal: Error {
        var reason: String
        /// "left out HREF: the server named it, but it is …; Memoss sends no request there".
        func sentence(_ href: String) -> String {
            "left out \(href): the server named it, but it \(reason); Memoss sends no request there"
        }
    }

    /// The address of `href` resolved from any address the server gave (discovery).
    func url(_ href: String) -> URL? { CalDAVScope.resolve(href, from: collection) }

    /// A path with percent-escapes decoded and no trailing slash, for comparing hrefs.
    static func normalized(_ href: String) -> String {
        var path = href
        if let url = URL(string: href), url.scheme != nil { path = url.path(percentEncoded: true) }
        path = path.removingPercentEncoding ?? path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    // MARK: WebDAV

    /// PROPFIND `properties` (inner XML of `<d:prop>`) at `url`, Depth `depth`: the responses, and
    /// the address that answered (after redirects).
    func propfind(_ url: URL, depth: Int, properties: String) async throws -> (responses: [DAVElement], url: URL) {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">\
            <d:prop>\(properties)</d:prop></d:propfind>
            """
        let what = "list \(url.path)"
        let answer = try await send("PROPFIND", url, body: body, headers: ["Depth": "\(depth)"], what: what)
        guard answer.status == 207 else { throw failure(answer, what) }
        return (try multistatus(answer, "PROPFIND").all("d:response"), answer.url)
    }

    /// The `d:prop` of the first propstat with status 200 in `response`.
    static func foundProperties(_ response: DAVElement) -> DAVElement {
        for propstat in response.all("d:propstat") {
            let status = propstat.first("d:status")?.trimmedText ?? ""
            if status.contains(" 200 ") || status.hasSuffix(" 200"), let prop = propstat.first("d:prop") { return prop }
        }
        return DAVElement(name: "d:prop")
    }

    /// The status code of a multistatus `response`.
    static func status(_ response: DAVElement) -> Int? {
        guard let text = response.first("d:status")?.trimmedText else { return nil }
        let parts = text.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }

    /// The changes since `token` (everything for `nil`), by RFC 6578 sync-collection.
    /// Throws `TokenRefused` when the server no longer knows the token, `Unsupported` when it
    /// does not do sync-collection.
    func syncCollection(token: String?) async throws -> SyncCollectionAnswer {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(xmlEscaped(token ?? ""))</d:sync-token>\
            <d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
            """
        let answer = try await send("REPORT", collection, body: body, headers: ["Depth": "1"], what: "report changes")
        if [403, 409, 412].contains(answer.status) {
            // Without a token there is nothing to refuse: the report itself is not offered here.
            if token == nil || String(decoding: answer.body.prefix(64 * 1024), as: UTF8.self).contains("sync-traversal") { throw Unsupported() }
            throw TokenRefused()
        }
        if [400, 405, 501].contains(answer.status) { throw Unsupported() }
        guard answer.status == 207 else { throw failure(answer, "report changes") }
        let root = try multistatus(answer, "sync-collection")
        var result = SyncCollectionAnswer(token: root.first("d:sync-token")?.trimmedText)
        let collectionPath = Self.normalized(collection.path(percentEncoded: true))
        for response in root.all("d:response") {
            guard let href = response.first("d:href")?.trimmedText else { continue }
            let status = Self.status(response)
            if Self.normalized(href) == collectionPath {
                if status == 507 { result.truncated = true }
                continue
            }
            if case .failure(let refusal) = member(href) {
                result.outside.append((href, refusal.reason))
                continue
            }
            if status == 404 {
                result.removed.append(href)
            } else {
                let etag = Self.foundProperties(response).first("d:getetag")?.trimmedText
                result.changed.append(DAVMember(href: href, etag: etag.flatMap { $0.isEmpty ? nil : $0 }))
            }
        }
        return result
    }

    /// Makes a task list at `url` (MKCALENDAR, RFC 4791 §5.3.1) named `name`, for to-dos only.
    func makeTaskList(at url: URL, named name: String) async throws {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
            <d:displayname>\(xmlEscaped(name))</d:displayname>\
            <c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set>\
            </d:prop></d:set></c:mkcalendar>
            """
        let answer = try await send("MKCALENDAR", url, body: body, headers: ["Content-Type": "application/xml; charset=utf-8"],
                                    limit: 64 * 1024, what: "make the task list \(url.path)")
        guard (200..<300).contains(answer.status) else { throw failure(answer, "make the task list \(url.path)") }
    }

    /// The server no longer knows the sync token.
    struct TokenRefused: Error {}
    /// The server does not do sync-collection.
    struct Unsupported: Error {}

    /// Every resource in the collection with its ETag (PROPFIND Depth 1), for servers without sync-collection.
    func members() async throws -> SyncCollectionAnswer {
        let collectionPath = Self.normalized(collection.path(percentEncoded: true))
        var result = SyncCollectionAnswer()
        for response in try await propfind(collection, depth: 1, properties: "<d:getetag/><d:resourcetype/>").responses {
            guard let href = response.first("d:href")?.trimmedText, Self.normalized(href) != collectionPath else { continue }
            let prop = Self.foundProperties(response)
            if prop.find("d:resourcetype", "d:collection") != nil { continue }
            if case .failure(let refusal) = member(href) {
                result.outside.append((href, refusal.reason))
                continue
            }
            result.changed.append(DAVMember(href: href, etag: prop.first("d:getetag")?.trimmedText))
        }
        return result
    }

    /// The resources `hrefs` (members of the task list) with their ETags, by calendar-multiget in
    /// batches; a resource gone meanwhile is left out. A batch whose answer is too large or not
    /// readable is asked for in halves, down to one resource, which is then read by GET: one bad
    /// resource is left alone, with the reason, and the others are read.
    func fetch(_ hrefs: [String]) async throws -> FetchResult {
        var result = FetchResult()
        for start in stride(from: 0, to: hrefs.count, by: limits.batch) {
            try await fetch(Array(hrefs[start..<min(start + limits.batch, hrefs.count)]), into: &result)
        }
        return result
    }

    private func fetch(_ batch: [String], into result: inout FetchResult) async throws {
        guard batch.count > 1 else {
            guard let href = batch.first else { return }
            switch try await get(href) {
            case .resource(let resource): result.resources.append(resource)
            case .gone: break
            case .leftAlone(let reason): result.leftAlone.append((href, reason))
            }
            return
        }
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
            <d:prop><d:getetag/><c:calendar-data/></d:prop>\
            \(batch.map { "<d:href>\(xmlEscaped($0))</d:href>" }.joined())</c:calendar-multiget>
            """
        let what = "send reminders (calendar-multiget)"
        let parsed: DAVElement
        do {
            let answer = try await send("REPORT", collection, body: body, headers: ["Depth": "1"], what: what)
            guard answer.status == 207 else { throw failure(answer, what) }
            parsed = try multistatus(answer, "calendar-multiget")
        } catch let error as SyncError where error.kind == .unreadable || error.kind == .tooLarge {
            // Too large, or one resource breaks the XML: each half on its own.
            let middle = batch.count / 2
            try await fetch(Array(batch[..<middle]), into: &result)
            try await fetch(Array(batch[middle...]), into: &result)
            return
        }
        let asked = Dictionary(batch.map { (Self.normalized($0), $0) }, uniquingKeysWith: { first, _ in first })
        var answered = Set<String>()
        for response in parsed.all("d:response") {
            guard let href = response.first("d:href")?.trimmedText, let mine = asked[Self.normalized(href)],
                  answered.insert(Self.normalized(href)).inserted else { continue }
            let prop = Self.foundProperties(response)
            guard let data = prop.first("c:calendar-data") else { continue }
            if data.oversized {
                result.leftAlone.append((mine, "it is larger than \(Self.size(limits.resourceBytes)), more than a reminder can hold"))
                continue
            }
            result.resources.append(DAVResource(href: mine, etag: prop.first("d:getetag")?.trimmedText, body: data.text))
        }
    }

    /// What a GET found.
    enum GetOutcome: Sendable {
        /// Read.
        case resource(DAVResource)
        /// Not there (404, 410).
        case gone
        /// Not read, with why (too large, outside the task list).
        case leftAlone(String)
    }

    /// One resource by GET.
    func get(_ href: String) async throws -> GetOutcome {
        let url: URL
        switch member(href) {
        case .success(let found): url = found
        case .failure(let refusal): return .leftAlone("the server named it, but it \(refusal.reason)")
        }
        let answer: DAVAnswer
        do {
            answer = try await send("GET", url, limit: limits.resourceBytes, what: "send \(href)")
        } catch let error as SyncError where error.kind == .tooLarge {
            return .leftAlone("it is larger than \(Self.size(limits.resourceBytes)), more than a reminder can hold")
        }
        if answer.status == 404 || answer.status == 410 { return .gone }
        guard (200..<300).contains(answer.status) else { throw failure(answer, "send \(href)") }
        guard let text = String(validating: answer.body, as: UTF8.self) else { return .leftAlone("it is not UTF-8 text") }
        return .resource(DAVResource(href: href, etag: answer.etag, body: text))
    }

    /// What a conditional write found.
    enum WriteOutcome: Sendable {
        /// Stored (at `href`, where a redirect within the task list may have moved it).
        case written(etag: String?, href: String)
        /// The resource is not as the condition said (412): changed or created meanwhile, or gone.
        case changedMeanwhile
        /// The server is busy (423 Locked, 429, 503): ask again after the wait, or a backoff.
        case busy(status: Int, wait: Duration?)
        /// The server did not take this one (its status, or an address Memoss does not send to).
        case refused(SyncError)
    }

    /// PUT `body` at `href`: only over version `etag`, or with `nil`, only when there is none.
    /// Without `retrying`, a busy server's answer is returned for the caller to schedule.
    func put(_ href: String, body: String, ifMatch etag: String?, retrying: Bool = true) async throws -> WriteOutcome {
        let url: URL
        switch member(href) {
        case .success(let found): url = found
        case .failure(let refusal): return .refused(SyncError(.unsafe, "the server named it at \(href), but that \(refusal.reason)"))
        }
        var headers = ["Content-Type": "text/calendar; charset=utf-8"]
        if let etag { headers["If-Match"] = etag } else { headers["If-None-Match"] = "*" }
        let answer: DAVAnswer
        do {
            answer = try await send("PUT", url, body: body, headers: headers, limit: 64 * 1024, retrying: retrying, what: "store \(href)")
        } catch let error as SyncError where [.unsafe, .unreadable, .tooLarge].contains(error.kind) {
            return .refused(error)
        }
        if answer.status == 412 { return .changedMeanwhile }
        if Self.isBusy(answer.status) {
            return retrying ? .refused(failure(answer, "store \(href)")) : .busy(status: answer.status, wait: answer.header("Retry-After") == nil ? nil : wait(after: answer, attempt: 0))
        }
        guard (200..<300).contains(answer.status) else { return .refused(failure(answer, "store \(href)")) }
        let stored = answer.url == url ? href : answer.url.path(percentEncoded: true)
        return .written(etag: answer.etag, href: stored)
    }

    /// DELETE `href` if it is still version `etag`; a resource already gone counts as deleted.
    func delete(_ href: String, ifMatch etag: String?) async throws -> WriteOutcome {
        let url: URL
        switch member(href) {
        case .success(let found): url = found
        case .failure(let refusal): return .refused(SyncError(.unsafe, "the server named it at \(href), but that \(refusal.reason)"))
        }
        let answer = try await send("DELETE", url, headers: etag.map { ["If-Match": $0] } ?? [:], limit: 64 * 1024, what: "delete \(href)")
        if answer.status == 412 { return .changedMeanwhile }
        if answer.status == 404 || answer.status == 410 || (200..<300).contains(answer.status) { return .written(etag: nil, href: href) }
        return .refused(failure(answer, "delete \(href)"))
    }
}
