import Foundation
import Shared
import Testing
import TestSupport

/// `memoss search` end to end: words in titles, notes, tag and list names, whatever the case and
/// accents, as prefixes, in any script, numbered as `list` numbers them; and the index in step
/// after an edit, an undo and an import.
struct SearchCommandTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }
    private var environment: [String: String] { ["HOME": temporary.url.path, "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-search")
    }

    @discardableResult
    private func memoss(_ arguments: String..., lines: [String]? = nil) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + arguments, environment: environment, lines: lines)
    }

    private func addSome() throws {
        try memoss("add", "Call the dentist", "--date", "2026-11-23", "--new-tag", "Santé", "--notes", "Ask about the crown")
        try memoss("add", "Crème brûlée for Ana", "--date", "2026-11-22", "--time", "19:00")
        try memoss("add", "歯医者に電話する", "--date", "2026-11-24")
        try memoss("add", "Buy MILK 🥛", "--date", "2026-11-21", "--time", "18:00")
        try memoss("add", "Пойти в Москву", "--date", "2026-11-25")
    }

    @Test func wordsAreFoundWhateverTheirCaseAccentsAndScriptAsPrefixesInTitlesNotesAndTags() throws {
        try addSome()
        let expected: [(String, String)] = [
            ("dent", "Call the dentist"), ("DENTIST", "Call the dentist"), ("crown", "Call the dentist"),
            ("sante", "Call the dentist"), ("SANTÉ", "Call the dentist"), ("creme", "Crème brûlée for Ana"),
            ("BRULEE", "Crème brûlée for Ana"), ("milk", "Buy MILK 🥛"), ("🥛", "Buy MILK 🥛"), ("電話", "歯医者に電話する"),
            ("歯医者", "歯医者に電話する"), ("москв", "Пойти в Москву"),
        ]
        for (word, title) in expected {
            let result = try memoss("search", word)
            #expect(result.status == 0)
            #expect(result.stdout.split(separator: "\n").filter { $0.contains("[ ]") }.map { $0.components(separatedBy: "  ")[1] }
                == ["1. [ ] \(title)"], "\(word): \(result.stdout)")
        }
        #expect(try memoss("search", "entist").stdout == "  Nothing matches.\n", "the middle of a word is not a word's start")
    }

    @Test func resultsAreNumberedSoonestFirstThenDoneOnesAndTheNumbersAreKept() throws {
        try memoss("add", "Report to Ana", "--date", "2026-11-30")
        try memoss("add", "Draft report", "--date", "2026-11-22")
        try memoss("add", "Reporting tool", "--date", "2026-11-23")
        try memoss("add", "Read the paper", "--date", "2026-11-24")
        try memoss("done", "3")  // the last added: "Reporting tool" is number 3 of the kept listing
        let found = try memoss("search", "report")
        #expect(found.stdout == """
            To Do · report
              1. [ ] Draft report  Tomorrow 09:00
              2. [ ] Report to Ana  Mon 30 Nov 09:00
            Completed · report
              3. [x] Reporting tool  Mon 23 Nov 09:00

            """)
        #expect(try memoss("done", "2").stdout == "Completed \"Report to Ana\".\n")
        #expect(try memoss("show", "3").stdout.hasPrefix("Reporting tool\n"))
    }

    @Test func theIndexFollowsAnEditAnUndoAndAnImport() throws {
        try memoss("add", "Renew the passport", "--date", "2026-12-01")
        try memoss("edit", "1", "--title", "Renew the driving licence")
        #expect(try memoss("search", "passport").stdout == "  Nothing matches.\n")
        #expect(try memoss("search", "licence").stdout.contains("1. [ ] Renew the driving licence"))
        try memoss("undo")
        #expect(try memoss("search", "passport").stdout.contains("1. [ ] Renew the passport"))
        #expect(try memoss("search", "licence").stdout == "  Nothing matches.\n")

        let csv = temporary.path("tasks.csv")
        try "title,notes,date,tags\nPlumber visit,bring the façade plans,2026-12-02,Maison\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let imported = try MemossProcess.run(["--db", store, csv], environment: environment, program: MemossProcess.importer)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try memoss("search", "facade").stdout.contains("[ ] Plumber visit"))
        #expect(try memoss("search", "maison").stdout.contains("[ ] Plumber visit"))
        try memoss("undo")
        #expect(try memoss("search", "facade").stdout == "  Nothing matches.\n")
        try memoss("redo")
        #expect(try memoss("search", "plumb").stdout.contains("[ ] Plumber visit"))
    }

    @Test func aWordFindsTheRemindersOfAListOfThatNameAndFollowsItsRenaming() throws {
        try memoss("lists", "add", "Épicerie")
        try memoss("add", "Oat milk", "--date", "2026-11-23", "--list", "Épicerie")
        try memoss("add", "Call the bank", "--date", "2026-11-22")
        let found = try memoss("search", "epic")
        #expect(found.stdout.split(separator: "\n").filter { $0.contains("[ ]") }.map { $0.components(separatedBy: "  ")[1] }
            == ["1. [ ] Oat milk"], "\(found.stdout)")
        try memoss("lists", "rename", "Épicerie", "Groceries")
        #expect(try memoss("search", "epicerie").stdout == "  Nothing matches.\n")
        #expect(try memoss("search", "grocer").stdout.contains("1. [ ] Oat milk"))
        // The list a store starts with is named too: its reminders are found by its name.
        #expect(try memoss("search", "reminders").stdout.contains("1. [ ] Call the bank"))
        #expect(try memoss("search", "list:Groceries", "oat").stdout.contains("1. [ ] Oat milk"))
        #expect(try memoss("search", "-list:Groceries", "oat").stdout == "  Nothing matches.\n")
    }

    @Test func searchSaysWhatToTypeWithoutWords() throws {
        let result = try memoss("search")
        #expect(result.status == 2)
        #expect(result.stderr.contains("Missing expected argument '<query> ...'") || result.stderr.contains("Say what to look for"))
    }
}
