import Foundation
import Shared
import Testing
import TestSupport

/// The REPL driven by a script of lines on standard input, as the README says a person can use it:
/// what it prints, and what it stored (read back with `list --json`).
struct PromptFlowTests {
    private let temporary: TemporaryFolder
    private var home: URL { temporary.url }
    private var store: String { home.appendingPathComponent("store.sqlite").path }
    private var environment: [String: String] { ["HOME": home.path, "TZ": "America/New_York", "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-flow")
    }

    private func prompt(_ lines: String...) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store], environment: environment, lines: lines)
    }

    private func memoss(_ arguments: String...) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + arguments, environment: environment)
    }

    /// The stored reminders, To Do then Completed, as `list --json` gives them.
    private func stored() throws -> (todo: [[String: Any]], completed: [[String: Any]]) {
        let json = try JSONSerialization.jsonObject(with: try memoss("list", "--json").stdoutData) as? [String: Any]
        return (json?["todo"] as? [[String: Any]] ?? [], json?["completed"] as? [[String: Any]] ?? [])
    }

    @Test func addFlowRefusesAnEmptyTitleAndAPastDateThenSaves() throws {
        let result = try prompt("add", "", "Renew passport", "Bring photos", "2020-01-01", "", "2027-03-02", "9:30am",
                                "", "", "", "", "y", "quit")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.contains("Title: \nTitle is required\nTitle: Renew passport\n"))
        #expect(result.stdout.contains("Time [09:00]: \nMust be in the future: 2020-01-01 09:00\nDate [2020-01-01]: 2027-03-02\n"))
        #expect(result.stdout.contains("Added 1. \"Renew passport\", due Tue 2 Mar 2027 09:30."))

        let reminder = try #require(try stored().todo.first)
        #expect(reminder["title"] as? String == "Renew passport")
        #expect(reminder["notes"] as? String == "Bring photos")
        #expect(reminder["scheduledAt"] as? String == "2027-03-02T09:30:00-05:00")
    }

    @Test func addFlowSaysAMissingDayAndWhereATimeInAGapGoes() throws {
        let result = try prompt("add", "Gap", "", "2100-02-29", "2027-03-14", "02:30", "", "", "", "", "y", "quit")
        #expect(result.stdout.contains("]: 2100-02-29\n2100-02-29 does not exist: February 2100 has 28 days.\nDate ["))
        #expect(result.stdout.contains("  Sun 14 Mar 2027 03:30\n  02:30 does not exist on Sun 14 Mar 2027 in America/New_York; due at 03:30.\n"))
        #expect(result.stdout.contains("Added 1. \"Gap\", due Sun 14 Mar 2027 03:30. 02:30 does not exist"))
        #expect(try stored().todo.first?["scheduledAt"] as? String == "2027-03-14T03:30:00-04:00")
    }

    @Test func addFlowWalksACustomRepeatAndItsEnd() throws {
        // 1 March 2027 is a Monday, the month's first; a day and a time in one answer.
        let result = try prompt("add", "Swim", "", "2027-03-01 7am", "", "9", "2 weeks", "tue,thu", "10 times", "", "", "", "y", "quit")
        #expect(result.stdout.contains("Repeat: 1 Never  2 Daily  3 Every weekday  4 Weekly on Monday  5 Every 2 weeks on Monday  "
            + "6 Monthly on the 1st  7 Monthly on the 1st Monday  8 Yearly on 1 March  9 Custom…\n"))
        #expect(result.stdout.contains("Repeat: Every 2 weeks on Tuesday and Thursday\n"))
        #expect(result.stdout.contains("Added 1. \"Swim\", due Tue 2 Mar 2027 07:00, repeating Every 2 weeks on Tuesday and Thursday, 10 times."))
        let rule = try #require(try stored().todo.first?["recurrence"] as? [String: Any])
        #expect(rule["times"] as? Int == 10 && rule["weekdays"] as? [Int] == [3, 5] && rule["interval"] as? Int == 2)
    }

    @Test func addFlowTakesARepeatPhraseAndRefusesAnUnreadableOne() throws {
        let result = try prompt("add", "Review", "", "2027-03-26", "", "every fortnight", "monthly on the last fri", "never", "", "", "", "y", "quit")
        #expect(result.stdout.contains("\"fortnight\" is not a unit or a weekday; write never"))
        #expect(result.stdout.contains("repeating Monthly on the last Friday."))
    }

    @Test func addFlowCreatesATagInlineAndChoosesIt() throws {
        let result = try prompt("add", "Compost", "", "2027-05-01", "", "", "+Garden 6", "Garden, Home", "+Home", "", "", "", "y", "quit")
        #expect(result.stdout.contains("New tag: #Garden"))
        #expect(result.stdout.contains("Chose #Garden, a new tag made when the reminder is saved."))
        #expect(result.stdout.contains("No tag named \"Home\". Type +Home to create it."))
        #expect(try stored().todo.first?["tags"] as? [String] == ["Garden", "Home"])
        let tags = try JSONSerialization.jsonObject(with: try memoss("tags", "--json").stdoutData) as? [[String: Any]]
        #expect(tags?.first { $0["name"] as? String == "Garden" }?["color"] as? String == "#14B8A6")
    }

    @Test func addFlowChoosesAndMakesTagsInOneLine() throws {
        let result = try prompt("add", "Pharmacy", "", "2027-05-01", "", "", "Health +Errands +Word games 3", "", "", "y", "quit")
        #expect(result.stdout.contains("Chose #Errands, a new tag made when the reminder is saved."), "\(result.stdout)")
        #expect(result.stdout.contains("Chose #Word games, a new tag made when the reminder is saved."), "\(result.stdout)")
        #expect(result.stdout.contains("Added 1. \"Pharmacy\""), "\(result.stdout)")
        #expect(try stored().todo.first?["tags"] as? [String] == ["Errands", "Health", "Word games"])
        let tags = try JSONSerialization.jsonObject(with: try memoss("tags", "--json").stdoutData) as? [[String: Any]]
        #expect(tags?.first { $0["name"] as? String == "Word games" }?["color"] as? String == TagRules.palette[2])
    }

    /// A tag made at the prompt is stored with the reminder: an add discarded leaves no tag
    /// behind, and nothing for `undo`.
    @Test func aTagMadeInAnAddThatIsDiscardedIsNotStored() throws {
        let result = try prompt("add", "Tidy", "", "none", "+Zzz", "", "", "n", "y", "tags", "undo --list", "quit")
        #expect(result.stdout.contains("Chose #Zzz, a new tag made when the reminder is saved."), "\(result.stdout)")
        #expect(result.stdout.contains("Discard Changes?"), "\(result.stdout)")
        let tags = try JSONSerialization.jsonObject(with: try memoss("tags", "--json").stdoutData) as? [[String: Any]]
        #expect(tags?.contains { $0["name"] as? String == "Zzz" } == false)
        #expect(!result.stdout.contains("Created tag"), "\(result.stdout)")
    }

    @Test func editCancelledChangesNothingAndEditSavedChangesIt() throws {
        _ = try memoss("add", "Dentist", "--date", "2027-03-02", "--time", "10:00")
        let before = try stored().todo

        let cancelled = try prompt("list", "edit 1", "Orthodontist", "", "", "", "", "", "", "", "n", "y", "quit")
        #expect(cancelled.stdout.contains("Save? [Y/n/e/d] n\nDiscard Changes? Your changes to this reminder will be lost. [y/N] y"))
        #expect(try stored().todo.map { $0["title"] as? String } == before.map { $0["title"] as? String })

        let saved = try prompt("list", "edit 1", "Orthodontist", "", "", "11:15", "monthly", "2027-06-30", "", "", "", "y", "quit")
        #expect(saved.stdout.contains("Saved \"Orthodontist\", due Tue 2 Mar 2027 11:15, now repeating Monthly on the 2nd until 2027-06-30."))
        let reminder = try #require(try stored().todo.first)
        #expect(reminder["title"] as? String == "Orthodontist")
        #expect(reminder["scheduledAt"] as? String == "2027-03-02T11:15:00-05:00")
        #expect((reminder["recurrence"] as? [String: Any])?["label"] as? String == "Monthly on the 2nd")
        #expect(reminder["endDate"] as? String == "2027-06-30")
    }

    /// A repeating reminder given no date at the prompt (which then skips the repeat step): its
    /// repeat stops only once the user says so; otherwise the date is asked again. It was stuck
    /// before, every save refused with "cannot repeat".
    @Test func aRepeatingReminderMadeUndatedAtThePromptStopsRepeatingWhenTheUserSaysSo() throws {
        _ = try memoss("add", "Standup", "--date", "2027-03-01", "--time", "9:30", "--repeat", "weekdays")
        let result = try prompt("list", "edit 1", "", "", "none", "n", "none", "y", "", "", "y", "quit")
        #expect(result.stdout.contains("Date [2027-03-01]: none\nWithout a date it cannot repeat. Stop repeating (Every weekday)? [y/N] n\n"
            + "Date [2027-03-01]: none\nWithout a date it cannot repeat. Stop repeating (Every weekday)? [y/N] y\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Saved \"Standup\", with no date, no longer repeating."), "\(result.stdout)")
        let reminder = try #require(try stored().todo.first)
        #expect(reminder["scheduledAt"] == nil)
        #expect((reminder["recurrence"] as? [String: Any])?["label"] as? String == "Never")
    }

    /// Every field kept and saved: nothing is written, and `undo` has nothing of it to take back
    /// (as `edit N --title` with the same title says from the shell).
    @Test func editSavedWithNothingChangedWritesNothing() throws {
        // Added the day before: a save that wrote would change when it was last changed.
        _ = try MemossProcess.run(["--db", store, "add", "Dentist", "--date", "2027-03-02", "--time", "10:00"],
                                  environment: environment.merging([SetClock.variable: memossClock(testNow.addingTimeInterval(-86_400))]) { $1 })
        let before = try memoss("list", "--json").stdout
        let kept = try prompt("list", "edit 1", "", "", "", "", "", "", "", "", "y", "undo --list", "quit")
        #expect(kept.stdout.contains("Save? [Y/n/e/d] y\nNothing changed in \"Dentist\".\n"), "\(kept.stdout)")
        #expect(kept.stdout.contains("memoss> undo --list\n  1. Added \"Dentist\"  Yesterday 15:00\n(keeps"), "\(kept.stdout)")
        #expect(try memoss("list", "--json").stdout == before)  // when it was last changed too
    }

    @Test func deleteAnsweredNoKeepsItAndYesRemovesIt() throws {
        _ = try memoss("add", "Old plan", "--date", "2027-03-02")
        let kept = try prompt("list", "delete 1", "n", "quit")
        #expect(kept.stdout.contains("Delete \"Old plan\" (due Tue 2 Mar 2027 09:00)? `undo` brings it back. [y/N] n\nKept \"Old plan\"."))
        #expect(try stored().todo.count == 1)

        let deleted = try prompt("list", "delete 1", "y", "quit")
        #expect(deleted.stdout.contains("Deleted \"Old plan\"."))
        #expect(try stored().todo.isEmpty)
    }

    @Test func rmDeletesWithoutAsking() throws {
        _ = try memoss("add", "Quick one", "--date", "2027-03-02")
        _ = try memoss("add", "Stays", "--date", "2027-03-03")
        let result = try memoss("rm", "1")
        #expect(result.stdout == "Deleted \"Quick one\".\n")
        #expect(try stored().todo.map { $0["title"] as? String } == ["Stays"])
    }

    @Test func doneCompletesAOneTimeReminderAndAdvancesARepeatingOne() throws {
        _ = try memoss("add", "Once", "--date", "2027-03-08")
        _ = try memoss("add", "Weekly", "--date", "2027-03-09", "--repeat", "weekly")
        // The clock runs through the session: Completed lists the later completion, Once, first.
        let running = environment.merging([SetClock.variable: memossClock(running: true)]) { $1 }
        let result = try MemossProcess.run(["--db", store], environment: running,
                                           lines: ["list", "done 2", "done 1", "list", "done 2", "reopen 2", "quit"])
        #expect(result.stdout.contains("Completed \"Weekly\"; next: Tue 16 Mar 2027 09:00."))
        #expect(result.stdout.contains("Completed \"Once\"."))
        #expect(result.stderr == "memoss: line 5: \"Once\" is already done; `reopen` opens it again.\n"
            + "memoss: 1 command was refused; see the lines above.\n")
        #expect(result.stdout.contains("Reopened \"Once\", due Mon 8 Mar 2027 09:00."))
        let (todo, completed) = try stored()
        // 16 March 2027 is after the clocks go forward (14 March): same 09:00, another offset.
        #expect(todo.map { $0["scheduledAt"] as? String } == ["2027-03-08T09:00:00-05:00", "2027-03-16T09:00:00-04:00"])
        // The repeating one's completed time is in Completed, marked as a past occurrence.
        #expect(completed.map { $0["title"] as? String } == ["Weekly"])
        #expect(completed.first?["scheduledAt"] as? String == "2027-03-09T09:00:00-05:00")
        #expect(completed.first?["pastOccurrence"] as? Bool == true)
    }

    @Test func listJSONHasTheDocumentedShape() throws {
        _ = try memoss("add", "Pay rent", "--date", "2027-03-01", "--time", "08:00", "--repeat", "monthly",
                       "--until", "2027-12-31", "--new-tag", "Home", "--notes", "Transfer")
        _ = try memoss("add", "Done thing", "--date", "2027-03-05")
        _ = try memoss("done", "2")
        let (todo, completed) = try stored()
        let reminder = try #require(todo.first)
        #expect(Set(reminder.keys) == ["id", "title", "notes", "scheduledAt", "timeZone", "completed", "status", "recurrence", "endDate", "tags", "priority", "list", "alarms"])
        #expect(reminder["priority"] as? String == "none")
        #expect(reminder["list"] as? String == "Reminders")
        #expect(reminder["status"] as? String == "todo")
        #expect(UUID(uuidString: reminder["id"] as? String ?? "") != nil)
        #expect(reminder["timeZone"] as? String == "America/New_York")
        #expect(reminder["completed"] as? Bool == false)
        let recurrence = reminder["recurrence"] as? [String: Any]
        #expect(recurrence?["rule"] as? String == "monthly")
        #expect(recurrence?["day"] as? Int == 1)
        #expect(recurrence?["weekday"] == nil)
        #expect(recurrence?["label"] as? String == "Monthly on the 1st")
        #expect(reminder["tags"] as? [String] == ["Home"])
        #expect(completed.first?["completed"] as? Bool == true)
        #expect(completed.first?["completedAt"] is String)
    }

    @Test func escapeSequencesInATitleArePrintedVisibly() throws {
        let result = try prompt("add", "Pay\u{1B}[2J rent", "", "2027-03-02", "", "", "", "", "", "y", "list", "quit")
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("1. [ ] Pay\\u{1B}[2J rent  Tue 2 Mar 2027 09:00"))
        #expect(try stored().todo.first?["title"] as? String == "Pay\u{1B}[2J rent")
    }

    @Test func unknownCommandsAndBadReferencesSayWhatToDoAndTheSessionGoesOn() throws {
        let result = try prompt("frobnicate", "lsit", "done 7", "edit abc", "list", "quit")
        #expect(result.status == 1)
        #expect(result.stderr == """
            memoss: line 1: Unknown command "frobnicate"; type help for the commands.
            memoss: line 2: Unknown command "lsit"; did you mean "list"? Type help for the commands.
            memoss: line 3: There is no reminder 7: the list is empty.
            memoss: line 4: "abc" is not a reminder: give its number from `list` or at least 4 characters of its id.
            memoss: 4 commands were refused; see the lines above.

            """)
        #expect(result.stdout.contains("memoss> list\nTo Do\n  Nothing to do."))
    }
}
