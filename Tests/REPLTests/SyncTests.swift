import Foundation
import Shared
import Testing
import TestSupport

/// Issue "Multi-device: two-way sync with CalDAV servers", end to end: the built `memoss` on two
/// stores (two devices) against real Radicale and Xandikos servers started here on loopback, with
/// a fault proxy (`Scripts/caldav_fault_proxy.py`) in front of them for truncated answers, races
/// and silence.
@Suite(.serialized)
struct SyncTests {
    private let temporary: TemporaryFolder
    private let environment = ["HOME": "/nonexistent", "TZ": "UTC", "PATH": "/usr/bin:/bin"]
    private static let proxyScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Scripts/caldav_fault_proxy.py")

    init() throws {
        temporary = try TemporaryFolder("memoss-sync")
    }

    private func store(_ device: String) -> String { temporary.path("\(device).sqlite") }

    @discardableResult
    private func memoss(_ device: String, _ arguments: String..., limit: TimeInterval = 120) throws -> ChildProcess.Result {
        try ChildProcess.start(MemossProcess.executable, ["--db", store(device)] + arguments, environment: environment)
            .wait(limit: limit)
    }

    /// Runs a sync that must succeed; returns what it printed.
    @discardableResult
    private func sync(_ device: String, _ extra: String...) throws -> String {
        let result = try ChildProcess.start(MemossProcess.executable, ["--db", store(device), "sync"] + extra, environment: environment)
            .wait(limit: 300)
        #expect(result.status == 0, "\(device): \(result.stderr)")
        return result.stdout
    }

    /// A device with an account named `home` on `url`.
    private func device(_ name: String, url: String, user: String) throws {
        let result = try memoss(name, "sync", "add", "home", url, "--user", user)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Added home, syncing one task list:\n  "))
    }

    /// `memoss ARGUMENTS` on `device` at `minutes` after the tests' now (20:00 UTC, Saturday 21
    /// November 2026), expected to succeed.
    @discardableResult
    private func at(_ minutes: Int, _ device: String, _ arguments: String...) throws -> ChildProcess.Result {
        let clock = memossClock(testNow.addingTimeInterval(TimeInterval(minutes * 60)))
        let result = try ChildProcess.start(MemossProcess.executable, ["--db", store(device)] + arguments,
                                            environment: environment.merging([SetClock.variable: clock]) { $1 }).wait(limit: 300)
        #expect(result.status == 0, "\(device) \(arguments): \(result.stderr)")
        return result
    }

    /// Devices `a` and `b`, each with an account on `server`'s task list.
    private func twoDevices(on server: CalDAVServer) throws {
        try device("a", url: server.collectionURL, user: server.user)
        try device("b", url: server.collectionURL, user: server.user)
    }

    /// The reminders of a device as `list --json` gives them: to do, then completed.
    private func reminders(_ device: String) throws -> [[String: Any]] {
        let result = try memoss(device, "list", "--all", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any] ?? [:]
        return (object["todo"] as? [[String: Any]] ?? []) + (object["completed"] as? [[String: Any]] ?? [])
    }

    private func titles(_ device: String) throws -> [String] { try reminders(device).compactMap { $0["title"] as? String }.sorted() }

    private func count(_ device: String) throws -> Int { Int(try SQLiteShell.run(store(device), "SELECT count(*) FROM reminder")) ?? -1 }

    // MARK: Scenarios

    @Test(arguments: CalDAVServer.Kind.allCases)
    func createEditUndoAndDeleteTravelBetweenDevices(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        // A finds the task list from the user's address; B is given the list's own.
        try device("a", url: server.rootURL, user: server.user)
        try device("b", url: server.collectionURL, user: server.user)
        #expect(try memoss("a", "add", "Buy milk", "--date", "2099-01-05", "--time", "9", "--new-tag", "Home",
                           "--notes", "2 litres").status == 0)
        #expect(try sync("a").contains("home: sent 1 new."))
        #expect(try server.uids().count == 1)
        #expect(try sync("b").contains("home: received 1 new."))
        let received = try #require(try reminders("b").first)
        #expect(received["title"] as? String == "Buy milk")
        #expect(received["notes"] as? String == "2 litres")
        #expect(received["tags"] as? [String] == ["Home"])
        #expect(received["scheduledAt"] as? String == "2099-01-05T09:00:00+00:00")

        // Edit on B → A. Undo on A is A's own: it will not take back B's change unasked (A's last
        // command, the add, was changed by the sync since), but does when the sync is named, and
        // the next sync sends that back.
        try memoss("b", "list")
        #expect(try memoss("b", "edit", "1", "--title", "Buy oat milk").status == 0)
        #expect(try sync("b").contains("home: sent 1 changed."))
        #expect(try sync("a").contains("home: received 1 changed."))
        #expect(try titles("a") == ["Buy oat milk"])
        let refused = try memoss("a", "undo")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("a sync with home changed the same reminders since"), "\(refused.stderr)")
        #expect(try titles("a") == ["Buy oat milk"])
        let named = try memoss("a", "undo", "--sync", "--yes").stdout
        #expect(named.contains("  change back \"Buy oat milk\"\n"), "\(named)")
        #expect(named.contains("Undid: Synced with home."), "\(named)")
        #expect(try titles("a") == ["Buy milk"])
        #expect(try sync("a").contains("home: sent 1 changed."))
        #expect(try sync("b").contains("home: received 1 changed."))
        #expect(try titles("b") == ["Buy milk"])

        // A dry run changes nothing anywhere.
        #expect(try memoss("a", "add", "Call mum", "--date", "2099-01-06").status == 0)
        #expect(try sync("a", "--dry-run") == "home: would send 1 new.\n  would send new \"Call mum\"\n")
        #expect(try sync("b", "--dry-run") == "home: nothing would change.\n")
        #expect(try server.uids().count == 1)
        #expect(try sync("a").contains("home: sent 1 new."))

        // Delete on A → gone on B and on the server.
        try memoss("a", "list")
        #expect(try memoss("a", "rm", "1", "2").status == 0)
        #expect(try sync("a").contains("home: sent 2 deleted."))
        #expect(try server.uids().isEmpty)
        #expect(try sync("b").contains("home: received 1 deleted."))
        #expect(try titles("b").isEmpty)
        #expect(try sync("b").contains("home: up to date."))
        let status = try memoss("b", "sync", "status").stdout
        #expect(status.contains("home: \(server.collectionURL) as \(server.user), no password"))
        #expect(status.contains("last synced"))
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func concurrentEditsMergeByField(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        try twoDevices(on: server)
        #expect(try memoss("a", "add", "Dentist", "--date", "2099-02-01", "--time", "14").status == 0)
        try sync("a"); try sync("b")
        try memoss("a", "list"); try memoss("b", "list")

        // Different fields on each side: both survive, no conflict.
        #expect(try memoss("a", "edit", "1", "--notes", "bring the card").status == 0)
        #expect(try memoss("b", "edit", "1", "--title", "Dentist, Dr Lee", "--tag", "Health").status == 0)
        try sync("a")
        let merged = try sync("b")
        #expect(merged.contains("received 1 changed; sent 1 changed."), "\(merged)")
        try sync("a")
        for device in ["a", "b"] {
            let reminder = try #require(try reminders(device).first)
            #expect(reminder["title"] as? String == "Dentist, Dr Lee")
            #expect(reminder["notes"] as? String == "bring the card")
            #expect(reminder["tags"] as? [String] == ["Health"])
        }

        // The same field on both sides: the later change wins, the other is kept in the notes.
        #expect(try memoss("a", "edit", "1", "--title", "Dentist at 2").status == 0)
        #expect(try memoss("b", "edit", "1", "--title", "Dentist at 3").status == 0)
        try sync("a")
        #expect(try sync("b").contains("1 conflict kept in the notes (\"Dentist at 3\")"))
        try sync("a")
        for device in ["a", "b"] {
            let reminder = try #require(try reminders(device).first)
            #expect(reminder["title"] as? String == "Dentist at 3")
            let notes = reminder["notes"] as? String ?? ""
            #expect(notes.hasPrefix("bring the card\nSync conflict (home, "), "\(notes)")
            #expect(notes.hasSuffix("): the server's title was \"Dentist at 2\"."), "\(notes)")
        }
        #expect(try server.uids().count == 1)
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func aDeleteOnOneSideAndAChangeOnTheOtherKeepsTheChange(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        try twoDevices(on: server)
        #expect(try memoss("a", "add", "Deleted here, changed there", "--date", "2099-08-01").status == 0)
        #expect(try memoss("a", "add", "Changed here, deleted there", "--date", "2099-08-02").status == 0)
        try sync("a"); try sync("b")
        try memoss("a", "list"); try memoss("b", "list")
        // A deletes the first and changes the second; B changes the first and deletes the second.
        #expect(try memoss("a", "rm", "1").status == 0)
        try memoss("a", "list")
        #expect(try memoss("a", "edit", "1", "--notes", "changed on A").status == 0)
        #expect(try memoss("b", "edit", "1", "--notes", "changed on B").status == 0)
        #expect(try memoss("b", "rm", "2").status == 0)
        try sync("b")
        let output = try sync("a")
        #expect(output.contains("restored \"Deleted here, changed there\": changed on the server after it was deleted here."), "\(output)")
        #expect(output.contains("kept \"Changed here, deleted there\": changed here after it was deleted on the server; it is sent again."), "\(output)")
        try sync("b")
        for device in ["a", "b"] {
            let notes = Dictionary(uniqueKeysWithValues: try reminders(device).map { ($0["title"] as? String ?? "", $0["notes"] as? String ?? "") })
            #expect(notes == ["Deleted here, changed there": "changed on B", "Changed here, deleted there": "changed on A"], "\(device)")
        }
        #expect(try server.uids().count == 2)
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func completingARepeatingReminderAdvancesItEverywhereWithoutCopies(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        try twoDevices(on: server)
        #expect(try memoss("a", "add", "Water plants", "--date", "2099-01-05", "--time", "8", "--repeat", "every mon, thu").status == 0)
        try sync("a"); try sync("b")
        try memoss("b", "list")
        #expect(try memoss("b", "done", "1").stdout.contains("next: Thu 8 Jan 2099 08:00"))
        try sync("b")
        try memoss("a", "list")
        #expect(try memoss("a", "edit", "1", "--title", "Water the plants").status == 0)
        #expect(try sync("a").contains("received 1 changed; sent 1 changed."))
        try sync("b")
        for device in ["a", "b"] {
            let open = try reminders(device).filter { $0["completed"] as? Bool == false }
            #expect(open.count == 1)
            #expect(open.first?["title"] as? String == "Water the plants")
            #expect(open.first?["scheduledAt"] as? String == "2099-01-08T08:00:00+00:00")
        }
        #expect(try server.uids().count == 1)
        let text = try server.resource(try #require(try server.uids().first) + ".ics")
        #expect(text.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,TH"))
        #expect(text.contains("20990108T080000"))
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func alarmsTravelBetweenDevicesAndAnotherClientsStayAsItWroteThem(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        try twoDevices(on: server)
        func alarms(_ device: String) throws -> [String] {
            try reminders(device).first.map { ($0["alarms"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String } } ?? []
        }
        #expect(try memoss("a", "add", "Dentist", "--date", "2099-01-05", "--time", "9", "--alarm", "-1d", "--alarm", "-15m").status == 0)
        try sync("a")
        #expect(try sync("b").contains("home: received 1 new."))
        #expect(try alarms("b") == ["-1d", "-15m"])
        // Changed on b (the day before becomes two hours before): a takes it, the server holds two VALARMs.
        try memoss("b", "list")
        #expect(try memoss("b", "edit", "1", "--alarm", "-2h", "--alarm", "-15m").status == 0)
        #expect(try sync("b").contains("home: sent 1 changed."))
        #expect(try sync("a").contains("home: received 1 changed."))
        #expect(try alarms("a") == ["-2h", "-15m"])
        let name = try #require(try server.uids().first) + ".ics"
        var text = try server.resource(name)
        #expect(text.components(separatedBy: "BEGIN:VALARM").count == 3)
        #expect(text.contains("TRIGGER;RELATED=END:-PT2H\r\n") && text.contains("TRIGGER;RELATED=END:-PT15M\r\n"))
        // No alarm at all travels too, and nothing is sent back and forth after.
        try memoss("a", "list")
        #expect(try memoss("a", "edit", "1", "--alarm", "none").status == 0)
        try sync("a")
        try sync("b")
        #expect(try alarms("b") == [])
        text = try server.resource(name)
        #expect(!text.contains("BEGIN:VALARM") && text.contains("X-MEMOSS-ALARMS:NONE\r\n"))
        #expect(try sync("a").contains("home: up to date."))
        #expect(try sync("b").contains("home: up to date."))
        // Done on a, which writes no alarm for a done to-do: reopened on b, it has b's alarms as they were.
        try memoss("b", "list")
        #expect(try memoss("b", "edit", "1", "--alarm", "-30m").status == 0)
        try sync("b")
        try sync("a")
        try memoss("a", "list")
        #expect(try memoss("a", "done", "1").status == 0)
        try sync("a")
        try sync("b")
        #expect(try reminders("b").first?["completed"] as? Bool == true)
        #expect(try memoss("b", "reopen", "1").status == 0)
        #expect(try alarms("b") == ["-30m"])
        try sync("b")
        try sync("a")
        #expect(try alarms("a") == ["-30m"])
        #expect(try server.resource(name).contains("TRIGGER;RELATED=END:-PT30M\r\n"))
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func aNotificationAnsweredOnOneDeviceIsSilentOnTheOtherAfterASync(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        try twoDevices(on: server)
        try at(0, "a", "add", "Dentist", "--date", "today", "--time", "21:00", "--alarm", "-15m")
        try at(0, "a", "add", "Water the plants", "--date", "today", "--time", "21:00")
        try at(0, "a", "sync")
        #expect(try at(0, "b", "sync").stdout.contains("home: received 2 new."))

        // On a, the alarm 15 minutes before is delivered and dismissed at 20:46; the answer syncs.
        #expect(try at(46, "a", "due").stdout.contains("Reminder: Dentist"))
        try at(46, "a", "notifications")
        #expect(try at(46, "a", "dismiss", "1").stdout == "Dismissed \"Dentist\".\n")
        #expect(try at(47, "a", "sync").stdout.contains("home: sent 1 changed."))
        let name = try #require(try server.uids().first { try server.resource($0 + ".ics").contains("SUMMARY:Dentist") }) + ".ics"
        let answered = try server.resource(name)
        // In its VALARM (Radicale writes a resource's lines again in an order of its own).
        #expect(answered.components(separatedBy: "BEGIN:VALARM").count == 2)
        #expect(answered.components(separatedBy: "BEGIN:VALARM").last?.contains("ACKNOWLEDGED:20261121T204600Z\r\n") == true, "\(answered)")
        #expect(try at(47, "b", "sync").stdout.contains("home: received 1 changed."))

        // b slept through both times: at 21:05 it delivers the plants, late, and not the dentist.
        let due = try at(65, "b", "due").stdout
        #expect(due.contains("Reminder: Water the plants"), "\(due)")
        #expect(!due.contains("Dentist"), "\(due)")
        #expect(try at(65, "b", "notifications").stdout.contains("Dentist") == false)
        #expect(try at(66, "b", "sync").stdout.contains("home: up to date."))
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func aNotificationSnoozedOnOneDeviceFiresAtTheSnoozedTimeOnTheOtherOnce(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        try twoDevices(on: server)
        try at(0, "a", "add", "Dentist", "--date", "today", "--time", "20:30")
        try at(0, "a", "sync")
        #expect(try at(0, "b", "sync").stdout.contains("home: received 1 new."))

        // On a, the 20:30 alarm is delivered and snoozed at 20:31 for 20 minutes; the snooze syncs
        // as RFC 9074's snooze alarm, related to the alarm it snoozed (given a UID for it).
        #expect(try at(31, "a", "due").stdout.contains("Reminder: Dentist"))
        try at(31, "a", "notifications")
        try at(31, "a", "snooze", "1", "20m")
        #expect(try at(32, "a", "sync").stdout.contains("home: sent 1 changed."))
        let name = try #require(try server.uids().first { try server.resource($0 + ".ics").contains("SUMMARY:Dentist") }) + ".ics"
        let snoozed = try server.resource(name)
        let alarms = snoozed.components(separatedBy: "BEGIN:VALARM").dropFirst().map { $0.components(separatedBy: "END:VALARM")[0] }
        #expect(alarms.count == 2, "\(snoozed)")
        let original = try #require(alarms.first { !$0.contains("RELATED-TO") }, "\(snoozed)")
        let snooze = try #require(alarms.first { $0.contains("RELATED-TO") }, "\(snoozed)")
        let uid = try #require(original.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }?.dropFirst(4))
        #expect(original.contains("ACKNOWLEDGED:20261121T203100Z\r\n"), "\(snoozed)")
        #expect(snooze.contains("RELATED-TO;RELTYPE=SNOOZE:\(uid)\r\n"), "\(snoozed)")
        #expect(snooze.contains("TRIGGER;VALUE=DATE-TIME:20261121T205100Z\r\n"), "\(snoozed)")
        #expect(try at(32, "b", "sync").stdout.contains("home: received 1 changed."))

        // b slept through 20:30 (answered on a): silent then; at the snoozed time it notifies, once.
        #expect(!(try at(40, "b", "due").stdout.contains("Dentist")))
        #expect(try at(51, "a", "due").stdout.contains("Reminder: Dentist"))
        #expect(try at(51, "b", "due").stdout.contains("Reminder: Dentist"))
        #expect(!(try at(52, "b", "due").stdout.contains("Dentist")))
        // Dismissed on b, it is over everywhere: the snooze alarm goes, a's popup closes after a sync.
        try at(52, "b", "notifications")
        #expect(try at(52, "b", "dismiss", "1").stdout == "Dismissed \"Dentist\".\n")
        #expect(try at(53, "b", "sync").stdout.contains("home: sent 1 changed."))
        let dismissed = try server.resource(name)
        #expect(!dismissed.contains("RELTYPE=SNOOZE"), "\(dismissed)")
        #expect(dismissed.contains("ACKNOWLEDGED:20261121T205200Z\r\n"), "\(dismissed)")
        #expect(try at(53, "a", "sync").stdout.contains("home: received 1 changed."))
        #expect(!(try at(53, "a", "notifications").stdout.contains("Dentist")))
        #expect(!(try at(80, "a", "due").stdout.contains("Dentist")))
        #expect(!(try at(80, "b", "due").stdout.contains("Dentist")))
    }

    @Test func aServersAnswerFarAheadSilencesNoMoreThanTheOccurrenceItCameWith() throws {
        let server = try CalDAVServer(.radicale)
        // A daily to-do whose alarm a client (or a clock far ahead) says was answered in 2099.
        let todo = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other//EN", "BEGIN:VTODO", "UID:vitamins-1", "DTSTAMP:20261121T190000Z",
            "SUMMARY:Vitamins", "DTSTART:20261121T203000Z", "DUE:20261121T203000Z", "RRULE:FREQ=DAILY",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Vitamins", "TRIGGER;RELATED=END:PT0S", "ACKNOWLEDGED:20991231T000000Z",
            "END:VALARM", "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        #expect((200..<300).contains(try server.request("PUT", server.collectionPath + "vitamins-1.ics", body: todo,
                                                         headers: ["Content-Type": "text/calendar; charset=utf-8"]).status))
        try device("a", url: server.collectionURL, user: server.user)
        let received = try at(0, "a", "sync").stdout
        #expect(received.contains("home: received 1 new."), "\(received)")
        // Taken as answered up to today's alarm, not beyond: tomorrow's notifies.
        #expect(!(try at(31, "a", "due").stdout.contains("Vitamins")))
        #expect(try at(24 * 60 + 31, "a", "due").stdout.contains("Reminder: Vitamins"))
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func aToDoWrittenByAnotherClientArrivesAndKeepsItsUID(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        // As Thunderbird writes one: a UID that is not a UUID, a Berlin time with its VTIMEZONE, a
        // weekly rule on two days, categories, a priority and an alarm 15 minutes before.
        let uid = "8f3a2c1e-thunderbird-4410@example.org"
        let todo = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
            "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "X-LIC-LOCATION:Europe/Berlin",
            "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "DTSTART:19700329T020000",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
            "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "DTSTART:19701025T030000",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD", "END:VTIMEZONE",
            "BEGIN:VTODO", "CREATED:20261101T100000Z", "LAST-MODIFIED:20261101T100000Z", "DTSTAMP:20261101T100000Z",
            "UID:\(uid)", "SUMMARY:Team sync notes", "DESCRIPTION:Agenda:\\nfirst line\\, then more",
            "PRIORITY:1", "CATEGORIES:Work,Meetings,\(String(repeating: "x", count: 41))", "STATUS:NEEDS-ACTION",
            "DTSTART;TZID=Europe/Berlin:20990706T093000", "DUE;TZID=Europe/Berlin:20990706T093000",
            "RRULE:FREQ=WEEKLY;BYDAY=MO,WE", "X-MOZ-GENERATION:1",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DURATION:-PT15M", "DESCRIPTION:Default Mozilla Description", "END:VALARM",
            "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        let put = try server.request("PUT", server.collectionPath + "thunderbird-4410.ics", body: todo,
                                     headers: ["Content-Type": "text/calendar; charset=utf-8"])
        #expect((200..<300).contains(put.status))
        try device("a", url: server.collectionURL, user: server.user)
        let received = try sync("a")
        #expect(received.contains("home: received 1 new.\n  left out the category \"\(String(repeating: "x", count: 41))\" of \"Team sync notes\": "),
                "\(received)")
        let reminder = try #require(try reminders("a").first)
        #expect(reminder["title"] as? String == "Team sync notes")
        #expect(reminder["notes"] as? String == "Agenda:\nfirst line, then more")
        #expect(reminder["timeZone"] as? String == "Europe/Berlin")
        #expect(reminder["scheduledAt"] as? String == "2099-07-06T09:30:00+02:00")
        #expect(Set(reminder["tags"] as? [String] ?? []) == ["Work", "Meetings"])
        let recurrence = reminder["recurrence"] as? [String: Any] ?? [:]
        #expect(recurrence["label"] as? String == "Weekly on Monday and Wednesday")
        // Its alarm notifies here: 15 minutes before, in place of Memoss's default one at the due time.
        #expect((reminder["alarms"] as? [[String: Any]])?.compactMap { $0["text"] as? String } == ["-15m"])
        #expect(try memoss("a", "list").stdout.contains("-15m"))
        #expect(try sync("a").contains("home: up to date."))

        // An edit here goes back to the same resource, under the other client's UID.
        try memoss("a", "list")
        #expect(try memoss("a", "edit", "1", "--title", "Team sync").status == 0)
        #expect(try sync("a").contains("home: sent 1 changed."))
        #expect(try server.uids() == [uid])
        let text = try server.resource("thunderbird-4410.ics")
        #expect(text.contains("SUMMARY:Team sync\r\n"))
        #expect(text.contains("DUE;TZID=Europe/Berlin:20990706T093000"))
        // What the edit did not change stays as the other client wrote it: the priority, the X-
        // property, its alarm (no alarm of Memoss's added); SEQUENCE goes up.
        #expect(text.contains("PRIORITY:1\r\n"))
        #expect(text.contains("X-MOZ-GENERATION:1\r\n"))
        #expect(text.contains("TRIGGER;VALUE=DURATION:-PT15M\r\n") || text.contains("TRIGGER:-PT15M\r\n"))
        #expect(!text.contains("RELATED=END"))
        #expect(text.components(separatedBy: "BEGIN:VALARM").count == 2)

        // The other client adds what Memoss cannot read (an EXDATE): it is left alone, never overwritten.
        let exdate = todo.replacingOccurrences(of: "RRULE:FREQ=WEEKLY;BYDAY=MO,WE\r\n",
                                               with: "RRULE:FREQ=WEEKLY;BYDAY=MO,WE\r\nEXDATE;TZID=Europe/Berlin:20990708T093000\r\n")
        #expect((200..<300).contains(try server.request("PUT", server.collectionPath + "thunderbird-4410.ics", body: exdate,
                                                        headers: ["Content-Type": "text/calendar; charset=utf-8"]).status))
        #expect(try sync("a").contains("\n  left \(server.collectionPath)thunderbird-4410.ics alone on the server: EXDATE (dates added to"))
        try memoss("a", "list")
        #expect(try memoss("a", "edit", "1", "--title", "Team sync (moved)").status == 0)
        #expect(try sync("a").contains("\n  did not send \"Team sync (moved)\": Memoss cannot read the server's version (EXDATE"))
        #expect(try server.resource("thunderbird-4410.ics").contains("EXDATE;TZID=Europe/Berlin:20990708T093000"))
        #expect(try titles("a") == ["Team sync (moved)"])
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func truncatedAnswersContinueAndARefusedTokenComparesEverything(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let proxy = try FaultProxy(in: temporary, upstream: server, script: Self.proxyScript)
        try device("b", url: server.collectionURL, user: server.user)
        for day in 1...5 { #expect(try memoss("b", "add", "Task \(day)", "--date", "2099-03-0\(day)").status == 0) }
        try sync("b")
        try device("a", url: "http://127.0.0.1:\(proxy.port)\(server.collectionPath)", user: server.user)

        // The proxy answers the first REPORT with 2 of the 5 and a 507: the sync asks for the rest.
        try proxy.set("truncate 2")
        #expect(try sync("a").contains("home: received 5 new."))
        #expect(try titles("a") == (1...5).map { "Task \($0)" })
        #expect(proxy.log.filter { $0.hasPrefix("REPORT \(server.collectionPath)") }.count >= 3)  // 2 sync-collection + multiget
        try proxy.set("pass")

        // The server no longer knows the token: everything is compared, nothing is duplicated.
        try SQLiteShell.run(store("a"), "UPDATE syncCollection SET syncToken = 'expired-\(UUID().uuidString)'")
        #expect(try memoss("b", "add", "Task 6", "--date", "2099-03-06").status == 0)
        try sync("b")
        let output = try sync("a")
        #expect(output.contains("home: received 1 new (the server no longer knew the last sync, so everything was compared)."), "\(output)")
        #expect(try titles("a") == (1...6).map { "Task \($0)" })
        #expect(try server.uids().count == 6)
        #expect(try sync("a").contains("home: up to date."))
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func aStaleETagIsMergedNotOverwritten(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let proxy = try FaultProxy(in: temporary, upstream: server, script: Self.proxyScript)
        try device("a", url: "http://127.0.0.1:\(proxy.port)\(server.collectionPath)", user: server.user)
        #expect(try memoss("a", "add", "Renew passport", "--date", "2099-04-01").status == 0)
        try sync("a")
        try memoss("a", "list")
        #expect(try memoss("a", "edit", "1", "--title", "Renew passport (photos!)").status == 0)
        // Another client changes the notes between this sync's look and its PUT: the server answers 412.
        try proxy.set("race-put")
        let output = try sync("a")
        #expect(proxy.log.contains { $0.hasPrefix("PUT ") && $0.hasSuffix(" 412") }, "\(proxy.log)")
        #expect(output.contains("received 1 changed; sent 1 changed."), "\(output)")
        let reminder = try #require(try reminders("a").first)
        #expect(reminder["title"] as? String == "Renew passport (photos!)")
        #expect(reminder["notes"] as? String == "Changed by another client")
        let text = try server.resource(try #require(try server.uids().first) + ".ics")
        #expect(text.contains("SUMMARY:Renew passport (photos!)"))
        #expect(text.contains("DESCRIPTION:Changed by another client"))
    }

    @Test func unreachableSilentAndWrongServersSayWhyAndLoseNothing() throws {
        let server = try CalDAVServer(.radicale)
        let proxy = try FaultProxy(in: temporary, upstream: server, script: Self.proxyScript)
        try device("a", url: "http://127.0.0.1:\(proxy.port)\(server.collectionPath)", user: server.user)
        #expect(try memoss("a", "add", "Stay put", "--date", "2099-05-01").status == 0)

        // Silence: the timeout ends it with one sentence.
        try proxy.set("hang")
        let started = Date()
        let silent = try memoss("a", "sync", "--timeout", "2", limit: 60)
        #expect(silent.status == 1)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(silent.stderr == "memoss: Sync home failed: 127.0.0.1:\(proxy.port) did not answer in time (timed out); "
            + "try again later or raise --timeout; nothing was lost, sync again later.\n")
        try proxy.set("pass")
        #expect(try sync("a").contains("home: sent 1 new."))

        // Nothing listens: connection refused.
        let closed = try CalDAVServer.freePort()
        try SQLiteShell.run(store("a"), "UPDATE syncCollection SET url = 'http://127.0.0.1:\(closed)/alice/tasks/'")
        let refused = try memoss("a", "sync")
        #expect(refused.status == 1)
        #expect(refused.stderr == "memoss: Sync home failed: cannot connect to 127.0.0.1:\(closed) (connection refused); "
            + "is the server running?; nothing was lost, sync again later.\n")
        #expect(try titles("a") == ["Stay put"])

        // Adding an account at an address with no task list says so and keeps nothing.
        let wrong = try memoss("b", "sync", "add", "x", "http://127.0.0.1:\(server.port)/nobody/here/", "--user", "alice")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.hasPrefix("memoss: "))
        #expect(wrong.stderr.split(separator: "\n").count == 1)
        #expect(try memoss("b", "sync").stderr == "memoss: No sync account yet; add one with `sync add NAME URL --user USER`.\n")
        // A password command that fails is named.
        let failing = try memoss("b", "sync", "add", "y", server.collectionURL, "--user", "alice", "--password-command", "exit 3")
        #expect(failing.stderr == "memoss: The password command `exit 3` failed (exit 3); run it yourself to see why.\n")
    }

    @Test func passwordsComeFromACommandAVariableOrA0600FileAndAWrongOneIsNamed() throws {
        let server = try CalDAVServer(.radicale, password: "s3cret pass")
        func run(_ device: String, _ arguments: [String], variables: [String: String] = [:], input: String? = nil) throws -> ChildProcess.Result {
            try ChildProcess.run(MemossProcess.executable, ["--db", store(device)] + arguments,
                                 environment: environment.merging(variables) { $1 }, input: input.map { Data($0.utf8) })
        }
        // A command (as `pass show dav` would print it): its first line.
        try "s3cret pass\nsecond line\n".write(toFile: temporary.path("pass-store"), atomically: true, encoding: .utf8)
        #expect(try run("a", ["sync", "add", "home", server.collectionURL, "--user", "alice",
                              "--password-command", "cat '\(temporary.path("pass-store"))'"]).status == 0)
        #expect(try memoss("a", "add", "Guarded", "--date", "2099-07-01").status == 0)
        #expect(try sync("a").contains("home: sent 1 new."))
        // A second account over the same task list (its server's address, in another case) is
        // refused: each would bring the other's uploads back as new to-dos.
        let twice = try run("a", ["sync", "add", "again", server.collectionURL.replacingOccurrences(of: "http://", with: "HTTP://"),
                                  "--user", "alice", "--password-command", "cat '\(temporary.path("pass-store"))'"])
        #expect(twice.status == 1)
        #expect(twice.stderr.hasPrefix("memoss: The account home syncs the task list http://127.0.0.1:\(server.port)/"), "\(twice.stderr)")
        #expect(twice.stderr.hasSuffix(" already; one account per task list (sync remove home first to sync it under another name).\n"))
        #expect(try memoss("a", "sync", "status").stdout.contains("again") == false)
        // A variable, read at each sync; a wrong one is named, and nothing is lost.
        #expect(try run("b", ["sync", "add", "home", server.collectionURL, "--user", "alice", "--password-env", "DAV_PASS"],
                        variables: ["DAV_PASS": "s3cret pass"]).status == 0)
        let wrong = try run("b", ["sync"], variables: ["DAV_PASS": "guess"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr == "memoss: Sync home failed: 127.0.0.1:\(server.port) refused the user name or password (401); "
            + "check the password, or add the account again with the right one; nothing was lost, sync again later.\n")
        let unset = try run("b", ["sync"])
        #expect(unset.stderr == "memoss: Sync home failed: the password variable DAV_PASS is not set; export it before syncing; "
            + "nothing was lost, sync again later.\n")
        #expect(try run("b", ["sync"], variables: ["DAV_PASS": "s3cret pass"]).stdout == "home: received 1 new.\n")
        // Saved only when asked, in a 0600 file under $XDG_CONFIG_HOME/memoss; removing the account removes it.
        let config = temporary.path("config")
        #expect(try run("c", ["sync", "add", "home", server.collectionURL, "--user", "alice", "--save-password"],
                        variables: ["XDG_CONFIG_HOME": config], input: "s3cret pass\n").status == 0)
        let file = config + "/memoss/sync-home.password"
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "s3cret pass\n")
        #expect(try run("c", ["sync"], variables: ["XDG_CONFIG_HOME": config]).stdout == "home: received 1 new.\n")
        #expect(try run("c", ["sync", "status"], variables: ["XDG_CONFIG_HOME": config]).stdout
            .hasPrefix("home: \(server.collectionURL) as alice, password saved in \(file)\n"
                + "  Tasks at \(server.collectionURL) with the list \"Reminders\"\n  last synced "))
        #expect(try run("c", ["sync", "remove", "home"], variables: ["XDG_CONFIG_HOME": config]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try titles("c") == ["Guarded"])
        // No password stored in clear in the store.
        #expect(try SQLiteShell.run(store("b"), "SELECT count(*) FROM syncAccount WHERE passwordVariable = 'DAV_PASS'") == "1")
        #expect(!(try String(contentsOfFile: store("a"), encoding: .isoLatin1)).contains("s3cret"))
    }

    @Test func watchSyncsInTheBackground() throws {
        let server = try CalDAVServer(.xandikos)
        try twoDevices(on: server)
        #expect(try memoss("b", "add", "Made on B", "--date", "2099-06-01").status == 0)
        try sync("b")
        #expect(try memoss("a", "watch", "--sync-every", "0m").stderr
            == "memoss: --sync-every takes an interval from 1m to 24h, e.g. --sync-every 5m or --sync-every 1h. See 'memoss watch --help'.\n")
        // It syncs when it starts, then every interval.
        let watch = try ChildProcess.start(MemossProcess.executable, ["--db", store("a"), "watch", "--sync-every", "30m"],
                                           environment: environment)
        // Stored, then said: stopped once it has said so.
        #expect(holds(within: 60) { watch.outputSoFar.contains("Synced home:") })
        watch.send(SIGINT)
        let result = try watch.wait(limit: 20)
        #expect(try titles("a") == ["Made on B"])
        #expect(result.stdout.contains("Syncing every 30 min.\nSynced home: received 1 new.\n"), "\(result.stdout)")
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func aThousandRemindersSurviveAKilledSync(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let proxy = try FaultProxy(in: temporary, upstream: server, script: Self.proxyScript)
        try device("a", url: "http://127.0.0.1:\(proxy.port)\(server.collectionPath)", user: server.user)
        var csv = "title,date,time,tags,repeat\n"
        for index in 0..<1_000 {
            csv += "Task \(index),2099-\(String(format: "%02d", 1 + index % 12))-\(String(format: "%02d", 1 + index % 28)),09:00,"
                + "T\(index % 7),\(index % 5 == 0 ? "weekly" : "")\n"
        }
        try csv.write(toFile: temporary.path("thousand.csv"), atomically: true, encoding: .utf8)
        let imported = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", store("a"), temporary.path("thousand.csv")],
                                            environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")

        // Killed once the server has taken 150 of the PUTs.
        let running = try ChildProcess.start(MemossProcess.executable, ["--db", store("a"), "sync"], environment: environment)
        let deadline = Date().addingTimeInterval(240)
        while Date() < deadline, running.isRunning, proxy.log.filter({ $0.hasPrefix("PUT ") }).count < 150 { usleep(20_000) }
        running.send(SIGKILL)
        #expect(try running.wait(limit: 30).status != 0)
        let before = try server.uids()
        #expect(before.count >= 150 && before.count < 1_000)
        #expect(Set(before).count == before.count)

        let started = Date()
        let finished = try sync("a")
        let pushTime = Date().timeIntervalSince(started)
        // The PUTs in flight when it was killed may have landed after the look at the server.
        let sent = finished.split(separator: " ").dropFirst(2).first.flatMap { Int($0) } ?? -1
        #expect(finished.hasPrefix("home: sent "), "\(finished)")
        #expect((1_000 - before.count - 6...1_000 - before.count).contains(sent), "\(finished) after \(before.count)")
        let after = try server.uids()
        #expect(after.count == 1_000)
        #expect(Set(after).count == 1_000)

        // A new device's first sync, killed part way, then finished.
        try device("b", url: server.collectionURL, user: server.user)
        let interrupted = try ChildProcess.start(MemossProcess.executable, ["--db", store("b"), "sync"], environment: environment)
        usleep(300_000)
        interrupted.send(SIGKILL)
        _ = try interrupted.wait(limit: 30)
        try device("c", url: server.collectionURL, user: server.user)
        let initialStart = Date()
        #expect(try sync("c").contains("home: received 1000 new."))
        let initial = Date().timeIntervalSince(initialStart)
        let noOpStart = Date()
        #expect(try sync("c").contains("home: up to date."))
        let noOp = Date().timeIntervalSince(noOpStart)
        try sync("b")
        for device in ["b", "c"] {
            #expect(try count(device) == 1_000)
            #expect(try titles(device) == (0..<1_000).map { "Task \($0)" }.sorted())
        }
        #expect(try SQLiteShell.run(store("b"), "SELECT count(*) FROM reminder WHERE recurrenceRule = 'weekly'") == "200")
        #expect(try sync("a").contains("home: up to date."))
        print("Sync timings against \(kind) (debug build): the rest of the push \(pushTime) s; "
            + "initial sync of 1,000 on a new device \(initial) s; sync with nothing to do \(noOp) s")
    }
}
