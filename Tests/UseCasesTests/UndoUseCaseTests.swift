import Domain
import Foundation
import Testing
import TestSupport

/// Undo and redo through the use cases, checked on the stored rows themselves.
struct UndoUseCaseTests {
    @Test func undoOfEachKindOfCommandRestoresExactlyTheStoredRowsAndRedoReappliesIt() async throws {
        let world = try TestWorld()
        let errands = try await world.addTag("Errands")
        let milk = try await world.addReminder("Buy milk", on: "2026-11-23", tags: [errands])
        let call = try await world.addReminder("Call Ann", on: "2026-11-24", at: "18:30", notes: "about Sunday")

        let commands: [(String, () async throws -> Void)] = [
            ("add", { _ = try await world.addReminder("Water plants", on: "2026-11-25") }),
            ("edit", {
                var draft = ReminderDraft(title: "Buy oat milk", date: day("2026-11-26"), time: time("08:00"),
                                          timeZoneID: "America/New_York")
                draft.tagIDs = []
                _ = try await world.core.updateReminder(id: milk.id, draft)
            }),
            ("delete", { try await world.core.deleteReminder(id: milk.id) }),
            ("done", { _ = try await world.core.completeReminders(ids: [milk.id, call.id]) }),
            ("tag rm", { try await world.core.deleteTag(id: errands.id) }),
            ("tag rename", { _ = try await world.core.renameTag(id: errands.id, to: "Chores") }),
            ("tag color", { _ = try await world.core.recolorTag(id: errands.id, colorHex: "#14b8a6") }),
            ("tag add", { _ = try await world.addTag("Garden") }),
        ]
        for (name, command) in commands {
            let before = try world.snapshot()
            try await command()
            let after = try world.snapshot()
            #expect(after != before, "\(name) changed nothing")

            _ = try await world.core.undo()
            #expect(try world.snapshot() == before, "undo of \(name)")
            _ = try await world.core.redo()
            #expect(try world.snapshot() == after, "redo of \(name)")
            _ = try await world.core.undo()
            #expect(try world.snapshot() == before, "second undo of \(name)")
        }
    }

    @Test func anImportIsJournaledByIdsAndUndoneAndRedoneExactly() async throws {
        let world = try TestWorld(onDisk: true)
        let errands = try await world.addTag("Errands")
        try await world.addReminder("Already here", on: "2026-11-23", tags: [errands])
        let before = try world.snapshot()
        let since = try await world.core.changedReminders(since: 0).revision

        let model = await world.core.importModel(header: try .init(["title", "date", "tags"]), allowPast: false, source: "rows.csv")
        await model.add(["Rake leaves", "2026-11-28", "Errands;Garden"], line: 2)
        await model.add(["Plant bulbs", "2026-11-29", "garden"], line: 3)
        await model.add(["Call Ann", "2026-11-30", ""], line: 4)
        let counts = try await model.finish(keep: true)
        #expect((counts.imported, counts.tagsCreated) == (3, 1))
        let imported = try await world.allReminders().filter { $0.title != "Already here" }
        // Three reminder ids and one tag id, not a copy of every value.
        #expect(try world.journalEntrySizes().last == 8 + 16 * 4)
        #expect(try await world.core.changedReminders(since: since).ids == Set(imported.map(\.id)))

        _ = try await world.core.completeReminders(ids: [imported[0].id])
        let after = try world.snapshot()
        for round in 1...2 {
            #expect(try await world.core.undo().sentence == "Completed \"\(imported[0].title)\"")
            #expect(try await world.core.undo().sentence == "Imported 3 reminders from rows.csv")
            #expect(try world.snapshot() == before, "round \(round)")
            _ = try await world.core.redo()
            _ = try await world.core.redo()
            #expect(try world.snapshot() == after, "round \(round)")
            // Redone, the import is held by its ids again.
            #expect(try world.journalEntrySizes().suffix(2).first == 8 + 16 * 4)
        }
    }

    @Test func undoGoesFurtherBackEachTimeAndSaysWhatItUndid() async throws {
        let world = try TestWorld()
        let empty = try world.snapshot()
        let milk = try await world.addReminder("Buy milk", on: "2026-11-23")
        _ = try await world.core.completeReminders(ids: [milk.id])

        #expect(try await world.core.undo().sentence == "Completed \"Buy milk\"")
        #expect(try await world.core.undo().sentence == "Added \"Buy milk\"")
        #expect(try world.snapshot() == empty)
        await #expect(throws: JournalError.nothingToUndo) { try await world.core.undo() }

        #expect(try await world.core.redo().sentence == "Added \"Buy milk\"")
        #expect(try await world.core.redo().sentence == "Completed \"Buy milk\"")
        await #expect(throws: JournalError.nothingToRedo) { try await world.core.redo() }
        #expect(try await world.allReminders().map(\.isCompleted) == [true])
    }

    @Test func aNewCommandAfterUndoEndsTheRedoPath() async throws {
        let world = try TestWorld()
        try await world.addReminder("Buy milk", on: "2026-11-23")
        _ = try await world.core.undo()
        try await world.addReminder("Call Ann", on: "2026-11-23")

        await #expect(throws: JournalError.nothingToRedo) { try await world.core.redo() }
        #expect(try await world.allReminders().map(\.title) == ["Call Ann"])
    }

    @Test func commandsMadeOfSeveralChangesAreUndoneTogether() async throws {
        let world = try TestWorld()
        let before = try world.snapshot()
        try await Journal.command {
            let tag = try await world.addTag("Errands")
            try await world.addReminder("Post letters", on: "2026-11-23", tags: [tag])
        }

        let undone = try await world.core.undo()

        #expect(undone.sentence == "Created tag \"Errands\"; added \"Post letters\"")
        #expect(try world.snapshot() == before)
    }

    @Test func undoReplansTheNotifications() async throws {
        let world = try TestWorld()
        let milk = try await world.addReminder("Buy milk", on: "2026-11-23")
        try await world.core.deleteReminder(id: milk.id)
        #expect(try await world.core.listNotifications().pending.isEmpty)

        _ = try await world.core.undo()

        #expect(try await world.core.listNotifications().pending.map(\.id) == [milk.id.uuidString])
    }

    @Test func theJournalKeepsTheNewestCommandsOnly() async throws {
        let world = try TestWorld()
        try await world.core.listJournal.setLimit(2)
        for title in ["One", "Two", "Three"] { try await world.addReminder(title, on: "2026-11-23") }

        let journal = try await world.core.listJournal()

        #expect(journal.undoable.map(\.sentence) == ["Added \"Three\"", "Added \"Two\""])
        #expect(journal.limit == 2)
        _ = try await world.core.undo()
        _ = try await world.core.undo()
        await #expect(throws: JournalError.nothingToUndo) { try await world.core.undo() }
        #expect(try await world.allReminders().map(\.title) == ["One"])
        await #expect(throws: JournalError.invalidLimit(0)) { try await world.core.listJournal.setLimit(0) }
    }

    @Test func theJournalTellsWhichRemindersChangedSinceARevision() async throws {
        let world = try TestWorld()
        let milk = try await world.addReminder("Buy milk", on: "2026-11-23")
        let seen = try await world.core.changedReminders(since: 0)
        #expect(seen.ids == [milk.id])

        let call = try await world.addReminder("Call Ann", on: "2026-11-23")
        _ = try await world.core.undo()
        let later = try await world.core.changedReminders(since: seen.revision)

        #expect(later.ids == [call.id])
        #expect(later.revision > seen.revision)
    }
}
