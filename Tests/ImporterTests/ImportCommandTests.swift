import Foundation
import Shared
import Testing
import TestSupport

/// `memoss-import` end to end: the built binary on files written by each test, a store in a
/// temporary folder, and the result read back with `memoss list --json`.
struct ImportCommandTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }
    private let environment = ["HOME": "/nonexistent", "TZ": "America/New_York", "PATH": "/usr/bin:/bin"]

    init() throws {
        temporary = try TemporaryFolder("memoss-import")
    }

    private func write(_ text: String, as name: String = "in.csv") throws -> String {
        let path = temporary.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func importFile(_ path: String, _ options: String...) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + options + [path], environment: environment, program: MemossProcess.importer)
    }

    private func stored() throws -> (todo: [[String: Any]], completed: [[String: Any]]) {
        let result = try MemossProcess.run(["--db", store, "list", "--json"], environment: environment)
        let json = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
        return (json?["todo"] as? [[String: Any]] ?? [], json?["completed"] as? [[String: Any]] ?? [])
    }

    private func titles() throws -> [String] {
        let all = try stored()
        return (all.todo + all.completed).compactMap { $0["title"] as? String }
    }

    /// After a listing of more than 999 cards, numbers of 4 digits still name its cards (they were
    /// read as id prefixes: `done 1234` could complete a reminder whose id began 1234); beyond the
    /// listing, a numeral is an id prefix, and refused as a number when no id has it.
    @Test func aBigStoresListingNumbersOfFourDigitsNameItsCardsAndBeyondItIdPrefixes() throws {
        var rows = ["title,date,id"]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let first = try #require(calendar.date(from: DateComponents(year: 2027, month: 1, day: 1)))
        for index in 1...1_300 {
            let day = try #require(calendar.date(byAdding: .day, value: index, to: first))
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            rows.append(String(format: "R%d,%04d-%02d-%02d,", index, parts.year ?? 0, parts.month ?? 0, parts.day ?? 0))
        }
        rows.append("Prefixed,2031-01-01,20000000-AAAA-4AAA-8AAA-AAAAAAAAAAAA")
        #expect(try importFile(try write(rows.joined(separator: "\n") + "\n")).status == 0)
        func memoss(_ arguments: String...) throws -> ChildProcess.Result {
            try MemossProcess.run(["--db", store] + arguments, environment: environment)
        }
        #expect(try memoss("list").stdout.contains("1234. [ ] R1234"))

        #expect(try memoss("done", "1234").stdout == "Completed \"R1234\".\n")
        #expect(try memoss("done", "1299-1300").status == 0)
        // 1,301 cards were listed: 2000 is the id prefix of "Prefixed".
        #expect(try memoss("done", "2000").stdout == "Completed \"Prefixed\".\n")
        let nowhere = try memoss("done", "5000")
        #expect(nowhere.status == 1)
        #expect(nowhere.stderr == "memoss: There is no reminder 5000 in the list (1–1301); run `list` to see the numbers.\n")
        #expect(try stored().completed.compactMap { $0["title"] as? String }.sorted() == ["Prefixed", "R1234", "R1299", "R1300"])
    }

    @Test func columnsInAnyOrderAndCaseWithQuotedNewlinesCRLFAndBOM() throws {
        let csv = "\u{FEFF}NOTES,Tags,title,Date,TIME\r\n\"first line\r\nsecond, line\",Work;errands,Buy milk,2027-01-05,10:00\r\n"
        let result = try importFile(try write(csv))
        #expect(result.status == 0)
        #expect(result.stdout == "Imported 1, skipped 0 already present, refused 0. Created 1 tag.\n")
        let reminder = try #require(try stored().todo.first)
        #expect(reminder["title"] as? String == "Buy milk")
        #expect(reminder["notes"] as? String == "first line\r\nsecond, line")
        #expect(reminder["scheduledAt"] as? String == "2027-01-05T10:00:00-05:00")
        #expect(reminder["tags"] as? [String] == ["errands", "Work"])
    }

    @Test func spreadsheetHabitsAreUnderstoodRowsOfEmptyCellsSkippedAndAMPMTimesRead() throws {
        let csv = "Title,Date,Time\r\n\"Lunch\",\"2027-01-05\",\"12:30 PM\"\r\n\"\",\"\",\"\"\r\n,,\r\n"
        let result = try importFile(try write(csv))
        #expect(result.status == 0)
        #expect(result.stdout == "Imported 1, skipped 0 already present, refused 0.\n")
        #expect(try stored().todo.first?["scheduledAt"] as? String == "2027-01-05T12:30:00-05:00")
    }

    @Test func missingTitleColumnIsAnErrorBeforeAnythingIsRead() throws {
        let result = try importFile(try write("what,date\nMilk,2027-01-05\n"))
        #expect(result.status == 2)
        #expect(result.stderr.hasSuffix("in.csv: the header has no title column (it has: what, date); name one column title; nothing was imported\n"))
        #expect(try titles().isEmpty)
    }

    /// A row's `calendar_uid` keeps the UID its calendar gave it and, without an `id`, keys it as that
    /// calendar's item: importing the calendar after the CSV adds it again nowhere. A UID over two
    /// lines is refused.
    @Test func aRowsCalendarUIDKeysItAsItsCalendarsItem() throws {
        let result = try importFile(try write("title,date,calendar_uid\nWater the plants,2027-01-05,1712345678901\n"
            + "Broken,2027-01-06,\"two\nlines\"\n"))
        #expect(result.stdout == "Imported 1, skipped 0 already present, refused 1.\n")
        #expect(result.stderr.hasSuffix("in.csv:3: calendar_uid: Must be one line of text without control characters, as a calendar's UID is\n"), "\(result.stderr)")
        let calendar = try write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:1712345678901\r\n"
            + "SUMMARY:Water the plants\r\nDUE;VALUE=DATE:20270105\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", as: "theirs.ics")
        #expect(try importFile(calendar).stdout == "Imported 0, skipped 1 already present, refused 0.\n")
        let exported = try MemossProcess.run(["--db", store, "export", "--format", "ics"], environment: environment).stdout
        #expect(exported.contains("UID:1712345678901\r\n"))
    }

    /// A folder, or a file the system cannot read, is one line saying what to do: a folder used to
    /// crash the importer with a stack trace (Foundation's read of it), and a read error likewise.
    @Test func aFolderOrAFileThatCannotBeReadIsRefusedInOneLine() throws {
        for options in [[], ["--format", "ics"]] {
            let folder = try MemossProcess.run(["--db", store] + options + [temporary.url.path], environment: environment, program: MemossProcess.importer)
            #expect(folder.status == 2)
            #expect(folder.stderr == "memoss-import: \(temporary.url.path) is a folder; give the path of a file to import, e.g. memoss-import tasks.csv\n")
            #expect(!FileManager.default.fileExists(atPath: store), "no store is made for a refused folder")
        }
        // /proc/self/mem is a file whose first read fails (input/output error).
        let csv = try importFile("/proc/self/mem")
        #expect(csv.status == 2)
        #expect(csv.stderr == "memoss-import: /proc/self/mem:1: the file could not be read from here on (input/output error); "
            + "check the drive or copy the file elsewhere and import the copy; nothing was imported\n")
        let calendar = try importFile("/proc/self/mem", "--format", "ics")
        #expect(calendar.status == 2)
        #expect(calendar.stderr == "memoss-import: cannot read /proc/self/mem: input/output error; nothing was imported\n")
        #expect(try titles().isEmpty)
    }

    /// A backup restored keeps its notifications' answers: a snooze fires when it was to, and an
    /// alarm answered does not fire again (both were dropped on import).
    @Test func aCalendarsSnoozeAndAnsweredAlarmsAreImportedAsTheyWere() throws {
        let ics = try write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VTODO\r\nUID:snoozed-1\r\nSUMMARY:Snoozy\r\n"
            + "DTSTAMP:20261125T093600Z\r\nDUE:20261125T093000Z\r\nBEGIN:VALARM\r\nUID:a1\r\nACTION:DISPLAY\r\nDESCRIPTION:Snoozy\r\n"
            + "TRIGGER;RELATED=END:PT0S\r\nACKNOWLEDGED:20261125T093600Z\r\nEND:VALARM\r\nBEGIN:VALARM\r\nUID:a1-snooze\r\n"
            + "RELATED-TO;RELTYPE=SNOOZE:a1\r\nACTION:DISPLAY\r\nDESCRIPTION:Snoozy\r\nTRIGGER;VALUE=DATE-TIME:20261125T103600Z\r\n"
            + "END:VALARM\r\nEND:VTODO\r\nBEGIN:VTODO\r\nUID:answered-1\r\nSUMMARY:Answered\r\nDTSTAMP:20261125T093600Z\r\n"
            + "DUE:20261125T093000Z\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Answered\r\nTRIGGER;RELATED=END:PT0S\r\n"
            + "ACKNOWLEDGED:20261125T093600Z\r\nEND:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", as: "backup.ics")
        var at = environment
        at["MEMOSS_CLOCK"] = "2026-11-25T09:40:00Z"
        #expect(try MemossProcess.run(["--db", store, "--allow-past", ics], environment: at, program: MemossProcess.importer).status == 0)
        let waiting = try MemossProcess.run(["--db", store, "notifications"], environment: at).stdout
        #expect(waiting.contains("1. Today 05:36  Snoozy  (snoozed; due Today 04:30)"), "\(waiting)")
        #expect(!waiting.contains("Answered"), "\(waiting)")
        at["MEMOSS_CLOCK"] = "2026-11-25T10:40:00Z"
        let due = try MemossProcess.run(["--db", store, "due"], environment: at).stdout
        // Said at its due time, with the time the snooze moved it to.
        #expect(due.hasPrefix("Reminder: Snoozy  Today 04:30  (snoozed to Today 05:36, late)\n") && !due.contains("Answered"), "\(due)")
    }

    /// A JSON file (`memoss list --json`) is named as what it is, not read as a CSV header "{".
    @Test func aJSONFileIsRefusedAsJSON() throws {
        let path = try write("{\n  \"todo\" : []\n}\n", as: "backup.json")
        let result = try importFile(path)
        #expect(result.status == 2)
        #expect(result.stderr == "memoss-import: \(path) looks like JSON, which memoss-import does not read; export it as CSV or "
            + "iCalendar (memoss export --format csv) and import that; nothing was imported\n")
    }

    @Test func aRefusedRowIsReportedWithItsLineAndTheOthersAreImported() throws {
        let path = try write("title,date,notes\nGood one,2027-01-05,\n\"\",2027-01-06,\"multi\nline\"\nToo late,2020-01-01,\nGood two,2027-01-07,\n")
        let result = try importFile(path)
        #expect(result.status == 1)
        #expect(result.stderr == "\(path):3: title: Title is required\n\(path):5: date: Must be in the future; --allow-past imports past ones as they are (a backup, an older series)\n")
        #expect(result.stdout == "Imported 2, skipped 0 already present, refused 2.\n")
        #expect(try titles() == ["Good one", "Good two"])
    }

    /// An undated row with alarms keeps them for when it has a date, as a reminder whose date was
    /// taken away does and as `export` writes one: a backup of such a reminder imports back whole.
    @Test func anUndatedRowKeepsItsAlarmsAndItsBackupImportsBack() throws {
        let path = try write("title,date,alarms\nSomeday,,-15m\nQuiet someday,,none\nPlain someday,,\nDated,2027-01-05,-15m\n")
        let result = try importFile(path)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == "Imported 4, skipped 0 already present, refused 0.\n")
        func memoss(_ arguments: String...) throws -> ChildProcess.Result {
            try MemossProcess.run(["--db", store] + arguments, environment: environment)
        }
        let someday = try stored().todo.first { $0["title"] as? String == "Someday" }
        #expect((someday?["alarms"] as? [[String: Any]])?.map { $0["text"] as? String } == ["-15m"])
        #expect(someday?["scheduledAt"] == nil)
        #expect(try memoss("show", "Plain").stdout.contains("Alarms") == false)

        // The user's case: a dated reminder with an alarm, its date taken away, exported, restored.
        let added = try memoss("add", "Read Dune", "--date", "2027-01-08", "--alarm", "-15m").stdout
        let number = try #require(added.split(separator: " ").dropFirst().first.map { String($0.dropLast()) }, "\(added)")
        #expect(try memoss("edit", number, "--date", "none").stdout.contains("alarm -15m kept for when it has a date"))
        let backup = temporary.path("backup.csv")
        #expect(try memoss("export", "--format", "csv", "-o", backup).status == 0)
        let restored = temporary.path("restored.sqlite")
        let restore = try MemossProcess.run(["--db", restored, backup], environment: environment, program: MemossProcess.importer)
        #expect(restore.status == 0)
        #expect(restore.stdout == "Imported 5, skipped 0 already present, refused 0.\n")
        let again = temporary.path("again.csv")
        #expect(try MemossProcess.run(["--db", restored, "export", "--format", "csv", "-o", again], environment: environment).status == 0)
        #expect(try String(contentsOfFile: again, encoding: .utf8) == String(contentsOfFile: backup, encoding: .utf8))
        let shown = try MemossProcess.run(["--db", restored, "show", "Read Dune"], environment: environment).stdout
        #expect(shown.contains("-15m, kept for when it has a date"))
    }

    /// A row with more fields than the header names (a comma left unquoted) is refused, not
    /// imported without them; empty fields past the header's last (as spreadsheets write) are nothing.
    @Test func aRowWithMoreFieldsThanTheHeaderIsRefused() throws {
        let path = try write("title,date\nExtra,2027-01-05,X,unexpected\nTrailing,2027-01-06,,\n")
        let result = try importFile(path)
        #expect(result.status == 1)
        #expect(result.stderr == "\(path):2: row: It has 4 fields where the header names 2; put a field that holds a comma in double quotes\n")
        #expect(result.stdout == "Imported 1, skipped 0 already present, refused 1.\n")
        #expect(try titles() == ["Trailing"])
    }

    @Test func strictWritesNothingWhenARowIsRefused() throws {
        let result = try importFile(try write("title,date\nGood,2027-01-05\nToo late,2020-01-01\n"), "--strict")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("Refused 1 with --strict, so nothing was written"))
        #expect(try titles().isEmpty)
    }

    @Test func dryRunCountsExactlyAndWritesNothing() throws {
        let path = try write("title,date,tags\nA,2027-01-05,New\nB,2027-01-06,New\nA,2027-01-05,\n")
        let result = try importFile(path, "--dry-run")
        #expect(result.status == 0)
        #expect(result.stdout == "Dry run: would import 2, skip 1 already present, refuse 0; nothing was written. It would create 1 tag.\n")
        #expect(try titles().isEmpty)
        let tags = try MemossProcess.run(["--db", store, "tags"], environment: environment)
        #expect(!tags.stdout.contains("#New"))
    }

    @Test func importingTheSameFileTwiceAddsNothingAndDeletedRowsStayDeleted() throws {
        let path = try write("title,date,id\nWith id,2027-01-05,5F0C3A9E-1B2D-4C3E-8F40-123456789ABC\nNo id,2027-01-06,\nUndated,,\n")
        #expect(try importFile(path).stdout == "Imported 3, skipped 0 already present, refused 0.\n")
        #expect(try importFile(path).stdout == "Imported 0, skipped 3 already present, refused 0.\n")

        for title in ["No id", "With id"] {
            let listed = try titles()
            let number = (listed.firstIndex(of: title) ?? 0) + 1
            _ = try MemossProcess.run(["--db", store, "rm", "\(number)"], environment: environment)
        }
        #expect(try titles() == ["Undated"])
        #expect(try importFile(path).stdout == "Imported 0, skipped 3 already present, refused 0.\n")
        #expect(try titles() == ["Undated"])
    }

    /// A row without an id gets one derived from its fingerprint: the same file gives the same
    /// ids in another store, and only the row that gave its id keeps a key in the store.
    @Test func rowsWithoutAnIdGetTheSameIdsInEveryStoreAndKeepNoKey() throws {
        let path = try write("title,date,id\nWith id,2027-01-05,5F0C3A9E-1B2D-4C3E-8F40-123456789ABC\nNo id,2027-01-06,\nUndated,,\n")
        #expect(try importFile(path).status == 0)
        let first = try stored().todo.compactMap { $0["id"] as? String }
        let other = temporary.path("other.sqlite")
        let again = try MemossProcess.run(["--db", other, path], environment: environment, program: MemossProcess.importer)
        #expect(again.stdout == "Imported 3, skipped 0 already present, refused 0.\n")
        let listed = try MemossProcess.run(["--db", other, "list", "--json"], environment: environment)
        let json = try JSONSerialization.jsonObject(with: listed.stdoutData) as? [String: Any]
        let second = (json?["todo"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(first.count == 3)
        #expect(first == second)
        #expect(first.filter { $0 != "5F0C3A9E-1B2D-4C3E-8F40-123456789ABC" }.allSatisfy { $0.dropFirst(14).first == "8" })
        #expect(try SQLiteShell.run(store, "SELECT group_concat(importKey, '|') FROM reminder") == "id:5F0C3A9E-1B2D-4C3E-8F40-123456789ABC")
    }

    @Test func tagsAreCreatedOnceAcrossRowsInPaletteColours() throws {
        let result = try importFile(try write("title,date,tags\nA,2027-01-05,Garden;garden\nB,2027-01-06,GARDEN;Bills\nC,2027-01-07,work\n"))
        #expect(result.stdout.hasSuffix("Created 2 tags.\n"))
        let tags = try MemossProcess.run(["--db", store, "tags", "--json"], environment: environment)
        let list = try JSONSerialization.jsonObject(with: tags.stdoutData) as? [[String: String]] ?? []
        #expect(list.map { $0["name"] ?? "" } == ["Bills", "Garden", "Health", "Personal", "Shopping", "Work"])
        #expect(list.first { $0["name"] == "Garden" }?["color"] == "#8B5CF6")
        #expect(list.first { $0["name"] == "Bills" }?["color"] == "#14B8A6")
        #expect(try stored().todo.map { $0["tags"] as? [String] ?? [] } == [["Garden"], ["Bills", "Garden"], ["Work"]])
    }

    @Test func aRecurringRowLandsWithItsRuleAndEndDate() throws {
        // 5 January 2027 is a Tuesday (weekday 3, Sunday being 1).
        _ = try importFile(try write("title,date,time,repeat,end_date,timezone\nBins,2027-01-05,07:30,weekly,2027-03-31,Europe/London\n"))
        let reminder = try #require(try stored().todo.first)
        let recurrence = reminder["recurrence"] as? [String: Any]
        #expect(recurrence?["rule"] as? String == "weekly")
        #expect(recurrence?["weekday"] as? Int == 3)
        #expect(reminder["endDate"] as? String == "2027-03-31")
        #expect(reminder["timeZone"] as? String == "Europe/London")
        #expect(reminder["scheduledAt"] as? String == "2027-01-05T07:30:00+00:00")
    }

    @Test func aPastOpenRowIsRefusedUnlessAllowedAndACompletedOneIsAlwaysAccepted() throws {
        let path = try write("title,date,completed\nOld open,2020-01-01,no\nOld done,2020-01-02,yes\n")
        let refused = try importFile(path)
        #expect(refused.stderr == "\(path):2: date: Must be in the future; --allow-past imports past ones as they are (a backup, an older series)\n")
        #expect(try stored().completed.compactMap { $0["title"] as? String } == ["Old done"])

        let allowed = try importFile(path, "--allow-past")
        #expect(allowed.status == 0)
        #expect(allowed.stdout == "Imported 1, skipped 1 already present, refused 0.\n")
        #expect(try stored().todo.compactMap { $0["title"] as? String } == ["Old open"])
    }

    @Test func anUnterminatedQuoteStopsTheImportWithItsLineAndWritesNothing() throws {
        let path = try write("title,date\nFine,2027-01-05\n\"Broken,2027-01-06\nmore\n")
        let result = try importFile(path)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("memoss-import: \(path):3: a quoted field starting here is never closed"))
        #expect(try titles().isEmpty)
    }

    @Test func jsonReportsCountsAndEveryRefusal() throws {
        let result = try importFile(try write("title,date\n,2027-01-05\nOk,2027-01-06\n"), "--json")
        let report = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
        #expect(report?["imported"] as? Int == 1)
        #expect(report?["refused"] as? Int == 1)
        #expect(report?["written"] as? Bool == true)
        let refusals = report?["refusals"] as? [[String: Any]]
        #expect(refusals?.first?["line"] as? Int == 2)
        #expect(refusals?.first?["field"] as? String == "title")
        #expect(refusals?.first?["message"] as? String == "Title is required")
    }

    /// Done with no time said (a CSV row `completed` without `completed_at`, a to-do COMPLETED
    /// without its COMPLETED time): it is done, when is not known, and nothing says otherwise
    /// (it was "done" at the moment of the import, and an export then wrote that moment).
    @Test func aDoneItemWithoutItsTimeIsDoneAtNoInventedTime() throws {
        let csv = try write("title,date,completed,completed_at\nOld,2026-01-05,true,\nTimed,2026-01-06,true,2026-01-07T10:00:00Z\n")
        #expect(try importFile(csv).status == 0)
        let ics = try write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:hand-1@example.com\r\nSUMMARY:From a calendar\r\n"
            + "STATUS:COMPLETED\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", as: "done.ics")
        #expect(try importFile(ics).status == 0)
        let done = try stored().completed
        let when = Dictionary(done.map { ($0["title"] as? String ?? "", $0["completedAt"] as? String ?? "none") }, uniquingKeysWith: { first, _ in first })
        #expect(when == ["Old": "none", "Timed": "2026-01-07T05:00:00-05:00", "From a calendar": "none"])
        func memoss(_ arguments: String...) throws -> ChildProcess.Result {
            try MemossProcess.run(["--db", store] + arguments, environment: environment)
        }
        #expect(try memoss("show", "From a calendar").stdout.contains("  Status:    done\n"))
        let exported = try memoss("export", "--format", "ics", "--completed").stdout
        #expect(exported.components(separatedBy: "COMPLETED:").count == 2, "\(exported)")  // Timed's alone
        #expect(exported.contains("COMPLETED:20260107T100000Z\r\n"))
    }

    /// An undated to-do's VALARM at a date and time is kept for when it has a date, as a CSV row's
    /// alarms are (it was dropped without a word); one counting from a DUE it has not says nothing.
    @Test func anUndatedCalendarItemKeepsItsAlarmAtADateAndTime() throws {
        let ics = try write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:hand-2@example.com\r\nSUMMARY:Someday call\r\n"
            + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;VALUE=DATE-TIME:20270104T230000Z\r\nEND:VALARM\r\n"
            + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", as: "undated.ics")
        #expect(try importFile(ics).status == 0)
        let item = try #require(try stored().todo.first)
        #expect(item["scheduledAt"] == nil)
        #expect((item["alarms"] as? [[String: Any]])?.map { $0["at"] as? String } == ["2027-01-04T18:00:00-05:00"], "\(item)")

        // An export writes it back, and a store that imports the export has it too.
        let exported = try MemossProcess.run(["--db", store, "export", "--format", "ics"], environment: environment).stdout
        #expect(exported.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Someday call\r\nTRIGGER;VALUE=DATE-TIME:20270104T230000Z\r\n"),
                "\(exported)")
        #expect(!exported.contains("X-MEMOSS-ALARMS") && !exported.contains("-PT15M"), "\(exported)")
        let again = try write(exported, as: "again.ics")
        let other = temporary.path("other.sqlite")
        #expect(try MemossProcess.run(["--db", other, again], environment: environment, program: MemossProcess.importer).status == 0)
        let list = try MemossProcess.run(["--db", other, "list", "--json"], environment: environment)
        let json = try JSONSerialization.jsonObject(with: list.stdoutData) as? [String: Any]
        let copy = try #require((json?["todo"] as? [[String: Any]])?.first)
        #expect((copy["alarms"] as? [[String: Any]])?.map { $0["at"] as? String } == ["2027-01-04T18:00:00-05:00"], "\(copy)")
    }

    @Test func aCalendarWithToDosAfterItsEndIsRefusedWholeNamingTheLine() throws {
        let file = try write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:First\r\nDUE:20990101T090000\r\n"
            + "END:VTODO\r\nEND:VCALENDAR\r\nBEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:b\r\nSUMMARY:Second\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
                             as: "two.ics")
        let refused = try importFile(file)
        #expect(refused.status == 2)
        #expect(refused.stderr == "memoss-import: \(file):9: BEGIN after END:VCALENDAR (line 8): Memoss reads one calendar per file and "
            + "takes none of a file that holds more; split it, one calendar per file; nothing was imported\n")
        #expect(try titles().isEmpty)
    }

    /// A calendar is read as it comes, so a big one takes little memory (a file is read twice:
    /// the zones its VTIMEZONEs name, then its items; a pipe is held once): a zone named by a
    /// VTIMEZONE after the item that uses it is known, a pipe gives the same import, and a file
    /// broken at its end, read after thousands of items were written, leaves the store as it was.
    @Test func aCalendarIsReadAsItComesFromAFileOrAPipeAndABrokenOneImportsNothing() throws {
        var calendar = "\u{FEFF}BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
        for index in 0..<3_000 {
            calendar += "BEGIN:VTODO\r\nUID:item-\(index)\r\nSUMMARY:Item \(index)\r\n"
                + "DUE;TZID=\(index == 0 ? "Custom Zone" : "Europe/Paris"):20270101T090000\r\nEND:VTODO\r\n"
        }
        calendar += "BEGIN:VTIMEZONE\r\nTZID:Custom Zone\r\nX-LIC-LOCATION:Asia/Tokyo\r\nEND:VTIMEZONE\r\n"
        let file = try write(calendar + "END:VCALENDAR\r\n", as: "big.ics")
        let imported = try importFile(file)
        #expect(imported.stdout == "Imported 3000, skipped 0 already present, refused 0.\n", "\(imported.stderr)")
        let zones = Dictionary(try stored().todo.map { ($0["title"] as? String ?? "", $0["timeZone"] as? String ?? "") },
                               uniquingKeysWith: { first, _ in first })
        #expect(zones["Item 0"] == "Asia/Tokyo")
        #expect(zones["Item 2999"] == "Europe/Paris")

        let piped = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "cat \"$0\" | \"$1\" --db \"$2\" --format ics -",
            file, MemossProcess.importer.path, temporary.path("piped.sqlite")], environment: MemossProcess.onTestClock(environment))
        #expect(piped.stdout == "Imported 3000, skipped 0 already present, refused 0.\n", "\(piped.stderr)")

        let broken = try write(calendar.replacingOccurrences(of: "Item 2999", with: "Last") + "END:VTODO\r\n", as: "broken.ics")
        let refused = try MemossProcess.run(["--db", temporary.path("broken.sqlite"), broken], environment: environment,
                                            program: MemossProcess.importer)
        #expect(refused.status == 2)
        #expect(refused.stderr == "memoss-import: \(broken):15007: END:VTODO does not close BEGIN:VCALENDAR of line 1; nothing was imported\n")
        let listed = try MemossProcess.run(["--db", temporary.path("broken.sqlite"), "list", "--all"], environment: environment)
        #expect(listed.stdout.contains("Item 1") == false, "\(listed.stdout)")
    }

    @Test(.tags(.slow)) func aKilledImportLeavesTheStoreUnchanged() throws {
        _ = try importFile(try write("title,date\nAlready here,2027-01-01\n", as: "first.csv"))

        let process = Process()
        process.executableURL = MemossProcess.importer
        process.arguments = ["--db", store, "-"]
        process.environment = MemossProcess.onTestClock(environment)
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Writing blocks while the importer is not reading, so when these 4 MB have gone
        // through the 64 KiB pipe, it has read, checked and written all but the last few rows.
        var rows = "title,date,notes\n"
        for index in 0..<40_000 { rows += "Row \(index),2027-02-01,\(String(repeating: "x", count: 80))\n" }
        input.fileHandleForWriting.write(Data(rows.utf8))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try titles() == ["Already here"])
        // The store is still usable and the interrupted file imports whole on the next try.
        try Data(rows.utf8).write(to: URL(fileURLWithPath: temporary.path("rows.csv")))
        #expect(try importFile(temporary.path("rows.csv")).stdout == "Imported 40000, skipped 0 already present, refused 0.\n")

        // The journal agrees with the data: the killed import left no entry, the finished one
        // is undone as a whole (and leaves no tombstones: importing again adds the rows again).
        let journal = try MemossProcess.run(["--db", store, "undo", "--list"], environment: environment)
        #expect(journal.stdout.components(separatedBy: "\n").prefix(2).map { $0.components(separatedBy: "  ").dropFirst().first ?? "" }
            == ["1. Imported 40000 reminders from \(temporary.path("rows.csv"))", "2. Imported 1 reminder from \(temporary.path("first.csv"))"])
        let undone = try MemossProcess.run(["--db", store, "undo"], environment: environment)
        #expect(undone.stdout == "Undid: Imported 40000 reminders from \(temporary.path("rows.csv")).\n")
        #expect(try titles() == ["Already here"])
        _ = try MemossProcess.run(["--db", store, "redo"], environment: environment)
        #expect(try titles().count == 40_001)
        _ = try MemossProcess.run(["--db", store, "undo"], environment: environment)
        #expect(try importFile(temporary.path("rows.csv")).stdout == "Imported 40000, skipped 0 already present, refused 0.\n")
    }

    /// A regular file's rows are written in batches while it is read (a pipe's at the end): the
    /// same file ends the same both ways, a row repeating one from an earlier batch is skipped,
    /// and a broken row after two batches were written leaves nothing behind.
    @Test func aLargeFileWrittenWhileReadEndsAsFromAPipeAndABrokenRowAfterBatchesWritesNothing() throws {
        var rows = "title,date,tags\n"
        for index in 0..<25_000 { rows += "Row \(index),2027-02-01,Tag \(index % 7)\n" }
        rows += "Row 3,2027-02-01,Tag 3\n"
        let path = try write(rows, as: "large.csv")
        let fromFile = try importFile(path)
        #expect(fromFile.stdout == "Imported 25000, skipped 1 already present, refused 0. Created 7 tags.\n")
        let fileStore = try stored()

        let piped = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"),
                                         ["-c", "exec \"$0\" --db \"$1\" - < \"$2\"", MemossProcess.importer.path,
                                          temporary.path("piped.sqlite"), path], environment: MemossProcess.onTestClock(environment))
        #expect(piped.stdout == fromFile.stdout)
        let pipedList = try MemossProcess.run(["--db", temporary.path("piped.sqlite"), "list", "--json"], environment: environment)
        let pipedJSON = try JSONSerialization.jsonObject(with: pipedList.stdoutData) as? [String: Any]
        func summary(_ items: [[String: Any]]) -> [String] {
            items.map { "\($0["title"] ?? "") \(($0["tags"] as? [String]) ?? [])" }.sorted()
        }
        #expect(fileStore.todo.count == 25_000)
        #expect(summary(fileStore.todo) == summary(pipedJSON?["todo"] as? [[String: Any]] ?? []))

        let broken = try write(rows + "\"Never closed,2027-02-02\n", as: "broken.csv")
        let failed = try MemossProcess.run(["--db", temporary.path("broken.sqlite"), broken], environment: environment,
                                           program: MemossProcess.importer)
        #expect(failed.status == 2)
        #expect(failed.stderr.hasPrefix("memoss-import: \(broken):25003: a quoted field starting here is never closed"))
        let after = try MemossProcess.run(["--db", temporary.path("broken.sqlite"), "list", "--json"], environment: environment)
        let afterJSON = try JSONSerialization.jsonObject(with: after.stdoutData) as? [String: Any]
        #expect((afterJSON?["todo"] as? [[String: Any]])?.isEmpty == true)
        let tags = try MemossProcess.run(["--db", temporary.path("broken.sqlite"), "tags"], environment: environment)
        #expect(tags.status == 0)
        #expect(!tags.stdout.contains("#Tag 3"))
        #expect(try MemossProcess.run(["--db", store, "tags"], environment: environment).stdout.contains("#Tag 3"))
    }

    /// The files of issue 16's "What was seen": other tools' headers, a European spreadsheet's
    /// semicolons, times with seconds and AM/PM, numeric dates only with an order.
    @Test func csvFilesAsPeopleHaveThemAreReadOrRefusedWithTheOptionToUse() throws {
        let synonyms = try importFile(try write("Task,Due Date,Time,Description,Labels\nPay rent,2027-01-05,9:00:00 AM,monthly,Home;Bills\nCall,2027-01-06,12:00:00,,\n"))
        #expect(synonyms.stdout == "Imported 2, skipped 0 already present, refused 0. Created 2 tags.\n")
        #expect(try stored().todo.map { $0["scheduledAt"] as? String } == ["2027-01-05T09:00:00-05:00", "2027-01-06T12:00:00-05:00"])
        #expect(try stored().todo.first?["notes"] as? String == "monthly")

        // A header with Todoist's TYPE and CONTENT is read as Todoist's export (ImportFromOtherToolsTests has the whole file).
        let todoist = try importFile(try write("TYPE,CONTENT,DESCRIPTION,PRIORITY,DATE,TIMEZONE\ntask,Water plants,,4,2027-02-01,Europe/Berlin\n", as: "todoist.csv"))
        #expect(todoist.stderr == "Read as an export of Todoist.\n")
        #expect(todoist.stdout == "Imported 1, skipped 0 already present, refused 0.\n")

        let semicolons = try write("Title;Date;Time\nMiete;05/01/2027;09:00\n", as: "semicolons.csv")
        let unordered = try importFile(semicolons)
        #expect(unordered.status == 1)
        #expect(unordered.stderr.contains("semicolons.csv:2: date: 05/01/2027 has the day and the month in numbers; say which comes first with --date-order dmy (day first) or --date-order mdy (month first)"))
        #expect(try importFile(semicolons, "--date-order", "dmy").stdout == "Imported 1, skipped 0 already present, refused 0.\n")
        #expect(try stored().todo.contains { $0["title"] as? String == "Miete" && $0["scheduledAt"] as? String == "2027-01-05T09:00:00-05:00" })
        let tabs = try importFile(try write("title\tdate\nTabbed\t01/31/2027\n", as: "tabs.tsv"), "--date-order", "mdy")
        #expect(tabs.stdout == "Imported 1, skipped 0 already present, refused 0.\n")
        // The prompt's words for days work in a file too: tomorrow is Sunday 22 November 2026. Without
        // a time column, the row is due all that day (its day's start), no time invented.
        let words = try importFile(try write("title,date\nSoon,Tomorrow\n", as: "words.csv"))
        #expect(words.stdout == "Imported 1, skipped 0 already present, refused 0.\n")
        let soon = try stored().todo.first { $0["title"] as? String == "Soon" }
        #expect(soon?["scheduledAt"] as? String == "2026-11-22T00:00:00-05:00")
        #expect(soon?["allDay"] as? Bool == true)

        let deadline = try importFile(try write("Title,Deadline\nx,2027-01-01\n", as: "deadline.csv"))
        #expect(deadline.status == 2)
        #expect(deadline.stderr.hasSuffix("deadline.csv: column \"Deadline\" looks like a date, but Memoss does not know which; rename it date (the due day) or end_date, or remove it; nothing was imported\n"))
        let twice = try importFile(try write("Title,Task\nx,y\n", as: "twice.csv"))
        #expect(twice.status == 2)
        #expect(twice.stderr.hasSuffix("columns \"Title\" and \"Task\" both mean title; remove or rename one; nothing was imported\n"))
        let badOrder = try importFile(semicolons, "--date-order", "ymd")
        #expect(badOrder.status == 2)
        #expect(badOrder.stderr.contains("--date-order must be dmy (day first) or mdy (month first), not \"ymd\"."))
    }

    @Test func versionIsPrinted() throws {
        let result = try MemossProcess.run(["--version"], environment: environment, program: MemossProcess.importer)
        #expect(result.status == 0)
        #expect(result.stdout == "memoss-import \(MemossVersion.current)\n")
    }
}
