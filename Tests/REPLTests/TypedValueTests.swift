import Foundation
import Testing
import TestSupport

/// Issue "The first week", values as typed: an empty value clears a field that can be cleared and
/// is refused for one that cannot, from the shell, at the prompt and in scripts; no option takes
/// the next word as its value. On Saturday 21 November 2026, 15:00 in New York.
struct TypedValueTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.url.appendingPathComponent("store.sqlite").path }
    private var environment: [String: String] { ["HOME": temporary.url.path, "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-typed")
    }

    private func memoss(_ arguments: String...) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + arguments, environment: environment)
    }

    /// The stored reminders, To Do first, each as "title|notes|rule|scheduledAt".
    private func stored() throws -> [String] {
        let result = try memoss("list", "--json")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let rows = (json["todo"] as? [[String: Any]] ?? []) + (json["completed"] as? [[String: Any]] ?? [])
        return rows.map { row in
            let rule = (row["recurrence"] as? [String: Any])?["rule"] as? String ?? "?"
            return "\(row["title"] as? String ?? "?")|\(row["notes"] as? String ?? "")|\(rule)|\(row["scheduledAt"] as? String ?? "")"
        }
    }

    @Test func anEmptyNotesValueAddsNoNotesWhetherSpacedOrAttached() throws {
        #expect(try memoss("add", "Water the ferns", "--notes", "").status == 0)
        #expect(try memoss("add", "Feed the cat", "--notes=", "--date", "2026-11-23").status == 0)
        #expect(try stored() == ["Water the ferns||never|2026-11-22T09:00:00-05:00", "Feed the cat||never|2026-11-23T09:00:00-05:00"])
    }

    @Test func anEmptyValueClearsTheNotesTheDateTheRepeatAndTheEndOfAReminder() throws {
        #expect(try memoss("add", "Stretch", "--notes", "mat by the door", "--repeat", "daily", "--until", "2027-01-31").status == 0)
        let cleared = try memoss("edit", "1", "--notes", "", "--repeat", "", "--until=")
        #expect(cleared.stderr == "")
        #expect(cleared.stdout == "Saved \"Stretch\", due Tomorrow 09:00, no longer repeating.\n")
        #expect(try stored() == ["Stretch||never|2026-11-22T09:00:00-05:00"])
        #expect(try memoss("edit", "1", "--time", "").stdout == "Saved \"Stretch\", due Tomorrow, all day.\n")
        #expect(try memoss("edit", "1", "--date=").stdout == "Saved \"Stretch\", with no date.\n")
    }

    @Test func anEmptyTitleIsRefusedWithASentenceAndTheReminderKeepsItsOwn() throws {
        #expect(try memoss("add", "Renew passport").status == 0)
        for arguments in [["--title", ""], ["--title="]] {
            let result = try MemossProcess.run(["--db", store, "edit", "1"] + arguments, environment: environment)
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr == "memoss: --title cannot be empty; give one, or leave out --title to keep the one it has.\n")
        }
        #expect(try stored() == ["Renew passport||never|2026-11-22T09:00:00-05:00"])
    }

    @Test func anEmptyTagIsRefusedAndNothingIsAdded() throws {
        let tag = try memoss("add", "Buy milk", "--tag", "")
        #expect(tag.status == 2)
        #expect(tag.stderr == "memoss: --tag cannot be empty: tag name is required, such as --tag Work.\n")
        let newTag = try memoss("add", "Buy milk", "--new-tag=")
        #expect(newTag.status == 2)
        #expect(newTag.stderr == "memoss: --new-tag cannot be empty: tag name is required, such as --new-tag Work.\n")
        #expect(try stored() == [])
    }

    @Test func theWordAfterAnEmptyValueIsNeverTakenForIt() throws {
        // The next word is an option of its own and the title's words, not the notes.
        #expect(try memoss("add", "--notes=", "--date", "2026-11-24", "Call", "mum").stdout
            == "Added 1. \"Call mum\", due Tue 24 Nov 09:00.\n")
        #expect(try stored() == ["Call mum||never|2026-11-24T09:00:00-05:00"])
    }

    @Test func anEmptyValueReadsTheSameAtThePromptAndInAScript() throws {
        let script = ["add Pay rent --notes \"\" --date 2026-11-30", "add Pay gas --notes=", "list", "edit 1 --title \"\""]
        let result = try MemossProcess.run(["--db", store], environment: environment, lines: script)
        #expect(result.status == 1)
        #expect(result.stderr == """
            memoss: line 4: --title cannot be empty; give one, or leave out --title to keep the one it has.
            memoss: 1 command was refused; see the lines above.

            """)
        #expect(try stored() == ["Pay gas||never|2026-11-22T09:00:00-05:00", "Pay rent||never|2026-11-30T09:00:00-05:00"])
    }
}
