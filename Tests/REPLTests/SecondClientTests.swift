import Foundation
import Testing
import TestSupport

/// Issue "Reminders as wide as the calendars they sync with", with real second clients: the
/// python `caldav` library and todoman with vdirsyncer write to-dos in their own shapes to real
/// Radicale and Xandikos servers; the built `memoss` syncs them, the user edits one field, and the
/// server's copy is compared property by property: only that field's properties differ (and
/// SEQUENCE, LAST-MODIFIED, DTSTAMP). Then the other client reads it and agrees. On the tests'
/// clock, Saturday 21 November 2026, 15:00 in New York.
@Suite(.serialized, .tags(.slow))
struct SecondClientTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("memoss.sqlite") }
    private var environment: [String: String] { ["HOME": temporary.url.path, "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-clients")
    }

    // MARK: Memoss as the user runs it

    @discardableResult
    private func memoss(_ arguments: [String]) throws -> ChildProcess.Result {
        try MemossProcess.start(["--db", store] + arguments, environment: environment).wait(limit: 300)
    }

    /// Adds the account `home` on `server`'s task list.
    private func addAccount(_ server: CalDAVServer) throws {
        let added = try memoss(["sync", "add", "home", server.collectionURL, "--user", server.user])
        #expect(added.status == 0, "\(added.stderr)")
    }

    /// `memoss sync`, which must succeed: what it printed.
    private func sync() throws -> String {
        let result = try memoss(["sync"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// The reminders as `list --all --json` gives them, by title.
    private func reminders() throws -> [String: [String: Any]] {
        let object = try JSONSerialization.jsonObject(with: try memoss(["list", "--all", "--json"]).stdoutData) as? [String: Any] ?? [:]
        let all = (object["todo"] as? [[String: Any]] ?? []) + (object["completed"] as? [[String: Any]] ?? [])
        return Dictionary(all.map { ($0["title"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The pending notifications (`notifications --json`): each title with its fire times.
    private func pending() throws -> [String: [String]] {
        let object = try JSONSerialization.jsonObject(with: try memoss(["notifications", "--json"]).stdoutData) as? [String: Any] ?? [:]
        var result: [String: [String]] = [:]
        for row in object["pending"] as? [[String: Any]] ?? [] {
            result[row["title"] as? String ?? "", default: []].append(row["fireAt"] as? String ?? "")
        }
        return result
    }

    /// The ids of the reminders titled `titles` here, by the UID of the server's copy each came from.
    private func ids(_ titles: [String: String]) throws -> [String: String] {
        let here = try reminders()
        return titles.compactMapValues { here[$0]?["id"] as? String }
    }

    /// The UID of the copy on the server whose SUMMARY is `summary`.
    private func uid(_ summary: String, in copies: [String: String]) throws -> String {
        try #require(copies.first { VTodoProperties($0.value).lines["SUMMARY"] == ["SUMMARY:" + summary] }?.key, "no copy titled \(summary)")
    }

    /// One field edited here on some reminders, and what the server's copy of each must then show.
    private struct Edit {
        /// The UID of the server's copy.
        var uid: String
        /// The command, without the reminder (`edit --title X`, `done`).
        var command: [String]
        /// The properties that change, with their lines after the sync, worked out by hand.
        var changes: [String: [String]]
    }

    /// Makes `edits` here (reminders named by `ids`), syncs (the sync says `sent`), and compares
    /// each copy on the server before and after, property by property: the edited ones differ in
    /// the expected properties and SEQUENCE (one higher) only, the others not at all.
    private func step(_ name: String, _ edits: [Edit], ids: [String: String], server: CalDAVServer, sent: String) throws {
        let before = try server.copies()
        for edit in edits {
            let id = try #require(ids[edit.uid])
            let result = try memoss([edit.command[0], id] + edit.command.dropFirst())
            #expect(result.status == 0, "\(name) \(edit.uid): \(result.stderr)")
        }
        #expect(try sync() == sent, "\(name)")
        let after = try server.copies()
        #expect(Set(after.keys) == Set(before.keys), "\(name)")
        for (uid, text) in before {
            let old = VTodoProperties(text), new = VTodoProperties(after[uid] ?? "")
            let expected = edits.first { $0.uid == uid }
            #expect(old.changes(to: new) == expected?.changes ?? [:], "\(name) \(uid)")
            #expect(new.sequence == (expected == nil ? old.sequence : (old.sequence ?? 0) + 1), "\(name) \(uid)")
        }
    }

    // MARK: The python caldav library

    /// The library's shapes, by UID: undated with an X- property, all-day with a priority, start
    /// and duration, in progress 40%, cancelled, weekly in UTC, with its own alarm, and a parent
    /// and child related to each other (with a priority and X- properties).
    private static let undated = "caldav-undated@example.org", allDay = "caldav-all-day@example.org",
        startAndDuration = "caldav-start-duration@example.org", inProgress = "caldav-in-progress@example.org",
        cancelled = "caldav-cancelled@example.org", weeklyInUTC = "caldav-rrule-utc@example.org", withAlarm = "caldav-valarm@example.org",
        parent = "caldav-parent@example.org", child = "caldav-related-to@example.org"
    private static let libraryTitles = [
        undated: "Learn Welsh", allDay: "Renew library card", startAndDuration: "Write report", inProgress: "Tax return",
        cancelled: "Old plan", weeklyInUTC: "Team call", withAlarm: "Dentist", parent: "Paint the fence", child: "Buy paint",
    ]

    @Test(arguments: CalDAVServer.Kind.allCases)
    func theCaldavLibrarysToDosChangeOnlyInTheFieldEditedHereAndTheLibraryAgrees(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let library = CaldavLibrary(server: server)
        #expect(try library.write().count == 9)
        try addAccount(server)
        // Received as they are: nothing sent back, nothing to do after.
        #expect(try sync() == "home: received 9 new.\n")
        #expect(try sync() == "home: up to date.\n")

        let here = try reminders()
        #expect(here["Learn Welsh"]?["scheduledAt"] == nil)
        #expect(here["Learn Welsh"]?["notes"] as? String == "Ten minutes a day")
        #expect(here["Renew library card"]?["allDay"] as? Bool == true)
        #expect(here["Renew library card"]?["scheduledAt"] as? String == "2026-11-27T00:00:00-05:00")
        #expect(here["Write report"]?["scheduledAt"] as? String == "2026-11-30T12:00:00-05:00")
        #expect(here["Tax return"]?["status"] as? String == "in-progress")
        #expect(here["Tax return"]?["percentComplete"] as? Int == 40)
        #expect(here["Old plan"]?["status"] as? String == "cancelled")
        #expect(here["Team call"]?["scheduledAt"] as? String == "2026-11-23T15:00:00+00:00")
        // Neither the undated one nor the cancelled one is notified; the all-day one at 09:00 on its
        // day; the weekly call at 15:00 UTC, which is 10:00 in New York until 14 March, 11:00 after.
        let planned = try pending()
        #expect(Set(planned.keys) == ["Team call", "Dentist", "Renew library card", "Write report", "Tax return", "Buy paint", "Paint the fence"])
        #expect(planned["Renew library card"] == ["2026-11-27T09:00:00-05:00"])
        #expect(planned["Team call"]?.count == 20)
        #expect(planned["Team call"]?.contains("2027-03-08T10:00:00-05:00") == true)
        #expect(planned["Team call"]?.contains("2027-03-15T11:00:00-04:00") == true)

        let ids = try ids(Self.libraryTitles)
        #expect(ids.count == 9)
        func summary(_ text: String) -> [String: [String]] { ["SUMMARY": ["SUMMARY:" + text]] }
        try step("title", [
            Edit(uid: Self.undated, command: ["edit", "--title", "Learn Welsh on the app"], changes: summary("Learn Welsh on the app")),
            Edit(uid: Self.allDay, command: ["edit", "--title", "Renew the library card"], changes: summary("Renew the library card")),
            Edit(uid: Self.startAndDuration, command: ["edit", "--title", "Write the report"], changes: summary("Write the report")),
            Edit(uid: Self.inProgress, command: ["edit", "--title", "Tax return 2026"], changes: summary("Tax return 2026")),
            Edit(uid: Self.cancelled, command: ["edit", "--title", "Old plan (dropped)"], changes: summary("Old plan (dropped)")),
            Edit(uid: Self.weeklyInUTC, command: ["edit", "--title", "Team call (video)"], changes: summary("Team call (video)")),
            Edit(uid: Self.withAlarm, command: ["edit", "--title", "Dentist, Dr Lee"], changes: summary("Dentist\\, Dr Lee")),
            Edit(uid: Self.parent, command: ["edit", "--title", "Paint the garden fence"], changes: summary("Paint the garden fence")),
            Edit(uid: Self.child, command: ["edit", "--title", "Buy green paint"], changes: summary("Buy green paint")),
        ], ids: ids, server: server, sent: "home: sent 9 changed.\n")
        var read = try library.read(Array(Self.libraryTitles.keys))
        #expect(read[Self.undated]?["summary"] as? String == "Learn Welsh on the app")
        #expect(read[Self.withAlarm]?["summary"] as? String == "Dentist, Dr Lee")
        #expect(read[Self.child]?["summary"] as? String == "Buy green paint")
        // The undated one still has no date and no alarm on the server.
        #expect(read[Self.undated]?["due"] is NSNull && read[Self.undated]?["dtstart"] is NSNull)
        #expect((read[Self.undated]?["alarms"] as? [Any])?.isEmpty == true)

        func description(_ text: String) -> [String: [String]] { ["DESCRIPTION": ["DESCRIPTION:" + text]] }
        try step("notes", [
            Edit(uid: Self.undated, command: ["edit", "--notes", "Ten minutes, every day"], changes: description("Ten minutes\\, every day")),
            Edit(uid: Self.inProgress, command: ["edit", "--notes", "Receipts in the drawer"], changes: description("Receipts in the drawer")),
            Edit(uid: Self.weeklyInUTC, command: ["edit", "--notes", "Link in the invite"], changes: description("Link in the invite")),
            Edit(uid: Self.withAlarm, command: ["edit", "--notes", "Bring the form"], changes: description("Bring the form")),
            Edit(uid: Self.child, command: ["edit", "--notes", "Two litres"], changes: description("Two litres")),
        ], ids: ids, server: server, sent: "home: sent 5 changed.\n")
        read = try library.read([Self.undated, Self.withAlarm])
        #expect(read[Self.undated]?["description"] as? String == "Ten minutes, every day")
        #expect(read[Self.withAlarm]?["description"] as? String == "Bring the form")

        let newYork = "DUE;TZID=America/New_York:"
        try step("due", [
            // An undated one given a day is all-day on it: a DUE, no DTSTART, no alarm.
            Edit(uid: Self.undated, command: ["edit", "--date", "2026-12-10"], changes: ["DUE": ["DUE;VALUE=DATE:20261210"]]),
            Edit(uid: Self.allDay, command: ["edit", "--date", "2026-11-28"], changes: ["DUE": ["DUE;VALUE=DATE:20261128"]]),
            // Due 12:00 (09:00 + 3 h), moved to 13:00: the start moves to 10:00, the duration stays.
            Edit(uid: Self.startAndDuration, command: ["edit", "--time", "13:00"],
                 changes: ["DTSTART": ["DTSTART;TZID=America/New_York:20261130T100000"]]),
            Edit(uid: Self.inProgress, command: ["edit", "--time", "18:00"], changes: ["DUE": [newYork + "20261201T180000"]]),
            Edit(uid: Self.cancelled, command: ["edit", "--time", "11:00"], changes: ["DUE": [newYork + "20261128T110000"]]),
            // In its own zone, UTC: 16:00 there; start and due stay in UTC, the rule as it was.
            Edit(uid: Self.weeklyInUTC, command: ["edit", "--time", "16:00"],
                 changes: ["DTSTART": ["DTSTART:20261123T160000Z"], "DUE": ["DUE:20261123T160000Z"]]),
            Edit(uid: Self.withAlarm, command: ["edit", "--time", "15:00"], changes: ["DUE": [newYork + "20261125T150000"]]),
            Edit(uid: Self.parent, command: ["edit", "--date", "2026-12-06"], changes: ["DUE": [newYork + "20261206T100000"]]),
            Edit(uid: Self.child, command: ["edit", "--time", "19:00"], changes: ["DUE": [newYork + "20261203T190000"]]),
        ], ids: ids, server: server, sent: "home: sent 9 changed.\n")
        read = try library.read(Array(Self.libraryTitles.keys))
        let dues = read.mapValues { $0["due"] as? String ?? "none" }
        #expect(dues == [
            Self.undated: "2026-12-10", Self.allDay: "2026-11-28", Self.startAndDuration: "2026-11-30T13:00:00-05:00",
            Self.inProgress: "2026-12-01T18:00:00-05:00", Self.cancelled: "2026-11-28T11:00:00-05:00",
            Self.weeklyInUTC: "2026-11-23T16:00:00+00:00", Self.withAlarm: "2026-11-25T15:00:00-05:00",
            Self.parent: "2026-12-06T10:00:00-05:00", Self.child: "2026-12-03T19:00:00-05:00",
        ])
        #expect(read[Self.startAndDuration]?["dtstart"] as? String == "2026-11-30T10:00:00-05:00")
        // Here, the call is at 16:00 UTC: 11:00 in New York, 12:00 after 14 March.
        #expect(try memoss(["list"]).stdout.contains("Team call (video)  Mon 23 Nov 11:00  ↻ Weekly"))
        #expect(try pending()["Team call (video)"]?.contains("2027-03-15T12:00:00-04:00") == true)

        // An alarm added here goes beside the library's own, which stays as the library wrote it.
        let withoutOurs = VTodoProperties(try server.copies()[Self.withAlarm] ?? "")
        let theirAlarm = withoutOurs.lines["VALARM"] ?? []
        #expect(theirAlarm.count == 1 && theirAlarm.first?.contains("Dentist in half an hour") == true)
        #expect(try memoss(["edit", try #require(ids[Self.withAlarm]), "--alarm", "-30m", "--alarm", "-1d"]).status == 0)
        #expect(try sync() == "home: sent 1 changed.\n")
        let withOurs = VTodoProperties(try server.copies()[Self.withAlarm] ?? "")
        #expect(withoutOurs.changes(to: withOurs)
            == ["VALARM": theirAlarm + ["BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Dentist\\, Dr Lee\nTRIGGER;RELATED=END:-P1D\nEND:VALARM"]])
        #expect(try pending()["Dentist, Dr Lee"] == ["2026-11-24T15:00:00-05:00", "2026-11-25T14:30:00-05:00"])

        let completed = ["STATUS": ["STATUS:COMPLETED"], "COMPLETED": ["COMPLETED:20261121T200000Z"], "PERCENT-COMPLETE": ["PERCENT-COMPLETE:100"]]
        try step("done", [
            Edit(uid: Self.undated, command: ["done"], changes: completed),
            Edit(uid: Self.allDay, command: ["done"], changes: completed),
            Edit(uid: Self.startAndDuration, command: ["done"], changes: completed),
            Edit(uid: Self.inProgress, command: ["done"], changes: completed),
            // Done once, the weekly call moves to the next Monday, one time fewer, still in UTC.
            Edit(uid: Self.weeklyInUTC, command: ["done"], changes: [
                "DTSTART": ["DTSTART:20261130T160000Z"], "DUE": ["DUE:20261130T160000Z"], "RRULE": ["RRULE:BYDAY=MO;COUNT=19;FREQ=WEEKLY"],
            ]),
            Edit(uid: Self.withAlarm, command: ["done"], changes: completed),
            Edit(uid: Self.parent, command: ["done"], changes: completed),
            Edit(uid: Self.child, command: ["done"], changes: completed),
        ], ids: ids, server: server, sent: "home: sent 8 changed.\n")
        #expect(try sync() == "home: up to date.\n")

        // The library reads each as it wrote it but for what was edited here.
        read = try library.read(Array(Self.libraryTitles.keys))
        for uid in [Self.undated, Self.allDay, Self.startAndDuration, Self.inProgress, Self.withAlarm, Self.parent, Self.child] {
            #expect(read[uid]?["status"] as? String == "COMPLETED", "\(uid)")
            #expect(read[uid]?["completed"] as? String == "2026-11-21T20:00:00+00:00", "\(uid)")
            #expect(read[uid]?["percent"] as? Int == 100, "\(uid)")
        }
        #expect(read[Self.cancelled]?["status"] as? String == "CANCELLED")
        #expect(read[Self.weeklyInUTC]?["status"] as? String == "NEEDS-ACTION")
        #expect(read[Self.weeklyInUTC]?["due"] as? String == "2026-11-30T16:00:00+00:00")
        #expect(read[Self.weeklyInUTC]?["rrule"] as? String == "FREQ=WEEKLY;COUNT=19;BYDAY=MO")
        #expect(read[Self.startAndDuration]?["duration"] as? String == "PT3H")
        #expect(read[Self.allDay]?["priority"] as? Int == 5)
        #expect(read[Self.child]?["priority"] as? Int == 1)
        #expect(read[Self.child]?["related"] as? [[String: String]] == [["uid": Self.parent, "reltype": "PARENT"]])
        #expect(read[Self.parent]?["related"] as? [[String: String]] == [["uid": Self.child, "reltype": "CHILD"]])
        #expect(read[Self.child]?["x"] as? [String: String] == ["X-EXAMPLE-SOURCE": "caldav-lib", "X-EXAMPLE-COLOUR": "green"])
        #expect(read[Self.undated]?["x"] as? [String: String] == ["X-EXAMPLE-SOURCE": "caldav-lib"])
        // Its own alarm and the one added here; no alarm of Memoss's on any other.
        let alarms = read.mapValues { ($0["alarms"] as? [[String: String]] ?? []) }
        #expect(alarms[Self.withAlarm] == [["action": "DISPLAY", "trigger": "-PT30M", "description": "Dentist in half an hour"],
                                           ["action": "DISPLAY", "trigger": "-P1D", "description": "Dentist, Dr Lee"]])
        #expect(alarms.filter { !$0.value.isEmpty }.keys.sorted() == [Self.withAlarm])
    }

    // MARK: todoman with vdirsyncer

    @Test(arguments: CalDAVServer.Kind.allCases)
    func todomansTasksChangeOnlyInTheFieldEditedHereAndTodomanAgrees(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let todoman = try Todoman(server)
        // Its shapes: undated with a description read from standard input, all-day with a
        // priority and a category, a start and a due (todoman writes both in UTC) with a
        // location, and one cancelled.
        try todoman.todo("new", "Read Dune", "-r", input: "Sci-fi club pick\n")
        try todoman.todo("new", "Bins out", "--due", "2026-11-24", "--priority", "high", "--category", "Home")
        try todoman.todo("new", "Evening class", "--start", "2026-11-30 09:00", "--due", "2026-11-30 12:00", "--location", "Room 4")
        try todoman.todo("new", "Old idea", "--due", "2026-11-28 10:00")
        try todoman.todo("cancel", try todoman.id("Old idea"))
        try todoman.sync()
        try addAccount(server)
        #expect(try sync() == "home: received 4 new.\n")
        #expect(try sync() == "home: up to date.\n")

        let here = try reminders()
        #expect(here["Read Dune"]?["scheduledAt"] == nil)
        #expect(here["Read Dune"]?["notes"] as? String == "Sci-fi club pick")
        #expect(here["Bins out"]?["allDay"] as? Bool == true)
        #expect(here["Bins out"]?["scheduledAt"] as? String == "2026-11-24T00:00:00-05:00")
        #expect(here["Bins out"]?["tags"] as? [String] == ["Home"])
        #expect(here["Evening class"]?["scheduledAt"] as? String == "2026-11-30T12:00:00-05:00")
        #expect(here["Old idea"]?["status"] as? String == "cancelled")
        #expect(try pending() == ["Bins out": ["2026-11-24T09:00:00-05:00"], "Evening class": ["2026-11-30T12:00:00-05:00"]])

        let copies = try server.copies()
        let readDune = try uid("Read Dune", in: copies), bins = try uid("Bins out", in: copies)
        let evening = try uid("Evening class", in: copies), oldIdea = try uid("Old idea", in: copies)
        let ids = try ids([readDune: "Read Dune", bins: "Bins out", evening: "Evening class", oldIdea: "Old idea"])

        func summary(_ text: String) -> [String: [String]] { ["SUMMARY": ["SUMMARY:" + text]] }
        try step("title", [
            Edit(uid: readDune, command: ["edit", "--title", "Read Dune Messiah"], changes: summary("Read Dune Messiah")),
            Edit(uid: bins, command: ["edit", "--title", "Put the bins out"], changes: summary("Put the bins out")),
            Edit(uid: evening, command: ["edit", "--title", "Evening class: pottery"], changes: summary("Evening class: pottery")),
            Edit(uid: oldIdea, command: ["edit", "--title", "Old idea (shelved)"], changes: summary("Old idea (shelved)")),
        ], ids: ids, server: server, sent: "home: sent 4 changed.\n")
        try todoman.sync()
        var tasks = try todoman.tasks()
        #expect(Set(tasks.keys) == ["Read Dune Messiah", "Put the bins out", "Evening class: pottery", "Old idea (shelved)"])
        // Everything else as todoman wrote it: the description with its line break, no due on
        // the undated one, the day, the priority, the category, the start, the location.
        let midnight24 = Int(instant("2026-11-24T00:00:00-05:00").timeIntervalSince1970)
        #expect(tasks["Read Dune Messiah"]?["description"] as? String == "Sci-fi club pick\n")
        #expect(tasks["Read Dune Messiah"]?["due"] is NSNull)
        #expect(tasks["Put the bins out"]?["due"] as? Int == midnight24)
        #expect(tasks["Put the bins out"]?["priority"] as? Int == 4)
        #expect(tasks["Put the bins out"]?["categories"] as? [String] == ["Home"])
        #expect(tasks["Evening class: pottery"]?["start"] as? Int == Int(instant("2026-11-30T09:00:00-05:00").timeIntervalSince1970))
        #expect(tasks["Evening class: pottery"]?["due"] as? Int == Int(instant("2026-11-30T12:00:00-05:00").timeIntervalSince1970))
        #expect(tasks["Evening class: pottery"]?["location"] as? String == "Room 4")
        #expect(try todoman.summaries(status: "CANCELLED") == ["Old idea (shelved)"])
        // The undated one still has no date and no alarm on the server.
        let undated = VTodoProperties(try server.copies()[readDune] ?? "").lines
        #expect(undated["DUE"] == nil && undated["DTSTART"] == nil && undated["VALARM"] == nil)

        func description(_ text: String) -> [String: [String]] { ["DESCRIPTION": ["DESCRIPTION:" + text]] }
        try step("notes", [
            Edit(uid: readDune, command: ["edit", "--notes", "Book club on 3 December"], changes: description("Book club on 3 December")),
            Edit(uid: bins, command: ["edit", "--notes", "Green bin, then the blue"], changes: description("Green bin\\, then the blue")),
        ], ids: ids, server: server, sent: "home: sent 2 changed.\n")
        try todoman.sync()
        tasks = try todoman.tasks()
        #expect(tasks["Read Dune Messiah"]?["description"] as? String == "Book club on 3 December")
        #expect(tasks["Put the bins out"]?["description"] as? String == "Green bin, then the blue")
        #expect(tasks["Put the bins out"]?["priority"] as? Int == 4)

        try step("due", [
            Edit(uid: readDune, command: ["edit", "--date", "2026-12-10"], changes: ["DUE": ["DUE;VALUE=DATE:20261210"]]),
            Edit(uid: bins, command: ["edit", "--date", "2026-11-25"], changes: ["DUE": ["DUE;VALUE=DATE:20261125"]]),
            // Due 12:00, moved to 13:00: start and due an hour later, both still in UTC.
            Edit(uid: evening, command: ["edit", "--time", "13:00"],
                 changes: ["DTSTART": ["DTSTART:20261130T150000Z"], "DUE": ["DUE:20261130T180000Z"]]),
            Edit(uid: oldIdea, command: ["edit", "--time", "11:00"], changes: ["DUE": ["DUE:20261128T160000Z"]]),
        ], ids: ids, server: server, sent: "home: sent 4 changed.\n")
        try todoman.sync()
        tasks = try todoman.tasks()
        #expect(tasks["Read Dune Messiah"]?["due"] as? Int == Int(instant("2026-12-10T00:00:00-05:00").timeIntervalSince1970))
        #expect(tasks["Put the bins out"]?["due"] as? Int == Int(instant("2026-11-25T00:00:00-05:00").timeIntervalSince1970))
        #expect(tasks["Evening class: pottery"]?["start"] as? Int == Int(instant("2026-11-30T10:00:00-05:00").timeIntervalSince1970))
        #expect(tasks["Evening class: pottery"]?["due"] as? Int == Int(instant("2026-11-30T13:00:00-05:00").timeIntervalSince1970))
        #expect(tasks["Old idea (shelved)"]?["due"] as? Int == Int(instant("2026-11-28T11:00:00-05:00").timeIntervalSince1970))
        #expect(try todoman.summaries(status: "CANCELLED") == ["Old idea (shelved)"])

        let completed = ["STATUS": ["STATUS:COMPLETED"], "COMPLETED": ["COMPLETED:20261121T200000Z"], "PERCENT-COMPLETE": ["PERCENT-COMPLETE:100"]]
        try step("done", [
            Edit(uid: readDune, command: ["done"], changes: completed),
            Edit(uid: bins, command: ["done"], changes: completed),
            Edit(uid: evening, command: ["done"], changes: completed),
        ], ids: ids, server: server, sent: "home: sent 3 changed.\n")
        #expect(try sync() == "home: up to date.\n")
        try todoman.sync()
        tasks = try todoman.tasks()
        let doneAt = Int(instant("2026-11-21T20:00:00Z").timeIntervalSince1970)
        for title in ["Read Dune Messiah", "Put the bins out", "Evening class: pottery"] {
            #expect(tasks[title]?["completed"] as? Bool == true, "\(title)")
            #expect(tasks[title]?["completed_at"] as? Int == doneAt, "\(title)")
            #expect(tasks[title]?["percent"] as? Int == 100, "\(title)")
        }
        #expect(try todoman.summaries(status: "COMPLETED") == ["Evening class: pottery", "Put the bins out", "Read Dune Messiah"])
        #expect(try todoman.summaries(status: "NEEDS-ACTION,IN-PROCESS").isEmpty)
        #expect(tasks["Put the bins out"]?["categories"] as? [String] == ["Home"])
        let shown = try todoman.show("Evening class: pottery")
        #expect(shown["location"] as? String == "Room 4")
        #expect(shown["start"] as? Int == Int(instant("2026-11-30T10:00:00-05:00").timeIntervalSince1970))
        #expect(shown["due"] as? Int == Int(instant("2026-11-30T13:00:00-05:00").timeIntervalSince1970))
        #expect(shown["completed"] as? Bool == true)
    }

    // MARK: Cancelled elsewhere

    @Test(arguments: CalDAVServer.Kind.allCases)
    func aToDoCancelledInTheOtherClientArrivesCancelledAndIsNotNotified(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let library = CaldavLibrary(server: server)
        _ = try library.write()
        let todoman = try Todoman(server)
        try todoman.todo("new", "Call the plumber", "--due", "2026-11-26 10:00")
        try todoman.sync()
        try addAccount(server)
        #expect(try sync() == "home: received 10 new.\n")
        // Due 14:30 with the library's alarm half an hour before: it notifies at 14:00 here too.
        #expect(try pending()["Dentist"] == ["2026-11-25T14:00:00-05:00"])
        #expect(try pending()["Call the plumber"] == ["2026-11-26T10:00:00-05:00"])

        try library.cancel(Self.withAlarm)
        try todoman.todo("cancel", try todoman.id("Call the plumber"))
        try todoman.sync()
        let cancelledThere = try server.copies()
        #expect(try sync() == "home: received 2 changed.\n")
        let here = try reminders()
        #expect(here["Dentist"]?["status"] as? String == "cancelled")
        #expect(here["Call the plumber"]?["status"] as? String == "cancelled")
        let planned = try pending()
        #expect(planned["Dentist"] == nil && planned["Call the plumber"] == nil)
        #expect(try memoss(["list"]).stdout.contains("[-] Dentist  Wed 25 Nov 14:30  (cancelled)"))
        // Nothing goes back: the server's copies are as the clients left them.
        #expect(try sync() == "home: up to date.\n")
        #expect(try server.copies() == cancelledThere)
        #expect(try todoman.summaries(status: "CANCELLED") == ["Call the plumber", "Dentist", "Old plan"])
    }

    // MARK: Undo

    @Test(arguments: CalDAVServer.Kind.allCases)
    func undoAfterASyncUndoesTheUsersCommandAndTheNextSyncDeletesNothingOnTheServer(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let todoman = try Todoman(server)
        try todoman.todo("new", "Water plants", "--due", "2026-11-23 08:00")
        try todoman.todo("new", "Call mum", "--due", "2026-11-26 18:00")
        try todoman.sync()
        try addAccount(server)
        #expect(try sync() == "home: received 2 new.\n")
        let id = try #require(try reminders()["Water plants"]?["id"] as? String)
        #expect(try memoss(["edit", id, "--title", "Water the plants"]).status == 0)
        #expect(try sync() == "home: sent 1 changed.\n")

        // todoman makes three to-dos and moves one; the sync brings them here.
        try todoman.sync()
        for title in ["Buy stamps", "Book the dentist", "Return the parcel"] { try todoman.todo("new", title) }
        try todoman.todo("edit", try todoman.id("Call mum"), "--due", "2026-11-27 18:00")
        try todoman.sync()
        let before = Set(try server.copies().keys)
        #expect(before.count == 5)
        #expect(try sync() == "home: received 3 new, 1 changed.\n")

        // Undo takes back the user's rename, not the sync.
        #expect(try memoss(["undo"]).stdout == "Undid: Edited \"Water the plants\".\n")
        #expect(try sync() == "home: sent 1 changed.\n")
        #expect(Set(try server.copies().keys) == before)
        try todoman.sync()
        let tasks = try todoman.tasks()
        #expect(Set(tasks.keys) == ["Water plants", "Call mum", "Buy stamps", "Book the dentist", "Return the parcel"])
        #expect(tasks["Call mum"]?["due"] as? Int == Int(instant("2026-11-27T18:00:00-05:00").timeIntervalSince1970))
        #expect(Set(try reminders().keys) == Set(tasks.keys))
    }
}
