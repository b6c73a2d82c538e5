import Foundation
import Testing
import TestSupport

/// Issue "Reminders as wide as the calendars they sync with", end to end through the built
/// programs on Saturday 21 November 2026, 15:00 in New York: undated and all-day reminders, in
/// progress and cancelled ones, the time all-day ones notify at, and each through CSV and iCalendar.
struct WideReminderTests {
    private let temporary: TemporaryFolder
    private var home: URL { temporary.url }
    private var store: String { home.appendingPathComponent("store.sqlite").path }
    private var environment: [String: String] { ["HOME": home.path, "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-wide")
    }

    private func memoss(_ arguments: String..., store: String? = nil) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store ?? self.store] + arguments, environment: environment)
    }

    private func json(_ arguments: String..., store: String? = nil) throws -> [String: Any] {
        let result = try MemossProcess.run(["--db", store ?? self.store] + arguments, environment: environment)
        return try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    /// The pending notifications: title and fire instant.
    /// Imports a calendar of one VTODO for each of `todos` (its lines), written as another client would.
    private func importCalendar(_ todos: [[String]]) throws -> ChildProcess.Result {
        let file = home.appendingPathComponent("other.ics")
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + todos.flatMap { ["BEGIN:VTODO"] + $0 + ["END:VTODO"] }
            + ["END:VCALENDAR", ""]
        try lines.joined(separator: "\r\n").write(to: file, atomically: true, encoding: .utf8)
        return try MemossProcess.run(["--db", store, file.path], environment: environment, program: MemossProcess.importer)
    }

    private func pending() throws -> [String] {
        let rows = try json("notifications", "--json")["pending"] as? [[String: Any]] ?? []
        return rows.map { "\($0["title"] as? String ?? "") \($0["fireAt"] as? String ?? "")" }
    }

    @Test func anUndatedReminderIsListedAfterTheDatedOnesAndNeverNotifies() throws {
        #expect(try memoss("add", "Read Dune", "--date", "none").stdout == "Added 1. \"Read Dune\", with no date.\n")
        #expect(try memoss("add", "Call mum").stdout == "Added 2. \"Call mum\", due Tomorrow 09:00.\n")
        #expect(try memoss("list").stdout == """
            To Do
              1. [ ] Call mum  Tomorrow 09:00
            No date
              2. [ ] Read Dune
            Completed
              Nothing completed yet.

            """)
        #expect(try pending() == ["Call mum 2026-11-22T09:00:00-05:00"])
        // It cannot repeat, and a time needs a date.
        let repeating = try memoss("add", "Stretch", "--date", "none", "--repeat", "daily")
        #expect(repeating.status == 1)
        #expect(repeating.stderr == "memoss: A reminder without a date cannot repeat; give it a date, or no repeat.\n")
        let timed = try memoss("add", "Stretch", "--date", "none", "--time", "07:00")
        #expect(timed.status == 2)
        #expect(timed.stderr == "memoss: --time needs a date; give --date a day (not none), or leave out --time.\n")
        // Nor does an alarm, which counts from the due time: refused, at the shell and at the prompt, nothing added.
        let alarmed = try memoss("add", "Stretch", "--date", "none", "--alarm", "-15m")
        #expect(alarmed.status == 2)
        #expect(alarmed.stderr == "memoss: --alarm needs a date to count from; give --date a day (not none), or leave out --alarm.\n")
        let inline = try MemossProcess.run(["--db", store], environment: environment, lines: ["add Stretch due:none alarm:-15m", "quit"])
        #expect(inline.stderr.contains("memoss: line 1: --alarm needs a date to count from; give --date a day (not none), or leave out --alarm.\n"))
        #expect(try memoss("edit", "2", "--alarm", "2027-01-04 18:00").stderr
            == "memoss: --alarm needs a date to count from; give --date a day (not none), or leave out --alarm.\n")
        #expect(try memoss("add", "Stretch", "--date", "none", "--alarm", "none").stdout == "Added 3. \"Stretch\", with no date.\n")
        // Given a date, it is dated; given none again, undated.
        #expect(try memoss("edit", "2", "--date", "fri").stdout == "Saved \"Read Dune\", due Fri 27 Nov, all day.\n")
        #expect(try memoss("edit", "2", "--date", "none").stdout == "Saved \"Read Dune\", with no date.\n")
        // A date taken away from one with alarms keeps them for when it has one again, and says so.
        _ = try memoss("edit", "2", "--date", "fri", "--alarm", "-15m")
        #expect(try memoss("edit", "2", "--date", "none").stdout
            == "Saved \"Read Dune\", with no date, alarm -15m kept for when it has a date.\n")
        #expect(try memoss("show", "2").stdout.contains("  Alarms:    -15m, kept for when it has a date\n"))
        #expect(try memoss("edit", "2", "--date", "fri").stdout == "Saved \"Read Dune\", due Fri 27 Nov, all day, alarm -15m.\n")
        #expect(try memoss("edit", "2", "--date", "none", "--alarm", "none").stdout == "Saved \"Read Dune\", with no date.\n")
        #expect(try memoss("done", "2").stdout == "Completed \"Read Dune\".\n")
        #expect(try memoss("history").stdout.contains("Read Dune"))
    }

    @Test func theAlarmsANewReminderGetsAreSetOnceForTheStore() throws {
        #expect(try memoss("config", "alarms", "-15m, 0").stdout == "A reminder added without alarms gets: -15m, 0.\n")
        #expect(try memoss("config").stdout.contains("  alarms -15m, 0  (the alarms a reminder added without any gets"))
        #expect(try memoss("add", "Call the bank", "--date", "2026-11-23", "--time", "10:00").stdout
            == "Added 1. \"Call the bank\", due Mon 23 Nov 10:00, alarms -15m, 0.\n")
        #expect(try pending() == ["Call the bank 2026-11-23T09:45:00-05:00", "Call the bank 2026-11-23T10:00:00-05:00"])
        // Given ones win; the prompt's form starts from the setting.
        #expect(try memoss("add", "Quiet one", "--date", "2026-11-24", "--alarm", "none").stdout
            == "Added 2. \"Quiet one\", due Tue 24 Nov 09:00, no alarm.\n")
        let prompt = try MemossProcess.run(["--db", store], environment: environment,
                                           lines: ["config alarms -15m, 0", "add", "Water plants", "", "2026-11-25", "", "", "", "", "", "y", "quit"])
        // At the prompt the value's words need no quotes.
        #expect(prompt.stdout.contains("A reminder added without alarms gets: -15m, 0.\n"), "\(prompt.stdout)")
        #expect(prompt.stdout.contains("Alarms [-15m, 0]: \n"), "\(prompt.stdout)")
        #expect(prompt.stdout.contains("\"Water plants\", due Wed 25 Nov 09:00, alarms -15m, 0."), "\(prompt.stdout)")
        // Offsets only; a stored reminder keeps its alarms when the setting goes back; undo takes it back.
        let absolute = try memoss("config", "alarms", "2026-12-01 18:00")
        #expect(absolute.status == 2 && absolute.stderr.contains("a default alarm counts from each reminder's due time"), "\(absolute.stderr)")
        #expect(try memoss("config", "alarms").stderr == "memoss: Give alarms a value, or default: config alarms -15m,0.\n")
        #expect(try memoss("config", "alarms", "none").stdout == "A reminder added without alarms gets: none.\n")
        #expect(try memoss("undo").stdout == "Undid: Set alarms to none.\n")
        #expect(try memoss("config", "alarms", "default").stdout == "A reminder added without alarms gets: at due time.\n")
        #expect(try memoss("add", "Plain", "--date", "2026-11-26").stdout == "Added 4. \"Plain\", due Thu 26 Nov 09:00.\n")
        #expect(try pending().contains("Call the bank 2026-11-23T09:45:00-05:00"))
    }

    @Test func anAllDayReminderIsTheDayOverdueOnceItEndsAndNotifiesAtTheSetTime() throws {
        #expect(try memoss("add", "Bins out", "--date", "tomorrow", "--time", "none").stdout == "Added 1. \"Bins out\", due Tomorrow, all day.\n")
        #expect(try memoss("add", "Water plants", "--date", "today", "--time", "all day").stdout
            == "Added 2. \"Water plants\", due Today, all day.\n")
        let today = try memoss("list").stdout
        #expect(today.contains("1. [ ] Water plants  Today\n"), "\(today)")
        #expect(!today.contains("overdue"))
        // Today's at 09:00 has passed (it is 15:00): only tomorrow's is planned.
        #expect(try pending() == ["Bins out 2026-11-22T09:00:00-05:00"])
        #expect(try memoss("config", "all-day-time", "7:30").stdout == "All-day reminders notify at 07:30 on their day.\n")
        #expect(try pending() == ["Bins out 2026-11-22T07:30:00-05:00"])
        #expect(try memoss("config").stdout == "  all-day-time 07:30  (the time of day all-day reminders are notified at)\n"
            + "  alarms at due time  (the alarms a reminder added without any gets, relative to its due time)\n")
        #expect(try memoss("undo").stdout == "Undid: Set all-day-time to 07:30.\n")
        #expect(try pending() == ["Bins out 2026-11-22T09:00:00-05:00"])
        // The next day, today's is overdue: its day has ended.
        let sunday = try MemossProcess.run(["--db", store, "list"], environment: environment.merging(
            ["MEMOSS_CLOCK": "2026-11-22T06:00:00Z"]) { $1 }).stdout
        #expect(sunday.contains("Water plants  Yesterday  (overdue)"), "\(sunday)")
        // A date in the past is refused, today is not.
        let past = try memoss("add", "Late", "--date", "yesterday", "--time", "none")
        #expect(past.stderr == "memoss: date: Must be in the future.\n")
    }

    @Test func aRepeatingAllDayReminderNotifiesEachDayAtTheSetTime() throws {
        #expect(try memoss("add", "Journal", "--date", "tomorrow", "--time", "none", "--repeat", "daily", "--times", "3").status == 0)
        #expect(try pending() == ["Journal 2026-11-22T09:00:00-05:00", "Journal 2026-11-23T09:00:00-05:00",
                                  "Journal 2026-11-24T09:00:00-05:00"])
        _ = try memoss("list")
        #expect(try memoss("done", "1", "--one").stdout == "Completed \"Journal\"; next: Mon 23 Nov.\n")
    }

    @Test func statusesAreSetShownAndUndone() throws {
        for (title, time) in [("Paint fence", "09:00"), ("Tax return", "10:00"), ("Old plan", "11:00")] {
            #expect(try memoss("add", title, "--time", time).status == 0)
        }
        _ = try memoss("list")
        #expect(try memoss("edit", "2", "--progress", "40%").stdout == "\"Tax return\" is in progress (40%).\n")
        #expect(try memoss("cancel", "3").stdout == "Cancelled \"Old plan\"; `reopen` opens it again.\n")
        let listed = try memoss("list").stdout
        #expect(listed.contains("Tax return  Tomorrow 10:00  (40%)"), "\(listed)")
        #expect(listed.contains("[-] Old plan  Tomorrow 11:00  (cancelled)"), "\(listed)")
        // A cancelled reminder is not notified.
        #expect(try pending().map { String($0.prefix(while: { $0 != " " })) } == ["Paint", "Tax"])
        let bad = try memoss("edit", "1", "--status", "someday")
        #expect(bad.status == 2)
        #expect(bad.stderr == "memoss: --status: give todo, in-progress, done or cancelled.\n")
        #expect(try memoss("undo").stdout == "Undid: Cancelled \"Old plan\".\n")
        _ = try memoss("list")
        let statuses = (try json("list", "--json")["todo"] as? [[String: Any]] ?? []).map { "\($0["title"] as? String ?? "") \($0["status"] as? String ?? "")" }
        #expect(statuses == ["Paint fence todo", "Tax return in-progress", "Old plan todo"])
    }

    @Test func everyNewFieldRoundTripsThroughCSVAndICalendar() throws {
        _ = try memoss("add", "Someday", "--date", "none")
        _ = try memoss("add", "Bins", "--date", "2026-11-24", "--time", "none")
        _ = try memoss("add", "Taxes", "--date", "2026-12-01", "--time", "10:00")
        _ = try memoss("add", "Dropped", "--date", "2026-12-02", "--time", "10:00")
        _ = try memoss("list")
        _ = try memoss("edit", "2", "--progress", "40")
        _ = try memoss("cancel", "3")
        let before = try json("list", "--json")
        for format in ["csv", "ics"] {
            let file = home.appendingPathComponent("out.\(format)").path
            #expect(try memoss("export", "-o", file).status == 0)
            let copy = home.appendingPathComponent("copy-\(format).sqlite").path
            let imported = try MemossProcess.run(["--db", copy, file], environment: environment, program: MemossProcess.importer)
            #expect(imported.stdout == "Imported 4, skipped 0 already present, refused 0.\n", "\(format): \(imported.stderr)")
            let after = try json("list", "--json", store: copy)
            for key in ["todo", "completed"] {
                let fields = ["title", "scheduledAt", "allDay", "status", "percentComplete", "completed"]
                func shape(_ document: [String: Any]) -> [String] {
                    (document[key] as? [[String: Any]] ?? []).map { item in fields.map { "\(item[$0] ?? "-")" }.joined(separator: "|") }
                }
                #expect(shape(after) == shape(before), "\(format) \(key)")
            }
        }
        let csv = try String(contentsOfFile: home.appendingPathComponent("out.csv").path, encoding: .utf8)
        #expect(csv.contains(",Someday,,,,America/New_York,never,,,false,,todo,,none,Reminders,,\r\n"))
        #expect(csv.contains(",Bins,,2026-11-24,,America/New_York,never,,,false,,todo,,none,Reminders,,\r\n"))
        #expect(csv.contains(",Taxes,,2026-12-01,10:00,America/New_York,never,,,false,,in-progress,40,none,Reminders,,\r\n"))
        let ics = try String(contentsOfFile: home.appendingPathComponent("out.ics").path, encoding: .utf8)
        #expect(ics.contains("SUMMARY:Bins\r\nDTSTART;VALUE=DATE:20261124\r\nDUE;VALUE=DATE:20261124\r\n"))
        #expect(ics.contains("STATUS:IN-PROCESS\r\nPERCENT-COMPLETE:40\r\n"))
        #expect(ics.contains("STATUS:CANCELLED\r\n"))
    }

    @Test func aCalendarsUndatedAllDayStartedAndCancelledToDosComeInAsTheyAre() throws {
        let imported = try importCalendar([
            ["UID:a", "SUMMARY:Someday"],
            ["UID:b", "SUMMARY:Course", "DTSTART;TZID=America/New_York:20261130T090000", "DURATION:PT3H", "STATUS:IN-PROCESS",
             "PERCENT-COMPLETE:40"],
            ["UID:c", "SUMMARY:Trip", "DUE;VALUE=DATE:20261205", "STATUS:CANCELLED"],
        ])
        #expect(imported.stdout == "Imported 3, skipped 0 already present, refused 0.\n", "\(imported.stderr)")
        let listed = try memoss("list").stdout
        #expect(listed == """
            To Do
              1. [ ] Course  Mon 30 Nov 12:00  (40%)
            No date
              2. [ ] Someday
            Completed
              3. [-] Trip  Sat 5 Dec  (cancelled)

            """)
    }

    /// A to-do another client says is partly done without calling it in progress (Thunderbird and
    /// Tasks.org write PERCENT-COMPLETE beside NEEDS-ACTION) shows how far it is, on its card and in
    /// `show`; kept, it used to be shown nowhere. None is shown for 0%.
    @Test func aPercentageOnAToDoNotInProgressIsShown() throws {
        let imported = try importCalendar([
            ["UID:a", "SUMMARY:Read the report", "DUE;VALUE=DATE:20261130", "STATUS:NEEDS-ACTION", "PERCENT-COMPLETE:30"],
            ["UID:b", "SUMMARY:Not begun", "DUE;VALUE=DATE:20261201", "PERCENT-COMPLETE:0"],
        ])
        #expect(imported.stdout == "Imported 2, skipped 0 already present, refused 0.\n", "\(imported.stderr)")
        let listed = try memoss("list").stdout
        #expect(listed.hasPrefix("""
            To Do
              1. [ ] Read the report  Mon 30 Nov  (30%)
              2. [ ] Not begun  Tue 1 Dec

            """), "\(listed)")
        #expect(try memoss("show", "1").stdout.contains("  Status:    to do (30%)\n"))
        #expect(try memoss("show", "2").stdout.contains("  Status:    to do\n"))
    }

    /// An iCalendar rule typed for a reminder already due at 10:00 ends as the same rule typed with
    /// its time does: UNTIL at 09:00 on the 9th leaves the 9th out.
    @Test func anRRuleTypedOnEditIsReadAgainstTheRemindersTime() throws {
        _ = try memoss("add", "Walk", "--date", "2026-12-07", "--time", "10:00")
        _ = try memoss("list")
        #expect(try memoss("edit", "1", "--repeat", "FREQ=DAILY;UNTIL=20261209T090000").status == 0)
        #expect(try memoss("show", "1").stdout.contains("  Repeats:   Daily until 2026-12-08\n"))
    }
}
