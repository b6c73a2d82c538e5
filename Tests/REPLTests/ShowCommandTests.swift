import Foundation
import Shared
import Testing
import TestSupport

/// `memoss show N` end to end: one reminder in full, as text and as JSON.
struct ShowCommandTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }
    private var environment: [String: String] { ["HOME": temporary.url.path, "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-show")
    }

    @discardableResult
    private func memoss(_ arguments: String..., clock: Date = testNow, zone: String = "America/New_York") throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + arguments,
                              environment: environment.merging([SetClock.variable: memossClock(clock), "TZ": zone]) { $1 })
    }

    @Test func aRepeatingReminderShowsItsNotesListTagsPriorityNextTimesStatusCompletionsAndId() throws {
        // Made the day before, completed once today.
        try memoss("lists", "add", "Garden", clock: testNow.addingTimeInterval(-86_400))
        try memoss("add", "Water the ferns", "--date", "2026-11-20", "--time", "18:00", "--repeat", "daily", "--new-tag", "Home",
                   "--notes", "the big one\nand the small one", "--list", "Garden", "--priority", "high",
                   clock: testNow.addingTimeInterval(-86_400))
        try memoss("done", "1", "--one")
        try memoss("edit", "1", "--progress", "40")
        let id = try SQLiteShell.run(store, "SELECT hex(id) FROM reminder")
        let uuid = try #require(UUID(uuidString: id.replacingOccurrences(
            of: "(.{8})(.{4})(.{4})(.{4})(.{12})", with: "$1-$2-$3-$4-$5", options: .regularExpression)))

        let shown = try memoss("show", "1")
        #expect(shown.status == 0)
        #expect(shown.stdout == """
            Water the ferns
              Notes:     the big one
                         and the small one
              List:      Garden
              Tags:      #Home
              Due:       Today 18:00
              Priority:  high !!!
              Repeats:   Daily
              Then:      Tomorrow 18:00, Mon 23 Nov 18:00, Tue 24 Nov 18:00
              Status:    in progress (40%)
              Created:   Yesterday 15:00; changed Today 15:00
              Completed: Yesterday 18:00, done Today 15:00
              Id:        \(uuid.uuidString)

            """)

        let json = try memoss("show", "1", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "Water the ferns")
        #expect(object["notes"] as? String == "the big one\nand the small one")
        #expect(object["status"] as? String == "in-progress")
        #expect(object["list"] as? String == "Garden")
        #expect(object["priority"] as? String == "high")
        #expect(object["percentComplete"] as? Int == 40)
        #expect(object["next"] as? [String] == ["2026-11-22T18:00:00-05:00", "2026-11-23T18:00:00-05:00", "2026-11-24T18:00:00-05:00"])
        #expect(object["createdAt"] as? String == "2026-11-20T15:00:00-05:00")
        #expect(object["updatedAt"] as? String == "2026-11-21T15:00:00-05:00")
        let completions = try #require(object["completions"] as? [[String: String]])
        #expect(completions == [["occurrence": "2026-11-20T18:00:00-05:00", "completedAt": "2026-11-21T15:00:00-05:00"]])
        #expect((object["sync"] as? [Any])?.isEmpty == true)
    }

    /// Done in progress, a repeating reminder's next time starts to do (the progress was the done
    /// time's, and an export would have said IN-PROCESS and 60% of it); an all-day one's next
    /// times are days, not midnights.
    @Test func aRepeatingReminderDoneInProgressStartsItsNextTimeToDoAndAllDayTimesAreDays() throws {
        try memoss("add", "Trash", "--date", "2026-11-23", "--time", "none", "--repeat", "weekly")
        #expect(try memoss("edit", "1", "--status", "in-progress", "--progress", "60%").status == 0)
        #expect(try memoss("show", "1").stdout.contains("  Status:    in progress (60%)\n"))
        try memoss("done", "1")
        let shown = try memoss("show", "1").stdout
        #expect(shown.contains("""
              Due:       Mon 30 Nov, all day
              Repeats:   Weekly on Monday
              Then:      Mon 7 Dec, Mon 14 Dec, Mon 21 Dec
              Status:    to do

            """), "\(shown)")
        #expect(shown.contains("  Completed: Mon 23 Nov, done Today 15:00\n"), "\(shown)")
        let object = try #require(try JSONSerialization.jsonObject(with: try memoss("show", "1", "--json").stdoutData) as? [String: Any])
        #expect(object["status"] as? String == "todo")
        #expect(object["percentComplete"] == nil)
        #expect(try memoss("next", "1", "--count", "2").stdout
                == "Trash · Weekly on Monday\n  Mon 30 Nov  2026-11-30T00:00:00-05:00\n  Mon 7 Dec  2026-12-07T00:00:00-05:00\n")
        // Undone, the done time's progress is back.
        try memoss("undo")
        #expect(try memoss("show", "1").stdout.contains("  Status:    in progress (60%)\n"))
    }

    @Test func aReminderInAnotherZoneSaysItsOwnTimeAndAnAccountItIsSyncedWith() throws {
        try memoss("add", "Call Kenji", "--date", "2026-11-24", "--time", "09:00", zone: "Asia/Tokyo")
        let hex = try SQLiteShell.run(store, "SELECT hex(id) FROM reminder")
        try SQLiteShell.run(store, """
            INSERT INTO syncAccount (name, url, collectionURL, user, createdAt) VALUES ('home', 'https://dav.test/', 'https://dav.test/tasks/', 'ann', 0);
            INSERT INTO syncItem (account, reminderID, uid, href, etag, base) VALUES ('home', x'\(hex)', 'u', '/tasks/kenji.ics', '"1"', '');
            """)
        let shown = try memoss("show", "1")
        #expect(shown.stdout.contains("  Due:       Mon 23 Nov 19:00 (Tue 24 Nov 09:00 in Asia/Tokyo)\n"))
        #expect(shown.stdout.contains("  Status:    to do\n"))
        #expect(shown.stdout.hasSuffix("  Synced:    home  /tasks/kenji.ics\n"))
        let json = try memoss("show", "1", "--json")
        #expect(json.stdout.contains("\"sync\" : [\n    {\n      \"account\" : \"home\",\n      \"href\" : \"/tasks/kenji.ics\"\n    }\n  ]"))
    }

    @Test func anUndatedOneAndAnAllDayOneSaySo() throws {
        try memoss("add", "Someday: learn Go", "--date", "none")
        try memoss("add", "Holiday", "--date", "2026-12-24", "--time", "none")
        #expect(try memoss("show", "1").stdout.contains("  Due:       No date\n"))
        #expect(try memoss("show", "2").stdout.contains("  Due:       Thu 24 Dec, all day\n"))
        let unknown = try memoss("show", "9")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("memoss: "))
        // A range shows each of its reminders; one reaching past the list is refused whole, not cut.
        _ = try memoss("list")
        let both = try memoss("show", "1-2")
        #expect(both.status == 0)
        #expect(both.stdout.hasPrefix("Holiday\n") && both.stdout.contains("\n\nSomeday: learn Go\n"), "\(both.stdout)")
        let beyond = try memoss("show", "5-99")
        #expect(beyond.status == 1)
        #expect(beyond.stdout.isEmpty)
        #expect(beyond.stderr == "memoss: There is no reminder 5 in the list (1–2); run `list` to see the numbers.\n")
        #expect(try memoss("show", "1-1").stdout.hasPrefix("Holiday\n"))  // dated, so first in the list
        // So does every command that takes one reminder (the rule is the core's): edit changes none.
        let edit = try memoss("edit", "1-2", "--title", "Renamed")
        #expect(edit.status == 1)
        #expect(edit.stderr == "memoss: \"1-2\" names several reminders, and this takes one; give one number from `list`.\n")
        #expect(try memoss("show", "1").stdout.hasPrefix("Holiday\n"))
    }

    /// An overdue repeating reminder's next times are those after now, which `done` moves it on
    /// to, not the ones already past.
    @Test func anOverdueRepeatingOnesNextTimesAreAfterNow() throws {
        try memoss("add", "Stretch", "--date", "2026-11-18", "--time", "08:00", "--repeat", "daily",
                   clock: testNow.addingTimeInterval(-4 * 86_400))
        let shown = try memoss("show", "Stretch").stdout
        #expect(shown.contains("  Due:       Wed 18 Nov 08:00\n"), "\(shown)")
        #expect(shown.contains("  Then:      Tomorrow 08:00, Mon 23 Nov 08:00, Tue 24 Nov 08:00\n"), "\(shown)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try memoss("show", "Stretch", "--json").stdout.utf8))
            as? [String: Any])
        #expect(json["next"] as? [String] == ["2026-11-22T08:00:00-05:00", "2026-11-23T08:00:00-05:00", "2026-11-24T08:00:00-05:00"])
        _ = try memoss("list")
        #expect(try memoss("done", "1").stdout == "Completed \"Stretch\"; next: Tomorrow 08:00.\n")
    }

    /// Words name a reminder as `done` takes them: the one they match is shown; several, or none,
    /// are refused in one line that says what to give instead, at the shell and at the prompt.
    @Test func wordsThatMatchOneReminderShowIt() throws {
        try memoss("add", "Water plants", "--date", "2026-11-22")
        try memoss("add", "Water the ferns", "--date", "2026-11-22", "--time", "18:00")
        let shown = try memoss("show", "Water", "plants")
        #expect(shown.status == 0)
        #expect(shown.stdout.hasPrefix("Water plants\n  List:      Reminders\n  Due:       Tomorrow 09:00\n"))
        let several = try memoss("show", "water")
        #expect(several.status == 1)
        #expect(several.stdout.isEmpty)
        #expect(several.stderr == "memoss: 2 reminders match water: \"Water plants\" (due Tomorrow 09:00), "
            + "\"Water the ferns\" (due Tomorrow 18:00); give more words, or its number from `search water`.\n")
        let none = try memoss("show", "dentist")
        #expect(none.status == 1)
        #expect(none.stderr == "memoss: No reminder matches dentist; give its number from `list`, or other words.\n")
        let prompt = try MemossProcess.run(["--db", store], environment: environment.merging([SetClock.variable: memossClock(testNow)]) { $1 },
                                           lines: ["show the ferns", "quit"])
        #expect(prompt.stdout.contains("Water the ferns\n  List:      Reminders\n  Due:       Tomorrow 18:00\n"))
    }

    /// Several numbers show each in turn, as `done 1 3` takes several; JSON is then an array.
    @Test func severalNumbersShowEachInTurn() throws {
        try memoss("add", "Water plants", "--date", "2026-11-22")
        try memoss("add", "Pay rent", "--date", "2026-12-01")
        try memoss("list")
        let shown = try memoss("show", "1", "2")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("Water plants\n  List:      Reminders\n  Due:       Tomorrow 09:00\n"))
        #expect(shown.stdout.contains("\n\nPay rent\n  List:      Reminders\n  Due:       Tue 1 Dec 09:00\n"), "\(shown.stdout)")
        let json = try memoss("show", "1-2", "--json")
        let documents = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(documents.map { $0["title"] as? String } == ["Water plants", "Pay rent"])
        #expect(try JSONSerialization.jsonObject(with: Data(memoss("show", "2", "--json").stdout.utf8)) is [String: Any])
    }
}
