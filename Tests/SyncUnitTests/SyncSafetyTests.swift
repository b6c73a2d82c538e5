import Domain
import Foundation
@testable import Sync
import Testing
import TestSupport

/// A server is untrusted input: its redirects and hrefs never take a request (or the password)
/// elsewhere, its errors and silences never hang or lose a reminder, its answers are bounded, and
/// a sync that would delete most of an account stops and asks. Against a server in memory.
struct SyncSafetyTests {
    private static let collection = MemoryCalDAVServer.collectionPath

    /// A redirect to `location` for every request of `method`.
    private static func redirect(_ method: String, to location: String, status: Int = 307)
        -> @Sendable (HTTPRequest, Int) async throws -> HTTPResponse? {
        { request, _ in request.method == method ? HTTPResponse(status: status, headers: [("Location", location)]) : nil }
    }

    // MARK: Redirects and hrefs

    @Test(arguments: [
        ("http://dav.test:8080/cal/user/tasks/", "is another server than http://dav.test"),
        ("http://evil.test/cal/user/tasks/", "is another server than http://dav.test"),
        ("https://dav.test/cal/user/tasks/", "is another server than http://dav.test"),
        ("/cal/other-user/tasks/", "is outside /cal/user/tasks/"),
    ])
    func aRedirectOffTheTaskListIsRefusedNamingWhereAndNothingGoesThere(_ location: String, _ reason: String) async throws {
        let sync = try await SyncHarness(password: "s3cret")
        try await sync.add("Stay here")
        sync.server.intercept = Self.redirect("REPORT", to: location, status: 301)
        let error = try await sync.failure()
        let target = location.hasPrefix("/") ? "http://dav.test" + location : location
        #expect(error.kind == .unsafe)
        #expect(error.message == "dav.test wanted to send Memoss to \(target), which \(reason); Memoss sends requests and the password "
            + "only to http://dav.test/cal/user/tasks/, so it did not go there; if the task list has moved, add the account again with its new address")
        #expect(sync.server.received.allSatisfy { $0.url.hasPrefix(MemoryCalDAVServer.collectionURL) })
        sync.server.intercept = { _, _ in nil }
        #expect(try await sync.sync().sentence == "home: sent 1 new")
    }

    @Test func anHttpsAccountIsNeverRedirectedToPlainHttp() throws {
        let scope = CalDAVScope(origin: try #require(HTTPOrigin(URL(string: "https://dav.test/cal/")!)), path: "/cal/")
        #expect(scope.refusal(URL(string: "http://dav.test/cal/x.ics")!) == "is plain http, not encrypted")
        #expect(scope.refusal(URL(string: "https://dav.test:443/cal/x.ics")!) == nil)
        #expect(scope.refusal(URL(string: "https://DAV.test/cal/x.ics")!) == nil)
    }

    @Test func aRedirectWithinTheTaskListIsFollowedAndABoundedNumberOfTimes() async throws {
        let sync = try await SyncHarness()
        try await sync.add("Moved")
        // Every PROPFIND and REPORT at the collection is sent on to itself with a trailing query: a loop.
        sync.server.intercept = { request, _ in
            guard request.method == "REPORT" else { return nil }
            return HTTPResponse(status: 302, headers: [("Location", request.url.path() + "?again")])
        }
        let error = try await sync.failure()
        #expect(error.message == "dav.test redirected report changes more than 5 times; check the address")
        #expect(sync.server.received.filter { $0.method == "REPORT" }.count == 6)
        // A single hop within the task list is followed.
        let server = sync.server
        server.intercept = { request, _ in
            guard request.method == "REPORT", request.url.query == nil else { return nil }
            return HTTPResponse(status: 307, headers: [("Location", request.url.path() + "?moved")])
        }
        #expect(try await sync.sync().sentence == "home: sent 1 new")
    }

    @Test func hrefsOutsideTheTaskListAreReportedAndNeverRequested() async throws {
        let sync = try await SyncHarness(password: "s3cret")
        sync.server.put("good.ics", MemoryCalDAVServer.todo(uid: "good", title: "Good"))
        let outside = ["http://evil.test/cal/user/tasks/x.ics", "/cal/user/tasks/../../other-user/tasks/x.ics",
                       "/cal/user/tasks/%2e%2e/%2e%2e/other-user/x.ics", "http://dav.test:81/cal/user/tasks/y.ics"]
        sync.server.intercept = { request, _ in
            guard request.method == "REPORT", String(decoding: request.body ?? Data(), as: UTF8.self).contains("sync-collection") else { return nil }
            let members = (outside + ["/cal/user/tasks/good.ics"]).map {
                "<d:response><d:href>\($0)</d:href><d:propstat><d:prop><d:getetag>\"x\"</d:getetag></d:prop>"
                    + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
            }.joined()
            return HTTPResponse(status: 207, body: Data(("<d:multistatus xmlns:d=\"DAV:\">\(members)<d:sync-token>token-1</d:sync-token>"
                + "</d:multistatus>").utf8))
        }
        let report = try await sync.sync()
        #expect(report.sentence == "home: received 1 new")
        #expect(report.notices == [
            "left out http://evil.test/cal/user/tasks/x.ics: the server named it, but it is another server than http://dav.test; Memoss sends no request there",
            "left out /cal/user/tasks/../../other-user/tasks/x.ics: the server named it, but it is outside /cal/user/tasks/; Memoss sends no request there",
            "left out /cal/user/tasks/%2e%2e/%2e%2e/other-user/x.ics: the server named it, but it has a path with dot segments or control characters; Memoss sends no request there",
            "left out http://dav.test:81/cal/user/tasks/y.ics: the server named it, but it is another server than http://dav.test; Memoss sends no request there",
        ])
        let multiget = try #require(sync.server.received.first { $0.body.contains("calendar-multiget") || $0.method == "GET" })
        #expect(!multiget.body.contains("evil") && !multiget.body.contains("other-user") && !multiget.body.contains(":81"))
        #expect(sync.server.received.allSatisfy { $0.url.hasPrefix(MemoryCalDAVServer.collectionURL) })
        #expect(sync.server.received.allSatisfy { $0.credentials?.password == "s3cret" })
    }

    @Test func aPutRedirectedToAnotherServerIsNotSentNorLostAndGoesAtTheNextSync() async throws {
        let sync = try await SyncHarness()
        try await sync.add("Buy milk")
        sync.server.intercept = Self.redirect("PUT", to: "http://evil.test/cal/user/tasks/x.ics")
        let report = try await sync.sync()
        #expect(report.sentence == "home: 1 not sent")
        #expect(report.problems.count == 1)
        #expect(report.problems[0].hasPrefix("did not send \"Buy milk\": dav.test wanted to send Memoss to http://evil.test/cal/user/tasks/x.ics, "
            + "which is another server than http://dav.test;"))
        #expect(try await sync.titles() == ["Buy milk"])
        #expect(sync.server.titles.isEmpty)
        // Nothing was counted as sent, so nothing is counted as deleted after.
        sync.server.intercept = { _, _ in nil }
        #expect(try await sync.sync().sentence == "home: sent 1 new")
        #expect(try await sync.titles() == ["Buy milk"])
        #expect(sync.server.titles == ["Buy milk"])
        #expect(try await sync.sync().sentence == "home: up to date")
    }

    @Test func aPutRedirectedWithinTheTaskListIsStoredWhereTheServerPutIt() async throws {
        let sync = try await SyncHarness()
        try await sync.add("Moved")
        let server = sync.server
        server.intercept = { request, _ in
            guard request.method == "PUT", !request.url.path().hasSuffix("moved.ics") else { return nil }
            return HTTPResponse(status: 308, headers: [("Location", "moved.ics")])
        }
        #expect(try await sync.sync().sentence == "home: sent 1 new")
        #expect(Array(sync.server.texts.keys) == ["moved.ics"])
        #expect(try await sync.sync().sentence == "home: up to date")
    }

    // MARK: Errors during uploads

    @Test(arguments: [500, 403, 409])
    func oneUploadRefusedAmongFiftyIsReportedAndTheOthersAreSent(_ status: Int) async throws {
        let sync = try await SyncHarness()
        for index in 1...50 { try await sync.add("Task \(index)", day: 1 + index % 28) }
        let refusedOnce = Refusals()
        sync.server.intercept = { request, _ in
            guard request.method == "PUT", String(decoding: request.body ?? Data(), as: UTF8.self).contains("SUMMARY:Task 17\r"),
                  refusedOnce.first() else { return nil }
            return HTTPResponse(status: status)
        }
        let report = try await sync.sync()
        #expect(report.sentence == "home: sent 49 new; 1 not sent")
        #expect(report.problems == ["did not send \"Task 17\": dav.test refused to store /cal/user/tasks/\(try #require(try await sync.reminders()["Task 17"]).reminder.id.uuidString).ics "
            + "(\(status) \(CalDAVClient.reason(status)))"])
        #expect(sync.server.titles.count == 49)
        #expect(try await sync.sync().sentence == "home: sent 1 new")
        #expect(sync.server.titles.count == 50)
        #expect(try await sync.titles().count == 50)
    }

    @Test func aRefusedPasswordDuringUploadsStopsThemKeepsWhatWasSentAndNeverHangs() async throws {
        let sync = try await SyncHarness()
        for index in 1...50 { try await sync.add("Task \(index)", day: 1 + index % 28) }
        sync.server.intercept = { request, index in
            request.method == "PUT" && String(decoding: request.body ?? Data(), as: UTF8.self).contains("SUMMARY:Task 20\r")
                ? HTTPResponse(status: 401) : nil
        }
        let error = try await sync.failure()
        #expect(error.message == "dav.test refused the user name or password (401); check the password, or add the account again with the right one")
        let sentBefore = sync.server.titles.count
        #expect(sentBefore >= 19 && sentBefore < 50)
        sync.server.intercept = { _, _ in nil }
        // What the server took was written here: the next sync sends only the rest, with no merge.
        #expect(try await sync.sync().sentence == "home: sent \(50 - sentBefore) new")
        #expect(!sync.server.received.contains { $0.method == "GET" })
        #expect(sync.server.titles.count == 50)
    }

    @Test func fiveRefusalsInARowStopThePush() async throws {
        let sync = try await SyncHarness()
        for index in 1...30 { try await sync.add("Task \(index)", day: 1 + index % 28) }
        sync.server.intercept = { request, _ in request.method == "PUT" ? HTTPResponse(status: 500) : nil }
        let error = try await sync.failure()
        #expect(error.message.hasPrefix("dav.test refused 5 reminders in a row, so the sync stopped sending (the last: dav.test refused to store "))
        #expect(sync.server.received.filter { $0.method == "PUT" }.count < 12)
        sync.server.intercept = { _, _ in nil }
        #expect(try await sync.sync().sentence == "home: sent 30 new")
    }

    @Test func lockedAndBusyAnswersAreAskedAgainOneAtATimeAfterTheServersWait() async throws {
        let sync = try await SyncHarness()
        for index in 1...20 { try await sync.add("Task \(index)", day: index) }
        let busy = Refusals(count: 8)
        sync.server.intercept = { request, index in
            guard request.method == "PUT", busy.first() else { return nil }
            return index % 2 == 0 ? HTTPResponse(status: 423) : HTTPResponse(status: 503, headers: [("Retry-After", "2")])
        }
        #expect(try await sync.sync().sentence == "home: sent 20 new")
        #expect(sync.server.titles.count == 20)
        #expect(sync.server.concurrency.afterBusy == 1)
        // The 503's Retry-After is kept: the sync waited at least its 2 seconds before the last upload.
        #expect(sync.server.sleeps.reduce(.zero, +) >= .seconds(2))
        #expect(sync.server.sleeps.allSatisfy { $0 <= .seconds(8) })
    }

    @Test func aServerThatStaysLockedIsReportedPerReminderAfterTheTries() async throws {
        var limits = SyncLimits()
        limits.attempts = 3
        let sync = try await SyncHarness(limits: limits)
        try await sync.add("Locked")
        sync.server.intercept = { request, _ in request.method == "PUT" ? HTTPResponse(status: 423) : nil }
        let report = try await sync.sync()
        #expect(report.problems == ["did not send \"Locked\": dav.test stayed busy (423 Locked) after 3 tries"])
        #expect(sync.server.received.filter { $0.method == "PUT" }.count == 3)
    }

    // MARK: Time and size

    @Test func theWholeSyncEndsAtItsTimeLimitWithASentence() async throws {
        let sync = try await SyncHarness()
        for index in 1...20 { try await sync.add("Task \(index)", day: index) }
        sync.server.latency = .seconds(10)
        let error = try await sync.failure(SyncSettings(timeout: .seconds(30), maxTime: .seconds(60)))
        #expect(error.kind == .outOfTime)
        #expect(error.message.hasPrefix("the sync ran out of its time (--max-time 60 s) waiting for dav.test to "))
        #expect(error.message.hasSuffix("; what it did is kept, and the next sync goes on from there"))
        sync.server.latency = .zero
        #expect(try await sync.sync().sentence.hasPrefix("home: sent "))
        #expect(sync.server.titles.count == 20)
    }

    @Test func aBusyServerAskingForAWaitPastTheTimeLimitEndsTheSync() async throws {
        let sync = try await SyncHarness()
        sync.server.intercept = { _, _ in HTTPResponse(status: 503, headers: [("Retry-After", "50")]) }
        let error = try await sync.failure(SyncSettings(maxTime: .seconds(120)))
        #expect(error.kind == .outOfTime)
        #expect(sync.server.sleeps == [.seconds(50), .seconds(50)])
    }

    @Test func aResourceLargerThanTheLimitIsLeftAloneAndTheOthersArrive() async throws {
        var limits = SyncLimits()
        limits.resourceBytes = 4 * 1024
        limits.answerBytes = 16 * 1024
        let sync = try await SyncHarness(limits: limits)
        for index in 1...9 { sync.server.put("t\(index).ics", MemoryCalDAVServer.todo(uid: "t\(index)", title: "Task \(index)")) }
        sync.server.put("huge.ics", MemoryCalDAVServer.todo(uid: "huge", title: "Huge", extra: ["X-PADDING:" + String(repeating: "x", count: 20_000)]))
        let report = try await sync.sync()
        #expect(report.sentence == "home: received 9 new")
        #expect(report.notices == ["left /cal/user/tasks/huge.ics alone on the server: it is larger than 4 KiB, more than a reminder can hold"])
        #expect(try await sync.sync().sentence == "home: up to date")
    }

    @Test func anAnswerLargerThanTheLimitEndsTheSyncWithASentence() async throws {
        var limits = SyncLimits()
        limits.answerBytes = 1024
        let sync = try await SyncHarness(limits: limits)
        sync.server.intercept = { request, _ in
            HTTPResponse(status: 207, body: Data(("<d:multistatus xmlns:d=\"DAV:\">" + String(repeating: "<x/>", count: 1_000)).utf8))
        }
        let error = try await sync.failure()
        #expect(error.message == "dav.test sent more than 1 KiB in answer to report changes; Memoss reads no more")
    }

    @Test func anInvalidXMLCharacterInOneResourceBreaksOnlyThatOne() async throws {
        let sync = try await SyncHarness()
        for index in 1...5 { sync.server.put("t\(index).ics", MemoryCalDAVServer.todo(uid: "t\(index)", title: "Task \(index)")) }
        sync.server.put("bad.ics", MemoryCalDAVServer.todo(uid: "bad", title: "Bell\u{7}"))
        let report = try await sync.sync()
        // The batch is read in halves, down to the one resource, which is read by GET.
        #expect(report.sentence == "home: received 6 new")
        // Kept as Memoss shows (and writes) it.
        #expect(try await sync.titles().contains("Bell\\u{7}"))
        #expect(sync.server.received.filter { $0.method == "GET" }.map { $0.url.hasSuffix("bad.ics") } == [true])
        #expect(try await sync.sync().sentence == "home: up to date")
    }

    @Test func elementsMemossDoesNotReadCostNothingToParse() throws {
        let padding = String(repeating: "<x:pad xmlns:x=\"urn:x\"><x:more>text</x:more></x:pad>", count: 20_000)
        let data = Data("<d:multistatus xmlns:d=\"DAV:\">\(padding)<d:response><d:href>/a</d:href></d:response></d:multistatus>".utf8)
        let root = try DAVElement.parse(data, textLimit: 1024).get()
        #expect(root.children.map(\.name) == ["d:response"])
        let many = Data("<d:multistatus xmlns:d=\"DAV:\">\(String(repeating: "<d:response><d:href>a</d:href></d:response>", count: 11))</d:multistatus>".utf8)
        #expect(DAVElement.parse(many, textLimit: 10, maxResponses: 10).failure == .tooManyResponses)
    }

    @Test func anAnswerThatExpandsEntitiesWithoutEndIsRefused() throws {
        var entities = "<!ENTITY a0 \"laugh\">"
        for level in 1...12 { entities += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">" }
        let bomb = Data("<?xml version=\"1.0\"?><!DOCTYPE d:multistatus [\(entities)]><d:multistatus xmlns:d=\"DAV:\">"
            .appending("<d:response><d:href>&a12;</d:href></d:response></d:multistatus>").utf8)
        guard case .failure(.malformed) = DAVElement.parse(bomb, textLimit: 1024) else {
            Issue.record("an answer of 10^12 laughs was read")
            return
        }
    }

    // MARK: Mass deletion

    @Test func aServerThatComesBackEmptyStopsTheSyncUntilTheUserSaysSo() async throws {
        let sync = try await SyncHarness()
        for index in 1...20 { try await sync.add("Task \(index)", day: index) }
        try await sync.sync()
        sync.server.removeAll()
        let asked = Questions()
        let error: SyncError
        do {
            try await sync.sync(confirm: { asked.record($0); return false })
            Issue.record("the sync went on")
            return
        } catch let stopped as SyncError {
            error = stopped
        }
        #expect(error.kind == .guarded)
        #expect(error.message == "stopped before it would delete 20 of the 20 reminders synced with home here, because the server no longer has them; "
            + "nothing was deleted. If that is right, run `sync --force home`")
        #expect(asked.all == [MassDeletion(account: "home", side: .here, count: 20, of: 20)])
        #expect(try await sync.titles().count == 20)
        // Said yes to (or --force): it goes on.
        #expect(try await sync.sync(SyncSettings(force: true)).sentence == "home: received 20 deleted")
        #expect(try await sync.titles().isEmpty)
    }

    @Test func deletingMostRemindersHereAsksBeforeDeletingThemOnTheServer() async throws {
        let sync = try await SyncHarness()
        for index in 1...12 { try await sync.add("Task \(index)", day: index) }
        try await sync.sync()
        for index in 1...11 { try await sync.delete("Task \(index)") }
        let error = try await sync.failure()
        #expect(error.message.hasPrefix("stopped before it would delete 11 of the 12 reminders of home on the server, because they were deleted here;"))
        #expect(sync.server.titles.count == 12)
        #expect(try await sync.sync(confirm: { _ in true }).sentence == "home: sent 11 deleted")
        #expect(sync.server.titles == ["Task 12"])
    }

    @Test func tenDeletionsOrHalfOrLessNeedNoQuestion() async throws {
        let sync = try await SyncHarness()
        for index in 1...10 { try await sync.add("Task \(index)", day: index) }
        try await sync.sync()
        sync.server.removeAll()
        #expect(try await sync.sync().sentence == "home: received 10 deleted")
        let check = MassDeletion(account: "home", side: .here, count: 11, of: 22)
        #expect(!check.isMass(.standard))
        #expect(MassDeletion(account: "home", side: .here, count: 12, of: 22).isMass(.standard))
    }

    @Test func aDryRunSaysAMassDeletionWouldAsk() async throws {
        let sync = try await SyncHarness()
        for index in 1...12 { try await sync.add("Task \(index)", day: index) }
        try await sync.sync()
        sync.server.removeAll()
        let report = try await sync.sync(SyncSettings(dryRun: true))
        #expect(report.sentence == "home: would receive 12 deleted")
        #expect(report.notices == ["this sync would delete 12 of the 12 reminders synced with home here, because the server no longer has them; "
            + "it will ask first, or needs --force"])
    }

    // MARK: Sentences

    @Test func failuresOfTheConnectionAreNamed() async throws {
        let cases: [(HTTPFailure, String)] = [
            (.cannotConnect, "cannot connect to dav.test (connection refused); is the server running?"),
            (.timedOut, "dav.test did not answer in time (timed out); try again later or raise --timeout"),
            (.cannotResolveHost, "cannot find the host dav.test; check the address"),
            (.insecure("certificate has expired"), "the secure connection to dav.test failed (certificate has expired); Memoss syncs only with "
                + "a certificate it can verify: if the server has its own certificate authority, name its file in MEMOSS_CA_FILE (see docs/sync.md)"),
            (.connectionLost("Recv failure: Connection reset by peer"),
             "the connection to dav.test failed (Recv failure: Connection reset by peer); try again later"),
        ]
        let sync = try await SyncHarness()
        for (failure, sentence) in cases {
            sync.server.intercept = { _, _ in throw failure }
            #expect(try await sync.failure().message == sentence)
        }
    }

    @Test func aWrongPasswordIsNamedAndTheRightOneSyncs() async throws {
        let sync = try await SyncHarness(password: "s3cret")
        sync.server.password = "changed"
        #expect(try await sync.failure().message
            == "dav.test refused the user name or password (401); check the password, or add the account again with the right one")
    }
}

private extension Result {
    var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
}

/// Says yes the first `count` times it is asked, from any task.
final class Refusals: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int

    init(count: Int = 1) { left = count }

    func first() -> Bool {
        lock.withLock {
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }
}

/// The mass deletions a sync asked about.
final class Questions: @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [MassDeletion] = []

    func record(_ question: MassDeletion) { lock.withLock { asked.append(question) } }
    var all: [MassDeletion] { lock.withLock { asked } }
}
