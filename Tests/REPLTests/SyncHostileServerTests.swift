import Foundation
import Testing
import TestSupport

/// Issue "Sync that no server can turn against you", end to end: the built `memoss` against a
/// hostile server (`Scripts/hostile_caldav.py`, in front of a real Radicale on loopback, with
/// "sinks" that stand for the other servers it names) and against a real Xandikos. Each test says
/// what the user sees, what the servers received (a sink receives no connection at all), and that
/// the next sync converges with nothing lost.
@Suite(.serialized, .tags(.slow))
struct SyncHostileServerTests {
    private let temporary: TemporaryFolder
    private let environment = MemossProcess.onTestClock(["HOME": "/nonexistent", "TZ": "UTC", "PATH": "/usr/bin:/bin", "DAV_PASS": "s3cret pass"])
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/hostile_caldav.py")

    init() throws {
        temporary = try TemporaryFolder("memoss-hostile")
    }

    private func store(_ device: String) -> String { temporary.path("\(device).sqlite") }

    @discardableResult
    private func memoss(_ device: String, _ arguments: [String], variables: [String: String] = [:], limit: TimeInterval = 120) throws
        -> ChildProcess.Result {
        let result = try ChildProcess.start(MemossProcess.executable, ["--db", store(device)] + arguments,
                                            environment: environment.merging(variables) { $1 }).wait(limit: limit)
        #expect(result.status != ChildProcess.timedOut, "memoss \(arguments) did not end within \(limit) s")
        return result
    }

    /// A device `a` with an account `home` at `url` (the password from $DAV_PASS).
    private func account(_ url: String, device: String = "a", variables: [String: String] = [:]) throws {
        let added = try memoss(device, ["sync", "add", "home", url, "--user", "alice", "--password-env", "DAV_PASS"], variables: variables)
        #expect(added.status == 0, "\(added.stderr)")
    }

    /// Radicale with a password, and the hostile server in front of it.
    private func servers(certificate: (cert: String, key: String)? = nil) throws -> (CalDAVServer, HostileServer) {
        let server = try CalDAVServer(.radicale, password: "s3cret pass")
        return (server, try HostileServer(in: temporary, upstream: server, script: Self.script, certificate: certificate))
    }

    private func url(_ hostile: HostileServer, scheme: String = "http") -> String { "\(scheme)://127.0.0.1:\(hostile.port)/alice/tasks/" }

    /// `count` reminders imported into `device`.
    private func reminders(_ count: Int, device: String = "a") throws {
        var csv = "title,date,time\n"
        for index in 1...count { csv += "Task \(index),2027-\(String(format: "%02d", 1 + index % 12))-\(String(format: "%02d", 1 + index % 28)),09:00\n" }
        let file = temporary.path("\(device)-\(count).csv")
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", store(device), file], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    private func count(_ device: String, _ table: String = "reminder") throws -> Int {
        Int(try SQLiteShell.run(store(device), "SELECT count(*) FROM \(table)")) ?? -1
    }

    /// A self-signed certificate for 127.0.0.1, made by openssl.
    private func certificate() throws -> (cert: String, key: String) {
        let (cert, key) = (temporary.path("cert.pem"), temporary.path("key.pem"))
        let made = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/openssl"), [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        return (cert, key)
    }

    // MARK: 1. Redirects

    @Test(arguments: ["127.0.0.1", "127.0.0.2"])
    func aRedirectToAnotherServerIsRefusedNamingItAndTheOtherServerGetsNothing(_ host: String) throws {
        let (server, hostile) = try servers()
        let sink = try #require(hostile.sinks.first { $0.hasPrefix(host + ":") })
        let name = "127.0.0.1:\(hostile.port)"
        // Adding the account: the PROPFIND is sent elsewhere.
        try hostile.set("redirect PROPFIND 301 http://\(sink){path}")
        let refused = try memoss("a", ["sync", "add", "home", url(hostile), "--user", "alice", "--password-env", "DAV_PASS"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "memoss: \(name) wanted to send Memoss to http://\(sink)/alice/tasks/, "
            + "which is another server than http://\(name); Memoss sends requests and the password only to http://\(name), so it did not go there; "
            + "if the task list has moved, add the account again with its new address.\n")
        #expect(try memoss("a", ["sync", "status"]).stdout == "No sync account yet; `sync add NAME URL --user USER` adds one.\n")
        // Syncing: the report of changes is sent elsewhere.
        try hostile.set("pass")
        try account(url(hostile))
        #expect(try memoss("a", ["add", "Stay here", "--date", "2027-05-01"]).status == 0)
        try hostile.set("redirect REPORT 307 http://\(sink){path}")
        let stopped = try memoss("a", ["sync"])
        #expect(stopped.status == 1)
        #expect(stopped.stderr.hasPrefix("memoss: Sync home failed: \(name) wanted to send Memoss to http://\(sink)/alice/tasks/, which is another "
            + "server than http://\(name); Memoss sends requests and the password only to http://\(name)/alice/tasks/, so it did not go there;"))
        #expect(hostile.sinkLog.isEmpty, "\(hostile.sinkLog)")
        #expect(hostile.log.allSatisfy { $0.hasSuffix("auth=yes") })
        try hostile.set("pass")
        #expect(try memoss("a", ["sync"]).stdout == "home: sent 1 new.\n")
        #expect(try server.uids().count == 1)
    }

    @Test func aRedirectWithinTheServerIsFollowed() throws {
        let (server, hostile) = try servers()
        try account(url(hostile))
        #expect(try memoss("a", ["add", "Moved along", "--date", "2027-05-01"]).status == 0)
        try hostile.set("redirect ANY 307 {path}?redirected")
        #expect(try memoss("a", ["sync"]).stdout == "home: sent 1 new.\n")
        #expect(hostile.log.contains { $0.hasPrefix("PUT /alice/tasks/") && $0.contains(".ics?redirected 201") }, "\(hostile.log)")
        try hostile.set("pass")
        #expect(try memoss("a", ["sync"]).stdout == "home: up to date.\n")
        #expect(try server.uids().count == 1)
    }

    @Test func anHttpsServerRedirectingToPlainHttpGetsNoPasswordThereAndIsNamed() throws {
        let certificate = try certificate()
        let (server, hostile) = try servers(certificate: certificate)
        let trust = ["MEMOSS_CA_FILE": certificate.cert]
        let name = "127.0.0.1:\(hostile.port)"
        // Unless told to trust the certificate, the client does not.
        let untrusted = try memoss("a", ["sync", "add", "home", url(hostile, scheme: "https"), "--user", "alice", "--password-env", "DAV_PASS"])
        #expect(untrusted.status == 1)
        #expect(untrusted.stderr.hasPrefix("memoss: The secure connection to \(name) failed ("), "\(untrusted.stderr)")
        #expect(untrusted.stderr.contains("Memoss syncs only with a certificate it can verify"))
        // Trusted, adding the account is redirected to http: refused, and `sync add` says so.
        let sink = hostile.sinks[1]
        try hostile.set("redirect PROPFIND 301 http://\(sink){path}")
        let refused = try memoss("a", ["sync", "add", "home", url(hostile, scheme: "https"), "--user", "alice", "--password-env", "DAV_PASS"],
                                 variables: trust)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("wanted to send Memoss to http://\(sink)/alice/tasks/, which is another server than https://\(name)"))
        try hostile.set("pass")
        try account(url(hostile, scheme: "https"), variables: trust)
        #expect(try memoss("a", ["add", "Secret plans", "--date", "2027-05-01"]).status == 0)
        // The same host in plain http: named as such.
        try hostile.set("redirect ANY 308 http://127.0.0.1:\(hostile.port){path}")
        let downgraded = try memoss("a", ["sync"], variables: trust)
        #expect(downgraded.status == 1)
        #expect(downgraded.stderr.contains("wanted to send Memoss to http://\(name)/alice/tasks/, which is plain http, not encrypted;"))
        #expect(hostile.sinkLog.isEmpty)
        try hostile.set("pass")
        #expect(try memoss("a", ["sync"], variables: trust).stdout == "home: sent 1 new.\n")
        #expect(try server.uids().count == 1)
    }

    // MARK: 2. Hrefs

    @Test func hrefsOutsideTheTaskListAreReportedAndNeverRequested() throws {
        let (server, hostile) = try servers()
        try account(url(hostile))
        #expect(try memoss("a", ["add", "Mine", "--date", "2027-05-01"]).status == 0)
        #expect(try memoss("a", ["sync"]).stdout == "home: sent 1 new.\n")
        try hostile.set("hrefs \(hostile.sinks[1])")
        let output = try memoss("a", ["sync"])
        #expect(output.status == 0)
        let name = "127.0.0.1:\(hostile.port)"
        #expect(output.stdout == """
            home: up to date.
              left out http://\(hostile.sinks[1])/alice/tasks/evil.ics: the server named it, but it is another server than http://\(name); Memoss sends no request there.
              left out /alice/tasks/../../bob/tasks/x.ics: the server named it, but it is outside /alice/tasks/; Memoss sends no request there.
              left out /alice/tasks/%2e%2e/%2e%2e/bob/tasks/y.ics: the server named it, but it has a path with dot segments or control characters; Memoss sends no request there.

            """)
        #expect(hostile.sinkLog.isEmpty)
        #expect(!hostile.log.contains { $0.contains("bob") || $0.contains("evil") }, "\(hostile.log)")
        try hostile.set("pass")
        #expect(try memoss("a", ["sync"]).stdout == "home: up to date.\n")
        #expect(try server.uids().count == 1)
    }

    // MARK: 3 and 4. Uploads that fail, servers that lock, and a redirected PUT

    @Test(arguments: [500, 503, 401])
    func anErrorDuringFiftyUploadsNeitherHangsNorLosesAReminder(_ status: Int) throws {
        let (server, hostile) = try servers()
        try account(url(hostile))
        try reminders(50)
        try hostile.set("fail-put \(status) 10")
        let started = Date()
        let first = try memoss("a", ["sync"])
        #expect(Date().timeIntervalSince(started) < 60)
        let name = "127.0.0.1:\(hostile.port)"
        switch status {
        case 500:
            #expect(first.status == 1)
            #expect(first.stdout.hasPrefix("home: sent 49 new; 1 not sent.\n  did not send \"Task "), "\(first.stdout)")
            #expect(first.stdout.contains(".ics (500 Internal Server Error).\n"))
            #expect(first.stderr == "memoss: Sync home did not send 1 change (said above); they stay here and are sent at the next sync; "
                + "nothing was lost, sync again later.\n")
            #expect(try server.uids().count == 49)
        case 503:
            // Busy: asked again after a backoff, one at a time.
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout == "home: sent 50 new.\n")
        default:
            #expect(first.status == 1)
            #expect(first.stderr == "memoss: Sync home failed: \(name) refused the user name or password (401); check the password, "
                + "or add the account again with the right one; nothing was lost, sync again later.\n")
        }
        #expect(hostile.log.contains { $0.hasPrefix("PUT ") && $0.contains(" \(status) ") })
        try hostile.set("pass")
        let second = try memoss("a", ["sync"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try server.uids().count == 50)
        #expect(try count("a") == 50)
        #expect(try memoss("a", ["sync"]).stdout == "home: up to date.\n")
        // What the server took was written here (an upload cut off by the 401 may have landed unseen, and is merged).
        if status != 401 { #expect(!hostile.log.contains { $0.hasPrefix("GET ") }, "a reminder the server took was merged as if changed there") }
    }

    @Test(arguments: ["busy-put 423 8", "busy-put 503 4 1"])
    func lockedAndBusyAnswersAreAskedAgain(_ mode: String) throws {
        let (server, hostile) = try servers()
        try account(url(hostile))
        try reminders(20)
        try hostile.set(mode)
        #expect(try memoss("a", ["sync"]).stdout == "home: sent 20 new.\n")
        #expect(try server.uids().count == 20)
        #expect(hostile.log.filter { $0.hasPrefix("PUT ") && ($0.contains(" 423 ") || $0.contains(" 503 ")) }.count == (mode.contains("423") ? 8 : 4))
        try hostile.set("pass")
        #expect(try memoss("a", ["sync"]).stdout == "home: up to date.\n")
    }

    @Test func aPutRedirectedToAnotherServerIsNotCountedAsSentNorLost() throws {
        let (server, hostile) = try servers()
        try account(url(hostile))
        #expect(try memoss("a", ["add", "Buy milk", "--date", "2027-05-01"]).status == 0)
        try hostile.set("redirect PUT 307 http://\(hostile.sinks[1]){path}")
        let first = try memoss("a", ["sync"])
        #expect(first.status == 1)
        #expect(first.stdout.hasPrefix("home: 1 not sent.\n  did not send \"Buy milk\": 127.0.0.1:\(hostile.port) wanted to send Memoss to "
            + "http://\(hostile.sinks[1])/alice/tasks/"), "\(first.stdout)")
        #expect(hostile.sinkLog.isEmpty)
        #expect(try server.uids().isEmpty)
        #expect(try count("a") == 1)
        try hostile.set("pass")
        #expect(try memoss("a", ["sync"]).stdout == "home: sent 1 new.\n")
        #expect(try count("a") == 1)
        #expect(try server.uids().count == 1)
    }

    @Test func xandikosTakesTwoHundredRemindersSentAtOnce() throws {
        let server = try CalDAVServer(.xandikos)
        let added = try memoss("a", ["sync", "add", "home", server.collectionURL, "--user", server.user])
        #expect(added.status == 0, "\(added.stderr)")
        try reminders(200)
        let sent = try memoss("a", ["sync"], limit: 300)
        #expect(sent.stdout == "home: sent 200 new.\n", "\(sent.stderr)")
        try SQLiteShell.run(store("a"), "UPDATE reminder SET title = title || ' (changed)', updatedAt = updatedAt")
        let changed = try memoss("a", ["sync"], limit: 300)
        #expect(changed.stdout == "home: sent 200 changed.\n", "\(changed.stderr)")
        #expect(try server.uids().count == 200)
        #expect(try memoss("a", ["sync"]).stdout == "home: up to date.\n")
        #expect(try memoss("b", ["sync", "add", "home", server.collectionURL, "--user", server.user]).status == 0)
        #expect(try memoss("b", ["sync"], limit: 300).stdout == "home: received 200 new.\n")
        #expect(try SQLiteShell.run(store("b"), "SELECT count(*) FROM reminder WHERE title LIKE '% (changed)'") == "200")
    }

    // MARK: 5. Time and size

    @Test func aServerSendingOneByteASecondIsCutAtTheTimeoutAndAtTheTimeLimit() throws {
        let (server, hostile) = try servers()
        try account(url(hostile))
        #expect(try memoss("a", ["add", "Patient", "--date", "2027-05-01"]).status == 0)
        try hostile.set("drip")
        let name = "127.0.0.1:\(hostile.port)"
        var started = Date()
        let timedOut = try memoss("a", ["sync", "--timeout", "2"], limit: 60)
        #expect(Date().timeIntervalSince(started) < 40)
        #expect(timedOut.stderr == "memoss: Sync home failed: \(name) did not answer in time (timed out); try again later or raise --timeout; "
            + "nothing was lost, sync again later.\n")
        started = Date()
        let outOfTime = try memoss("a", ["sync", "--timeout", "30", "--max-time", "3"], limit: 60)
        #expect(Date().timeIntervalSince(started) < 25)
        #expect(outOfTime.stderr == "memoss: Sync home failed: the sync ran out of its time (--max-time 3 s) waiting for \(name) to report changes; "
            + "what it did is kept, and the next sync goes on from there; nothing was lost, sync again later.\n")
        try hostile.set("pass")
        #expect(try memoss("a", ["sync"]).stdout == "home: sent 1 new.\n")
        #expect(try server.uids().count == 1)
    }

    @Test func aFiveHundredMegabyteAnswerIsCutAtItsLimit() throws {
        let (server, hostile) = try servers()
        try account(url(hostile))
        #expect(try memoss("a", ["add", "Small", "--date", "2027-05-01"]).status == 0)
        try hostile.set("huge 524288000")
        let started = Date()
        let cut = try memoss("a", ["sync"], limit: 120)
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(cut.stderr == "memoss: Sync home failed: 127.0.0.1:\(hostile.port) sent more than 32 MiB in answer to report changes; "
            + "Memoss reads no more; nothing was lost, sync again later.\n")
        try hostile.set("pass")
        #expect(try memoss("a", ["sync"]).stdout == "home: sent 1 new.\n")
        #expect(try server.uids().count == 1)
    }

    // MARK: 7. One bad resource

    /// Device `b` puts three reminders on the server; `a` syncs with `mode` set.
    private func badResource(_ mode: String) throws -> (first: ChildProcess.Result, hostile: HostileServer, server: CalDAVServer) {
        let (server, hostile) = try servers()
        try account(server.collectionURL, device: "b")
        for title in ["One", "Two", "Three"] { #expect(try memoss("b", ["add", title, "--date", "2027-05-01"]).status == 0) }
        #expect(try memoss("b", ["sync"]).stdout == "home: sent 3 new.\n")
        try account(url(hostile))
        try hostile.set(mode)
        return (try memoss("a", ["sync"]), hostile, server)
    }

    @Test func aResourceOverTheLimitIsLeftAloneAndTheRestArrive() throws {
        let (first, hostile, server) = try badResource("inject huge huge")
        #expect(first.stdout == "home: received 3 new.\n  left /alice/tasks/huge.ics alone on the server: it is larger than 1 MiB, more than a reminder can hold.\n")
        let second = try memoss("a", ["sync"])
        #expect(second.stdout == "home: up to date.\n", "\(second.stderr)")
        #expect(try count("a") == 3)
        #expect(try server.uids().count == 3)
        #expect(hostile.log.filter { $0.hasPrefix("PUT ") }.isEmpty)
    }

    @Test func anInvalidXMLCharacterBreaksOnlyItsOwnResource() throws {
        let (first, hostile, server) = try badResource("inject invalid-char bell")
        #expect(first.stdout == "home: received 4 new.\n", "\(first.stderr)")
        #expect(hostile.log.contains { $0.hasPrefix("GET /alice/tasks/bell.ics 200") })
        #expect(try memoss("a", ["sync"]).stdout == "home: up to date.\n")
        // Kept as Memoss shows and writes it (a backslash shown doubled), never raw.
        #expect(try SQLiteShell.run(store("a"), "SELECT count(*) FROM reminder WHERE title = 'Bell\\u{1}ringer'") == "1")
        #expect(try memoss("a", ["list"]).stdout.contains("Bell\\\\u{1}ringer"))
        #expect(try server.uids().count == 3)
    }

    @Test func twoResourcesWithOneUIDAreReportedOnceAndConverge() throws {
        let server = try CalDAVServer(.radicale, password: "s3cret pass")
        try account(server.collectionURL, device: "b")
        #expect(try memoss("b", ["add", "Original", "--date", "2027-05-01"]).status == 0)
        #expect(try memoss("b", ["sync"]).stdout == "home: sent 1 new.\n")
        let uid = try #require(try server.uids().first)
        let hostile = try HostileServer(in: temporary, upstream: server, script: Self.script)
        try account(url(hostile))
        try hostile.set("inject uid copy \(uid)")
        let first = try memoss("a", ["sync"])
        #expect(first.stdout == "home: received 1 new.\n  left /alice/tasks/copy.ics alone on the server: it has the same UID as "
            + "/alice/tasks/\(uid).ics, which is synced as \"Original\"; remove one of the two on the server.\n")
        #expect(try memoss("a", ["sync"]).stdout == "home: up to date.\n")
        #expect(try count("a") == 1)
    }

    @Test func twentyThousandCategoriesMakeNoTags() throws {
        let (first, hostile, server) = try badResource("inject categories many 20000")
        #expect(first.stdout == "home: received 3 new.\n  left /alice/tasks/many.ics alone on the server: it has 20000 categories; "
            + "a reminder has at most 20 tags.\n")
        #expect(try count("a", "tag") < 10)
        let second = try memoss("a", ["sync"])
        #expect(second.stdout == "home: up to date.\n", "\(second.stderr)")
        #expect(try server.uids().count == 3)
        #expect(hostile.log.filter { $0.hasPrefix("PUT ") }.isEmpty)
    }

    @Test func syncStatusShowsControlCharactersEscaped() throws {
        let server = try CalDAVServer(.xandikos)
        let added = try memoss("a", ["sync", "add", "home", server.collectionURL, "--user", "al\u{1B}[31mice",
                                     "--password-command", "printf 'x\u{7}'"])
        #expect(added.status == 0, "\(added.stderr)")
        let status = try memoss("a", ["sync", "status"]).stdout
        #expect(status.hasPrefix("home: \(server.collectionURL) as al\\u{1B}[31mice, password from `printf 'x\\u{7}'`\n"), "\(status)")
        #expect(!status.contains("\u{1B}") && !status.contains("\u{7}"))
    }

    // MARK: 6. Signals

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGKILL, SIGUSR1])
    func killingMemossSyncByAnySignalStopsTheHelper(_ signal: Int32) throws {
        let (server, hostile) = try servers()
        try account(url(hostile))
        #expect(try memoss("a", ["add", "Survivor", "--date", "2027-05-01"]).status == 0)
        try hostile.set("hang")
        let running = try ChildProcess.start(MemossProcess.executable, ["--db", store("a"), "sync"], environment: environment)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !hostile.log.contains(where: { $0.contains(" hang ") }) { usleep(20_000) }
        let helper = try #require(Self.children(of: running.pid).first)
        running.send(signal)
        _ = try running.wait(limit: 20)
        let gone = Date().addingTimeInterval(10)
        while Date() < gone, Self.isAlive(helper) { usleep(20_000) }
        #expect(!Self.isAlive(helper), "memoss-sync (\(helper)) still runs after memoss got signal \(signal)")
        try hostile.set("pass")
        #expect(try memoss("a", ["sync"]).stdout == "home: sent 1 new.\n")
        #expect(try server.uids().count == 1)
    }

    /// The process ids of `pid`'s children (started by any of its threads).
    private static func children(of pid: Int32) -> [Int32] {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return threads.flatMap { thread in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/children", encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int32($0) }
        }
    }

    /// Whether `pid` runs (a zombie waiting to be reaped does not).
    private static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(close, offsetBy: 2)...].hasPrefix("Z")
    }
}
