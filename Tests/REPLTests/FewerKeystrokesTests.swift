import Foundation
import Shared
import Testing
import TestSupport

/// Doing things in fewer keystrokes, end to end: `add` says the new reminder's number and keeps
/// it, notifications are answered by number, `done` and `rm` take a query, `watch --exec` takes one.
struct FewerKeystrokesTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }
    private var environment: [String: String] { ["HOME": temporary.url.path, "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-keys")
    }

    @discardableResult
    private func memoss(_ arguments: String..., lines: [String]? = nil, clock: Date = testNow) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + arguments, environment: environment.merging([SetClock.variable: memossClock(clock)]) { $1 },
                              lines: lines)
    }

    /// Fields typed among the words, as in Taskwarrior: from the shell, at the prompt, and on `edit`.
    @Test func fieldsTypedAmongTheWordsAreRead() throws {
        #expect(try memoss("add", "Call", "the", "dentist", "due:fri", "at:10:30", "+Health", "pri:high").stdout
            == "Added 1. \"Call the dentist\", due Fri 27 Nov 10:30, high priority.\n")
        #expect(try memoss("add", "Pay rent", "due:2026-12-01", "repeat:monthly", "alarm:-1d", "list:Reminders").stdout
            == "Added 2. \"Pay rent\", due Tue 1 Dec 09:00, repeating Monthly on the 1st, alarm -1d.\n")
        let prompt = try memoss(lines: ["add Buy milk due:tomorrow +Shopping", "edit 1 due:mon at:9 -Health +Personal pri:low", "list"])
        #expect(prompt.stdout.contains("Added 3. \"Buy milk\", due Tomorrow 09:00.\n"), "\(prompt.stdout)")
        #expect(prompt.stdout.contains("  1. [ ] Buy milk  Tomorrow 09:00  #Shopping\n"), "\(prompt.stdout)")
        #expect(prompt.stdout.contains("  2. [ ] ! Call the dentist  Mon 23 Nov 09:00  #Personal\n"), "\(prompt.stdout)")
        // `+Shopping` in a query is tag:Shopping.
        let shopping = try memoss("list", "+Shopping").stdout
        #expect(shopping.contains("Buy milk") && !shopping.contains("dentist"))
        // A title quoted as one word keeps such words; fields alone, twice, or a word edit cannot take are refused.
        #expect(try memoss("add", "Email about due:dates").stdout.contains(" \"Email about due:dates\", due Tomorrow 09:00."))
        let alone = try memoss("add", "due:fri", "+Health")
        #expect(alone.status == 2)
        #expect(alone.stderr == "memoss: A reminder needs a title besides its fields, as in: add Call the dentist due:fri +Health.\n")
        #expect(try memoss("add", "X", "due:fri", "--date", "mon").stderr == "memoss: due: and --date both give the date; give one of them.\n")
        let word = try memoss("edit", "1", "banana")
        #expect(word.status == 2)
        #expect(word.stderr.hasPrefix("memoss: \"banana\" is not a field; edit takes fields as words (due:mon, at:10, +Work, pri:high)"))
        #expect(try memoss("list").stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  ") && $0.contains("[ ]") }.count == 4)
    }

    /// A field typed among the words that cannot be read is refused naming what was typed.
    @Test func aFieldWordThatCannotBeReadIsRefusedByItsKey() throws {
        // A day the calendar does not have is refused (1), as with --date; a value of no form, a usage error (2).
        for (word, status, message) in [("pri:urgent", 2, "pri: Give none, low, medium or high (or !, !! or !!!)."),
                                        ("date:2026-02-30", 1, "date: 2026-02-30 does not exist: February 2026 has 28 days."),
                                        ("at:25:00", 2, "at: Enter a time as HH:mm (24-hour), 17, 9am, 9:30 pm, noon or midnight.")] {
            let refused = try memoss("add", "Call", word)
            #expect(refused.status == Int32(status), "\(word)")
            #expect(refused.stderr == "memoss: \(message)\n")
        }
        #expect(try memoss("add", "Call", "--priority", "urgent").stderr == "memoss: --priority: Give none, low, medium or high (or !, !! or !!!).\n")
    }

    /// A new day that moves a weekly reminder's day is said, as `add` says a repeat.
    @Test func anEditThatChangesTheRepeatSaysSo() throws {
        #expect(try memoss("add", "Call mum", "due:fri", "repeat:weekly").stdout
            == "Added 1. \"Call mum\", due Fri 27 Nov 09:00, repeating Weekly on Friday.\n")
        #expect(try memoss("edit", "1", "due:sun").stdout == "Saved \"Call mum\", due Tomorrow 09:00, now repeating Weekly on Sunday.\n")
        #expect(try memoss("edit", "1", "at:10").stdout == "Saved \"Call mum\", due Tomorrow 10:00.\n")
        #expect(try memoss("edit", "1", "--until", "2027-01-31").stdout
            == "Saved \"Call mum\", due Tomorrow 10:00, repeating Weekly on Sunday until 2027-01-31.\n")
        #expect(try memoss("edit", "1", "--until", "none").stdout == "Saved \"Call mum\", due Tomorrow 10:00, repeating Weekly on Sunday with no end.\n")
        #expect(try memoss("edit", "1", "--repeat", "never").stdout == "Saved \"Call mum\", due Tomorrow 10:00, no longer repeating.\n")
    }

    @Test func addSaysTheNewNumberAndTheNextCommandTakesIt() throws {
        try memoss("add", "Pay rent", "--date", "2026-12-01")
        try memoss("add", "Call mum", "--date", "2026-11-22")
        #expect(try memoss("list").stdout.hasPrefix("To Do\n  1. [ ] Call mum  Tomorrow 09:00\n  2. [ ] Pay rent  Tue 1 Dec 09:00\n"))
        // The listing is kept: a reminder added now is number 3, and `edit 3` edits it, not what sorts third.
        let added = try memoss("add", "Book the dentist", "--date", "2026-11-23")
        #expect(added.stdout == "Added 3. \"Book the dentist\", due Mon 23 Nov 09:00.\n")
        #expect(try memoss("edit", "3", "--time", "10:30").stdout == "Saved \"Book the dentist\", due Mon 23 Nov 10:30.\n")
        #expect(try memoss("done", "1").stdout == "Completed \"Call mum\".\n")
        // At the prompt too, and the number stays until the next list.
        let prompt = try memoss(lines: ["add Renew passport --date 2026-12-05", "show 4"])
        #expect(prompt.stdout.contains("Added 4. \"Renew passport\", due Sat 5 Dec 09:00.\n"))
        #expect(prompt.stdout.contains("memoss> show 4\nRenew passport\n"))
    }

    @Test func notificationsAreNumberedAndAnsweredByNumber() throws {
        try memoss("add", "Stretch", "--date", "today", "--time", "15:05")
        try memoss("add", "Tea", "--date", "today", "--time", "15:10")
        try memoss("add", "Call mum", "--date", "today", "--time", "16:00")
        // Twenty minutes on, two have fallen due.
        let later = testNow.addingTimeInterval(20 * 60)
        let due = try memoss("due", clock: later)
        #expect(due.stdout.hasPrefix("Reminder: Stretch  Today 15:05  (late)\n"))
        #expect(due.stdout.contains("(memoss complete-notification 1, memoss snooze 1 [LENGTH], memoss dismiss 1)"))
        #expect(due.stdout.contains("(memoss complete-notification 2, memoss snooze 2 [LENGTH], memoss dismiss 2)"))
        let listed = try memoss("notifications", clock: later)
        let rows = listed.stdout.split(separator: "\n").map { $0.components(separatedBy: "  id ").first ?? "" }
        #expect(rows == ["Delivered, waiting for an answer:", "  1. Today 15:05  Stretch  (late)", "  2. Today 15:10  Tea  (late)",
                         "1 of 64 pending: 1 of 14 one-time, 0 of 50 repeating, 0 snoozed.", "  3. Today 16:00  Call mum"])
        #expect(try memoss("snooze", "2", "10", clock: later).stdout == "Snoozed \"Tea\" until Today 15:30.\n")
        #expect(try memoss("complete-notification", "1", clock: later).stdout == "Completed \"Stretch\".\n")
        // The numbers stay those of the last listing: 1 was answered, 3 is still "Call mum".
        let gone = try memoss("snooze", "1", clock: later)
        #expect(gone.status == 1)
        #expect(gone.stderr == "memoss: Notification 1 was answered or went since it was numbered; `notifications` numbers them again.\n")
        #expect(try memoss("snooze", "3", clock: later).stdout == "Snoozed \"Call mum\" until Today 16:15.\n")
        let beyond = try memoss("snooze", "7", clock: later)
        #expect(beyond.status == 1)
        #expect(beyond.stderr == "memoss: There is no notification 7; `notifications` numbers 1 to 3.\n")
    }

    /// At the prompt, a notification's hint names the commands as the prompt takes them.
    @Test func thePromptsHintsNameItsOwnCommands() throws {
        try memoss("add", "Stretch", "--date", "today", "--time", "15:05")
        let prompt = try memoss(lines: ["due"], clock: testNow.addingTimeInterval(20 * 60))
        #expect(prompt.stdout.contains("Reminder: Stretch  Today 15:05  (late)\n"))
        #expect(prompt.stdout.contains("(complete-notification 1, snooze 1 [LENGTH], dismiss 1)\n"))
        #expect(!prompt.stdout.contains("memoss dismiss"))
        // So do the sync's errors, typed there too.
        let sync = try memoss(lines: ["sync", "sync remove Home", "sync publish Home Reminders"])
        #expect(sync.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("memoss: line") } == [
            "memoss: line 1: No sync account yet; add one with `sync add NAME URL --user USER`.",
            "memoss: line 2: There is no sync account named Home; `sync status` lists them.",
            "memoss: line 3: There is no sync account named Home; `sync status` lists them.",
        ])
    }

    @Test func doneAndRmOnAQueryShowWhatItSelectsAndAskFirst() throws {
        try memoss("add", "Buy milk", "--date", "2026-11-22", "--new-tag", "Shopping")
        try memoss("add", "Buy bread", "--date", "2026-11-23", "--tag", "Shopping")
        try memoss("add", "Pay rent", "--date", "2026-11-24")
        let declined = try memoss("done", "tag:Shopping", lines: ["n"])
        #expect(declined.stdout == """
            2 reminders match tag:Shopping:
              "Buy milk" (due Tomorrow 09:00)
              "Buy bread" (due Mon 23 Nov 09:00)
            Complete these 2? `undo` takes it back. [y/N] n
            Nothing changed.

            """)
        let done = try memoss("done", "tag:Shopping", lines: ["y"])
        #expect(done.stdout.hasSuffix("[y/N] y\nCompleted \"Buy milk\".\nCompleted \"Buy bread\".\n"))
        // done takes open ones only; rm takes what the query selects, done or not.
        let none = try memoss("done", "buy", "--yes")
        #expect(none.stderr == "memoss: No open reminder matches buy; nothing changed.\n")
        #expect(none.status == 1 && none.stdout == "")
        let removed = try memoss("rm", "done", "--yes")
        #expect(removed.stdout == """
            2 reminders match done:
              "Buy bread" (due Mon 23 Nov 09:00)
              "Buy milk" (due Tomorrow 09:00)
            Deleted "Buy bread".
            Deleted "Buy milk".

            """)
        #expect(try memoss("undo").stdout == "Undid: Deleted \"Buy bread\" and \"Buy milk\".\n")
        // Numbers still are numbers; numbers and a query together are refused.
        let mixed = try memoss("rm", "1", "tag:Shopping")
        #expect(mixed.status == 2)
        #expect(mixed.stderr == "memoss: Give numbers or ids (rm 1 3 5-7), or a query (rm overdue tag:Work), not both; "
            + "text:WORD looks for a word that reads as a number or an id.\n")
    }

    @Test func watchRunsExecOnlyForTheRemindersItsQuerySelects() throws {
        try memoss("add", "Stretch", "--date", "today", "--time", "15:05", "--new-tag", "Health")
        try memoss("add", "Tea", "--date", "today", "--time", "15:10")
        let log = temporary.path("exec.log")
        let later = memossClock(testNow.addingTimeInterval(20 * 60))
        let watch = try MemossProcess.start(["--db", store, "watch", "--exec", "echo \"$MEMOSS_TITLE\" >> '\(log)'", "tag:Health"],
                                            environment: environment.merging([SetClock.variable: later]) { $1 })
        // Both fall due as it starts; it says so for each, and runs the command for one.
        #expect(holds(within: 30) {
            (try? String(contentsOfFile: log, encoding: .utf8)) != nil
                && watch.outputSoFar.contains("Reminder: Stretch") && watch.outputSoFar.contains("Reminder: Tea")
        })
        watch.send(SIGINT)
        let output = try watch.wait(limit: 10).stdout
        #expect(output.contains("Reminder: Stretch") && output.contains("Reminder: Tea"))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "Stretch\n")

        let refused = try memoss("watch", "tag:Health")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("A query chooses the notifications --exec runs for; give --exec CMD too."))
    }
}
