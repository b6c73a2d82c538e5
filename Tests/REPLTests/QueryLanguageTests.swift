import Foundation
import Shared
import Testing
import TestSupport

/// The query language end to end: the built `memoss search --json QUERY` on a fixed store
/// (`QueryFixture`, at the tests' clock: Saturday 21 November 2026, 15:00 in New York) must
/// select exactly the reminders each row of the table names, and `list`, `export` and a saved view
/// read the same queries.
struct QueryLanguageTests {
    private let temporary: TemporaryFolder
    private var environment: [String: String] { ["HOME": temporary.url.path, "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-query")
    }

    /// A query's words and the titles of what it selects.
    struct Row: CustomTestStringConvertible, Sendable {
        let query: [String]
        let titles: Set<String>
        var testDescription: String { query.joined(separator: " ") }
    }

    static let table: [Row] = [
        Row(query: ["today"], titles: ["Submit report", "Water the ferns"]),
        Row(query: ["overdue"], titles: ["Renew passport"]),
        Row(query: ["week"], titles: ["Submit report", "Water the ferns", "Café with Ana", "Call the dentist"]),
        Row(query: ["undated"], titles: ["Read 日本語の本"]),
        Row(query: ["done"], titles: ["Buy milk", "Old errand", "Cancelled trip"]),
        Row(query: ["due:today"], titles: ["Submit report", "Water the ferns", "Buy milk"]),
        Row(query: ["due:tomorrow"], titles: ["Café with Ana"]),
        Row(query: ["due:mon"], titles: ["Call the dentist"]),
        Row(query: ["due:2026-12-01"], titles: ["Pay rent"]),
        Row(query: ["due:today..+3d"], titles: ["Submit report", "Water the ferns", "Buy milk", "Café with Ana", "Call the dentist"]),
        Row(query: ["due<+7d"], titles: ["Renew passport", "Submit report", "Water the ferns", "Café with Ana", "Call the dentist",
                                         "Buy milk", "Old errand"]),
        Row(query: ["due.before:+7d", "done:no"], titles: ["Renew passport", "Submit report", "Water the ferns", "Café with Ana",
                                                           "Call the dentist"]),
        Row(query: ["due>=2026-12-01"], titles: ["Pay rent", "Cancelled trip", "Next year's taxes"]),
        Row(query: ["due.after:+1m"], titles: ["Next year's taxes"]),
        Row(query: ["due<now", "done:no"], titles: ["Renew passport"]),
        Row(query: ["due:none"], titles: ["Read 日本語の本"]),
        Row(query: ["due:any", "-done:yes"], titles: ["Call the dentist", "Pay rent", "Submit report", "Renew passport",
                                                      "Water the ferns", "Café with Ana", "Plan 🎉 party", "Next year's taxes"]),
        Row(query: ["tag:Home"], titles: ["Pay rent", "Water the ferns", "Plan 🎉 party"]),
        Row(query: ["tag:home"], titles: ["Pay rent", "Water the ferns", "Plan 🎉 party"]),
        Row(query: ["-tag:Home", "done:no"], titles: ["Call the dentist", "Submit report", "Renew passport", "Read 日本語の本",
                                                      "Café with Ana", "Next year's taxes"]),
        Row(query: ["tag:Work", "due<+7d"], titles: ["Submit report"]),
        Row(query: ["done:yes"], titles: ["Buy milk", "Old errand", "Cancelled trip"]),
        Row(query: ["status:in-progress"], titles: ["Plan 🎉 party"]),
        Row(query: ["status:cancelled"], titles: ["Cancelled trip"]),
        Row(query: ["status:todo,done", "tag:Shopping"], titles: ["Buy milk"]),
        Row(query: ["dentist"], titles: ["Call the dentist"]),
        Row(query: ["DENT"], titles: ["Call the dentist"]),
        Row(query: ["cafe"], titles: ["Café with Ana"]),
        Row(query: ["CAFÉ"], titles: ["Café with Ana"]),
        Row(query: ["crown"], titles: ["Call the dentist"]),
        Row(query: ["sante"], titles: ["Call the dentist"]),
        Row(query: ["日本語"], titles: ["Read 日本語の本"]),
        Row(query: ["の本"], titles: ["Read 日本語の本"]),
        Row(query: ["🎉"], titles: ["Plan 🎉 party"]),
        Row(query: ["the", "-dentist"], titles: ["Water the ferns"]),
        Row(query: ["call the"], titles: ["Call the dentist"]),
        Row(query: ["the call"], titles: []),
        Row(query: ["year's"], titles: ["Next year's taxes"]),
        Row(query: ["text:done"], titles: []),
        Row(query: ["pay", "rent"], titles: ["Pay rent"]),
        Row(query: ["pay", "ferns"], titles: []),
        Row(query: ["home", "-tag:Home"], titles: []),
        Row(query: ["zzz"], titles: []),
        Row(query: ["list:Errands"], titles: ["Renew passport", "Buy milk"]),
        Row(query: ["list:errands", "done:no"], titles: ["Renew passport"]),
        Row(query: ["-list:Errands", "due<+1d", "done:no"], titles: ["Submit report", "Water the ferns"]),
        Row(query: ["list:Reminders", "tag:Work"], titles: ["Submit report", "Next year's taxes"]),
        Row(query: ["errand"], titles: ["Renew passport", "Buy milk", "Old errand"]),
        Row(query: ["pri:high"], titles: ["Submit report"]),
        Row(query: ["pri:high,medium"], titles: ["Submit report", "Pay rent"]),
        Row(query: ["priority:!!"], titles: ["Pay rent"]),
        Row(query: ["-pri:none", "tag:Home"], titles: ["Pay rent"]),
        // A value in quotes, as one shell word gives it: the quotes are not part of the name.
        Row(query: ["tag:\"Home\""], titles: ["Pay rent", "Water the ferns", "Plan 🎉 party"]),
        Row(query: ["list:'Errands'"], titles: ["Renew passport", "Buy milk"]),
        Row(query: ["due>=\"2026-12-01\""], titles: ["Pay rent", "Cancelled trip", "Next year's taxes"]),
    ]

    @Test(arguments: table)
    func aQuerySelectsExactlyTheRemindersItsRowNames(_ row: Row) async throws {
        let (store, ids) = try await fixture()
        let result = try MemossProcess.run(["--db", store, "search", "--json"] + row.query, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let found = try Self.titles(inJSON: result.stdout)
        #expect(try Self.ids(inJSON: result.stdout) == Set(row.titles.compactMap { ids[$0] }), "found: \(found.sorted())")
    }

    @Test func listTakesTheSameQueryAndNumbersWhatItShowsForTheNextCommand() async throws {
        let (store, _) = try await fixture()
        let listed = try MemossProcess.run(["--db", store, "list", "today"], environment: environment)
        #expect(listed.stdout == """
            To Do · today
              1. [ ] !!! Submit report  Today 17:00  #Work
              2. [ ] Water the ferns  Today 18:00  ↻ Daily  #Home

            """)
        let done = try MemossProcess.run(["--db", store, "done", "2"], environment: environment)
        #expect(done.stdout == "Completed \"Water the ferns\"; next: Tomorrow 18:00.\n")
        let tagged = try MemossProcess.run(["--db", store, "list", "tag:Home", "due<+7d"], environment: environment)
        #expect(tagged.stdout == """
            To Do · tag:Home due<+7d
              1. [ ] Water the ferns  Tomorrow 18:00  ↻ Daily  #Home
            Completed · tag:Home due<+7d
              2. [x] Water the ferns  Today 18:00  ↻ Daily  #Home

            """)
        let nothing = try MemossProcess.run(["--db", store, "list", "zzz"], environment: environment)
        #expect(nothing.stdout == "  Nothing matches.\n")
    }

    @Test func exportWritesWhatTheQuerySelects() async throws {
        let (store, ids) = try await fixture()
        let result = try MemossProcess.run(["--db", store, "export", "--format", "csv", "tag:Home", "-done:yes"], environment: environment)
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\r\n").dropFirst().map { String($0.prefix(36)) }
        #expect(Set(rows) == Set(["Pay rent", "Water the ferns", "Plan 🎉 party"].compactMap { ids[$0]?.uuidString }))
    }

    @Test func aSavedViewIsListedByNameAndReadAgainEachTime() async throws {
        let (store, ids) = try await fixture()
        let saved = try MemossProcess.run(["--db", store, "view", "save", "soon", "due<+3d", "-tag:Home"], environment: environment)
        #expect(saved.stdout == "Saved the view soon: due<+3d -tag:Home. `list soon` lists it.\n")
        let found = try MemossProcess.run(["--db", store, "search", "--json", "soon"], environment: environment)
        #expect(try Self.ids(inJSON: found.stdout) == Set(["Renew passport", "Submit report", "Café with Ana", "Call the dentist",
                                                           "Buy milk", "Old errand"].compactMap { ids[$0] }))
        // A day later, the same view is the next three days from then.
        var later = environment
        later[SetClock.variable] = memossClock(testNow.addingTimeInterval(86_400))
        let tomorrow = try MemossProcess.run(["--db", store, "search", "--json", "soon", "done:no"], environment: later)
        #expect(try Self.ids(inJSON: tomorrow.stdout) == Set(["Renew passport", "Submit report", "Café with Ana", "Call the dentist"]
            .compactMap { ids[$0] }))
        let views = try MemossProcess.run(["--db", store, "view", "list"], environment: environment)
        #expect(views.stdout.hasPrefix("  soon     due<+3d -tag:Home\nBuilt in:\n  today    due:today done:no\n"))
        let removed = try MemossProcess.run(["--db", store, "view", "rm", "soon"], environment: environment)
        #expect(removed.stdout == "Removed the view soon; `undo` brings it back.\n")
        let undone = try MemossProcess.run(["--db", store, "undo"], environment: environment)
        #expect(undone.stdout == "Undid: Removed the view \"soon\".\n")
        #expect(try MemossProcess.run(["--db", store, "list", "soon"], environment: environment).stdout.hasPrefix("To Do · soon\n"))
    }

    /// A saved view whose tag was renamed since says which view names it, and how to mend it.
    @Test func aViewNamingATagNoMoreIsRefusedNamingTheView() async throws {
        let (store, _) = try await fixture()
        #expect(try MemossProcess.run(["--db", store, "view", "save", "w", "tag:Home"], environment: environment).status == 0)
        #expect(try MemossProcess.run(["--db", store, "tag", "rename", "Home", "House"], environment: environment).status == 0)
        let listed = try MemossProcess.run(["--db", store, "list", "w"], environment: environment)
        #expect(listed.status == 1)
        #expect(listed.stderr.hasPrefix("memoss: The view \"w\": No tag named \"Home\""), "\(listed.stderr)")
        #expect(listed.stderr.hasSuffix("`view save w …` saves it again.\n"), "\(listed.stderr)")
        // Typed, the same name is refused as it was; a view without the tag is refused as well (rm
        // on it selected everything, the Home reminders too).
        #expect(try MemossProcess.run(["--db", store, "list", "tag:Home"], environment: environment).stderr.hasPrefix("memoss: No tag named \"Home\""))
        #expect(try MemossProcess.run(["--db", store, "view", "save", "nohome", "-tag:House"], environment: environment).status == 0)
        #expect(try MemossProcess.run(["--db", store, "tag", "rename", "House", "Home2"], environment: environment).status == 0)
        let removed = try MemossProcess.run(["--db", store, "rm", "nohome", "--yes"], environment: environment)
        #expect(removed.status == 1)
        #expect(removed.stderr.hasPrefix("memoss: The view \"nohome\": No tag named \"House\""), "\(removed.stderr)")
        #expect(removed.stdout == "")
    }

    /// A filter quoted as one shell word is said back as a shell takes it, its quotes not escaped twice.
    @Test func aQuotedFilterIsSaidBackAsTyped() async throws {
        let (store, _) = try await fixture()
        let listed = try MemossProcess.run(["--db", store, "list", "tag:\"Home\"", "due<+7d"], environment: environment)
        #expect(listed.stdout.hasPrefix("To Do · 'tag:\"Home\"' due<+7d\n"), "\(listed.stdout)")
        let phrase = try MemossProcess.run(["--db", store, "search", "call the"], environment: environment)
        #expect(phrase.stdout.hasPrefix("To Do · \"call the\"\n"), "\(phrase.stdout)")
    }

    @Test func aViewCannotTakeABuiltInNameNorNameItself() async throws {
        let (store, _) = try await fixture()
        let builtIn = try MemossProcess.run(["--db", store, "view", "save", "today", "tag:Work"], environment: environment)
        #expect(builtIn.status == 1)
        #expect(builtIn.stderr == "memoss: \"today\" is a built-in view (today, overdue, week, undated, done); give yours another name.\n")
        _ = try MemossProcess.run(["--db", store, "view", "save", "a", "tag:Work"], environment: environment)
        _ = try MemossProcess.run(["--db", store, "view", "save", "b", "a"], environment: environment)
        let cycle = try MemossProcess.run(["--db", store, "view", "save", "a", "b"], environment: environment)
        #expect(cycle.status == 1)
        #expect(cycle.stderr == "memoss: Not saved: the view \"a\" would use itself through the views its query names; "
            + "give it a query that does not name it (`view list` shows what each view says).\n")
        // Saved with no query is how it was typed; a tag no tag has is refused now, not each time it is used.
        let empty = try MemossProcess.run(["--db", store, "view", "save", "c"], environment: environment)
        #expect(empty.status == 2)
        #expect(empty.stderr == "memoss: A view needs a query, e.g. view save work tag:Work due<+7d.\n")
        let unknownTag = try MemossProcess.run(["--db", store, "view", "save", "w", "tag:Hom"], environment: environment)
        #expect(unknownTag.status == 1)
        #expect(unknownTag.stderr == "memoss: No tag named \"Hom\"; did you mean \"Home\"? `tags` lists them.\n")
        #expect(try MemossProcess.run(["--db", store, "list", "w"], environment: environment).stdout.hasPrefix("To Do · w\n"))
        // A view another one uses stays until that one changes or goes (it would then search for
        // the view's name as text); a built-in view cannot go.
        let used = try MemossProcess.run(["--db", store, "view", "rm", "A"], environment: environment)
        #expect(used.status == 1)
        #expect(used.stderr == "memoss: The view \"b\" uses the view \"A\"; change it (view save NAME QUERY) or remove it first.\n")
        let kept = try MemossProcess.run(["--db", store, "view", "list"], environment: environment).stdout.split(separator: "\n")
        #expect(kept.contains { $0.hasPrefix("  a ") && $0.hasSuffix(" tag:Work") } && kept.contains { $0.hasPrefix("  b ") && $0.hasSuffix(" a") })
        #expect(try MemossProcess.run(["--db", store, "view", "rm", "b"], environment: environment).status == 0)
        #expect(try MemossProcess.run(["--db", store, "view", "rm", "a"], environment: environment).status == 0)
        let builtInGone = try MemossProcess.run(["--db", store, "view", "rm", "today"], environment: environment)
        #expect(builtInGone.status == 1)
        #expect(builtInGone.stderr == "memoss: \"today\" is a built-in view; it cannot be removed (`view list` shows the saved views).\n")
    }

    static let refusals: [(query: [String], status: Int32, message: String)] = [
        (["due:soon"], 2, "memoss: due: takes today, tomorrow, yesterday, a weekday (fri), a date (2026-12-01, 5 dec, eom), +7d, -2w, +1m, week, "
            + "overdue, none or any, not \"soon\"; `help query` says more.\n"),
        (["prio:high"], 2, "memoss: There is no filter \"prio:\"; did you mean \"pri:\"? `help query` lists the filters "
            + "(text:WORD looks for a word with a colon).\n"),
        (["tag:Hom"], 1, "memoss: No tag named \"Hom\"; did you mean \"Home\"? `tags` lists them.\n"),
        (["pri:urgent"], 2, "memoss: pri: takes high, medium, low or none (several by commas: pri:high,medium), not \"urgent\"; "
            + "`help query` says more.\n"),
        (["list:Hmoe"], 1, "memoss: No list named \"Hmoe\"; `lists` shows them.\n"),
        // Turned around, a name no tag has is refused too (rm and done take queries), not taken for every reminder.
        (["-tag:Hom"], 1, "memoss: No tag named \"Hom\"; did you mean \"Home\"? `tags` lists them.\n"),
        (["-tag:Someday"], 1, "memoss: No tag named \"Someday\". `tags` lists them.\n"),
        (["-today"], 2, "memoss: A view cannot be turned around (-today); negate its filters one by one, e.g. -due:today.\n"),
        (["due:2026-02-30"], 2, "memoss: due: 2026-02-30 does not exist: February 2026 has 28 days.\n"),
        (["due<2026-02-29"], 2, "memoss: due< 2026-02-29 does not exist: February 2026 has 28 days.\n"),
        (["due:fri..mon"], 2, "memoss: due: takes two days in order (due:today..+7d; fri is Fri 27 Nov, after mon, Mon 23 Nov), "
            + "not \"fri..mon\"; `help query` says more.\n"),
        // A mistyped option is not a word turned around, which would select nearly everything.
        (["-f"], 2, "memoss: Unknown option '-f'; to leave out reminders with a word that starts with \"f\", write -text:f.\n"),
        (["-rf"], 2, "memoss: Unknown option '-rf'; to leave out reminders with a word that starts with \"rf\", write -text:rf.\n"),
    ]

    /// `rm -f --yes` (a habit from the shell's rm) deletes nothing: `-f` is refused as an option.
    @Test func aMistypedOptionOnRmDeletesNothing() async throws {
        let (store, _) = try await fixture()
        let before = try MemossProcess.run(["--db", store, "export", "--format", "csv"], environment: environment)
        // Longer, the words turned around alone are shown and asked about, never acted on unseen,
        // however they are written; a filter turned around is acted on.
        for words in [["-rfv"], ["-rfv", ""], [" -rfv"], ["-text:rfv"]] {
            let longer = try MemossProcess.run(["--db", store, "rm"] + words + ["--yes"], environment: environment)
            #expect(longer.status == 2, "\(words)")
            #expect(longer.stderr.hasSuffix(" only leaves words out, so it selects nearly everything: --yes does not act on it unseen; "
                + "give it without --yes to see what it selects first.\n"), "\(longer.stderr)")
        }
        for command in [["rm", "-f", "--yes"], ["done", "-y", "--yes"]] {
            let refused = try MemossProcess.run(["--db", store] + command, environment: environment)
            #expect(refused.status == 2)
            #expect(refused.stderr == "memoss: Unknown option '\(command[1])'; to leave out reminders with a word that starts with "
                + "\"\(command[1].dropFirst())\", write -text:\(command[1].dropFirst()).\n")
            #expect(refused.stdout == "")
        }
        let after = try MemossProcess.run(["--db", store, "export", "--format", "csv"], environment: environment)
        #expect(before.status == 0 && after.stdout == before.stdout)
        // A filter turned around is acted on.
        let filtered = try MemossProcess.run(["--db", store, "done", "-due<+7d", "--yes"], environment: environment)
        #expect(filtered.status == 0 && filtered.stdout.contains("Completed"), "\(filtered.stderr)")
    }

    /// A filter option given twice is refused, not narrowed to its last value (an export of one tag of two).
    @Test func aFilterOptionGivenTwiceIsRefused() async throws {
        let (store, _) = try await fixture()
        let cases: [([String], String)] = [
            (["export", "--tag", "Work", "--tag", "Home"], "memoss: --tag is given more than once; give it once. See 'memoss export --help'.\n"),
            (["list", "--list", "Errands", "--list=Reminders"], "memoss: --list is given more than once; give it once. See 'memoss list --help'.\n"),
            (["list", "--priority", "high", "--priority", "low"], "memoss: --priority is given more than once; give it once. "
                + "See 'memoss list --help'.\n"),
            (["export", "-o", temporary.path("a.ics"), "-o", temporary.path("b.ics")], "memoss: -o is given more than once; give it once. "
                + "See 'memoss export --help'.\n"),
            (["--db", temporary.path("other.sqlite"), "list"], "memoss: --db is given more than once; give it once. See 'memoss list --help'.\n"),
        ]
        for (words, message) in cases {
            let result = try MemossProcess.run(["--db", store] + words, environment: environment)
            #expect(result.status == 2)
            #expect(result.stderr == message)
            #expect(result.stdout == "")
        }
        // At the prompt too; an option that takes several (add --tag) may be given again.
        let prompt = try MemossProcess.run(["--db", store], environment: environment,
                                           lines: ["list --tag Work --tag Home", "add Tidy up --tag Work --tag Home",
                                                   "list tag:Work tag:Home", "add Explain the flag --notes --date --date tomorrow"])
        #expect(prompt.stderr.contains("--tag is given more than once; give it once."), "\(prompt.stderr)")
        #expect(prompt.stdout.contains("[ ] Tidy up"), "\(prompt.stdout)")
        // An option's value that looks like an option is not the option given again.
        #expect(prompt.stdout.contains("Added") && prompt.stdout.contains("\"Explain the flag\""), "\(prompt.stdout)")
        #expect(prompt.stderr.components(separatedBy: "given more than once").count == 2, "\(prompt.stderr)")
    }

    /// An all-day reminder from another zone is on its own day, as its card and the dashboard
    /// say: Tokyo's Wednesday is today in New York on Wednesday, not overdue before it ends there.
    @Test func anAllDayReminderFromAnotherZoneIsOnItsOwnDay() async throws {
        let store = temporary.url.appendingPathComponent("zones.sqlite").path
        var tokyo = environment
        tokyo["TZ"] = "Asia/Tokyo"
        tokyo[SetClock.variable] = "2026-11-20T09:00:00Z"
        for (title, day) in [("Tokyo bill", "2026-11-23"), ("Tokyo rent", "2026-11-25"), ("Tokyo visa", "2026-11-26")] {
            #expect(try MemossProcess.run(["--db", store, "add", title, "--date", day, "--time", "none"], environment: tokyo).status == 0)
        }
        // Wednesday 25 November, 04:00 in New York (18:00 in Tokyo): Tokyo's Wednesday has not ended.
        var newYork = environment
        newYork["TZ"] = "America/New_York"
        newYork[SetClock.variable] = "2026-11-25T09:00:00Z"
        func titles(_ query: String...) throws -> Set<String> {
            let result = try MemossProcess.run(["--db", store, "search", "--json"] + query, environment: newYork)
            #expect(result.status == 0, "\(result.stderr)")
            return Set(try Self.titles(inJSON: result.stdout))
        }
        #expect(try titles("overdue") == ["Tokyo bill"])
        #expect(try titles("today") == ["Tokyo rent"])
        #expect(try titles("due:tomorrow") == ["Tokyo visa"])
        #expect(try titles("due<today") == ["Tokyo bill"])
        #expect(try titles("due>=today") == ["Tokyo rent", "Tokyo visa"])
        #expect(try titles("due:today..tomorrow") == ["Tokyo rent", "Tokyo visa"])
        let listed = try MemossProcess.run(["--db", store, "list"], environment: newYork)
        #expect(listed.stdout.contains("Tokyo bill") && listed.stdout.contains("Tokyo rent  Today (Tokyo)"), "\(listed.stdout)")
        let done = try MemossProcess.run(["--db", store, "done", "overdue"], environment: newYork, lines: ["n"])
        #expect(done.stdout.contains("Tokyo bill") && !done.stdout.contains("Tokyo rent"), "\(done.stdout)")
        // reset-today offers today's (not tomorrow's) to remove, and history files it under today.
        let reset = try MemossProcess.run(["--db", store, "reset-today"], environment: newYork, lines: ["n"])
        #expect(reset.stdout.hasPrefix("Today's one-time reminders:\n  \"Tokyo rent\" (due Today (Tokyo), all day)\nRemove this reminder?"),
                "\(reset.stdout)")
        let history = try MemossProcess.run(["--db", store, "history"], environment: newYork)
        #expect(history.stdout.hasPrefix("Due on 2026-11-25\n  [ ] all day  Tokyo rent\nCompleted on"), "\(history.stdout)")
    }

    /// A repeating all-day reminder from a zone ahead of yours is in `history` once, on its own
    /// day: its next day (which starts on yours) is not listed too, and a late `done` that passed
    /// over its days lists each on its day.
    @Test func historyListsARepeatingAllDayReminderFromAnotherZoneOnItsDays() async throws {
        let store = temporary.url.appendingPathComponent("days.sqlite").path
        var tokyo = environment
        tokyo["TZ"] = "Asia/Tokyo"
        tokyo[SetClock.variable] = "2026-11-19T09:00:00Z"
        #expect(try MemossProcess.run(["--db", store, "add", "Tokyo stretch", "--date", "2026-11-20", "--time", "none", "--repeat", "daily"],
                                      environment: tokyo).status == 0)
        var newYork = environment
        newYork["TZ"] = "America/New_York"
        newYork[SetClock.variable] = "2026-11-25T09:00:00Z"
        func due(on day: String) throws -> String {
            let lines = try MemossProcess.run(["--db", store, "history", day], environment: newYork).stdout.split(separator: "\n")
            return lines.prefix { !$0.hasPrefix("Completed on") }.dropFirst().joined(separator: "\n")
        }
        #expect(try due(on: "2026-11-24") == "  [ ] all day  Tokyo stretch")
        #expect(try MemossProcess.run(["--db", store, "done", "1"], environment: newYork).status == 0)
        // Done late on Tokyo's 25th: the 20th is done, the 21st to the 24th passed over, each on its own day.
        #expect(try due(on: "2026-11-20") == "  [x] all day  Tokyo stretch")
        #expect(try due(on: "2026-11-21") == "  [ ] all day  Tokyo stretch")
        #expect(try due(on: "2026-11-24") == "  [ ] all day  Tokyo stretch")
        #expect(try due(on: "2026-11-25") == "  [ ] all day  Tokyo stretch")
        // The completion says the day it completed, as its card does, not the hour that day starts here.
        let completed = try MemossProcess.run(["--db", store, "history", "2026-11-25"], environment: newYork).stdout
        #expect(completed.hasSuffix("Completed on 2026-11-25\n  04:00  Tokyo stretch  (due Fri 20 Nov (Tokyo))\n"), "\(completed)")
    }

    @Test(arguments: refusals.indices)
    func aQueryThatCannotBeUsedIsRefusedWithWhatToTypeInstead(_ index: Int) async throws {
        let (query, status, message) = Self.refusals[index]
        let (store, _) = try await fixture()
        for command in ["list", "search", "export"] {
            let result = try MemossProcess.run(["--db", store, command] + query, environment: environment)
            #expect(result.status == status, "\(command)")
            #expect(result.stderr == message, "\(command)")
            #expect(result.stdout == "", "\(command)")
        }
    }

    @Test func helpQueryDocumentsTheLanguageAsDocsQueryDoes() throws {
        let result = try MemossProcess.run(["help", "query"], environment: environment)
        #expect(result.status == 0)
        #expect(result.stdout == QueryLanguage.help + "\n")
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/query.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        #expect(text.contains("```text\n" + QueryLanguage.help + "\n```"), "docs/query.md holds `help query` word for word")
        let prompt = try MemossProcess.run([], environment: environment, lines: ["help query"])
        #expect(prompt.stdout.contains(QueryLanguage.help))
    }

    // MARK: Helpers

    private func fixture() async throws -> (store: String, ids: [String: UUID]) {
        let world = try TestWorld(onDisk: true)
        let ids = try await QueryFixture.make(in: world)
        let store = temporary.url.appendingPathComponent("query.sqlite").path
        try FileManager.default.copyItem(atPath: try #require(world.storePath), toPath: store)
        return (store, ids)
    }

    /// The ids of every reminder in a `list --json` document (a completed time of a repeating
    /// reminder counts as its reminder).
    static func ids(inJSON text: String) throws -> Set<UUID> {
        Set(try entries(text).compactMap { ($0["id"] as? String).flatMap(UUID.init(uuidString:)) })
    }

    static func titles(inJSON text: String) throws -> [String] {
        try entries(text).compactMap { $0["title"] as? String }
    }

    private static func entries(_ text: String) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return ((object["todo"] as? [[String: Any]]) ?? []) + ((object["completed"] as? [[String: Any]]) ?? [])
    }
}
