import CCurl
import Foundation
import Sync

extension HTTPTransport {
    /// The live transport: libcurl's multi interface on a thread of its own. `caFile`, when set,
    /// is a PEM file of the certificate authorities to trust instead of the system's.
    package static func curl(caFile: String?) -> HTTPTransport {
        let transport = CurlTransport(caFile: caFile)
        return HTTPTransport(send: { try await transport.send($0) })
    }
}

/// HTTP over libcurl's multi interface: every transfer runs on one thread that sleeps in
/// `curl_multi_poll` until a socket, a deadline or a new request wakes it, so a sync that waits
/// for a server uses no CPU. Its behaviour is its own, not libcurl's defaults:
/// - no redirect is followed (the CalDAV client decides, by origin), and credentials go as
///   `CURLOPT_USERNAME`/`CURLOPT_PASSWORD` to the request's URL only, never as a header;
/// - only http and https;
/// - `CURLOPT_TIMEOUT_MS` bounds the whole request, from connecting to the answer's last byte;
/// - the answer's body is read as it comes and the transfer ends past the request's limit;
///   headers are limited too;
/// - a cancelled task's transfer is taken off at once, and its task resumed exactly once.
/// It lives as long as the process (its thread does).
final class CurlTransport: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer
    private let caFile: String?
    private let lock = NSLock()
    /// Requests made and not yet given to libcurl, and transfers cancelled; guarded by `lock`.
    private var waiting: [Transfer] = []
    private var cancelled: [Transfer] = []
    /// Transfers libcurl runs, by handle; touched on the transfer thread only.
    private var running: [UnsafeMutableRawPointer: Transfer] = [:]

    /// The most bytes of headers an answer may have.
    static let maxHeaderBytes = 256 * 1024

    private static let initialized: Bool = memoss_curl_global_init() == CURLE_OK

    /// A transport trusting the authorities in `caFile` (PEM) instead of the system's, when given.
    init(caFile: String?) {
        _ = Self.initialized
        guard let multi = curl_multi_init() else { fatalError("libcurl cannot make a multi handle (out of memory)") }
        self.multi = multi
        self.caFile = caFile
        _ = memoss_curl_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, 6)
        let thread = Thread { [self] in run() }
        thread.name = "memoss-http"
        thread.start()
    }

    /// Sends `request`; see `HTTPTransport.send`.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let transfer = Transfer(request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, Error>) in
                let cancelledAlready: Bool = lock.withLock {
                    transfer.continuation = continuation
                    if transfer.isCancelled { return true }
                    waiting.append(transfer)
                    return false
                }
                if cancelledAlready { finish(transfer, .failure(CancellationError())) } else { curl_multi_wakeup(multi) }
            }
        } onCancel: {
            lock.withLock {
                transfer.isCancelled = true
                cancelled.append(transfer)
            }
            curl_multi_wakeup(multi)
        }
    }

    /// Resumes the task waiting for `transfer`, once.
    private func finish(_ transfer: Transfer, _ result: Result<HTTPResponse, Error>) {
        let continuation: CheckedContinuation<HTTPResponse, Error>? = lock.withLock {
            defer { transfer.continuation = nil }
            return transfer.continuation
        }
        continuation?.resume(with: result)
    }

    /// The transfer thread: adds new requests, takes off cancelled ones, lets libcurl work, and
    /// sleeps until there is something to do.
    private func run() {
        while true {
            let (added, stopped) = lock.withLock {
                defer { (waiting, cancelled) = ([], []) }
                return (waiting, cancelled)
            }
            for transfer in stopped {
                guard let handle = transfer.handle, running.removeValue(forKey: handle) != nil else { continue }
                curl_multi_remove_handle(multi, handle)
                transfer.release()
                finish(transfer, .failure(CancellationError()))
            }
            for transfer in added {
                if transfer.isCancelledNow(lock) {
                    finish(transfer, .failure(CancellationError()))
                    continue
                }
                do {
                    let handle = try transfer.prepare(caFile: caFile)
                    running[handle] = transfer
                    curl_multi_add_handle(multi, handle)
                } catch {
                    transfer.release()
                    finish(transfer, .failure(error))
                }
            }
            var active: Int32 = 0
            curl_multi_perform(multi, &active)
            var code = CURLE_OK
            while let handle = memoss_curl_next_done(multi, &code) {
                guard let transfer = running.removeValue(forKey: handle) else { continue }
                curl_multi_remove_handle(multi, handle)
                let result = transfer.result(code)
                transfer.release()
                finish(transfer, result)
            }
            // Sleeps until a socket is ready, libcurl's next deadline, or a wake-up (a request or a cancellation).
            curl_multi_poll(multi, nil, 0, 60_000, nil)
        }
    }
}

/// One request's state while libcurl runs it.
private final class Transfer: @unchecked Sendable {
    let request: HTTPRequest
    /// Guarded by the transport's lock.
    var continuation: CheckedContinuation<HTTPResponse, Error>?
    var isCancelled = false
    /// The rest belong to the transfer thread.
    private(set) var handle: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var body: UnsafeMutableRawBufferPointer?
    private var errorBuffer: UnsafeMutablePointer<CChar>?
    private var received = Data()
    private var headers: [(name: String, value: String)] = []
    private var headerBytes = 0
    private var tooLarge = false

    init(_ request: HTTPRequest) {
        self.request = request
    }

    func isCancelledNow(_ lock: NSLock) -> Bool { lock.withLock { isCancelled } }

    /// A libcurl handle set up for the request.
    func prepare(caFile: String?) throws -> UnsafeMutableRawPointer {
        guard let easy = curl_easy_init() else { throw HTTPFailure.connectionLost("libcurl cannot make a handle (out of memory)") }
        handle = easy
        var failed = false
        func check(_ code: CURLcode) { if code != CURLE_OK { failed = true } }
        check(memoss_curl_set_string(easy, CURLOPT_URL, request.url.absoluteString))
        check(memoss_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
        check(memoss_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0))
        check(memoss_curl_set_long(easy, CURLOPT_NOSIGNAL, 1))
        check(memoss_curl_set_string(easy, CURLOPT_USERAGENT, "Memoss"))
        let milliseconds = max(1, Int(request.timeout.components.seconds * 1_000
            + request.timeout.components.attoseconds / 1_000_000_000_000_000))
        check(memoss_curl_set_long(easy, CURLOPT_TIMEOUT_MS, milliseconds))
        check(memoss_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, milliseconds))
        check(memoss_curl_set_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodyBytes)))
        if let caFile { check(memoss_curl_set_string(easy, CURLOPT_CAINFO, caFile)) }
        if let credentials = request.credentials {
            check(memoss_curl_set_basic_auth(easy, credentials.user, credentials.password))
        }
        switch (request.method, request.body) {
        case ("GET", nil): check(memoss_curl_set_long(easy, CURLOPT_HTTPGET, 1))
        case (let method, nil): check(memoss_curl_set_string(easy, CURLOPT_CUSTOMREQUEST, method))
        case (let method, let data?):
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 1)
            data.copyBytes(to: buffer)
            body = buffer
            check(memoss_curl_set_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(data.count)))
            check(memoss_curl_set_pointer(easy, CURLOPT_POSTFIELDS, buffer.baseAddress))
            check(memoss_curl_set_string(easy, CURLOPT_CUSTOMREQUEST, method))
        }
        // No `Expect: 100-continue` wait; the request's own headers.
        var list = curl_slist_append(nil, "Expect:")
        for (name, value) in request.headers where !name.contains(where: \.isNewline) && !value.contains(where: \.isNewline) {
            list = curl_slist_append(list, "\(name): \(value)")
        }
        headerList = list
        check(memoss_curl_set_headers(easy, list))
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        buffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer = buffer
        check(memoss_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, buffer))
        let context = Unmanaged.passUnretained(self).toOpaque()
        check(memoss_curl_set_write(easy, { data, size, count, context in
            guard let data, let context else { return 0 }
            return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().take(body: data, count: size * count)
        }, context))
        check(memoss_curl_set_header_function(easy, { data, size, count, context in
            guard let data, let context else { return 0 }
            return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().take(header: data, count: size * count)
        }, context))
        if failed { throw HTTPFailure.connectionLost("libcurl refused an option (is it older than 7.85?)") }
        return easy
    }

    private func take(body data: UnsafeMutablePointer<CChar>, count: Int) -> Int {
        guard received.count + count <= request.maxBodyBytes else {
            tooLarge = true
            return 0
        }
        received.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count)
        return count
    }

    private func take(header data: UnsafeMutablePointer<CChar>, count: Int) -> Int {
        headerBytes += count
        guard headerBytes <= CurlTransport.maxHeaderBytes else {
            tooLarge = true
            return 0
        }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            // A new answer (after 100 Continue, or a proxy's): its headers replace the last one's.
            headers = []
        } else if let colon = line.firstIndex(of: ":") {
            headers.append((String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                            String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
        }
        return count
    }

    /// The outcome of a finished transfer.
    func result(_ code: CURLcode) -> Result<HTTPResponse, Error> {
        guard let easy = handle else { return .failure(HTTPFailure.connectionLost("no handle")) }
        if code == CURLE_OK { return .success(HTTPResponse(status: memoss_curl_status(easy), headers: headers, body: received)) }
        let words = errorBuffer.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? String(cString: curl_easy_strerror(code))
        switch code {
        case _ where tooLarge, CURLE_FILESIZE_EXCEEDED: return .failure(HTTPFailure.tooLarge)
        case CURLE_OPERATION_TIMEDOUT: return .failure(HTTPFailure.timedOut)
        case CURLE_COULDNT_CONNECT: return .failure(HTTPFailure.cannotConnect)
        case CURLE_COULDNT_RESOLVE_HOST: return .failure(HTTPFailure.cannotResolveHost)
        case CURLE_SSL_CACERT_BADFILE: return .failure(HTTPFailure.unreadableCAFile(words))
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_USE_SSL_FAILED:
            return .failure(HTTPFailure.insecure(words))
        default: return .failure(HTTPFailure.connectionLost(words))
        }
    }

    /// Frees what libcurl held for the transfer.
    func release() {
        if let handle { curl_easy_cleanup(handle) }
        handle = nil
        curl_slist_free_all(headerList)
        headerList = nil
        body?.deallocate()
        body = nil
        errorBuffer?.deallocate()
        errorBuffer = nil
    }
}
