import Foundation
import Shared
import Testing
import TestSupport

/// `memoss list` end to end: the real binary, a real store file, a fresh home for each test.
struct ListCommandTests {
    private let temporary: TemporaryFolder
    private var home: URL { temporary.url }
    private var environment: [String: String] {
        ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path, "TZ": "America/New_York",
         "PATH": "/usr/bin:/bin"]
    }

    init() throws {
        temporary = try TemporaryFolder("memoss-home")
    }

    private func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func firstRunCreatesThePrivateStoreAndShowsAnEmptyDashboard() throws {
        let result = try MemossProcess.run(["list"], environment: environment)

        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == "To Do\n  Nothing to do.\nCompleted\n  Nothing completed yet.\n")
        let store = home.appendingPathComponent("data/memoss/memoss.sqlite").path
        #expect(try mode(store) == 0o600)
    }

    @Test func memossAloneStartsThePromptAndLeavesAtTheEndOfInput() throws {
        let result = try MemossProcess.run([], environment: environment)
        #expect(result.status == 0)
        #expect(result.stdout == "memoss> \n")
        #expect(try mode(home.appendingPathComponent("data/memoss/memoss.sqlite").path) == 0o600)
    }

    /// An all-day reminder due today comes after the overdue ones, a timed one earlier today among
    /// them (the store orders it at its day's midnight): overdue, then today, as the full screen's
    /// headings say; its number is where it is shown.
    @Test func anAllDayReminderDueTodayComesAfterTheOverdueOnes() throws {
        let store = home.appendingPathComponent("mine.sqlite").path
        let dayBefore = environment.merging([SetClock.variable: memossClock(testNow.addingTimeInterval(-86_400))]) { $1 }
        for arguments in [["All day today", "--date", "2026-11-21", "--time", "none"], ["Nine today", "--date", "2026-11-21", "--time", "09:00"],
                          ["All day yesterday", "--date", "2026-11-20", "--time", "none"], ["Five today", "--date", "2026-11-21", "--time", "17:00"]] {
            #expect(try MemossProcess.run(["--db", store, "add"] + arguments, environment: dayBefore).status == 0)
        }
        let listed = try MemossProcess.run(["--db", store, "list"], environment: environment).stdout
        #expect(listed.contains("""
              1. [ ] All day yesterday  Yesterday  (overdue)
              2. [ ] Nine today  Today 09:00  (overdue)
              3. [ ] All day today  Today
              4. [ ] Five today  Today 17:00
            """), "\(listed)")
        // The first two are the first two of that order, not of the store's (which has the all-day
        // one at midnight, before the overdue one at nine).
        let two = try MemossProcess.run(["--db", store, "list", "--limit", "2"], environment: environment).stdout
        #expect(two.hasPrefix("""
            To Do
              1. [ ] All day yesterday  Yesterday  (overdue)
              2. [ ] Nine today  Today 09:00  (overdue)
              and 2 more: `list` without --limit

            """), "\(two)")
        _ = try MemossProcess.run(["--db", store, "list"], environment: environment)
        #expect(try MemossProcess.run(["--db", store, "done", "3"], environment: environment).stdout == "Completed \"All day today\".\n")
    }

    @Test func remindersInTheStoreAreListedNumberedWithTheirTimes() async throws {
        let store = home.appendingPathComponent("mine.sqlite").path
        // Put there on the day the binary sees.
        let core = try await MemossCore.open(explicitPath: store, processEnvironment: [:], environment: .fixed())
        for (title, date) in [("Renew passport", "2027-03-02"), ("Pay\u{1B}[2J rent", "2027-03-01")] {
            _ = try await core.createReminder(ReminderDraft(
                title: title, date: day(date), time: time("10:00"), timeZoneID: "America/New_York"))
        }

        let result = try MemossProcess.run(["--db", store, "list"], environment: self.environment)

        #expect(result.status == 0)
        #expect(result.stdout == """
            To Do
              1. [ ] Pay\\u{1B}[2J rent  Mon 1 Mar 2027 10:00
              2. [ ] Renew passport  Tue 2 Mar 2027 10:00
            Completed
              Nothing completed yet.

            """)
    }

    @Test func firstOpeningGivesTheDefaultTagsOnceAndDeletedOnesStayDeleted() async throws {
        let store = home.appendingPathComponent("tags.sqlite").path
        _ = try MemossProcess.run(["--db", store, "list"], environment: environment)
        let core = try await MemossCore.open(explicitPath: store, processEnvironment: [:], environment: .fixed(timeZone: .gmt))
        let tags = try await core.listTags()
        #expect(tags.map(\.name) == ["Health", "Personal", "Shopping", "Work"])

        let work = try #require(tags.last)
        try await core.deleteTag(id: work.id)
        _ = try MemossProcess.run(["--db", store, "list"], environment: environment)
        let reopened = try await MemossCore.open(explicitPath: store, processEnvironment: [:], environment: .fixed(timeZone: .gmt))
        #expect(try await reopened.listTags().map(\.name) == ["Health", "Personal", "Shopping"])
    }

    @Test func cardsShowUpToThreeTagsAndCountTheRest() async throws {
        let store = home.appendingPathComponent("chips.sqlite").path
        let core = try await MemossCore.open(explicitPath: store, processEnvironment: [:], environment: .fixed(timeZone: .gmt))
        var tagIDs = Set(try await core.listTags().map(\.id))
        tagIDs.insert(try await core.createTag(name: "Bills", colorHex: "#6B7280").id)
        _ = try await core.createReminder(ReminderDraft(
            title: "Tax return", date: day("2027-03-01"), time: time("10:00"), timeZoneID: "America/New_York",
            tagIDs: tagIDs))

        let result = try MemossProcess.run(["--db", store, "list"], environment: environment)

        #expect(result.stdout.contains("1. [ ] Tax return  Mon 1 Mar 2027 10:00  #Bills #Health #Personal +2\n"))
    }

    @Test func fileThatIsNotAStoreFailsWithOneLineAndIsLeftAlone() throws {
        let notes = home.appendingPathComponent("notes.txt")
        try Data("milk, eggs\n".utf8).write(to: notes)

        for arguments in [["--db", notes.path, "list"], ["list", "--db", notes.path]] {
            let result = try MemossProcess.run(arguments, environment: environment)
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == "memoss: \(notes.path) is not a Memoss store (it is not a SQLite database); "
                + "pass --db a Memoss store or a new file name.\n")
        }
        #expect(try String(contentsOf: notes, encoding: .utf8) == "milk, eggs\n")
    }

    @Test func memossDBChoosesTheStoreWhenDbIsNotGiven() throws {
        let store = home.appendingPathComponent("from-env.sqlite").path
        let result = try MemossProcess.run(["list"], environment: environment.merging(["MEMOSS_DB": store]) { $1 })
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: store))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("data").path))
    }

    /// A usage error is one line on standard error: argument-parser's sentence and where the
    /// command's options are (not its usage lines), exit status 2.
    @Test func unknownOptionIsAUsageErrorOnOneLine() throws {
        let result = try MemossProcess.run(["list", "--colour"], environment: environment)
        #expect(result.status == 2)
        #expect(result.stderr == "memoss: Unknown option '--colour'. See 'memoss list --help'.\n")
        for (arguments, said) in [(["add", "X", "--priority"], "memoss: Missing value for '--priority <level>'. See 'memoss add --help'.\n"),
                                  (["show"], "memoss: Missing expected argument '<reminder> ...'. See 'memoss show --help'.\n"),
                                  (["list", "--limit", "0"], "memoss: --limit must be 1 or more, e.g. --limit 20. See 'memoss list --help'.\n"),
                                  // An unknown option is the slip, even where words are missing too.
                                  (["search", "--bogus"], "memoss: Unknown option '--bogus'. See 'memoss search --help'.\n"),
                                  (["sync", "add", "--bogus=1"], "memoss: Unknown option '--bogus'. See 'memoss sync add --help'.\n"),
                                  (["export", "-o"], "memoss: Missing value for '-o <FILE>'. See 'memoss export --help'.\n"),
                                  (["export", "-oout.csv"], "memoss: \"-oout.csv\" could be a file or a query word: write -o out.csv "
                                      + "for the file, -text:oout.csv for the word. See 'memoss export --help'.\n")] {
            let refused = try MemossProcess.run(arguments, environment: environment)
            #expect(refused.status == 2)
            #expect(refused.stderr == said)
            #expect(refused.stdout == "")
        }
    }

    @Test func completedShowsTheTenMostRecentAndSaysHowManyMoreAndCompletedListsThemAll() throws {
        let store = home.appendingPathComponent("done.sqlite").path
        func memoss(_ arguments: String...) throws -> ChildProcess.Result {
            try MemossProcess.run(["--db", store] + arguments, environment: environment)
        }
        for day in 1...12 {
            let date = String(format: "2027-01-%02d", day)
            #expect(try memoss("add", String(format: "R%02d", day), "--date", date).status == 0)
        }
        #expect(try memoss("list").status == 0)
        #expect(try memoss("done", "1-12").status == 0)

        let list = try memoss("list").stdout.split(separator: "\n").map(String.init)
        #expect(list.first == "To Do")
        #expect(list.filter { $0.contains("[x]") }.count == 10)
        #expect(list.last == "  and 2 more: `list --completed`")
        #expect(list.contains { $0.hasPrefix("  1. [x] R12") })
        #expect(!list.contains { $0.contains("R01") || $0.contains("R02") })

        let all = try memoss("list", "--completed").stdout.split(separator: "\n").map(String.init)
        #expect(all.first == "Completed")
        #expect(all.filter { $0.contains("[x]") }.count == 12)
        #expect(all.last?.hasPrefix(" 12. [x] R01") == true)
        // The numbers are those of the listing just shown.
        #expect(try memoss("reopen", "12").stdout == "Reopened \"R01\", due Fri 1 Jan 2027 09:00.\n")
        let json = try JSONSerialization.jsonObject(with: try memoss("list", "--json").stdoutData) as? [String: Any]
        #expect((json?["completed"] as? [Any])?.count == 11)
        #expect((json?["todo"] as? [Any])?.count == 1)
    }

    @Test func limitShowsTheFirstOfEachSectionSaysHowManyMoreAndNumbersWhatItShowed() throws {
        let store = home.appendingPathComponent("limit.sqlite").path
        func memoss(_ arguments: String...) throws -> ChildProcess.Result {
            try MemossProcess.run(["--db", store] + arguments, environment: environment)
        }
        for day in 1...5 {
            #expect(try memoss("add", "R\(day)", "--date", "2027-02-0\(day)").status == 0)
        }
        #expect(try memoss("list").status == 0)
        #expect(try memoss("done", "4-5").status == 0)

        #expect(try memoss("list", "--limit", "2").stdout == """
            To Do
              1. [ ] R1  Mon 1 Feb 2027 09:00
              2. [ ] R2  Tue 2 Feb 2027 09:00
              and 1 more: `list` without --limit
            Completed
              3. [x] R5  Fri 5 Feb 2027 09:00
              4. [x] R4  Thu 4 Feb 2027 09:00

            """)
        #expect(try memoss("done", "2").stdout.hasPrefix("Completed \"R2\""))
        #expect(try memoss("list", "--limit", "1", "--completed").stdout.hasSuffix("  and 2 more: `list` without --limit\n"))

        for bad in ["0", "-3"] {
            let refused = try memoss("list", "--limit", bad)
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("--limit must be 1 or more, e.g. --limit 20."))
            #expect(refused.stdout.isEmpty)
        }
    }

    @Test func aListingCutShortByItsReaderStillNumbersWhatItShowed() throws {
        let store = home.appendingPathComponent("piped.sqlite").path
        let csv = home.appendingPathComponent("many.csv")
        // Enough lines to outgrow a pipe's buffer, so the reader's leaving is felt mid-listing.
        let rows = (1...1_400).map { "Reminder number \($0) with a longer title,2027-03-01,\(String(format: "%02d:%02d", $0 / 60 % 24, $0 % 60))" }
        try ("title,date,time\n" + rows.joined(separator: "\n") + "\n").write(to: csv, atomically: true, encoding: .utf8)
        #expect(try MemossProcess.run(["--db", store, csv.path], environment: environment, program: MemossProcess.importer).status == 0)
        #expect(try MemossProcess.run(["--db", store, "list", "--limit", "1"], environment: environment).status == 0)

        let memoss = MemossProcess.executable.path
        let piped = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"),
                                         ["-c", "'\(memoss)' --db '\(store)' list | head -n 3"],
                                         environment: MemossProcess.onTestClock(environment))
        #expect(piped.stdout.hasPrefix("To Do\n  1. [ ] Reminder number 1 with a longer title  Mon 1 Mar 2027 00:01\n  2. [ ] Reminder number 2 with"))
        #expect(piped.stderr.isEmpty)
        // Number 2 is the second of the whole listing, not a leftover of the one before.
        let done = try MemossProcess.run(["--db", store, "done", "2"], environment: environment)
        #expect(done.stdout == "Completed \"Reminder number 2 with a longer title\".\n")
    }
}
