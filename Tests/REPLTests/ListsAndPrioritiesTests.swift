import Foundation
import Testing
import TestSupport

/// Issue "Priorities and lists", end to end through the built programs on Saturday 21 November
/// 2026, 15:00 in New York: lists and priorities through add, edit, list, export, import and undo.
struct ListsAndPrioritiesTests {
    private let temporary: TemporaryFolder
    private var home: URL { temporary.url }
    private var store: String { home.appendingPathComponent("store.sqlite").path }
    private var environment: [String: String] { ["HOME": home.path, "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-lists")
    }

    private func memoss(_ arguments: String..., store: String? = nil) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store ?? self.store] + arguments, environment: environment)
    }

    private func importing(_ arguments: String..., store: String) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + arguments, environment: environment, program: MemossProcess.importer)
    }

    @Test func aStoreStartsWithOneListAndListsAreAddedRenamedRecolouredAndRemovedUndoably() throws {
        #expect(try memoss("lists").stdout == "  Reminders  0 open  (default)\n")
        #expect(try memoss("lists", "add", "Work").stdout == "Created list Work (#3B82F6).\n")
        #expect(try memoss("lists", "add", "Errands", "#f97316").stdout == "Created list Errands (#F97316).\n")
        let taken = try memoss("lists", "add", "work")
        #expect(taken.status == 1)
        #expect(taken.stderr == "memoss: A list named \"Work\" already exists.\n")
        #expect(try memoss("lists", "rename", "errands", "Shopping").stdout == "Renamed to Shopping.\n")
        #expect(try memoss("lists", "color", "Shopping", "#22c55e").stdout == "Recoloured Shopping (#22C55E).\n")
        #expect(try memoss("lists").stdout == "  Reminders  0 open  (default)\n  Shopping   0 open\n  Work       0 open\n")
        #expect(try memoss("undo").stdout == "Undid: Changed the colour of list \"Shopping\" to #22C55E.\n")
        #expect(try memoss("undo").stdout == "Undid: Renamed list \"Errands\" to \"Shopping\".\n")
        #expect(try memoss("lists").stdout == "  Reminders  0 open  (default)\n  Errands    0 open\n  Work       0 open\n")
        let json = try #require(try JSONSerialization.jsonObject(with: try memoss("lists", "--json").stdoutData) as? [[String: Any]])
        #expect(json.map { "\($0["name"] ?? "") \($0["color"] ?? "") \($0["isDefault"] ?? "") \($0["open"] ?? "")" }
            == ["Reminders #3B82F6 1 0", "Errands #F97316 0 0", "Work #3B82F6 0 0"])
        let keep = try memoss("lists", "rm", "Reminders")
        #expect(keep.status == 1)
        #expect(keep.stderr == "memoss: \"Reminders\" is where new reminders go, so it stays; rename it if you like.\n")
        let typo = try memoss("lists", "rm", "Wrok")
        #expect(typo.stderr == "memoss: No list named \"Wrok\"; did you mean \"Work\"?\n")
        #expect(try memoss("lists", "rm", "Errands").stdout == "Removed list \"Errands\". `undo` brings it back.\n")
        #expect(try memoss("undo").stdout == "Undid: Removed list \"Errands\".\n")
        #expect(try memoss("lists").stdout.contains("Errands"))
    }

    @Test func remindersGoInAListAndMoveAndAListKeepsThemWhenRemovedOnlyIfAsked() throws {
        _ = try memoss("lists", "add", "Work")
        #expect(try memoss("add", "Ship release", "--list", "work", "--priority", "high", "--date", "mon", "--time", "10:00").stdout
            == "Added 1. \"Ship release\" to \"Work\", due Mon 23 Nov 10:00, high priority.\n")
        #expect(try memoss("add", "Plan", "--date", "mon", "--time", "10:00", "--priority", "!!").stdout
            == "Added 2. \"Plan\", due Mon 23 Nov 10:00, medium priority.\n")
        #expect(try memoss("add", "Milk", "--date", "mon", "--time", "10:00").status == 0)
        let unknown = try memoss("add", "x", "--list", "Hmoe")
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "memoss: --list: No list named \"Hmoe\"; `lists` shows them.\n")
        let level = try memoss("add", "x", "--priority", "urgent")
        #expect(level.status == 2)
        #expect(level.stderr.hasPrefix("memoss: --priority: Give none, low, medium or high (or !, !! or !!!)."))
        // Within one due time, higher priority first; a card names a list that is not the default.
        #expect(try memoss("list").stdout == """
            To Do
              1. [ ] !!! Ship release  Mon 23 Nov 10:00  in Work
              2. [ ] !! Plan  Mon 23 Nov 10:00
              3. [ ] Milk  Mon 23 Nov 10:00
            Completed
              Nothing completed yet.

            """)
        #expect(try memoss("list", "--list", "Work").stdout.hasPrefix("To Do · Work\n  1. [ ] !!! Ship release  Mon 23 Nov 10:00\n"))
        #expect(try memoss("list", "--priority", "medium").stdout.hasPrefix("To Do · medium priority\n  1. [ ] !! Plan  Mon 23 Nov 10:00\n"))
        _ = try memoss("list")
        #expect(try memoss("edit", "3", "--list", "Work", "--priority", "low").stdout
            == "Saved \"Milk\" in \"Work\", due Mon 23 Nov 10:00, low priority.\n")
        #expect(try memoss("lists").stdout == "  Reminders  1 open  (default)\n  Work       2 open\n")
        // Removing a list that holds reminders asks; no answer keeps it.
        let asked = try MemossProcess.run(["--db", store, "lists", "rm", "Work"], environment: environment, lines: [])
        #expect(asked.stdout.contains("Remove list \"Work\" and move its 2 reminders to \"Reminders\"? `undo` puts them back. [y/N] "))
        #expect(asked.stdout.hasSuffix("Kept list \"Work\".\n"))
        #expect(try memoss("lists", "rm", "Work", "--yes").stdout
            == "Removed list \"Work\"; its 2 reminders moved to \"Reminders\". `undo` brings it back.\n")
        #expect(try memoss("lists").stdout == "  Reminders  3 open  (default)\n")
        _ = try memoss("undo")
        #expect(try memoss("lists").stdout == "  Reminders  1 open  (default)\n  Work       2 open\n")
        // Moving is an edit like any other: undo takes it back.
        #expect(try memoss("undo").stdout == "Undid: Edited \"Milk\".\n")
        #expect(try memoss("lists").stdout == "  Reminders  2 open  (default)\n  Work       1 open\n")
    }

    @Test func listsAndPrioritiesGoThroughCSVAndICalendarIntoAnotherStore() throws {
        _ = try memoss("lists", "add", "Work")
        _ = try memoss("add", "Ship release", "--list", "Work", "--priority", "high", "--date", "2027-01-04")
        _ = try memoss("add", "Plan", "--priority", "medium", "--date", "2027-01-05")
        let ics = try memoss("export", "--list", "Work").stdout
        #expect(ics.contains("CALSCALE:GREGORIAN\r\nX-WR-CALNAME:Work\r\n"))
        #expect(ics.contains("STATUS:NEEDS-ACTION\r\nPRIORITY:1\r\n"))
        #expect(!ics.contains("SUMMARY:Plan"))
        for format in ["csv", "ics"] {
            let file = home.appendingPathComponent("all.\(format)").path
            #expect(try memoss("export", "-o", file).status == 0)
            let other = home.appendingPathComponent("other-\(format).sqlite").path
            #expect(try importing(file, store: other).stdout == "Imported 2, skipped 0 already present, refused 0. Created 1 list.\n")
            #expect(try memoss("list", store: other).stdout == """
                To Do
                  1. [ ] !!! Ship release  Mon 4 Jan 2027 09:00  in Work
                  2. [ ] !! Plan  Tue 5 Jan 2027 09:00
                Completed
                  Nothing completed yet.

                """, "\(format)")
            // Undoing the import takes the list it created too.
            #expect(try memoss("undo", store: other).status == 0)
            #expect(try memoss("lists", store: other).stdout == "  Reminders  0 open  (default)\n", "\(format)")
        }
        // --list puts every row in one list, whatever the file says.
        let other = home.appendingPathComponent("one.sqlite").path
        #expect(try importing("--list", "Inbox", home.appendingPathComponent("all.csv").path, store: other).stdout
            == "Imported 2, skipped 0 already present, refused 0. Created 1 list.\n")
        #expect(try memoss("lists", store: other).stdout == "  Reminders  0 open  (default)\n  Inbox      2 open\n")
    }

    /// Another client's PRIORITY values, read as RFC 5545 maps them.
    @Test func aCalendarsPriorityValuesAreReadAsTheirLevels() throws {
        let todos = (0...9).map { value in
            "BEGIN:VTODO\r\nUID:p\(value)\r\nSUMMARY:P\(value)\r\nDUE;VALUE=DATE:2027011\(value)\r\nPRIORITY:\(value)\r\nEND:VTODO\r\n"
        }.joined()
        let file = home.appendingPathComponent("p.ics").path
        try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\nX-WR-CALNAME:Chores\r\n" + todos + "END:VCALENDAR\r\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try importing(file, store: store).stdout == "Imported 10, skipped 0 already present, refused 0. Created 1 list.\n")
        let json = try #require(try JSONSerialization.jsonObject(with: try memoss("list", "--json").stdoutData) as? [String: Any])
        let todo = json["todo"] as? [[String: Any]] ?? []
        #expect(todo.map { "\($0["title"] ?? "") \($0["priority"] ?? "") \($0["list"] ?? "")" } == [
            "P0 none Chores", "P1 high Chores", "P2 high Chores", "P3 high Chores", "P4 high Chores",
            "P5 medium Chores", "P6 low Chores", "P7 low Chores", "P8 low Chores", "P9 low Chores",
        ])
    }

    /// The prompt's add flow asks the priority, and the list only when there is more than one.
    @Test func thePromptAsksTheListOnlyWhenThereAreSeveral() throws {
        let alone = try MemossProcess.run(["--db", store], environment: environment,
                                          lines: ["add", "Water plants", "", "2027-03-02", "", "", "", "!!", "", "y", "quit"])
        #expect(alone.stdout.contains("Priority (none, low, medium, high, or !, !!, !!!) [none]: !!\n"))
        #expect(!alone.stdout.contains("List ("))
        #expect(alone.stdout.contains("  Priority: medium !!\n"))
        _ = try memoss("lists", "add", "Home")
        let several = try MemossProcess.run(["--db", store], environment: environment,
                                            lines: ["add", "Fix tap", "", "2027-03-02", "", "", "", "", "", "Hoem", "2", "y", "quit"])
        #expect(several.stdout.contains("Lists: 1 Reminders  2 Home\nList (a name or a number) [Reminders]: Hoem\n"))
        #expect(several.stdout.contains("No list named \"Hoem\"; did you mean \"Home\"?\nList (a name or a number) [Reminders]: 2\n"))
        #expect(several.stdout.contains("Added 2. \"Fix tap\" to \"Home\", due Tue 2 Mar 2027 09:00."))
    }
}
