import Foundation
import Testing
import TestSupport

/// Moving in: files as Todoist, TickTick, Outlook (Microsoft To Do), Google Tasks and Apple
/// Reminders write them (`Tests/Fixtures/exports`, whose README says where each shape comes from),
/// imported unedited by the built `memoss-import` on the tests' day (Saturday 21 November 2026,
/// 15:00 in New York), and read back as a user sees them with `memoss list --all --json`.
struct ImportFromOtherToolsTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }
    private let environment = ["HOME": "/nonexistent", "TZ": "America/New_York", "PATH": "/usr/bin:/bin"]

    init() throws {
        temporary = try TemporaryFolder("memoss-import-tools")
    }

    private static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/exports/\(name)").path
    }

    private func write(_ text: String, as name: String) throws -> String {
        let path = temporary.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func importFile(_ path: String, _ options: String...) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + options + [path], environment: environment, program: MemossProcess.importer)
    }

    /// Every reminder in the store as a line a user could check against `list`: title, when
    /// (`all day` for a day without a time), repeat, list, tags, priority, status, then the notes.
    private func reminders() throws -> [String] {
        let result = try MemossProcess.run(["--db", store, "list", "--all", "--json"], environment: environment)
        let json = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
        let all = (json?["todo"] as? [[String: Any]] ?? []) + (json?["completed"] as? [[String: Any]] ?? [])
        return all.map { item in
            let when = (item["scheduledAt"] as? String).map { $0 + ((item["allDay"] as? Bool) == true ? " all day" : "") } ?? "no date"
            let recurrence = item["recurrence"] as? [String: Any]
            let repeats = (recurrence?["label"] as? String).flatMap { $0 == "Never" ? nil : $0 } ?? "once"
            let tags = (item["tags"] as? [String] ?? []).joined(separator: ",")
            let fields: [String] = [item["title"] as? String ?? "?", when, repeats, "list=\(item["list"] as? String ?? "")", "tags=\(tags)",
                                    item["priority"] as? String ?? "?", item["status"] as? String ?? "?"]
            return fields.joined(separator: " | ") + ((item["notes"] as? String).map { " | " + $0 } ?? "")
        }.sorted()
    }

    @Test func todoistsExportImportsItsTasksWithCommentsInTheirNotesSectionsAsListsAndLabelsAsTags() throws {
        let result = try importFile(Self.fixture("todoist.csv"))
        #expect(result.status == 0)
        #expect(result.stdout == "Imported 4, skipped 0 already present, refused 0. Created 3 tags and 1 list.\n")
        #expect(result.stderr.contains("Read as an export of Todoist: 1 comment added to their tasks' notes; 1 section made lists.\n"))
        #expect(result.stderr.contains("Memoss has no place for \"INDENT\", \"AUTHOR\", \"RESPONSIBLE\", \"DURATION\", \"DURATION_UNIT\", left aside"))
        #expect(try reminders() == [
            // "tomorrow 18:00" is Sunday 22 November; p3 is low.
            "Buy oat milk | 2026-11-22T18:00:00-05:00 | once | list=Groceries | tags=errands | low | todo",
            // "Dec 3 2026" with no time: all that day, nothing invented; p1 is Todoist's highest.
            "Renew passport | 2026-12-03T00:00:00-05:00 all day | once | list=Reminders | tags=admin,travel | high | todo | Photos first\n\nPhoto booth on 5th Ave opens at 8",
            // A task without a DATE stays undated; p4 is no priority.
            "Try the new bakery | no date | once | list=Groceries | tags= | none | todo",
            // "every monday at 9am": the first Monday not past, as Todoist schedules an imported template.
            "Water the plants | 2026-11-23T09:00:00-05:00 | Weekly on Monday | list=Reminders | tags= | none | todo",
        ])
        // Todoist's DATE in another language is refused with what to do, not guessed.
        let german = try importFile(try write("TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE\n"
            + "task,Müll rausbringen,,4,1,,,jeden Montag,de,Europe/Berlin\n", as: "todoist-de.csv"))
        #expect(german.status == 1)
        #expect(german.stderr.contains("todoist-de.csv:2: DATE: \"jeden Montag\" is not a date Memoss reads; it is in Todoist's language \"de\""))
    }

    @Test func tickTicksBackupImportsAfterItsPreambleWithItsRepeatsStatusListsAndAllDayDates() throws {
        let result = try importFile(Self.fixture("ticktick.csv"))
        // The one refusal is the NOTE, which is not a task.
        #expect(result.status == 1)
        #expect(result.stdout == "Imported 5, skipped 0 already present, refused 1. Created 3 tags and 3 lists.\n")
        #expect(result.stderr.contains("ticktick.csv:14: Kind: A TickTick note is not a task; it is left out\n"))
        #expect(try reminders() == [
            // Status 2 (archived, done) with its Completed Time; done tasks may be in the past.
            "Call the bank | 2026-11-10T10:00:00-05:00 | once | list=Inbox | tags= | low | done",
            // A checklist with no dates: undated, its items in the notes.
            "Packing list | no date | once | list=Inbox | tags= | none | todo | ▫Passport\r\n▪Charger",
            // Is All Day, written as midnight UTC: the 26th, not the evening before in New York.
            "Send invoice | 2026-12-26T00:00:00-05:00 all day | once | list=Work | tags=billing,clients | medium | todo",
            // BYDAY=MO,TU,WE,TH,FR kept whole; 14:00 UTC is 09:00 in the row's Timezone.
            "Stand-up notes | 2026-12-01T09:00:00-05:00 | Every weekday | list=Work | tags= | high | todo",
            "Take out recycling | 2026-11-23T19:30:00-05:00 | Weekly on Monday | list=Chores | tags=home | none | todo | Blue bin only",
        ])
    }

    @Test func outlooksTasksImportWithTheDueDateOnceTheDateOrderIsNamed() throws {
        let path = Self.fixture("outlook.csv")
        let unordered = try importFile(path)
        #expect(unordered.status == 1)
        #expect(unordered.stdout == "Imported 0, skipped 0 already present, refused 3.\n")
        #expect(unordered.stderr.contains("outlook.csv:2: date: 12/4/2026 has the day and the month in numbers; say which comes first with --date-order dmy (day first) or --date-order mdy (month first)"))
        let result = try importFile(path, "--date-order", "mdy")
        #expect(result.status == 0)
        #expect(result.stdout == "Imported 3, skipped 0 already present, refused 0. Created 2 tags.\n")
        #expect(result.stderr.contains("Read as an export of Microsoft To Do/Outlook: 2 Start Dates left out (Memoss keeps the Due Date).\n"))
        #expect(try reminders() == [
            "Book dentist | 2026-12-15T00:00:00-05:00 all day | once | list=Reminders | tags= | none | todo",
            "File taxes | 2026-04-15T00:00:00-04:00 all day | once | list=Reminders | tags=Finance | low | done",
            "Quarterly report | 2026-12-04T00:00:00-05:00 all day | once | list=Reminders | tags=Reports,Work | high | in-progress | Draft in the shared folder",
        ])
    }

    @Test func googleTasksImportWithTheirStatusAndListAndADeletedTaskIsLeftOut() throws {
        let result = try importFile(Self.fixture("google-tasks.csv"))
        #expect(result.status == 1)
        #expect(result.stdout == "Imported 3, skipped 0 already present, refused 1. Created 2 lists.\n")
        #expect(result.stderr.contains("google-tasks.csv:5: deleted: A task deleted in Google Tasks is left out\n"))
        #expect(try reminders() == [
            // due is the day at midnight UTC: the 27th, all day, not the 26th at 19:00.
            "Pick up dry cleaning | 2026-11-27T00:00:00-05:00 all day | once | list=My Tasks | tags= | none | todo",
            "Return library books | no date | once | list=Errands | tags= | none | todo",
            "Send birthday card | 2026-11-18T00:00:00-05:00 all day | once | list=My Tasks | tags= | none | done | To Grandma",
        ])
    }

    @Test func appleRemindersImportWithTheirTimesPrioritiesListsAndCompletionDates() throws {
        let result = try importFile(Self.fixture("apple-reminders.csv"))
        #expect(result.status == 0)
        // Reminders is Memoss's first list too: only Family is new.
        #expect(result.stdout == "Imported 3, skipped 0 already present, refused 0. Created 1 list.\n")
        #expect(result.stderr.contains("Memoss has no place for \"Flagged\", left aside"))
        #expect(try reminders() == [
            "Buy stamps | 2026-11-28T10:00:00-05:00 | once | list=Reminders | tags= | none | todo",
            "Call the plumber | 2026-11-12T08:30:00-05:00 | once | list=Family | tags= | medium | done",
            "Renew car insurance | 2026-12-14T00:00:00-05:00 all day | once | list=Family | tags= | high | todo | Compare three quotes",
        ])
        let json = try MemossProcess.run(["--db", store, "list", "--all", "--json"], environment: environment).stdout
        // The Completion Date, in the user's zone, is when it was done.
        #expect(json.contains("\"completedAt\" : \"2026-11-12T09:05:00-05:00\""))
    }

    @Test func aRuleInARepeatColumnOrOptionKeepsAllItsDaysAndIsQuotedAsWritten() throws {
        let csv = "title,date,time,repeat\n"
            + "Stand-up,2026-12-01,09:00,\"RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR\"\n"
            + "Gym,2026-12-01,07:00,\"FREQ=WEEKLY;BYDAY=TU,TH\"\n"
            + "Hourly,2026-12-01,09:00,\"RRULE:FREQ=WEEKLY;BYDAY=MO,TU;BYHOUR=9,17\"\n"
            + "Lower,2026-12-01,09:00,\"rrule:freq=weekly;byday=tu,Xy\"\n"
        let result = try importFile(try write(csv, as: "rules.csv"))
        #expect(result.status == 1)
        #expect(result.stderr.contains("rules.csv:4: repeat: BYHOUR=9,17 cannot be represented in Memoss"))
        #expect(result.stderr.contains("rules.csv:5: repeat: byday=tu,Xy cannot be represented in Memoss"))
        #expect(try reminders() == [
            "Gym | 2026-12-01T07:00:00-05:00 | Weekly on Tuesday and Thursday | list=Reminders | tags= | none | todo",
            "Stand-up | 2026-12-01T09:00:00-05:00 | Every weekday | list=Reminders | tags= | none | todo",
        ])
        let added = try MemossProcess.run(["--db", store, "add", "Review", "--date", "2026-12-02", "--time", "10:00",
                                           "--repeat", "RRULE:FREQ=MONTHLY;BYDAY=1WE"], environment: environment)
        #expect(added.status == 0)
        #expect(added.stdout.contains("repeating Monthly on the 1st Wednesday"))
        let refused = try MemossProcess.run(["--db", store, "add", "Odd", "--date", "2026-12-01",
                                             "--repeat", "RRULE:FREQ=WEEKLY;BYDAY=MO,XX"], environment: environment)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--repeat: BYDAY=MO,XX cannot be represented in Memoss"))
    }

    @Test func fromNamesTheToolAndIgnoreColumnLeavesOutAColumnThatWouldStopTheImport() throws {
        // A file with Google Tasks' fields but not its `updated`: recognised only when named.
        let path = try write("title,due,status\nPost the parcel,2026-11-30T00:00:00.000Z,needsAction\n", as: "tasks.csv")
        let unnamed = try importFile(path)
        #expect(unnamed.status == 1)
        let named = try importFile(path, "--from", "google")
        #expect(named.status == 0)
        #expect(named.stdout == "Imported 1, skipped 0 already present, refused 0.\n")
        #expect(try reminders() == ["Post the parcel | 2026-11-30T00:00:00-05:00 all day | once | list=Reminders | tags= | none | todo"])
        let unknown = try importFile(path, "--from", "wunderlist")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--from must be one of memoss, todoist, ticktick, outlook, google, apple, not \"wunderlist\"."))

        let created = try write("title,date,Created Date\nWater the fern,2026-12-05,2026-01-01\n", as: "created.csv")
        let stopped = try importFile(created)
        #expect(stopped.status == 2)
        #expect(stopped.stderr.contains("column \"Created Date\" looks like a date"))
        let ignored = try importFile(created, "--ignore-column", "created date")
        #expect(ignored.status == 0)
        #expect(try reminders().contains("Water the fern | 2026-12-05T00:00:00-05:00 all day | once | list=Reminders | tags= | none | todo"))
    }
}
