import Domain
import Foundation
@testable import Sync
import Testing

/// `undo` is the user's own: after a sync it takes back the user's last command, never what the
/// sync brought from another device, refuses when a sync changed the same reminders since, and
/// takes a sync back only when asked by name (`undo --sync`).
struct UndoAfterSyncTests {
    /// A store synced with a server holding three to-dos another client made, then a command of the user's.
    private func synced() async throws -> SyncHarness {
        let sync = try await SyncHarness()
        try await sync.add("Mine", day: 2)
        try await sync.sync()
        try await sync.edit("Mine") { $0.notes = "before the sync" }
        for (name, title) in [("a.ics", "Theirs A"), ("b.ics", "Theirs B"), ("c.ics", "Theirs C")] {
            sync.server.put(name, MemoryCalDAVServer.todo(uid: name, title: title))
        }
        #expect(try await sync.sync().sentence == "home: received 3 new; sent 1 changed")
        return sync
    }

    @Test func undoRightAfterASyncUndoesTheUsersCommandAndTheNextSyncDeletesNothing() async throws {
        let sync = try await synced()
        let undone = try await sync.world.core.undo()
        #expect(undone.sentence == "Edited \"Mine\"")
        #expect(try await sync.titles() == ["Mine", "Theirs A", "Theirs B", "Theirs C"])
        #expect(try await sync.reminders()["Mine"]?.reminder.notes == nil)
        // The undo is a change here like any other: the server gets it, and loses nothing.
        #expect(try await sync.sync().sentence == "home: sent 1 changed")
        #expect(sync.server.texts.count == 4)
    }

    @Test func undoRefusesWhenASyncChangedTheSameReminderSince() async throws {
        let sync = try await SyncHarness()
        sync.server.put("a.ics", MemoryCalDAVServer.todo(uid: "a", title: "Dentist"))
        try await sync.sync()
        try await sync.edit("Dentist") { $0.notes = "bring the card" }
        try await sync.sync()
        // Another device renames it; the sync brings that.
        let theirs = try #require(sync.server.texts.first { $0.key.hasSuffix("a.ics") }?.value)
        sync.server.put("a.ics", theirs.replacingOccurrences(of: "SUMMARY:Dentist", with: "SUMMARY:Dentist, Dr Lee"))
        try await sync.sync()
        await #expect(throws: JournalError.changedBySyncSince("Edited \"Dentist\"", account: "home")) {
            try await sync.world.core.undo()
        }
        #expect(try await sync.reminders()["Dentist, Dr Lee"]?.reminder.notes == "bring the card")
    }

    @Test func aSyncIsUndoneOnlyByNameAfterSayingWhatItWouldDo() async throws {
        let sync = try await synced()
        let preview = try #require(try await sync.world.core.undo.syncPreview())
        #expect(preview.command.sentence == "Synced with home")
        #expect(preview.effects.map(\.title).sorted() == ["Theirs A", "Theirs B", "Theirs C"])
        #expect(preview.effects.allSatisfy { $0.effect == .delete })
        #expect(try await sync.world.core.undo.sync().sentence == "Synced with home")
        #expect(try await sync.titles() == ["Mine"])
        // Named, it goes to the server too: the next sync deletes what it had brought (the guard
        // against deleting most of a collection asks first, so it is confirmed here).
        #expect(try await sync.sync(confirm: { _ in true }).sentence == "home: sent 3 deleted")
        #expect(sync.server.texts.count == 1)
        // The user's own command is still there to undo.
        #expect(try await sync.world.core.undo().sentence == "Edited \"Mine\"")
    }

    /// What undoing a sync that deleted a reminder would bring back is named by its title, which is
    /// in the journal only (it was named by its id).
    @Test func undoingASyncNamesWhatItDeletedByItsTitle() async throws {
        let sync = try await SyncHarness()
        sync.server.put("a.ics", MemoryCalDAVServer.todo(uid: "a@example.org", title: "Dentist"))
        try await sync.sync()
        sync.server.remove("a.ics")
        #expect(try await sync.sync().sentence == "home: received 1 deleted")
        let preview = try #require(try await sync.world.core.undo.syncPreview())
        #expect(preview.effects.map(\.title) == ["Dentist"] && preview.effects.map(\.effect) == [.restore])
    }

    /// Redo, as undo, does not overwrite what a sync brought: a command undone, then the same
    /// reminder changed on another device and synced, is not redone over it (it was: the other
    /// device's change was gone, on the server too after the next sync).
    @Test func redoRefusesWhenASyncChangedTheSameReminderAfterTheUndo() async throws {
        let sync = try await SyncHarness()
        sync.server.put("a.ics", MemoryCalDAVServer.todo(uid: "a", title: "Dentist"))
        try await sync.sync()
        try await sync.edit("Dentist") { $0.notes = "bring the card" }
        _ = try await sync.world.core.undo()
        try await sync.sync()
        let theirs = try #require(sync.server.texts.first { $0.key.hasSuffix("a.ics") }?.value)
        sync.server.put("a.ics", theirs.replacingOccurrences(of: "SUMMARY:Dentist", with: "SUMMARY:Dentist, Dr Lee"))
        try await sync.sync()
        await #expect(throws: JournalError.changedSinceUndone("Edited \"Dentist\"", since: "a sync with home")) {
            try await sync.world.core.redo()
        }
        #expect(try await sync.reminders()["Dentist, Dr Lee"]?.reminder.notes == nil)
    }

    /// What undo --sync would do is not offered when it would be refused: a later command of the
    /// user's changed what the sync brought (it was listed and asked, then refused).
    @Test func aSyncUndoThatWouldBeRefusedIsRefusedBeforeItsPreview() async throws {
        let sync = try await synced()
        try await sync.edit("Theirs A") { $0.notes = "mine now" }
        await #expect(throws: JournalError.changedSinceSync("Edited \"Theirs A\"")) {
            _ = try await sync.world.core.undo.syncPreview()
        }
    }

    /// Another client's to-do deleted here, the delete sent, then undone: the next sync sends it
    /// back where it was, as it was (its UID, its address, what Memoss does not read), not as a new
    /// to-do of Memoss's under another UID (the other client saw its task deleted and another made).
    @Test func anUndoneDeleteOfAnotherClientsToDoGoesBackAsItWas() async throws {
        let sync = try await SyncHarness()
        sync.server.put("other-1.ics", MemoryCalDAVServer.todo(uid: "other-1", title: "Theirs", extra: [
            "RELATED-TO:parent-9", "X-APPLE-SORT-ORDER:42", "LOCATION:Garage", "PRIORITY:2"]))
        try await sync.sync()
        try await sync.delete("Theirs")
        #expect(try await sync.sync().sentence == "home: sent 1 deleted")
        #expect(sync.server.texts.isEmpty)
        _ = try await sync.world.core.undo()
        #expect(try await sync.sync().sentence == "home: sent 1 new")
        let back = try #require(sync.server.texts.first)
        #expect(back.key == "other-1.ics")
        for line in ["UID:other-1", "RELATED-TO:parent-9", "X-APPLE-SORT-ORDER:42", "LOCATION:Garage", "PRIORITY:2", "SUMMARY:Theirs"] {
            #expect(back.value.contains(line + "\r\n"), "\(line) in \(back.value)")
        }
        // Synced again, it is the same to-do: nothing to send.
        #expect(try await sync.sync().sentence == "home: up to date")
    }
}
