import Foundation
import Testing
import TestSupport

/// `memoss tui` in a real terminal (tmux), on a store in a temporary folder, on a set clock
/// (Saturday 21 November 2026, 15:00 in New York), its screen read back as text.
@Suite(.serialized)
struct FullScreenTests {
    /// Saturday 15:00 in New York.
    static let saturday = "2026-11-21T20:00:00Z"

    /// A store with one overdue reminder, two due later today, three upcoming (one repeating).
    final class Store {
        let folder: TemporaryFolder
        let path: String

        init(empty: Bool = false) throws {
            folder = try TemporaryFolder("memoss-tui")
            path = folder.path("memoss.sqlite")
            guard !empty else { return }
            try memoss(["add", "Gym", "--date", "2026-11-21", "--time", "10:00"], clock: "2026-11-20T13:00:00Z")
            try memoss(["add", "Call mum", "--date", "2026-11-21", "--time", "18:30", "--tag", "Personal"])
            try memoss(["add", "Pay rent", "--date", "2026-11-21", "--time", "20:00", "--tag", "Work"])
            try memoss(["add", "Stretch", "--date", "2026-11-22", "--time", "08:00", "--repeat", "daily"])
            try memoss(["add", "Dentist", "--date", "2026-11-23", "--time", "09:00", "--tag", "Health"])
            try memoss(["add", "Renew passport", "--date", "2027-01-05", "--time", "10:00", "--tag", "Work", "--tag", "Personal"])
            // Gym's notification fell due at 10:00: delivered before the screen opens.
            try memoss(["due"])
        }

        /// What every program run here is given: this store, the zone, the clock, a UTF-8 locale.
        func environment(clock: String = FullScreenTests.saturday) -> [String: String] {
            ["MEMOSS_DB": path, "TZ": "America/New_York", "MEMOSS_CLOCK": clock, "LANG": "C.UTF-8",
             "HOME": folder.url.path, "XDG_STATE_HOME": folder.path("state"), "PATH": "/usr/bin:/bin"]
        }

        /// Runs `memoss arguments…` on this store, as another process the screen does not know of.
        @discardableResult
        func memoss(_ arguments: [String], clock: String = FullScreenTests.saturday) throws -> String {
            let result = try ChildProcess.run(BuiltProduct.url("memoss"), arguments, environment: environment(clock: clock))
            guard result.status == 0 else { throw Failed(arguments: arguments, stderr: result.stderr) }
            return result.stdout
        }

        /// The titles of the open reminders, as `list --json` gives them.
        func openTitles() throws -> [String] {
            let json = try JSONSerialization.jsonObject(with: Data(memoss(["list", "--json"]).utf8)) as? [String: Any]
            return (json?["todo"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        }

        /// `memoss tui` in a terminal `columns` × `rows`, once its first screen is drawn; the shell
        /// says its exit status when it ends ("[exited 0]").
        func screen(columns: Int = 80, rows: Int = 24, extra: [String: String] = [:], clock: String = FullScreenTests.saturday,
                    terminal: String = "tmux-256color", waiting: Bool = true) throws -> TmuxScreen {
            let screen = try TmuxScreen("'\(BuiltProduct.url("memoss").path)' tui; echo \"[exited $?]\"", columns: columns, rows: rows,
                                        environment: environment(clock: clock).merging(extra) { $1 }, terminal: terminal)
            if waiting { try screen.waitFor(line: "q quit") }
            return screen
        }

        struct Failed: Error, CustomStringConvertible {
            let arguments: [String]
            let stderr: String
            var description: String { "memoss \(arguments.joined(separator: " ")) failed: \(stderr)" }
        }
    }

    /// The line the selection is on.
    private func selected(_ lines: [String]) -> String? { lines.first { $0.hasPrefix("▸") } }

    /// The column (from 0) where `text` starts on `line`.
    private func column(of text: String, in line: String) -> Int? {
        line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
    }

    // MARK: Opening

    @Test func theDashboardShowsToDoByUrgencyWithTagsRepeatsAndNumbersAt80x24() throws {
        let store = try Store()
        let lines = try store.screen().text()

        #expect(lines.count == 24)
        #expect(lines[0].hasPrefix(" Memoss · All reminders"))
        #expect(lines[0].hasSuffix("Sat 21 Nov 2026 15:00"))
        #expect(lines[1] == "To Do · 6")
        #expect(lines[2] == "  Overdue")
        #expect(lines[3].hasPrefix("▸  1 [ ] Gym") && lines[3].hasSuffix("Today 10:00"))
        #expect(lines[4] == "  Today")
        #expect(lines[5].hasPrefix("   2 [ ] Call mum") && lines[5].contains("Today 18:30") && lines[5].hasSuffix("#Personal"))
        #expect(lines[6].hasPrefix("   3 [ ] Pay rent") && lines[6].contains("Today 20:00") && lines[6].hasSuffix("#Work"))
        #expect(lines[7] == "  Upcoming")
        #expect(lines[8].hasPrefix("   4 [ ] Stretch") && lines[8].contains("Tomorrow 08:00") && lines[8].hasSuffix("↻ Daily"))
        #expect(lines[9].hasPrefix("   5 [ ] Dentist") && lines[9].contains("Mon 23 Nov 09:00") && lines[9].hasSuffix("#Health"))
        #expect(lines[10].hasPrefix("   6 [ ] Renew passport") && lines[10].contains("Tue 5 Jan 2027 10:00")
            && lines[10].hasSuffix("#Personal #Work"))
        #expect(lines[11] == "Completed · 0")
        #expect(lines[12] == "    Nothing completed yet.")
        #expect(lines[23].contains("space done") && lines[23].contains("q quit"))
        // Times, repeat badges and tags each start in one column.
        let times = zip([3, 5, 6, 8, 9, 10], ["Today 10:00", "Today 18:30", "Today 20:00", "Tomorrow", "Mon 23", "Tue 5"])
            .map { column(of: $1, in: lines[$0]) }
        #expect(Set(times).count == 1)
        #expect(column(of: "#Personal", in: lines[5]) == column(of: "#Work", in: lines[6]))
    }

    @Test func at120x40TitlesGetTheRoomAndTheKeysStayOnTheLastLine() throws {
        let store = try Store()
        try store.memoss(["add", "A title long enough to be cut at eighty columns, not 120",
                          "--date", "2026-12-24", "--time", "12:00", "--tag", "Shopping"])
        let lines = try store.screen(columns: 120, rows: 40).text()
        #expect(lines.count == 40)
        // The clock ends one column before the right edge.
        #expect(lines[0].hasSuffix("Sat 21 Nov 2026 15:00") && lines[0].count == 119)
        #expect(lines.contains { $0.contains("A title long enough to be cut at eighty columns, not 120") })
        #expect(lines[39].contains("q quit"))

        let narrow = try store.screen().text()
        #expect(narrow.contains { $0.contains("A title long enough") && $0.contains("…") && $0.hasSuffix("#Shopping") })
    }

    /// A long title is cut to leave its progress whole ("(40%)"), not the progress cut to "(4…".
    @Test func aLongTitleLeavesItsProgressWhole() throws {
        let store = try Store(empty: true)
        try store.memoss(["add", "Water the balcony plants and repot the big fern", "--date", "2026-12-24", "--time", "12:00",
                          "--new-tag", "Errands-in-town"])
        try store.memoss(["add", "Short", "--date", "2026-12-25", "--time", "12:00"])
        _ = try store.memoss(["list"])
        try store.memoss(["edit", "1", "--progress", "40"])
        let line = try #require(try store.screen().text().first { $0.contains("Water the") })
        #expect(line.contains("… (40%)"), "\(line)")
    }

    @Test func tagsThatDoNotFitAreCountedNotCutOrDropped() throws {
        let store = try Store(empty: true)
        try store.memoss(["add", "Book the flights and the hotel for the trip", "--date", "2026-12-24", "--time", "12:00",
                          "--new-tag", "Travel-planning", "--new-tag", "Family-matters", "--new-tag", "Errands-in-town"])
        try store.memoss(["add", "Short", "--date", "2026-12-25", "--time", "12:00", "--tag", "Travel-planning"])
        let narrow = try store.screen().text()
        let line = try #require(narrow.first { $0.contains("Book the flights") })
        // At 80 columns one tag fits with the count of the two after it; no name is cut short.
        #expect(line.hasSuffix("#Errands-in-town +2"))
        #expect(line.count <= 80)
        let wide = try store.screen(columns: 140).text()
        #expect(wide.contains { $0.contains("Book the flights and the hotel for the trip") && $0.hasSuffix("#Errands-in-town #Family-matters #Travel-planning") })

        // A list's name and a repeat leave room for the count too.
        try store.memoss(["lists", "add", "Household chores"])
        try store.memoss(["add", "Water the garden beds and the pots on the balcony", "--date", "2026-12-03", "--repeat", "weekly",
                          "--list", "Household chores", "--tag", "Travel-planning", "--tag", "Family-matters"])
        let garden = try #require(try store.screen().text().first { $0.contains("Water the") })
        #expect(garden.hasSuffix(" +2") && garden.count <= 80, "\(garden)")
    }

    @Test func wideCharactersTakeTwoColumnsAndKeepTheColumnsInLine() throws {
        let store = try Store(empty: true)
        try store.memoss(["add", "東京 trip 🌸", "--date", "2026-11-23", "--time", "09:00"])
        try store.memoss(["add", "Plain", "--date", "2026-11-24", "--time", "09:00"])
        let lines = try store.screen().text()
        let first = try #require(lines.first { $0.contains("東京") }), second = try #require(lines.first { $0.contains("Plain") })
        // In columns: 東, 京 and 🌸 take two each, so the text has 3 characters fewer than columns.
        #expect(column(of: "Mon 23 Nov", in: first).map { $0 + 3 } == column(of: "Tue 24 Nov", in: second))
    }

    // MARK: Moving and completing

    @Test func movingAndCompletingAdvancesTheSelectionAndKeepsNumbers() throws {
        let store = try Store()
        let screen = try store.screen()
        try screen.press("j")
        try screen.waitFor("the selection on Call mum") { self.selected($0)?.contains("Call mum") == true }
        try screen.press("Down", "k")
        try screen.waitFor("the selection back on Call mum") { self.selected($0)?.contains("Call mum") == true }

        try screen.press("Space")
        let lines = try screen.waitFor(line: "Completed \"Call mum\".")
        #expect(selected(lines)?.hasPrefix("▸  3 [ ] Pay rent") == true)
        #expect(lines.contains { $0.hasPrefix("   2 [x] Call mum") })
        #expect(lines.contains("Completed · 1"))
        #expect(try store.openTitles().contains("Call mum") == false)
    }

    @Test func completingARepeatingReminderMovesItToItsNextTime() throws {
        let store = try Store()
        let screen = try store.screen()
        try screen.press("j", "j", "j")
        try screen.waitFor("the selection on Stretch") { self.selected($0)?.contains("Stretch") == true }
        try screen.press("Space")
        let lines = try screen.waitFor(line: "Completed \"Stretch\"; next: Mon 23 Nov 08:00.")
        #expect(lines.contains { $0.contains("Stretch") && $0.contains("Mon 23 Nov 08:00") && $0.contains("[ ]") })
    }

    // MARK: Deleting

    @Test func quickDeleteThenUndoThenRedo() throws {
        let store = try Store()
        let screen = try store.screen()
        try screen.press("j", "j", "x")
        var lines = try screen.waitFor(line: "Deleted \"Pay rent\"; `u` (undo) brings it back.")
        #expect(!lines.contains { $0.contains("Pay rent") && $0.contains("[ ]") })
        #expect(selected(lines)?.contains("Stretch") == true)
        #expect(try store.openTitles().contains("Pay rent") == false)

        try screen.press("u")
        lines = try screen.waitFor(line: "Undid: Deleted \"Pay rent\".")
        #expect(lines.contains { $0.hasPrefix("   3 [ ] Pay rent") })
        #expect(try store.openTitles().contains("Pay rent"))

        try screen.press("C-r")
        try screen.waitFor(line: "Redid: Deleted \"Pay rent\".")
        #expect(try store.openTitles().contains("Pay rent") == false)
    }

    @Test func deleteAsksNamingTheReminderAndNoKeepsIt() throws {
        let store = try Store()
        let screen = try store.screen()
        try screen.press("j", "d")
        let asked = try screen.waitFor(line: "Delete \"Call mum\" (due Today 18:30)?")
        #expect(asked.contains { $0.contains("`undo` brings it back.") })
        #expect(asked.contains { $0.contains("[ y  Delete ]") && $0.contains("[ n  Cancel ]") })

        try screen.press("n")
        try screen.waitFor(line: "Kept \"Call mum\".")
        #expect(try store.openTitles().contains("Call mum"))

        try screen.press("d")
        try screen.waitFor(line: "Delete \"Call mum\" (due Today 18:30)?")
        try screen.press("y")
        try screen.waitFor(line: "Deleted \"Call mum\"; `u` (undo) brings it back.")
        #expect(try store.openTitles().contains("Call mum") == false)
    }

    // MARK: The sheet

    @Test func addingThroughTheSheetRefusesBadValuesBesideTheirFieldsThenSaves() throws {
        let store = try Store()
        let screen = try store.screen()
        try screen.press("a")
        var lines = try screen.waitFor(line: "New Reminder")
        #expect(lines.contains { $0.contains("Date") && $0.contains("2026-11-22") && $0.contains("Sun 22 Nov 2026") })
        #expect(lines.contains { $0.contains("Time") && $0.contains("09:00") })

        try screen.type("Water plants")
        try screen.press("Tab", "Tab", "C-u")
        try screen.type("2026-11-20")
        try screen.press("Tab", "C-u")
        try screen.type("25:99")
        try screen.press("C-s")
        lines = try screen.waitFor(line: "Some fields could not be read")
        // Each refusal beside its field, all at once: the past date, and the time too long to go
        // beside it, under it.
        #expect(lines.contains { $0.contains("Date") && $0.contains("2026-11-20") && $0.contains("Must be in the future") })
        let time = try #require(lines.firstIndex { $0.contains("Time") && $0.contains("25:99") })
        #expect(lines[time + 1].contains("Enter a time as HH:mm (24-hour), 17, 9am, 9:30 pm, noon or midnight"))
        #expect(try store.openTitles().contains("Water plants") == false)

        // Saving put the cursor in the first field it refused: the date.
        try screen.press("C-u")
        try screen.type("2026-11-25")
        try screen.press("Tab", "C-u")
        try screen.type("7pm")
        try screen.press("C-s")
        lines = try screen.waitFor(line: "Saved \"Water plants\", due Wed 25 Nov 19:00.")
        #expect(selected(lines)?.contains("Water plants") == true)
        #expect(try store.openTitles().contains("Water plants"))
    }

    @Test func editingThroughTheSheetSavesTheChangeAndEscapeWithChangesAsksFirst() throws {
        let store = try Store()
        let screen = try store.screen()
        try screen.press("j", "j", "j", "j", "e")
        try screen.waitFor(line: "Edit Reminder")
        try screen.press("C-u")
        try screen.type("Dentist (Dr Rao)")
        try screen.press("Escape")
        try screen.waitFor(line: "Discard Changes?")
        try screen.press("n")
        try screen.waitFor("the sheet again") { lines in !lines.contains { $0.contains("Discard Changes?") } && lines.contains { $0.contains("Edit Reminder") } }
        try screen.press("C-s")
        try screen.waitFor(line: "Saved \"Dentist (Dr Rao)\", due Mon 23 Nov 09:00.")
        #expect(try store.openTitles().contains("Dentist (Dr Rao)"))
    }

    @Test func theSheetPicksARepeatAndATagAndCreatesOne() throws {
        let store = try Store()
        let screen = try store.screen()
        try screen.press("a")
        try screen.waitFor(line: "New Reminder")
        try screen.type("Team sync")
        try screen.press("Tab", "Tab", "Tab", "Tab", "Enter")
        try screen.waitFor(line: "Weekly on Sunday")
        try screen.press("j", "j", "j", "Enter")
        try screen.waitFor("the repeat chosen") { $0.contains { $0.contains("Repeat") && $0.contains("Weekly on Sunday") } }
        // Until, Times and Priority come before Tags.
        try screen.press("Tab", "Tab", "Tab", "Tab", "Enter")
        try screen.waitFor(line: "space chooses")
        try screen.press("n")
        try screen.type("Meetings")
        try screen.press("Enter")
        try screen.waitFor(line: "[x] #Meetings")
        try screen.press("Enter", "C-s")
        let lines = try screen.waitFor(line: "Saved \"Team sync\"")
        #expect(lines.contains { $0.contains("Team sync") && $0.contains("↻ Weekly") && $0.contains("#Meetings") })
        // The new tag and the reminder are one command: one undo takes both back.
        try screen.press("u")
        try screen.waitFor(line: "Undid: Created tag \"Meetings\"; added \"Team sync\".")
    }

    /// A repeat's badge is as wide as the widest shown ("↻ Every 3 days"), not cut by the tags after it.
    @Test func aLongRepeatIsShownWholeBeforeTheTags() throws {
        let store = try Store()
        _ = try store.memoss(["add", "Water the plants", "--date", "2026-11-23", "--time", "09:00", "--repeat", "every 3 days", "--tag", "Personal"])
        _ = try store.memoss(["add", "Standup", "--date", "2026-11-24", "--repeat", "weekly", "--tag", "Personal"])
        let screen = try store.screen(columns: 120)
        let lines = try screen.waitFor(line: "Water the plants")
        #expect(lines.contains { $0.contains("Water the plants") && $0.contains("↻ Every 3 days  #Personal") }, "\(lines)")
        #expect(lines.contains { $0.contains("Standup") && $0.contains("↻ Weekly        #Personal") }, "\(lines)")
    }

    @Test func cardsShowPriorityAndListAndTheSheetChangesBoth() throws {
        let store = try Store(empty: true)
        try store.memoss(["lists", "add", "Work"])
        try store.memoss(["add", "Call mum", "--date", "2026-11-21", "--time", "18:30", "--priority", "low"])
        try store.memoss(["add", "Pay rent", "--date", "2026-11-21", "--time", "20:00", "--priority", "high", "--list", "Work"])
        try store.memoss(["add", "Water plants", "--date", "2026-11-22", "--time", "09:00"])
        let screen = try store.screen()
        var lines = try screen.text()
        #expect(lines[3].hasPrefix("▸  1 [ ] !   Call mum") && !lines[3].contains("in "))
        #expect(lines[4].hasPrefix("   2 [ ] !!! Pay rent") && lines[4].hasSuffix("in Work"))
        #expect(lines[6].hasPrefix("   3 [ ]     Water plants"))

        try screen.press("j", "j", "e")
        lines = try screen.waitFor(line: "Edit Reminder")
        #expect(lines.contains { $0.contains("Priority none") })
        #expect(lines.contains { $0.contains("List     Reminders") })
        // Notes, Date, Time, Repeat, then Priority: a word it cannot read is kept and refused beside it.
        try screen.press("Tab", "Tab", "Tab", "Tab", "Tab", "C-u")
        try screen.type("urgent")
        try screen.press("Tab")
        lines = try screen.waitFor(line: "Give none, low, medium or high (or !, !! or !!!)")
        #expect(lines.contains { $0.contains("Priority urgent") })
        try screen.press("BTab", "C-u")
        try screen.type("!!")
        try screen.press("Tab", "Right")
        lines = try screen.waitFor(line: "List     Work")
        #expect(lines.contains { $0.contains("Priority medium") })
        try screen.press("C-s")
        lines = try screen.waitFor(line: "Saved \"Water plants\"")
        #expect(selected(lines)?.hasPrefix("▸  3 [ ] !!  Water plants") == true)
        #expect(selected(lines)?.hasSuffix("in Work") == true)
        let listed = try store.memoss(["list", "--list", "Work", "--priority", "medium"])
        #expect(listed.contains("Water plants") && !listed.contains("Pay rent"))
    }

    // MARK: Narrowing

    @Test func theTagFilterShowsOneTagsRemindersAndEscapeShowsAllAgain() throws {
        let store = try Store()
        let screen = try store.screen()
        try screen.press("t")
        let picker = try screen.waitFor(line: "Filter by tag")
        #expect(picker.contains { $0.contains("● All tags") })
        let tags = ["Health", "Personal", "Shopping", "Work"]
        #expect(tags.allSatisfy { tag in picker.contains { $0.contains("#" + tag) } })
        try screen.press("j", "j", "j", "j", "Enter")
        let lines = try screen.waitFor(line: "Memoss · #Work")
        #expect(lines.filter { $0.contains("[ ]") }.count == 2)
        #expect(lines.contains { $0.hasPrefix("▸  1 [ ] Pay rent") })
        #expect(lines.contains { $0.hasPrefix("   2 [ ] Renew passport") })

        try screen.press("Escape")
        try screen.waitFor(line: "Memoss · All reminders")
    }

    @Test func theListAndPriorityFiltersNarrowTogetherAndEscapeShowsAllAgain() throws {
        let store = try Store()
        try store.memoss(["lists", "add", "Home"])
        try store.memoss(["list"])
        try store.memoss(["edit", "2", "--list", "Home", "--priority", "high"])
        try store.memoss(["edit", "5", "--list", "Home"])
        let screen = try store.screen()
        try screen.press("l")
        // The picker is drawn once its last list is: a capture can land in the middle of a frame.
        let picker = try screen.waitFor("the list picker down to Home") { lines in
            lines.contains { $0.contains("Filter by list") } && lines.contains { $0.contains("  Home") }
        }
        #expect(picker.contains { $0.contains("● All lists") })
        #expect(picker.contains { $0.contains("  Reminders") })
        try screen.press("j", "j", "Enter")
        var lines = try screen.waitFor(line: "To Do · 2")
        #expect(lines[0].hasPrefix(" Memoss · Home "))
        #expect(lines.contains { $0.hasPrefix("▸  1 [ ] !!! Call mum") })
        #expect(lines.contains { $0.hasPrefix("   2 [ ]     Dentist") })

        try screen.press("p")
        try screen.waitFor(line: "Filter by priority")
        try screen.press("j", "Enter")
        lines = try screen.waitFor(line: "To Do · 1")
        #expect(lines[0].hasPrefix(" Memoss · Home · high priority "))
        #expect(lines.contains { $0.hasPrefix("▸  1 [ ] !!! Call mum") })

        // Added from here, a reminder starts in Home with high priority, and so shows here.
        try screen.press("a")
        lines = try screen.waitFor(line: "New Reminder")
        #expect(lines.contains { $0.contains("Priority high") } && lines.contains { $0.contains("List     Home") })
        try screen.type("Fix the boiler")
        try screen.press("C-s")
        lines = try screen.waitFor(line: "Saved \"Fix the boiler\"")
        #expect(lines.contains("To Do · 2"))
        #expect(selected(lines)?.hasPrefix("▸  2 [ ] !!! Fix the boiler") == true)

        try screen.press("Escape")
        lines = try screen.waitFor(line: "To Do · 7")
        #expect(lines[0].hasPrefix(" Memoss · All reminders "))
        #expect(lines.contains { $0.hasPrefix("   2 [ ] !!! Call mum") && $0.hasSuffix("in Home #Personal") })
    }

    @Test func searchKeepsTheTitlesThatMatchAsYouType() throws {
        let store = try Store()
        let screen = try store.screen()
        try screen.press("/")
        try screen.type("RE")
        var lines = try screen.waitFor(line: "searching \"RE\"")
        let cards = { (lines: [String]) in lines.filter { $0.contains("[ ]") } }
        #expect(cards(lines).count == 3)
        #expect(cards(lines)[0].hasPrefix("▸  1 [ ] Pay rent"))
        #expect(cards(lines)[1].hasPrefix("   2 [ ] Stretch"))
        #expect(cards(lines)[2].hasPrefix("   3 [ ] Renew passport"))
        try screen.type("NEW")
        lines = try screen.waitFor(line: "searching \"RENEW\"")
        #expect(cards(lines).count == 1)
        try screen.press("Enter")
        lines = try screen.waitFor(line: "matching \"RENEW\"")
        #expect(lines.contains { $0.hasPrefix("▸  1 [ ] Renew passport") })
        try screen.press("Escape")
        lines = try screen.waitFor("every reminder again") { $0[0].hasPrefix(" Memoss · All reminders ") && !$0[0].contains("matching") }
        #expect(cards(lines).count == 6)
    }

    // MARK: Reset today

    @Test func resetTodayListsWhatGoesThenRemovesIt() throws {
        let store = try Store()
        let screen = try store.screen()
        try screen.press("R")
        let asked = try screen.waitFor(line: "Remove these 3 reminders due today?")
        #expect(asked.contains { $0.contains("• Gym  Today 10:00") })
        #expect(asked.contains { $0.contains("• Call mum  Today 18:30") })
        #expect(asked.contains { $0.contains("• Pay rent  Today 20:00") })
        try screen.press("y")
        let lines = try screen.waitFor(line: "Removed 3 reminders due today; `u` (undo) brings them back.")
        #expect(lines.contains("To Do · 3"))
        #expect(try store.openTitles() == ["Stretch", "Dentist", "Renew passport"])
    }

    // MARK: Live

    @Test func aReminderAddedByAnotherProcessAppearsWithoutMovingTheSelectionOrRenumbering() throws {
        let store = try Store()
        let screen = try store.screen()
        try screen.press("j", "j", "j", "j")
        let before = try screen.waitFor("the selection on Dentist") { self.selected($0)?.contains("Dentist") == true }
        let row = before.firstIndex { $0.hasPrefix("▸") }

        try store.memoss(["add", "Dry cleaning", "--date", "2026-11-21", "--time", "17:00"])
        let started = Date()
        let lines = try screen.waitFor(line: "Dry cleaning")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(lines.contains { $0.hasPrefix("   7 [ ] Dry cleaning") })
        // Everything fits on the screen: the selected line moves down by the one row added above it.
        #expect(lines.firstIndex { $0.hasPrefix("▸") } == row.map { $0 + 1 })
        #expect(selected(lines)?.hasPrefix("▸  5 [ ] Dentist") == true)
        #expect(lines.contains { $0.hasPrefix("   1 [ ] Gym") })
        // The numbers are the store's listing: another shell's `done 7` completes what shows 7.
        try store.memoss(["done", "7"])
        try screen.waitFor("Dry cleaning done") { $0.contains { $0.hasPrefix("   7 [x] Dry cleaning") } }
    }

    /// A `list` in another shell makes its numbers the store's: a card the screen adds after it
    /// (a change from that shell) does not take them back, so that shell's next `done 2` is its
    /// own 2. Ctrl-L stores the screen's numbers again.
    @Test func anotherShellsListingKeepsItsNumbersWhileTheScreenAddsCards() throws {
        let store = try Store(empty: true)
        try store.memoss(["add", "Daily review", "--date", "2026-11-23", "--time", "08:00", "--repeat", "daily", "--tag", "Work"])
        for (title, day) in [("Alpha", "24"), ("Beta", "25")] { try store.memoss(["add", title, "--date", "2026-11-\(day)"]) }
        try store.memoss(["add", "Gamma", "--date", "2026-11-26", "--tag", "Work"])
        let screen = try store.screen()
        #expect(try store.memoss(["list", "tag:Work"]).contains("2. [ ] Gamma"))
        // A repeating reminder done: its completed time is a card the screen numbers (5).
        try store.memoss(["done", "1"])
        try screen.waitFor("the completed time") { $0.contains { $0.hasPrefix("   5 [x] Daily review") } }
        #expect(try store.memoss(["done", "2"]) == "Completed \"Gamma\".\n")
        #expect(try store.openTitles() == ["Daily review", "Alpha", "Beta"])

        try screen.press("C-l")
        try screen.waitFor("numbered from 1 again") { $0.contains { $0.hasPrefix("▸  1 [ ] Daily review") } }
        try store.memoss(["done", "2"])
        #expect(try store.openTitles() == ["Daily review", "Beta"])
    }

    @Test func inAScrolledListTheSelectedLineStaysWhereItIsWhenARowIsAddedAboveIt() throws {
        let store = try Store(empty: true)
        for day in 1...30 {
            try store.memoss(["add", "Task \(day)", "--date", String(format: "2026-12-%02d", day), "--time", "09:00"])
        }
        let screen = try store.screen()
        try screen.press("C-d", "C-d", "j")
        let before = try screen.waitFor("a scrolled list") { !$0.contains("To Do · 30") && self.selected($0)?.contains("Task 22") == true }
        let row = before.firstIndex { $0.hasPrefix("▸") }
        let title = selected(before)

        try store.memoss(["add", "Between", "--date", "2026-12-21", "--time", "10:00"])
        let lines = try screen.waitFor(line: "Between")
        #expect(selected(lines) == title)
        #expect(lines.firstIndex { $0.hasPrefix("▸") } == row)
        #expect(lines.contains { $0.hasPrefix("  31 [ ] Between") })
    }

    // MARK: The terminal

    @Test func aResizeLaysTheScreenOutAgain() throws {
        let store = try Store()
        let screen = try store.screen()
        try screen.press("j")
        try screen.resize(columns: 120, rows: 40)
        let lines = try screen.waitFor("40 rows used") { $0.count == 40 && $0[39].contains("q quit") }
        #expect(lines[0].count == 119 && lines[0].hasSuffix("Sat 21 Nov 2026 15:00"))
        #expect(selected(lines)?.contains("Call mum") == true)
        try screen.resize(columns: 80, rows: 24)
        try screen.waitFor("24 rows used") { $0.count == 24 && $0[23].contains("q quit") && $0[0].count == 79 }
    }

    @Test func qLeavesWithStatusZero() throws {
        let store = try Store()
        let screen = try store.screen()
        try screen.press("q")
        try screen.waitFor("the shell again") { _ in (try? screen.text(history: true).contains("[exited 0]")) == true }
        // The terminal is given back as it was: the screen's text is gone.
        #expect(try !screen.text(history: true).contains { $0.contains("To Do") })
    }

    @Test func aDumbTerminalIsRefusedWithOneLineSayingWhatToUse() throws {
        let store = try Store()
        let screen = try store.screen(terminal: "dumb", waiting: false)
        try screen.waitFor("the shell again") { _ in (try? screen.text(history: true).contains("[exited 1]")) == true }
        #expect(try screen.text(history: true).joined().contains("memoss: memoss tui needs a terminal that can move its cursor (TERM=dumb cannot); use `memoss` (the prompt) there instead."))

        let piped = try ChildProcess.run(BuiltProduct.url("memoss"), ["tui"], environment: store.environment())
        #expect(piped.status == 1)
        #expect(piped.stderr == "memoss: memoss tui needs a terminal on standard input and output; for scripts, use memoss's commands.\n")
    }

    @Test func colorsAreTruecolorWhenAnnounced256ElseAndNoneUnderNoColor() throws {
        let store = try Store()
        // #Work is #3B82F6.
        let truecolor = try store.screen(extra: ["COLORTERM": "truecolor"]).textWithColors()
        #expect(truecolor.contains("38;2;59;130;246m#Work"))
        let indexed = try store.screen().textWithColors()
        #expect(indexed.contains("38;5;69m#Work"))
        let none = try store.screen(extra: ["NO_COLOR": "1", "COLORTERM": "truecolor"]).textWithColors()
        #expect(!none.contains("38;"))
        #expect(none.contains("#Work"))
    }

    // MARK: Notifications

    @Test func aDueNotificationShowsInTheStatusLineAndCompletesFromThere() throws {
        let store = try Store()
        let screen = try store.screen(clock: "2026-11-21T23:30:30Z", waiting: false)
        let lines = try screen.waitFor(line: "⏰ Reminder: Call mum · Today 18:30")
        #expect(lines[23].contains("C done · Z snooze · D dismiss · N later"))
        try screen.press("C")
        let after = try screen.waitFor(line: "Completed \"Call mum\".")
        #expect(after.contains { $0.contains("[x] Call mum") })
        #expect(after[23].contains("q quit"))
        #expect(try store.openTitles().contains("Call mum") == false)
    }

    @Test func aDueNotificationDismissedFromTheStatusLineIsAnsweredAndItsReminderStays() throws {
        let store = try Store()
        let screen = try store.screen(clock: "2026-11-21T23:30:30Z", waiting: false)
        _ = try screen.waitFor(line: "⏰ Reminder: Call mum · Today 18:30")
        try screen.press("D")
        let after = try screen.waitFor(line: "Dismissed \"Call mum\".")
        #expect(after.contains { $0.contains("[ ] Call mum") })
        #expect(try store.openTitles().contains("Call mum"))
        let listed = try store.memoss(["notifications"], clock: "2026-11-21T23:31:00Z")
        #expect(!listed.contains("Call mum"), "\(listed)")
    }
}
