import Foundation
import Testing
import TestSupport

/// Issue "The first week", a terminal shown right, in a real terminal (tmux) on Saturday 21
/// November 2026, 15:00 in New York: `list` in terminal columns at 40, 80 and 120 columns and after
/// the window is resized at the prompt, help and menus wrapped between words, and escape codes
/// only where the terminal's terminfo entry has them.
@Suite(.serialized)
struct TerminalDisplayTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }

    init() throws {
        temporary = try TemporaryFolder("memoss-terminal")
    }

    private var environment: [String: String] {
        MemossProcess.onTestClock(["HOME": temporary.url.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"])
    }

    /// Five reminders: an emoji and an accent, Japanese, a long tag, Korean with a repeat, one undated.
    private func fill() throws {
        for arguments in [["🎂 Cake for Léa", "--date", "today", "--time", "18:00"],
                          ["会議の資料を準備する", "--date", "2026-11-23", "--time", "10:00", "--new-tag", "仕事"],
                          ["Pay rent", "--date", "2026-11-24", "--new-tag", "paperwork-and-bills-for-2026-and-beyond", "--new-tag", "urgent"],
                          ["회의 준비", "--date", "2026-11-25", "--repeat", "weekly"],
                          ["Read Dune", "--date", "none"]] {
            let added = try MemossProcess.run(["--db", store, "add"] + arguments, environment: environment)
            try #require(added.status == 0, "\(added.stderr)")
        }
    }

    private func memoss(_ arguments: String) -> String {
        "\(MemossProcess.executable.path) --db \(store) \(arguments)"
    }

    /// The lines of the last listing on `screen`: from its "To Do" line to "  Nothing completed yet.".
    private func listing(_ screen: [String]) -> [String] {
        guard let start = screen.lastIndex(of: "To Do"), let end = screen[start...].firstIndex(of: "  Nothing completed yet.") else { return screen }
        return Array(screen[start...end])
    }

    // Each card: the number right-aligned in 3 columns and "[ ] " (9 columns), the title column,
    // two spaces, the time column (16: "Mon 23 Nov 10:00"), then two spaces and the badges and tags
    // in what is left. The title column is the longest title (会議の資料を準備する: 20 columns) when
    // that fits, never less than half of what the number and the time leave (or 12).

    @Test func aListingAt120ColumnsShowsEveryTitleAndTagInAlignedColumns() throws {
        try fill()
        let window = try TerminalWindow(memoss("list") + "; exec cat", columns: 120, environment: environment)
        let screen = try window.screen { $0.contains("  Nothing completed yet.") }
        #expect(listing(screen) == [
            "To Do",
            "  1. [ ] 🎂 Cake for Léa       Today 18:00",
            "  2. [ ] 会議の資料を準備する  Mon 23 Nov 10:00  #仕事",
            "  3. [ ] Pay rent              Tue 24 Nov 09:00  #paperwork-and-bills-for-2026-and-beyond #urgent",
            "  4. [ ] 회의 준비             Wed 25 Nov 09:00  ↻ Weekly",
            "No date",
            "  5. [ ] Read Dune",
            "Completed",
            "  Nothing completed yet.",
        ])
    }

    @Test func aListingAt80ColumnsCutsALongTagAndCountsTheRest() throws {
        try fill()
        let window = try TerminalWindow(memoss("list") + "; exec cat", columns: 80, environment: environment)
        let screen = try window.screen { $0.contains("  Nothing completed yet.") }
        // 33 columns after the time: the first tag cut to leave room for "+1".
        #expect(listing(screen) == [
            "To Do",
            "  1. [ ] 🎂 Cake for Léa       Today 18:00",
            "  2. [ ] 会議の資料を準備する  Mon 23 Nov 10:00  #仕事",
            "  3. [ ] Pay rent              Tue 24 Nov 09:00  #paperwork-and-bills-for-20… +1",
            "  4. [ ] 회의 준비             Wed 25 Nov 09:00  ↻ Weekly",
            "No date",
            "  5. [ ] Read Dune",
            "Completed",
            "  Nothing completed yet.",
        ])
    }

    @Test func aListingAt40ColumnsCutsTitlesBetweenWideCharactersAndNeverWraps() throws {
        try fill()
        let window = try TerminalWindow(memoss("list") + "; exec cat", columns: 40, environment: environment)
        let screen = try window.screen { $0.contains("  Nothing completed yet.") }
        // A 12-column title column; 会議の資料 and its ellipsis take 11, as a wide character does
        // not fit the last column; nothing is left after the time for tags or badges.
        #expect(listing(screen) == [
            "To Do",
            "  1. [ ] 🎂 Cake for…  Today 18:00",
            "  2. [ ] 会議の資料…   Mon 23 Nov 10:00",
            "  3. [ ] Pay rent      Tue 24 Nov 09:00",
            "  4. [ ] 회의 준비     Wed 25 Nov 09:00",
            "No date",
            "  5. [ ] Read Dune",
            "Completed",
            "  Nothing completed yet.",
        ])
    }

    @Test func thePromptListsForTheWidthTheWindowHasNowAfterAResize() throws {
        try fill()
        let window = try TerminalWindow(memoss(""), columns: 60, environment: environment)
        _ = try window.screen { $0.last?.hasPrefix("memoss>") == true }
        try window.type("list")
        let narrow = try window.screen { $0.contains("  Nothing completed yet.") }
        // 60 columns: a 16-column title column, 17 columns after the time.
        #expect(listing(narrow) == [
            "To Do",
            "  1. [ ] 🎂 Cake for Léa   Today 18:00",
            "  2. [ ] 会議の資料を準…   Mon 23 Nov 10:00  #仕事",
            "  3. [ ] Pay rent          Tue 24 Nov 09:00  #paperwork-… +1",
            "  4. [ ] 회의 준비         Wed 25 Nov 09:00  ↻ Weekly",
            "No date",
            "  5. [ ] Read Dune",
            "Completed",
            "  Nothing completed yet.",
        ])
        try window.send("C-l")
        try window.resize(columns: 110)
        try window.type("list")
        let wide = try window.screen { $0.filter { $0 == "  Nothing completed yet." }.count == 1 && $0.contains { $0.contains("#urgent") } }
        #expect(listing(wide) == [
            "To Do",
            "  1. [ ] 🎂 Cake for Léa       Today 18:00",
            "  2. [ ] 会議の資料を準備する  Mon 23 Nov 10:00  #仕事",
            "  3. [ ] Pay rent              Tue 24 Nov 09:00  #paperwork-and-bills-for-2026-and-beyond #urgent",
            "  4. [ ] 회의 준비             Wed 25 Nov 09:00  ↻ Weekly",
            "No date",
            "  5. [ ] Read Dune",
            "Completed",
            "  Nothing completed yet.",
        ])
    }

    @Test func helpAndTheRepeatMenuWrapBetweenWords() throws {
        let window = try TerminalWindow(memoss(""), columns: 60, rows: 90, environment: environment)
        _ = try window.screen { $0.last?.hasPrefix("memoss>") == true }
        try window.send("C-l")
        try window.type("help")
        let help = try window.screen { $0.contains { $0.hasPrefix("  quit") } }
        let history = try #require(help.firstIndex { $0.hasPrefix("  history ") })
        #expect(Array(help[history...(history + 2)]) == [
            "  history               Show what was due on a day (today",
            "                        unless given) and what was completed",
            "                        then.",
        ])
        #expect(help.allSatisfy { $0.count <= 60 })
        try window.send("C-l")
        try window.resize(columns: 40, rows: 60)
        try window.type("add")
        _ = try window.screen { $0.last?.hasPrefix("Title") == true }
        try window.type("Stretch")
        try window.type("")
        try window.type("")
        try window.type("")
        let menu = try window.screen { $0.contains { $0.contains("Custom…") } }
        let start = try #require(menu.firstIndex { $0.hasPrefix("Repeat: 1 ") })
        let lines = menu[start...].prefix { $0.hasPrefix("Repeat: ") || $0.hasPrefix("        ") }
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 40 })
        // Every line holds whole items: each starts with its number, and the numbers run 1 to 9.
        let entries = lines.flatMap { $0.dropFirst(8).components(separatedBy: "  ") }
        #expect(entries.map { $0.prefix { $0 != " " } } == (1...9).map { Substring(String($0)) })
        #expect(entries.allSatisfy { $0.range(of: #"^[0-9] [A-Z][^ ]*( [^ ]+)*$"#, options: .regularExpression) != nil })
        #expect(entries.last == "9 Custom…")
        try window.send("C-c")
    }

    /// The escape codes a listing and the prompt are written with, for `TERM` (and `COLORTERM`).
    private func escapes(term: String, extra: [String: String] = [:]) throws -> String {
        var environment = self.environment.merging(extra) { $1 }
        environment["TERM"] = term
        let added = try MemossProcess.run(["--db", store, "add", "Pay rent", "--tag", "Work"], environment: environment)
        try #require(added.status == 0)
        let window = try TerminalWindow(memoss("list") + "; " + memoss("") , columns: 100, environment: environment)
        _ = try window.screen { $0.last?.hasPrefix("memoss>") == true }
        return try window.styledScreen()
    }

    @Test func aDumbTerminalGetsNoEscapeCodesAtAll() throws {
        let shown = try escapes(term: "dumb")
        #expect(shown.contains("Pay rent"))
        #expect(!shown.contains("\u{1B}["))
    }

    @Test func aTerminalWithoutColoursGetsBoldAndNoColour() throws {
        let shown = try escapes(term: "vt100")
        #expect(shown.contains("\u{1B}[1mTo Do"))
        // (39 is tmux's own "default colour".)
        #expect(shown.range(of: #"\x1B\[(3[0-7]|38;)"#, options: .regularExpression) == nil)
    }

    @Test func eightTwoHundredFiftySixAndTrueColourTerminalsGetTheirOwnColours() throws {
        // Work is #3B82F6: ANSI blue, xterm's 69 (95, 135, 255), and itself.
        #expect(try escapes(term: "linux").contains("\u{1B}[34m#Work"))
        #expect(try escapes(term: "xterm-256color").contains("\u{1B}[38;5;69m#Work"))
        #expect(try escapes(term: "xterm-256color", extra: ["COLORTERM": "truecolor"]).contains("\u{1B}[38;2;59;130;246m#Work"))
        #expect(!(try escapes(term: "xterm-256color", extra: ["NO_COLOR": "1"]).contains("\u{1B}[")))
    }
}
