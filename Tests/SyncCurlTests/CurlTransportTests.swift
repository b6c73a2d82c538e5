import Foundation
import Sync
@testable import SyncCurl
import Testing
import TestSupport

/// The live transport's own behaviour, against a server on loopback (`Scripts/http_fixture.py`):
/// it follows no redirect, sends credentials to the request's URL only, ends a request at its
/// time, stops reading past its limit, and ends a cancelled request at once.
@Suite(.serialized)
struct CurlTransportTests {
    /// The fixture server, stopped when the test ends.
    private final class Fixture: @unchecked Sendable {
        let temporary: TemporaryFolder
        let process: ChildProcess.Running
        let port: Int

        init() throws {
            temporary = try TemporaryFolder("memoss-curl")
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/http_fixture.py")
            let sink = try CalDAVServer.freePort(), log = temporary.path("sink.log")
            (port, process) = try CalDAVServer.startListening { port in ["python3", script.path, "\(port)", "\(sink)", log] }
        }

        deinit {
            process.send(SIGKILL)
            _ = try? process.wait(limit: 10)
        }
    }

    private let fixture: Fixture
    private let transport = HTTPTransport.curl(caFile: nil)
    private var port: Int { fixture.port }
    private var sinkLog: String { (try? String(contentsOfFile: fixture.temporary.path("sink.log"), encoding: .utf8)) ?? "" }

    init() throws {
        fixture = try Fixture()
    }

    private func request(_ path: String, method: String = "GET", body: String? = nil, credentials: HTTPCredentials? = nil,
                         timeout: Duration = .seconds(10), limit: Int = 1024 * 1024) -> HTTPRequest {
        HTTPRequest(method: method, url: URL(string: "http://127.0.0.1:\(port)\(path)")!, headers: [("Content-Type", "text/plain")],
                    body: body.map { Data($0.utf8) }, credentials: credentials, timeout: timeout, maxBodyBytes: limit)
    }

    /// How many bytes /big had sent when its client ended the transfer (the server writes it
    /// once its next write fails), waited for up to 60 s.
    private func streamedBytes() async -> Int? {
        let file = fixture.temporary.path("sink.log-streamed")
        for _ in 0..<600 {
            if let text = try? String(contentsOfFile: file, encoding: .utf8), let bytes = Int(text) { return bytes }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    private func failure(_ request: HTTPRequest) async -> Error? {
        do {
            _ = try await transport.send(request)
            return nil
        } catch {
            return error
        }
    }

    @Test func credentialsGoAsBasicAuthenticationToTheRequestsURL() async throws {
        let answer = try await transport.send(request("/echo", method: "PUT", body: "hello",
                                                      credentials: HTTPCredentials(user: "alice", password: "s3cret pass")))
        #expect(answer.status == 200)
        #expect(String(decoding: answer.body, as: UTF8.self) == "PUT|Basic \(Data("alice:s3cret pass".utf8).base64EncodedString())|hello")
        let anonymous = try await transport.send(request("/echo", method: "PROPFIND", body: "<x/>"))
        #expect(String(decoding: anonymous.body, as: UTF8.self) == "PROPFIND|-|<x/>")
    }

    @Test func aRedirectIsReturnedNotFollowedAndItsTargetGetsNothing() async throws {
        let answer = try await transport.send(request("/redirect", credentials: HTTPCredentials(user: "alice", password: "s3cret")))
        #expect(answer.status == 302)
        #expect(answer.header("location")?.hasSuffix("/stolen") == true)
        try await Task.sleep(for: .milliseconds(200))
        #expect(sinkLog.isEmpty)
    }

    // Wall times here only tell an ended request from one that waits for the server (an hour for
    // /hang, 300 s for /slow): the bounds leave room for a test machine under load, where a
    // resumed test may wait long for a thread.

    @Test func aSilentServerIsLeftAtTheRequestsTime() async throws {
        let started = ContinuousClock.now
        #expect(await failure(request("/hang", timeout: .seconds(1))) as? HTTPFailure == .timedOut)
        let took = ContinuousClock.now - started
        #expect(took >= .milliseconds(900) && took < .seconds(120))
    }

    @Test func aBodyPastItsLimitEndsTheTransferWhileItStreams() async throws {
        #expect(await failure(request("/big?n=2000000000", limit: 1024 * 1024)) as? HTTPFailure == .tooLarge)
        // The server was cut off while it streamed: of its 2 GB it sent little more than the limit
        // and what the sockets' buffers hold.
        let streamed = try #require(await streamedBytes(), "the server never saw the transfer end")
        #expect(streamed >= 1024 * 1024 && streamed < 64 * 1024 * 1024, "the server sent \(streamed) bytes")
        // Announced longer than the limit: refused before the body.
        #expect(await failure(request("/long?n=500000000", limit: 1024)) as? HTTPFailure == .tooLarge)
        // Within it: read whole.
        #expect(try await transport.send(request("/big?n=655360", limit: 1024 * 1024)).body.count == 655_360)
    }

    @Test func endlessHeadersAreTooLarge() async throws {
        #expect(await failure(request("/headers")) as? HTTPFailure == .tooLarge)
    }

    @Test func aCancelledRequestEndsAtOnceAndTheTransportGoesOn() async throws {
        let (transport, slowRequest) = (self.transport, request("/slow", timeout: .seconds(250)))
        let slow = Task { try await transport.send(slowRequest) }
        try await Task.sleep(for: .milliseconds(300))
        let started = ContinuousClock.now
        slow.cancel()
        await #expect(throws: CancellationError.self) { try await slow.value }
        // Well before the server's answer (300 s).
        #expect(ContinuousClock.now - started < .seconds(120))
        #expect(try await transport.send(request("/echo")).status == 200)
    }

    @Test func manyRequestsAtOnceAllFinish() async throws {
        let transport = self.transport
        let requests = (0..<60).map { request("/echo", method: "PUT", body: "\($0)") }
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for request in requests { group.addTask { try await transport.send(request).status } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 60))
    }

    @Test func nothingButHttpAndHttpsIsSpoken() async throws {
        var file = request("/echo")
        file.url = URL(fileURLWithPath: "/etc/passwd")
        #expect(await failure(file) is HTTPFailure)
        #expect(await failure(HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:1/")!, credentials: nil, timeout: .seconds(5),
                                          maxBodyBytes: 10)) as? HTTPFailure == .cannotConnect)
    }
}
