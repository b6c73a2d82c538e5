import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why talking to a CalDAV server failed, as one sentence the user reads after the account's name.
package struct SyncError: Error, Equatable, Sendable {
    package enum Kind: Sendable, Equatable {
        /// The server could not be reached or did not answer in time.
        case unreachable
        /// The server answered with an error.
        case refused(status: Int)
        /// The server's answer could not be read.
        case unreadable
        /// Something on this side (the password command, the store).
        case local
    }

    package var kind: Kind
    package var message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The HTTP status the server refused with, if it did.
    package var status: Int? {
        if case .refused(let status) = kind { return status }
        return nil
    }
}

/// A resource's address and version as a listing gives them.
struct DAVMember: Sendable {
    var href: String
    var etag: String?
}

/// What a sync-collection REPORT (RFC 6578) answered.
struct SyncCollectionAnswer: Sendable {
    var changed: [DAVMember] = []
    var removed: [String] = []
    var token: String?
    /// The answer stopped early (507 on the collection): ask again with `token` for the rest.
    var truncated = false
}

/// A resource read with its ETag.
struct DAVResource: Sendable {
    var href: String
    var etag: String?
    var body: String
}

/// An HTTP answer's status and what matters of it.
struct DAVAnswer: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
    var etag: String? { headers.first { $0.key.lowercased() == "etag" }?.value }
}

/// Answers an authentication challenge by giving up: the credentials were sent with the request,
/// so a challenge means they were refused (and waiting for other ones would hang).
private final class ChallengeRefuser: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
}

/// Talks CalDAV (RFC 4791) and WebDAV sync (RFC 6578) over HTTP with Basic authentication.
final class CalDAVClient: Sendable {
    private let session: URLSession
    private let user: String
    private let password: String?
    let collection: URL

    init(collection: URL, user: String, password: String?, timeout: TimeInterval) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = max(timeout * 4, 60)
        configuration.httpMaximumConnectionsPerHost = 4
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: ChallengeRefuser(), delegateQueue: nil)
        self.collection = collection
        self.user = user
        self.password = password
    }

    /// The server's name for error sentences: host and port.
    var serverName: String { Self.serverName(collection) }

    static func serverName(_ url: URL) -> String {
        (url.host ?? url.absoluteString) + (url.port.map { ":\($0)" } ?? "")
    }

    /// Sends one request; network failures become `SyncError`s naming the server.
    func send(_ method: String, _ url: URL, body: String? = nil, headers: [String: String] = [:]) async throws -> DAVAnswer {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if password != nil || !user.isEmpty {
            let credentials = Data("\(user):\(password ?? "")".utf8).base64EncodedString()
            request.setValue("Basic \(credentials)", forHTTPHeaderField: "Authorization")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = Data(body.utf8)
            if headers["Content-Type"] == nil {
                request.setValue("application/xml; charset=utf-8", forHTTPHeaderField: "Content-Type")
            }
        }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch let error as URLError {
            throw SyncError(.unreachable, Self.describe(error, server: Self.serverName(url)))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SyncError(.unreachable, "cannot reach \(Self.serverName(url)): \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else {
            throw SyncError(.unreadable, "\(Self.serverName(url)) did not answer in HTTP")
        }
        var answerHeaders: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { answerHeaders[key] = value }
        }
        let answer = DAVAnswer(status: http.statusCode, headers: answerHeaders, body: data)
        if answer.status == 401 {
            throw SyncError(.refused(status: 401), Self.refusedPassword(Self.serverName(url)))
        }
        return answer
    }

    private static func refusedPassword(_ server: String) -> String {
        "\(server) refused the user name or password (401); check the password, or add the account again with the right one"
    }

    private static func describe(_ error: URLError, server: String) -> String {
        switch error.code {
        // `.cancelled`: ChallengeRefuser gave up on a challenge, the server's answer to a refused password.
        case .userCancelledAuthentication, .userAuthenticationRequired, .cancelled:
            refusedPassword(server)
        case .timedOut: "\(server) did not answer in time (timed out); try again later or raise --timeout"
        case .cannotConnectToHost: "cannot connect to \(server) (connection refused); is the server running?"
        case .cannotFindHost, .dnsLookupFailed: "cannot find the host \(server); check the address"
        case .notConnectedToInternet, .networkConnectionLost: "the connection to \(server) failed (\(error.localizedDescription)); try again when online"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid:
            "the secure connection to \(server) failed (\(error.localizedDescription))"
        default: "cannot reach \(server): \(error.localizedDescription)"
        }
    }

    /// A failure for an answer with an unexpected status.
    static func failure(_ answer: DAVAnswer, _ what: String, server: String) -> SyncError {
        let reason = HTTPURLResponse.localizedString(forStatusCode: answer.status)
        return SyncError(.refused(status: answer.status), "\(server) refused to \(what) (\(answer.status) \(reason))")
    }

    /// PROPFIND `properties` (inner XML of `<d:prop>`) at `url`, Depth `depth`: the responses.
    func propfind(_ url: URL, depth: Int, properties: String) async throws -> [DAVElement] {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">\
            <d:prop>\(properties)</d:prop></d:propfind>
            """
        let answer = try await send("PROPFIND", url, body: body, headers: ["Depth": "\(depth)"])
        guard answer.status == 207 else { throw Self.failure(answer, "list \(url.path)", server: Self.serverName(url)) }
        guard let root = DAVElement.parse(answer.body), root.name == "d:multistatus" else {
            throw SyncError(.unreadable, "\(Self.serverName(url)) answered PROPFIND with something that is not a WebDAV multistatus")
        }
        return root.all("d:response")
    }

    /// The `d:prop` of the first propstat with status 200 in `response`.
    static func foundProperties(_ response: DAVElement) -> DAVElement {
        for propstat in response.all("d:propstat") {
            let status = propstat.first("d:status")?.trimmedText ?? ""
            if status.contains(" 200 ") || status.hasSuffix(" 200"), let prop = propstat.first("d:prop") { return prop }
        }
        return DAVElement(name: "d:prop")
    }

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
        let answer = try await send("REPORT", collection, body: body, headers: ["Depth": "1"])
        if [403, 409, 412].contains(answer.status) {
            // Without a token there is nothing to refuse: the report itself is not offered here.
            if token == nil || String(decoding: answer.body, as: UTF8.self).contains("sync-traversal") { throw Unsupported() }
            throw TokenRefused()
        }
        if [400, 405, 501].contains(answer.status) { throw Unsupported() }
        guard answer.status == 207 else { throw Self.failure(answer, "report changes", server: serverName) }
        guard let root = DAVElement.parse(answer.body), root.name == "d:multistatus" else {
            throw SyncError(.unreadable, "\(serverName) answered sync-collection with something that is not a WebDAV multistatus")
        }
        var result = SyncCollectionAnswer(token: root.first("d:sync-token")?.trimmedText)
        let collectionPath = Self.normalized(collection.path)
        for response in root.all("d:response") {
            guard let href = response.first("d:href")?.trimmedText else { continue }
            let status = Self.status(response)
            if Self.normalized(href) == collectionPath || Self.normalized(href) == collectionPath + "/" {
                if status == 507 { result.truncated = true }
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

    struct TokenRefused: Error {}
    struct Unsupported: Error {}

    /// Every resource in the collection with its ETag (PROPFIND Depth 1), for servers without sync-collection.
    func members() async throws -> [DAVMember] {
        let collectionPath = Self.normalized(collection.path)
        return try await propfind(collection, depth: 1, properties: "<d:getetag/><d:resourcetype/>").compactMap { response in
            guard let href = response.first("d:href")?.trimmedText, Self.normalized(href) != collectionPath else { return nil }
            let prop = Self.foundProperties(response)
            if prop.find("d:resourcetype", "d:collection") != nil { return nil }
            return DAVMember(href: href, etag: prop.first("d:getetag")?.trimmedText)
        }
    }

    /// The resources `hrefs` with their ETags, by calendar-multiget, 100 at a time; a resource gone
    /// meanwhile is left out.
    func fetch(_ hrefs: [String]) async throws -> [DAVResource] {
        var result: [DAVResource] = []
        for start in stride(from: 0, to: hrefs.count, by: 100) {
            let batch = hrefs[start..<min(start + 100, hrefs.count)]
            let body = """
                <?xml version="1.0" encoding="utf-8"?>
                <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
                <d:prop><d:getetag/><c:calendar-data/></d:prop>\
                \(batch.map { "<d:href>\(xmlEscaped($0))</d:href>" }.joined())</c:calendar-multiget>
                """
            let answer = try await send("REPORT", collection, body: body, headers: ["Depth": "1"])
            guard answer.status == 207 else { throw Self.failure(answer, "send reminders (calendar-multiget)", server: serverName) }
            guard let root = DAVElement.parse(answer.body) else {
                throw SyncError(.unreadable, "\(serverName) answered calendar-multiget with something that is not XML")
            }
            for response in root.all("d:response") {
                guard let href = response.first("d:href")?.trimmedText else { continue }
                let prop = Self.foundProperties(response)
                guard let data = prop.first("c:calendar-data") else { continue }
                result.append(DAVResource(href: href, etag: prop.first("d:getetag")?.trimmedText, body: data.text))
            }
        }
        return result
    }

    /// One resource by GET, `nil` when it is gone.
    func get(_ href: String) async throws -> DAVResource? {
        let answer = try await send("GET", url(href))
        if answer.status == 404 || answer.status == 410 { return nil }
        guard (200..<300).contains(answer.status) else { throw Self.failure(answer, "send \(href)", server: serverName) }
        return DAVResource(href: href, etag: answer.etag, body: String(decoding: answer.body, as: UTF8.self))
    }

    /// What a conditional write found.
    enum WriteOutcome: Sendable {
        case written(etag: String?)
        /// The resource is not as the condition said (412): changed or created meanwhile, or gone.
        case changedMeanwhile
    }

    /// PUT `body` at `href`: only over version `etag`, or with `nil`, only when there is none.
    func put(_ href: String, body: String, ifMatch etag: String?) async throws -> WriteOutcome {
        var headers = ["Content-Type": "text/calendar; charset=utf-8"]
        if let etag { headers["If-Match"] = etag } else { headers["If-None-Match"] = "*" }
        let answer = try await send("PUT", url(href), body: body, headers: headers)
        if answer.status == 412 { return .changedMeanwhile }
        guard (200..<300).contains(answer.status) else {
            throw Self.failure(answer, "store \(href)", server: serverName)
        }
        return .written(etag: answer.etag)
    }

    /// DELETE `href` if it is still version `etag`; a resource already gone counts as deleted.
    func delete(_ href: String, ifMatch etag: String?) async throws -> WriteOutcome {
        let answer = try await send("DELETE", url(href), headers: etag.map { ["If-Match": $0] } ?? [:])
        if answer.status == 412 { return .changedMeanwhile }
        if answer.status == 404 || answer.status == 410 || (200..<300).contains(answer.status) { return .written(etag: nil) }
        throw Self.failure(answer, "delete \(href)", server: serverName)
    }

    /// The address of `href` (a path on the server, or a full URL).
    func url(_ href: String) -> URL {
        URL(string: href, relativeTo: collection)?.absoluteURL ?? collection.appendingPathComponent(href)
    }

    /// A path with percent-escapes decoded and no trailing slash, for comparing hrefs.
    static func normalized(_ href: String) -> String {
        var path = href
        if let url = URL(string: href), url.scheme != nil { path = url.path }
        path = path.removingPercentEncoding ?? path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

extension SyncError: LocalizedError {
    package var errorDescription: String? { message }
}
