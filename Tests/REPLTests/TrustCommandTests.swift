import Foundation
import Shared
import Testing
import TestSupport

/// Issue "Everyday trust", end to end through the built binary on a store in a fresh folder:
/// numbers that stay, undo and redo of every command, aimed confirmations, a loud command line.
struct TrustCommandTests {
    private let temporary: TemporaryFolder
    private var home: URL { temporary.url }
    private var store: String { home.appendingPathComponent("store.sqlite").path }
    private var environment: [String: String] { ["HOME": home.path, "TZ": "America/New_York", "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-trust")
    }

    private func memoss(_ arguments: String...) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + arguments, environment: environment)
    }

    private func prompt(_ lines: String...) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store], environment: environment, lines: lines)
    }

    /// What a user can see of the store: every reminder, tag and pending notification, as JSON.
    private func everything() throws -> String {
        try ["list", "tags", "notifications"].map { try memoss($0, "--json").stdout }.joined()
    }

    private func titles(_ section: String = "todo") throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: try memoss("list", "--json").stdoutData) as? [String: Any]
        return (json?[section] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    private func addThree() throws {
        for (title, date) in [("A", "2027-03-01"), ("B", "2027-03-02"), ("C", "2027-03-03")] {
            #expect(try memoss("add", title, "--date", date).status == 0)
        }
    }

    // MARK: Stable numbers

    @Test func numbersKeepNamingWhatTheLastListShowedAcrossCommands() throws {
        try addThree()
        _ = try memoss("list")

        #expect(try memoss("done", "1").stdout == "Completed \"A\".\n")
        #expect(try memoss("done", "2").stdout == "Completed \"B\".\n")
        #expect(try titles() == ["C"])

        _ = try memoss("list")  // C, then the done B and A
        #expect(try memoss("rm", "1").stdout == "Deleted \"C\".\n")
        #expect(try memoss("rm", "2").stdout == "Deleted \"B\".\n")
        let gone = try memoss("done", "1")
        #expect(gone.status == 1)
        #expect(gone.stderr == "memoss: Reminder 1 of the last list was deleted; list again.\n")
    }

    /// Added at the prompt after a listing, each reminder takes the next number, at the prompt and
    /// from the shell, joining the kept listing's end (the listing is not written again); when
    /// another program listed meanwhile, the prompt's numbers still name what it showed.
    @Test func remindersAddedAtThePromptAfterAListTakeTheNextNumbersEverywhere() throws {
        try addThree()
        let session = try prompt("list", "add D --date 2027-03-04", "add E --date 2027-03-05", "show 5", "quit")
        #expect(session.stdout.contains("Added 4. \"D\""), "\(session.stdout)")
        #expect(session.stdout.contains("Added 5. \"E\""), "\(session.stdout)")
        #expect(session.stdout.contains("\nE\n"), "\(session.stdout)")
        #expect(try memoss("show", "4").stdout.hasPrefix("D\n"))
        #expect(try memoss("show", "5").stdout.hasPrefix("E\n"))
        // Nothing written whole: the first `add` kept a listing of A, B and C joined it, `list`
        // found that listing as it was, and D and E joined it too.
        #expect(try SQLiteShell.run(store, "SELECT length(reminderIDs) / 16, (SELECT count(*) FROM lastListingAdded) FROM lastListing") == "1|4")

        // A prompt that has listed nothing adds at the stored listing's end; one that lists two
        // numbers the next one 3, there and from the shell.
        #expect(try prompt("add F --date 2027-03-06", "quit").stdout.contains("Added 6. \"F\""))
        let shorter = try prompt("list --limit 2", "add G --date 2027-03-07", "show 3", "quit")
        #expect(shorter.stdout.contains("Added 3. \"G\""), "\(shorter.stdout)")
        #expect(try memoss("show", "3").stdout.hasPrefix("G\n"))
    }

    @Test func numbersFromTheShellWithoutAListStillStayPut() throws {
        try addThree()
        #expect(try memoss("done", "1").stdout == "Completed \"A\".\n")
        #expect(try memoss("done", "2").stdout == "Completed \"B\".\n")
    }

    @Test func severalReferencesAreAllDoneOrNoneIs() throws {
        try addThree()
        _ = try memoss("add", "D", "--date", "2027-03-04")
        _ = try memoss("list")

        let refused = try memoss("done", "1", "3-4", "9")
        #expect(refused.status == 1)
        #expect(refused.stderr == "memoss: There is no reminder 9 in the list (1–4); run `list` to see the numbers.\n")
        #expect(try titles() == ["A", "B", "C", "D"])

        #expect(try memoss("done", "1", "3-4").stdout == "Completed \"A\".\nCompleted \"C\".\nCompleted \"D\".\n")
        #expect(try titles() == ["B"])
        #expect(try memoss("undo").stdout == "Undid: Completed 3 reminders (\"A\", \"C\" …).\n")
        #expect(try titles() == ["A", "B", "C", "D"])
    }

    @Test func doneOnADoneReminderIsRefusedAndReopenOpensIt() throws {
        _ = try memoss("add", "Once", "--date", "2027-03-02")
        _ = try memoss("done", "1")
        let again = try memoss("done", "1")
        #expect(again.status == 1)
        #expect(again.stderr == "memoss: \"Once\" is already done; `reopen` opens it again.\n")
        #expect(try titles("completed") == ["Once"])
        #expect(try memoss("undone", "1").stdout == "Reopened \"Once\", due Tue 2 Mar 2027 09:00.\n")
        #expect(try titles() == ["Once"])
    }

    // MARK: Undo and redo

    @Test(.tags(.slow)) func undoOfEachCommandRestoresWhatTheUserSeesAndRedoReappliesIt() throws {
        try addThree()
        _ = try memoss("tag", "add", "Garden")
        _ = try memoss("list")
        let commands: [[String]] = [
            ["add", "Water plants", "--date", "2027-04-01", "--tag", "Garden"],
            ["edit", "1", "--title", "A, renamed", "--time", "18:30", "--tag", "+Garden"],
            ["done", "2"],
            ["rm", "3"],
            ["delete", "1"],
            ["tag", "rename", "Garden", "Yard"],
            ["tag", "color", "Garden", "#14B8A6"],
            ["tag", "rm", "Garden"],
            ["tag", "add", "Errands"],
        ]
        for command in commands {
            let before = try everything()
            let done = try MemossProcess.run(["--db", store] + command, environment: environment, lines: ["y"])
            #expect(done.status == 0, "\(command): \(done.stderr)")
            let after = try everything()
            #expect(after != before, "\(command) changed nothing")

            #expect(try memoss("undo").status == 0)
            #expect(try everything() == before, "undo of \(command)")
            #expect(try memoss("redo").status == 0)
            #expect(try everything() == after, "redo of \(command)")
            #expect(try memoss("undo").status == 0)
        }
    }

    @Test func snoozeIsUndoneToo() throws {
        _ = try memoss("add", "Call Ann", "--date", "2027-03-02")
        let id = try #require(try memoss("notifications").stdout.components(separatedBy: "id ").last?
            .trimmingCharacters(in: .whitespacesAndNewlines))
        let before = try everything()

        let snoozed = try memoss("snooze", String(id.prefix(8)), "30")
        #expect(snoozed.status == 0, "\(snoozed.stderr)")
        #expect(try everything() != before)
        #expect(try memoss("undo").stdout == "Undid: Snoozed \"Call Ann\".\n")
        #expect(try everything() == before)
    }

    @Test func undoListSaysWhatWouldBeUndoneAndTheJournalSurvivesRestarts() throws {
        _ = try memoss("add", "Buy milk", "--date", "2027-03-02")
        _ = try memoss("add", "Errand", "--date", "2027-03-03", "--new-tag", "Errands")
        _ = try memoss("done", "1")

        let listed = try memoss("undo", "--list").stdout
        // Each command with the time it was made (the tests' clock).
        #expect(listed.hasPrefix("  1. Completed \"Buy milk\"  Today 15:00\n"))
        let list = listed.components(separatedBy: "\n")
            .map { $0.components(separatedBy: "  ").prefix(2).joined(separator: "  ") }
        #expect(list.prefix(3) == ["  1. Completed \"Buy milk\"", "  2. Created tag \"Errands\"; added \"Errand\"",
                                   "  3. Added \"Buy milk\""])
        #expect(try memoss("undo").stdout == "Undid: Completed \"Buy milk\".\n")
        #expect(try memoss("undo").stdout == "Undid: Created tag \"Errands\"; added \"Errand\".\n")
        #expect(!(try memoss("tags").stdout.contains("Errands")))
        #expect(try memoss("redo").stdout == "Redid: Created tag \"Errands\"; added \"Errand\".\n")
        #expect(try memoss("undo", "--list").stdout.contains("redo would apply again:\n  Completed \"Buy milk\"\n"))
        let nothing = try memoss("undo", "--limit", "0")
        #expect(nothing.status == 1)
        #expect(nothing.stderr == "memoss: The journal keeps 1 to 10000 commands, not 0; give a number in that range.\n")
        // --limit with --list or --sync set the limit and dropped the rest, saying nothing of them.
        let commands = try memoss("undo", "--list").stdout
        let mixed = try memoss("undo", "--list", "--limit", "1")
        #expect(mixed.status == 2)
        #expect(mixed.stderr == "memoss: --limit sets how many commands the journal keeps and undoes nothing; give it alone, e.g. undo --limit 500. "
            + "See 'memoss undo --help'.\n")
        #expect(try memoss("undo", "--list").stdout == commands)
    }

    // MARK: Aimed confirmations

    @Test func resetTodayListsWhatItRemovesAsksAndUndoBringsItBack() async throws {
        // Two reminders due today (Saturday 21 November 2026 in UTC, where the tests' clock reads
        // 20:00), put there by a core whose clock reads the start of that day; one due tomorrow
        // (09:00 in New York is 14:00 UTC on the 22nd).
        let core = try await MemossCore.open(explicitPath: store, processEnvironment: [:],
                                             environment: .fixed(at: instant("2026-11-21T00:00:00Z"), timeZone: .gmt))
        for (title, hour) in [("Standup", "10:00"), ("Lunch", "12:30")] {
            _ = try await core.createReminder(ReminderDraft(title: title, date: day("2026-11-21"), time: time(hour), timeZoneID: "UTC"))
        }
        _ = try memoss("add", "Tomorrow's", "--date", "2026-11-22")
        let utcEnvironment = ["HOME": home.path, "TZ": "UTC", "PATH": "/usr/bin:/bin"]
        let before = try everything()

        let kept = try MemossProcess.run(["--db", store, "reset-today"], environment: utcEnvironment, lines: ["n"])
        #expect(kept.stdout == """
            Today's one-time reminders:
              "Standup" (due Today 10:00)
              "Lunch" (due Today 12:30)
            Remove these 2 reminders? `undo` brings them back. [y/N] n
            Kept them.

            """)
        #expect(try everything() == before)

        let removed = try MemossProcess.run(["--db", store, "reset-today", "--yes"], environment: utcEnvironment)
        #expect(removed.stdout.hasSuffix("Removed 2 reminders due today; `undo` brings them back.\n"))
        #expect(try titles() == ["Tomorrow's"])
        _ = try memoss("undo")
        #expect(try everything() == before)
    }

    // MARK: A command line that fails loudly

    @Test func aTitleMayBeginWithADash() throws {
        // Days of this year: the card leaves the year out.
        let lone = try memoss("add", "-check logs", "--date", "2026-12-01")
        #expect(lone.status == 0)
        #expect(lone.stdout == "Added 1. \"-check logs\", due Tue 1 Dec 09:00.\n")
        #expect(try memoss("add", "--date", "2026-12-02", "--", "--verbose flag").stdout == "Added 2. \"--verbose flag\", due Wed 2 Dec 09:00.\n")
        #expect(try memoss("add", "Buy", "oat", "milk", "--date", "2026-12-03").stdout == "Added 3. \"Buy oat milk\", due Thu 3 Dec 09:00.\n")
        #expect(try titles() == ["-check logs", "--verbose flag", "Buy oat milk"])
    }

    @Test func anOptionsValueMayLookLikeAnOptionOrANumberAndAStoreMayBeNamedLikeACommand() throws {
        // A value that begins with a dash, after its option or glued to it, is the option's value.
        #expect(try memoss("add", "Boiler", "--notes", "--check the valve", "--date", "2026-12-01").status == 0)
        #expect(try memoss("add", "Thermostat", "--notes", "-5", "--date", "2026-12-02").status == 0)
        #expect(try memoss("add", "Porch", "--notes=-2 °C", "--date", "2026-12-03").status == 0)
        let json = try JSONSerialization.jsonObject(with: try memoss("list", "--json").stdoutData) as? [String: Any]
        let notes = (json?["todo"] as? [[String: Any]] ?? []).map { "\($0["title"] ?? "") \($0["notes"] ?? "")" }
        #expect(notes == ["Boiler --check the valve", "Thermostat -5", "Porch -2 °C"])

        // `--db list add …` and `--db=list add …`: a store file named "list" in the current folder.
        let folder = home.appendingPathComponent("named")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, words) in [["--db", "list", "add", "First", "--date", "2026-12-04"],
                               ["--db=list", "add", "Second", "--date", "2026-12-05"]].enumerated() {
            let added = try ChildProcess.run(MemossProcess.executable, words, environment: MemossProcess.onTestClock(environment), in: folder)
            #expect(added.status == 0, "\(added.stderr)")
            #expect(added.stdout.hasPrefix("Added \(index + 1). "))
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("list").path))
        #expect(try memoss("list", "--json").stdout.contains("First") == false)

        // A group's words after an option are not taken for one of its commands: `lists` shows.
        let stray = try MemossProcess.run(["lists", "--db", store, "add", "Work"], environment: environment)
        #expect(stray.status == 2)
        #expect(stray.stderr == "memoss: 2 unexpected arguments: 'add', 'Work'. See 'memoss lists show --help'.\n", "\(stray.stderr)")
        #expect(!(try memoss("lists").stdout.contains("Work")))
        // A flag before the command's name takes no value: `help query` is still the topic.
        let topic = try MemossProcess.run(["--stop-on-error", "help", "query"], environment: environment)
        #expect(topic.status == 0)
        #expect(topic.stdout.hasPrefix("A query selects reminders."))
    }

    @Test func unknownCommandsAndHelpTopicsAreUsageErrorsWithSuggestions() throws {
        let typo = try memoss("lsit")
        #expect(typo.status == 2)
        #expect(typo.stdout == "")
        #expect(typo.stderr == "memoss: Unknown command \"lsit\"; did you mean \"list\"? Type memoss help for the commands.\n")
        let help = try memoss("help", "nonexistent")
        #expect(help.status == 2)
        #expect(help.stderr == "memoss: Unknown command \"nonexistent\"; type memoss help for the commands.\n")
        #expect(try memoss("help", "done").status == 0)
        let version = try memoss("--version")
        #expect(version.status == 0)
        #expect(version.stdout == "memoss \(MemossVersion.current)\n")
    }

    @Test func anUnknownTagIsRefusedWithTheClosestNamesAndNewTagCreatesIt() throws {
        let refused = try memoss("add", "Report", "--date", "2027-03-02", "--tag", "Wrok")
        #expect(refused.status == 1)
        #expect(refused.stderr == "memoss: No tag named \"Wrok\"; did you mean \"Work\"? Use --new-tag Wrok to create it.\n")
        #expect(try titles().isEmpty)
        #expect(!(try memoss("tags").stdout.contains("Wrok")))

        #expect(try memoss("add", "Report", "--date", "2027-03-02", "--new-tag", "Wrok").status == 0)
        #expect(try memoss("tags").stdout.contains("#Wrok"))
    }

    @Test func aNewTagIsNotCreatedForAReminderThatIsRefused() throws {
        let refused = try memoss("add", "Late", "--date", "2020-01-01", "--new-tag", "Never made")
        #expect(refused.status == 1)
        #expect(refused.stderr == "memoss: date: Must be in the future.\n")
        #expect(!(try memoss("tags").stdout.contains("Never made")))
    }

    @Test func editChangesOnlyTheNamedFields() throws {
        _ = try memoss("tag", "add", "Yard")
        _ = try memoss("add", "Mow", "--date", "2027-05-02", "--time", "10:00", "--new-tag", "Home", "--notes", "front")
        let edited = try memoss("edit", "1", "--title", "Mow the lawn", "--tag", "+Yard", "--tag", "-Home")
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout == "Saved \"Mow the lawn\", due Sun 2 May 2027 10:00.\n")
        let json = try JSONSerialization.jsonObject(with: try memoss("list", "--json").stdoutData) as? [String: Any]
        let reminder = try #require((json?["todo"] as? [[String: Any]])?.first)
        #expect(reminder["notes"] as? String == "front")
        #expect(reminder["tags"] as? [String] == ["Yard"])
        let unknown = try memoss("edit", "1", "--tag", "-Yrad")
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "memoss: No tag named \"Yrad\"; did you mean \"Yard\"? `tags` lists them.\n")
        let past = try memoss("edit", "1", "--date", "2020-01-01")
        #expect(past.status == 1)
        #expect(past.stderr == "memoss: date: Must be in the future.\n")
    }

    @Test func aScriptCanStopAtTheFirstRefusal() throws {
        let result = try MemossProcess.run(["--db", store, "--stop-on-error"], environment: environment,
                                           lines: ["add Fine --date 2027-03-02", "done 5", "add Never --date 2027-03-03"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("memoss: line 2: There is no reminder 5"))
        #expect(try titles() == ["Fine"])
    }
}
