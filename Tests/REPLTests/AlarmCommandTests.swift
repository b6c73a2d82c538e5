import Foundation
import Testing
import TestSupport

/// Alarms per reminder with the built `memoss`, on a store in a fresh folder, on the tests' clock
/// (Saturday 21 November 2026, 15:00 in New York).
struct AlarmCommandTests {
    private let temporary: TemporaryFolder
    private var home: URL { temporary.url }
    private var store: String { home.appendingPathComponent("store.sqlite").path }
    private var environment: [String: String] { ["HOME": home.path, "TZ": "America/New_York", "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-home")
    }

    private func memoss(_ arguments: String...) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + arguments, environment: environment)
    }

    /// The notifications' lines without their numbers and ids.
    private func pendingLines() throws -> [String] {
        try memoss("notifications", "--all").stdout.split(separator: "\n").dropFirst().map {
            $0.components(separatedBy: "  id ")[0].replacingOccurrences(of: #"^  \d+\. "#, with: "  ", options: .regularExpression)
        }
    }

    @Test func alarmsGivenToAddArePlannedListedAndShownOnTheCard() throws {
        let added = try memoss("add", "Pay rent", "--date", "2026-11-23", "--time", "10:00", "--alarm", "-1d", "--alarm", "-15m")
        #expect(added.status == 0)
        #expect(added.stdout == "Added 1. \"Pay rent\", due Mon 23 Nov 10:00, alarms -1d, -15m.\n")
        _ = try memoss("add", "Flight", "--date", "2027-01-05", "--time", "08:00", "--alarm", "2027-01-04 18:00", "--alarm", "0")
        _ = try memoss("add", "Call mum", "--date", "tomorrow", "--time", "18:00")

        // Pay rent has no alarm at its due time: it was not given one.
        #expect(try pendingLines() == [
            "  Tomorrow 10:00  Pay rent  (due Mon 23 Nov 10:00)",
            "  Tomorrow 18:00  Call mum",
            "  Mon 23 Nov 09:45  Pay rent  (due Mon 23 Nov 10:00)",
            "  Mon 4 Jan 2027 18:00  Flight  (due Tue 5 Jan 2027 08:00)",
            "  Tue 5 Jan 2027 08:00  Flight",
        ])
        let list = try memoss("list").stdout
        #expect(list.contains("Pay rent  Mon 23 Nov 10:00  ⏰ -1d, -15m\n"))
        #expect(list.contains("Flight  Tue 5 Jan 2027 08:00  ⏰ 0, 2027-01-04 18:00\n"))
        // The default alarm shows no badge.
        #expect(list.contains("Call mum  Tomorrow 18:00\n"))

        let json = try #require(try JSONSerialization.jsonObject(with: try memoss("list", "--json").stdoutData) as? [String: Any])
        let alarms = Dictionary(uniqueKeysWithValues: (json["todo"] as? [[String: Any]] ?? []).map { todo in
            (todo["title"] as? String ?? "", (todo["alarms"] as? [[String: Any]] ?? []).map { alarm in
                [alarm["offset"].map { "offset \($0)" }, alarm["at"].map { "at \($0)" }, alarm["text"].map { "text \($0)" }]
                    .compactMap { $0 }.joined(separator: " ")
            })
        })
        #expect(alarms["Pay rent"] == ["offset -86400 text -1d", "offset -900 text -15m"])
        #expect(alarms["Flight"] == ["offset 0 text 0", "at 2027-01-04T18:00:00-05:00 text 2027-01-04 18:00"])
        #expect(alarms["Call mum"] == ["offset 0 text 0"])
    }

    @Test func editWithAlarmNoneSilencesTheReminderAndUndoBringsItsAlarmsBack() throws {
        _ = try memoss("add", "Pay rent", "--date", "2026-11-23", "--time", "10:00", "--alarm", "-1d", "--alarm", "-15m")
        let edited = try memoss("edit", "1", "--alarm", "none")
        #expect(edited.status == 0)
        #expect(edited.stdout == "Saved \"Pay rent\", due Mon 23 Nov 10:00, no alarm.\n")
        #expect(try pendingLines().isEmpty)
        #expect(try memoss("list").stdout.contains("Pay rent  Mon 23 Nov 10:00  ⏰ no alarm\n"))
        #expect(try memoss("show", "1").stdout.contains("  Alarms:    none\n"))

        #expect(try memoss("undo").stdout == "Undid: Edited \"Pay rent\".\n")
        #expect(try pendingLines() == [
            "  Tomorrow 10:00  Pay rent  (due Mon 23 Nov 10:00)", "  Mon 23 Nov 09:45  Pay rent  (due Mon 23 Nov 10:00)",
        ])

        // `--alarm 0` alone is the default again: no badge, one notification at the due time.
        _ = try memoss("edit", "1", "--alarm", "0")
        #expect(try pendingLines() == ["  Mon 23 Nov 10:00  Pay rent"])
        #expect(try memoss("list").stdout.contains("Pay rent  Mon 23 Nov 10:00\n"))
    }

    @Test func anAlarmThatCannotBeReadIsRefusedWithWhatToType() throws {
        let unsigned = try memoss("add", "Dentist", "--date", "2026-11-23", "--alarm", "15m")
        #expect(unsigned.status == 2)
        #expect(unsigned.stderr == "memoss: --alarm: Say which way: -15m for before the due time, +15m for after it.\n")
        let mixed = try memoss("add", "Dentist", "--date", "2026-11-23", "--alarm", "none", "--alarm", "-1h")
        #expect(mixed.status == 2)
        #expect(mixed.stderr == "memoss: --alarm: none cannot go with other alarms; give none alone, or only the alarms.\n")
        let nonsense = try memoss("add", "Dentist", "--date", "2026-11-23", "--alarm", "soonish")
        #expect(nonsense.stderr.hasPrefix("memoss: --alarm: \"soonish\" is not an alarm. Give alarms as -15m"))
        #expect(try memoss("list").stdout.contains("Nothing to do."))
    }

    @Test func anAlarmPastWhenTheReminderIsAddedIsNotDelivered() throws {
        _ = try memoss("add", "Call", "--date", "today", "--time", "16:00", "--alarm", "-2h", "--alarm", "-30m")
        #expect(try pendingLines() == ["  Today 15:30  Call  (due Today 16:00)"])
        let later = try MemossProcess.run(["--db", store, "due"],
                                          environment: environment.merging(["MEMOSS_CLOCK": memossClock(instant("2026-11-21T15:31:00-05:00"))]) { $1 })
        #expect(later.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("Reminder:") } == ["Reminder: Call  Today 16:00"])
    }

    /// Undoing `done` (or cancel, or rm) gives the reminder back as it was, its notification already
    /// shown included: still waiting for an answer, not planned and shown a second time; `redo` takes
    /// it away again.
    @Test func undoOfDoneKeepsANotificationAlreadyShownShownNotShownAgain() throws {
        func at(_ time: String, _ arguments: String...) throws -> ChildProcess.Result {
            try MemossProcess.run(["--db", store] + arguments,
                                  environment: environment.merging(["MEMOSS_CLOCK": memossClock(instant("2026-11-21T\(time)-05:00"))]) { $1 })
        }
        _ = try memoss("add", "Call", "--date", "today", "--time", "16:00")
        _ = try memoss("add", "Pay rent", "--date", "today", "--time", "16:00", "--alarm", "-30s")
        // A watch wakes at a notification's time: Call is delivered at 16:00 sharp.
        #expect(try at("16:00:00", "due").stdout.components(separatedBy: "\n").filter { $0.hasPrefix("Reminder:") }
            == ["Reminder: Pay rent  Today 16:00", "Reminder: Call  Today 16:00"])
        _ = try at("16:01:00", "dismiss", "1")
        let waiting = try at("16:02:00", "notifications").stdout
        #expect(waiting.hasPrefix("Delivered, waiting for an answer:\n  1. Today 16:00  Call  id "))
        #expect(!waiting.contains("Pay rent"))

        _ = try at("16:03:00", "list")
        #expect(try at("16:03:00", "done", "1", "2").status == 0)
        #expect(try at("16:04:00", "undo").status == 0)
        // Call is shown and waiting as before done; Pay rent, answered before done, stays answered.
        #expect(try at("16:04:00", "notifications").stdout == waiting)
        #expect(try at("16:05:00", "due").stdout == "Nothing is due.\n")

        #expect(try at("16:06:00", "redo").status == 0)
        #expect(try at("16:06:00", "notifications").stdout.hasPrefix("0 of 64 pending"))
        #expect(try at("16:07:00", "undo").status == 0)
        #expect(try at("16:07:00", "notifications").stdout == waiting)
        #expect(try at("16:08:00", "due").stdout == "Nothing is due.\n")

        // So does undoing cancel or rm.
        for command in [["cancel", "1", "2"], ["rm", "1", "2"]] {
            #expect(try MemossProcess.run(["--db", store] + command, environment: environment).status == 0)
            #expect(try at("16:09:00", "undo").status == 0)
            #expect(try at("16:09:00", "notifications").stdout == waiting, "undo of \(command[0])")
            #expect(try at("16:10:00", "due").stdout == "Nothing is due.\n", "undo of \(command[0])")
        }
    }

    /// Dismissing a notification before it fires revises the to-do: an export's LAST-MODIFIED moves
    /// past its creation, but not to the alarm's time still to come, after the file's DTSTAMP.
    @Test func anAnswerMovesAnExportsLastModifiedNeverPastItsStamp() throws {
        func at(_ time: String, _ arguments: String...) throws -> ChildProcess.Result {
            try MemossProcess.run(["--db", store] + arguments,
                                  environment: environment.merging(["MEMOSS_CLOCK": memossClock(instant("2026-11-21T\(time)-05:00"))]) { $1 })
        }
        _ = try memoss("add", "Pay rent", "--date", "2026-11-23", "--time", "10:00")
        _ = try memoss("notifications")
        #expect(try at("15:05:00", "dismiss", "1").stdout == "Dismissed \"Pay rent\".\n")
        let lines = try at("15:06:00", "export").stdout.components(separatedBy: "\r\n")
        func value(_ name: String) -> String? { lines.first { $0.hasPrefix("\(name):") }?.dropFirst(name.count + 1).description }
        let created = try #require(value("CREATED")), modified = try #require(value("LAST-MODIFIED")), stamp = try #require(value("DTSTAMP"))
        #expect(created < modified)
        #expect(modified <= stamp)
    }

    /// Another client's VALARMs (Thunderbird counts from DTSTART) notify after an import, and an
    /// export writes each alarm as a VALARM.
    @Test func aCalendarsAlarmsAreImportedAndExported() throws {
        let file = home.appendingPathComponent("tasks.ics").path
        try ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "BEGIN:VTODO", "UID:tb-1",
             "SUMMARY:Dentist", "DTSTART;TZID=America/New_York:20261124T090000", "DUE;TZID=America/New_York:20261124T100000",
             "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DURATION:-PT30M", "DESCRIPTION:Default Mozilla Description", "END:VALARM",
             "END:VTODO", "END:VCALENDAR", ""].joined(separator: "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try MemossProcess.run(["--db", store, file], environment: environment, program: MemossProcess.importer)
        #expect(imported.stdout == "Imported 1, skipped 0 already present, refused 0.\n")
        // Half an hour before the start: an hour and a half before the due time.
        #expect(try pendingLines() == ["  Tue 24 Nov 08:30  Dentist  (due Tue 24 Nov 10:00)"])
        let exported = try memoss("export").stdout
        #expect(exported.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Dentist\r\nTRIGGER;RELATED=END:-PT1H30M\r\nEND:VALARM\r\n"))
    }

    /// An alarm at a set time on a reminder of another zone (Apple Reminders writes them) was shown
    /// on the card on that zone's clock beside a due time on yours, unlabelled ("due 20:00, alarm
    /// 16:30" for an alarm half an hour before), and typed on yours while said back on its own.
    /// The card says it on your clock, as the due time; typed, it is read on the reminder's clock,
    /// as its time is (the form's value), and said back on both.
    @Test func anAlarmAtASetTimeOnAnotherZonesReminderIsShownOnYourClockAndTypedOnItsOwn() throws {
        let file = home.appendingPathComponent("apple.ics").path
        try """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Apple Inc.//iOS 18//EN\r
            BEGIN:VTODO\r
            UID:0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D\r
            SUMMARY:Pick up the cake\r
            DUE;TZID=America/Los_Angeles:20261202T170000\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER;VALUE=DATE-TIME:20261203T003000Z\r
            END:VALARM\r
            END:VTODO\r
            END:VCALENDAR\r

            """.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try MemossProcess.run(["--db", store, file], environment: environment, program: MemossProcess.importer)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try memoss("list").stdout.contains("1. [ ] Pick up the cake  Wed 2 Dec 20:00  ⏰ 2026-12-02 19:30\n"))
        #expect(try memoss("edit", "1", "--alarm", "2026-12-02 16:30").stdout == "Nothing changed in \"Pick up the cake\".\n")
        let saved = try memoss("edit", "1", "--alarm", "2026-12-02 17:00").stdout
        #expect(saved == "Saved \"Pick up the cake\", due Wed 2 Dec 20:00 (17:00 in Los Angeles), alarm 2026-12-02 20:00 (17:00 in Los Angeles).\n")
        #expect(try memoss("list").stdout.contains("Pick up the cake  Wed 2 Dec 20:00  ⏰ 2026-12-02 20:00\n"))
        #expect(try memoss("show", "1").stdout.contains("  Alarms:    2026-12-02 20:00 (17:00 in Los Angeles)\n"))
        // The prompt's form asks its time where it is read.
        let form = try MemossProcess.run(["--db", store], environment: environment,
                                         lines: ["edit 1", "", "", "", "", "", "", "", "", "", "n", "y", "quit"])
        #expect(form.stdout.contains("Time in Los Angeles [17:00]: "), "\(form.stdout)")
    }

    /// Whether a form names the reminder's clock is told at its due time: Bogota shares New York's
    /// clock in November but not in July.
    @Test func aFormNamesTheRemindersClockWhenItReadsOtherwiseAtItsDueTime() throws {
        let file = home.appendingPathComponent("bogota.ics").path
        try ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN",
             "BEGIN:VTODO", "UID:b-1", "SUMMARY:Call Ana", "DUE;TZID=America/Bogota:20270701T090000", "END:VTODO",
             "BEGIN:VTODO", "UID:b-2", "SUMMARY:Call Luis", "DUE;TZID=America/Bogota:20261201T090000", "END:VTODO",
             "END:VCALENDAR", ""].joined(separator: "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        _ = try MemossProcess.run(["--db", store, file], environment: environment, program: MemossProcess.importer)
        let form = try MemossProcess.run(["--db", store], environment: environment,
                                         lines: ["list", "edit 2", "", "", "", "", "", "", "", "", "", "n", "y",
                                                 "edit 1", "", "", "", "", "", "", "", "", "", "n", "y", "quit"])
        #expect(form.stdout.contains("Time in Bogota [09:00]: ") && form.stdout.contains("Time [09:00]: "), "\(form.stdout)")
    }

    @Test func thePromptAsksTheAlarmsAsOneAnswer() throws {
        let run = try MemossProcess.run(["--db", store], environment: environment,
                                        lines: ["add", "Water plants", "", "2027-03-02", "", "", "", "", "-1d, 15m", "-1d, -15m", "y", "quit"])
        #expect(run.stdout.contains("Alarms [at due time]: -1d, 15m\nSay which way: -15m for before the due time, +15m for after it\n"))
        #expect(run.stdout.contains("  Alarms: -1d, -15m\n"))
        #expect(run.stdout.contains("\"Water plants\", due Tue 2 Mar 2027 09:00, alarms -1d, -15m."))
    }
}
