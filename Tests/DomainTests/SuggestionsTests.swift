import Domain
import Testing

struct SuggestionsTests {
    @Test(arguments: [
        ("lsit", ["list"]), ("Wrok", ["Work"]), ("dne", ["done"]), ("tgas", ["tags"]),
        ("re", ["redo", "reopen", "reset-today"]), ("xyzzy", []),
    ])
    func closeWordsAreSuggestedClosestFirst(typed: String, expected: [String]) {
        let known = ["list", "Work", "done", "tags", "tag", "redo", "reopen", "reset-today", "rm", "add"]
        #expect(Suggestions.closest(to: typed, among: known) == expected)
    }

    @Test func thePhraseNamesTheSuggestionsOrIsEmpty() {
        #expect(Suggestions.phrase(for: "lsit", among: ["list", "add"]) == "; did you mean \"list\"?")
        #expect(Suggestions.phrase(for: "qqqq", among: ["list", "add"]) == "")
    }
}
