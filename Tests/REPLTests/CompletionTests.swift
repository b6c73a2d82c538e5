import Foundation
import Testing
import TestSupport

/// A shell's completion, as the scripts `memoss --generate-completion-script` writes ask it: the
/// values each argument's definition names (tag names, the last listing's numbers), read from the
/// store without changing it.
struct CompletionTests {
    private let temporary: TemporaryFolder
    private var home: URL { temporary.url }
    private var store: String { home.appendingPathComponent("store.sqlite").path }

    init() throws {
        temporary = try TemporaryFolder("memoss-completion")
    }

    private func memoss(_ arguments: String...) throws -> ChildProcess.Result {
        try MemossProcess.run(arguments, environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "TZ": "UTC", "MEMOSS_DB": store,
                                                       "MEMOSS_CLOCK": "2026-11-20T14:00:00Z"])
    }

    @Test func aTagArgumentCompletesTheStoresTagNames() throws {
        #expect(try memoss("tag", "add", "Garden").status == 0)
        // `memoss tag rm W<Tab>` and `memoss list --tag <Tab>`, as bash asks.
        #expect(try memoss("---completion", "tag", "rm", "--", "positional@0", "0", "1", "W").stdout == "Work\n")
        #expect(try memoss("---completion", "list", "--", "--tag", "1", "0", "--tag", "").stdout
            == "Garden\nHealth\nPersonal\nShopping\nWork\n")
    }

    @Test func aReminderArgumentCompletesTheLastListingsNumbers() throws {
        #expect(try memoss("---completion", "done", "--", "positional@0", "0", "0", "").stdout == "")
        // Each add numbers what it added: 1, 2 and 3 name them.
        for title in ["One", "Two", "Three"] { #expect(try memoss("add", title).status == 0) }
        #expect(try memoss("---completion", "done", "--", "positional@0", "0", "0", "").stdout == "1\n2\n3\n")
        _ = try memoss("list", "one")
        #expect(try memoss("---completion", "done", "--", "positional@0", "0", "0", "").stdout == "1\n")
    }

    @Test func completingWithoutAStoreCreatesNone() throws {
        #expect(try memoss("---completion", "tag", "rm", "--", "positional@0", "0", "0", "").stdout == "")
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func eachShellsScriptAsksMemossForTheValues(_ shell: String) throws {
        let script = try memoss("--generate-completion-script", shell)
        #expect(script.status == 0)
        #expect(script.stdout.contains("---completion"))
        #expect(script.stdout.contains("tag"))
    }
}
