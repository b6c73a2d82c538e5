import Domain
import Storage
import Foundation
@testable import Sync
import Testing
import TestSupport

/// The sync engine's pull, push, merge, 412, 507 and token paths against a server in memory:
/// what the user reads, what the server holds, and that the next sync has nothing to do.
struct SyncEngineTests {
    @Test func aReminderAddedHereIsSentAndTheNextSyncIsUpToDate() async throws {
        let sync = try await SyncHarness()
        try await sync.add("Buy milk", notes: "2 litres")
        #expect(try await sync.sync().sentence == "home: sent 1 new")
        #expect(sync.server.titles == ["Buy milk"])
        let text = try #require(sync.server.texts.values.first)
        #expect(text.contains("DESCRIPTION:2 litres\r\n"))
        #expect(try await sync.sync().sentence == "home: up to date")
        #expect(sync.server.received.allSatisfy { $0.url.hasPrefix(MemoryCalDAVServer.collectionURL) })
    }

    @Test func aToDoAddedOnTheServerIsReceivedWithItsFields() async throws {
        let sync = try await SyncHarness()
        sync.server.put("a.ics", MemoryCalDAVServer.todo(uid: "a@example.org", title: "Call mum", extra: ["DESCRIPTION:Sunday", "CATEGORIES:Home"]))
        #expect(try await sync.sync().sentence == "home: received 1 new")
        let reminder = try #require(try await sync.reminders()["Call mum"])
        #expect(reminder.reminder.notes == "Sunday")
        #expect(reminder.tags.map(\.name) == ["Home"])
        #expect(reminder.reminder.scheduledAt == instant("2027-03-01T09:00:00-05:00"))
        #expect(try await sync.sync().sentence == "home: up to date")
    }

    @Test func aChangeOnEachSideToDifferentFieldsKeepsBoth() async throws {
        let sync = try await SyncHarness()
        sync.server.put("a.ics", MemoryCalDAVServer.todo(uid: "a@example.org", title: "Dentist"))
        try await sync.sync()
        try await sync.edit("Dentist") { $0.notes = "bring the card" }
        sync.server.put("a.ics", MemoryCalDAVServer.todo(uid: "a@example.org", title: "Dentist, Dr Lee"))
        #expect(try await sync.sync().sentence == "home: received 1 changed; sent 1 changed")
        let merged = try #require(try await sync.reminders()["Dentist, Dr Lee"])
        #expect(merged.reminder.notes == "bring the card")
        let text = try #require(sync.server.texts["a.ics"])
        // Only the notes were changed here: the title goes back as the other client wrote it.
        #expect(text.contains("SUMMARY:Dentist, Dr Lee\r\n") && text.contains("DESCRIPTION:bring the card\r\n"))
        #expect(try await sync.sync().sentence == "home: up to date")
    }

    /// A reminder imported from another app's calendar keeps the UID that app gave it (what an ics
    /// export writes) when a change to it arrives from the server: a sync used to drop it.
    @Test func aChangeReceivedForAnImportedItemKeepsTheUIDItsCalendarGaveIt() async throws {
        let sync = try await SyncHarness()
        var reminder = try await sync.add("Water the plants").reminder
        reminder.calendarUID = "1712345678901"
        try await GRDBReminderRepository(database: sync.world.core.database).update(reminder, tagIDs: [])
        #expect(try await sync.sync().sentence == "home: sent 1 new")
        let name = try #require(sync.server.texts.keys.first)
        sync.server.put(name, try #require(sync.server.texts[name]).replacingOccurrences(of: "SUMMARY:Water the plants", with: "SUMMARY:Water the ferns"))
        #expect(try await sync.sync().sentence == "home: received 1 changed")
        #expect(try await sync.reminders()["Water the ferns"]?.reminder.calendarUID == "1712345678901")
    }

    @Test func aResourceChangedBetweenTheLookAndThePutIsMergedNotOverwritten() async throws {
        let sync = try await SyncHarness()
        try await sync.add("Renew passport")
        try await sync.sync()
        try await sync.edit("Renew passport") { $0.title = "Renew passport (photos!)" }
        let name = try #require(sync.server.texts.keys.first)
        let server = sync.server
        // Another client changes the notes just before the PUT lands: the server answers 412.
        server.intercept = { request, _ in
            if request.method == "PUT", request.header("If-Match") != nil, !(server.texts[name] ?? "").contains("another client") {
                let text = server.texts[name] ?? ""
                server.put(name, text.replacingOccurrences(of: "SUMMARY:", with: "DESCRIPTION:Changed by another client\r\nSUMMARY:"))
            }
            return nil
        }
        let report = try await sync.sync()
        #expect(report.sentence == "home: received 1 changed; sent 1 changed")
        #expect(sync.server.received.contains { $0.method == "PUT" } )
        let text = try #require(sync.server.texts[name])
        #expect(text.contains("SUMMARY:Renew passport (photos!)") && text.contains("DESCRIPTION:Changed by another client"))
        #expect(try await sync.reminders()["Renew passport (photos!)"]?.reminder.notes == "Changed by another client")
    }

    @Test func anAnswerCutShortWith507IsAskedForTheRest() async throws {
        let sync = try await SyncHarness()
        for index in 1...7 { sync.server.put("t\(index).ics", MemoryCalDAVServer.todo(uid: "t\(index)", title: "Task \(index)")) }
        sync.server.pageSize = 3
        #expect(try await sync.sync().sentence == "home: received 7 new")
        #expect(try await sync.titles() == (1...7).map { "Task \($0)" })
        #expect(sync.server.received.filter { $0.body.contains("sync-collection") }.count == 3)
        #expect(try await sync.sync().sentence == "home: up to date")
    }

    @Test func aTokenTheServerForgotComparesEverythingAndDuplicatesNothing() async throws {
        let sync = try await SyncHarness()
        try await sync.add("Here")
        sync.server.put("there.ics", MemoryCalDAVServer.todo(uid: "there", title: "There"))
        try await sync.sync()
        sync.server.forgetsTokens = true
        sync.server.put("new.ics", MemoryCalDAVServer.todo(uid: "new", title: "New there"))
        let report = try await sync.sync()
        #expect(report.sentence == "home: received 1 new (the server no longer knew the last sync, so everything was compared)")
        #expect(try await sync.titles() == ["Here", "New there", "There"])
        #expect(sync.server.titles == ["Here", "New there", "There"])
    }

    @Test func thePullAfterThePushStartsFromTheLatestTokenNotTheFirst() async throws {
        let sync = try await SyncHarness()
        try await sync.add("First")
        try await sync.sync()
        sync.server.put("there.ics", MemoryCalDAVServer.todo(uid: "there", title: "There"))
        try await sync.add("Second")
        #expect(try await sync.sync().sentence == "home: received 1 new; sent 1 new")
        let tokens = sync.server.received.filter { $0.body.contains("sync-collection") }.suffix(2).map { request in
            request.body.components(separatedBy: "<d:sync-token>")[1].components(separatedBy: "</d:sync-token>")[0]
        }
        // The second sync's first pull starts from the first sync's last token; its pull after the
        // push from the token that first pull received, never from the one it started with.
        #expect(tokens == ["token-1", "token-2"])
        #expect(try await sync.sync().sentence == "home: up to date")
    }

    @Test func aDeletionOnEitherSideTravels() async throws {
        let sync = try await SyncHarness()
        try await sync.add("Keep")
        try await sync.add("Delete here")
        sync.server.put("gone.ics", MemoryCalDAVServer.todo(uid: "gone", title: "Delete there"))
        try await sync.sync()
        try await sync.delete("Delete here")
        sync.server.remove("gone.ics")
        #expect(try await sync.sync().sentence == "home: received 1 deleted; sent 1 deleted")
        #expect(try await sync.titles() == ["Keep"])
        #expect(sync.server.titles == ["Keep"])
    }

    @Test func twoResourcesWithOneUIDAreReportedOnceAndTheSyncConverges() async throws {
        let sync = try await SyncHarness()
        sync.server.put("a.ics", MemoryCalDAVServer.todo(uid: "same", title: "From A"))
        sync.server.put("b.ics", MemoryCalDAVServer.todo(uid: "same", title: "From B"))
        let first = try await sync.sync()
        #expect(first.sentence == "home: received 1 new")
        #expect(first.notices == ["left /cal/user/tasks/b.ics alone on the server: it has the same UID as /cal/user/tasks/a.ics, "
            + "which is synced as \"From A\"; remove one of the two on the server"])
        #expect(try await sync.titles() == ["From A"])
        let second = try await sync.sync()
        #expect(second.sentence == "home: up to date")
        #expect(second.notices.isEmpty)
    }

    @Test func aToDoWithMoreCategoriesThanAReminderHoldsIsLeftAloneAndMakesNoTag() async throws {
        let sync = try await SyncHarness()
        let categories = (1...20_000).map { "C\($0)" }.joined(separator: ",")
        sync.server.put("many.ics", MemoryCalDAVServer.todo(uid: "many", title: "Many", extra: ["CATEGORIES:\(categories)"]))
        sync.server.put("fine.ics", MemoryCalDAVServer.todo(uid: "fine", title: "Fine", extra: ["CATEGORIES:A,B"]))
        let report = try await sync.sync()
        #expect(report.sentence == "home: received 1 new")
        #expect(report.notices == ["left /cal/user/tasks/many.ics alone on the server: it has 20000 categories; a reminder has at most 20 tags"])
        #expect(try await sync.world.core.listTags().map(\.name).filter { $0.hasPrefix("C") }.isEmpty)
    }

    @Test func oneSyncMakesNoMoreNewTagsThanTheImporterDoesForAFile() async throws {
        var limits = SyncLimits()
        limits.newTags = 30
        let sync = try await SyncHarness(limits: limits)
        for index in 0..<3 {
            let categories = (0..<15).map { "T\(index)-\($0)" }.joined(separator: ",")
            sync.server.put("\(index).ics", MemoryCalDAVServer.todo(uid: "u\(index)", title: "Item \(index)", extra: ["CATEGORIES:\(categories)"]))
        }
        let report = try await sync.sync()
        #expect(report.sentence == "home: received 2 new")
        #expect(report.notices == ["left /cal/user/tasks/2.ics alone on the server: it has categories that would make more than 30 new tags "
            + "in one sync; create the tags first with `tag add`, or sync again to take the next ones"])
    }

    @Test func aToDoMemossCannotHoldIsLeftAloneNamingTheField() async throws {
        let sync = try await SyncHarness()
        sync.server.put("long.ics", MemoryCalDAVServer.todo(uid: "long", title: "Long", extra: ["DESCRIPTION:" + String(repeating: "x", count: 10_001)]))
        sync.server.put("old.ics", MemoryCalDAVServer.todo(uid: "old", title: "Old", due: "18000101T090000"))
        sync.server.put("blank.ics", MemoryCalDAVServer.todo(uid: "blank", title: " "))
        let report = try await sync.sync()
        #expect(report.sentence == "home: up to date")
        #expect(report.notices.sorted() == [
            "left /cal/user/tasks/blank.ics alone on the server: title: title is required",
            "left /cal/user/tasks/long.ics alone on the server: notes: notes must be at most 10000 characters",
            "left /cal/user/tasks/old.ics alone on the server: date: must be a day from \(LocalDate.firstSupported) to \(LocalDate.lastSupported)",
        ])
    }

    @Test func aDryRunSaysWhatWouldChangeAndChangesNothing() async throws {
        let sync = try await SyncHarness()
        try await sync.add("Call mum")
        sync.server.put("a.ics", MemoryCalDAVServer.todo(uid: "a", title: "From the server"))
        let report = try await sync.sync(SyncSettings(dryRun: true))
        #expect(report.sentence == "home: would receive 1 new; would send 1 new")
        #expect(report.changes == ["receive new \"From the server\"", "send new \"Call mum\""])
        #expect(sync.server.titles == ["From the server"])
        #expect(try await sync.titles() == ["Call mum"])
        #expect(!sync.server.received.contains { $0.method == "PUT" })
    }

    @Test func aTitleWithAControlCharacterIsSentAsMemossShowsItAndTheSyncConverges() async throws {
        let sync = try await SyncHarness()
        try await sync.add("Pay\u{1B}[2J rent", notes: "bell\u{7}")
        #expect(try await sync.sync().sentence == "home: sent 1 new")
        let text = try #require(sync.server.texts.values.first)
        #expect(text.contains("SUMMARY:Pay\\\\u{1B}[2J rent\r\n") && text.contains("DESCRIPTION:bell\\\\u{7}\r\n"))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(try await sync.sync().sentence == "home: up to date")
        #expect(try await sync.titles() == ["Pay\u{1B}[2J rent"])
    }

    @Test func aCancelledToDoIsReceivedOnceAndNotSentBackAtEverySync() async throws {
        let sync = try await SyncHarness()
        // Cancelled elsewhere (no COMPLETED: it was not done), and cancelled here.
        sync.server.put("a.ics", MemoryCalDAVServer.todo(uid: "a", title: "Old plan", extra: ["STATUS:CANCELLED"]))
        try await sync.add("Dropped idea")
        #expect(try await sync.sync().sentence == "home: received 1 new; sent 1 new")
        #expect(try await sync.reminders()["Old plan"]?.reminder.isCancelled == true)
        let dropped = try #require(try await sync.reminders()["Dropped idea"])
        _ = try await sync.world.core.changeStatus(ids: [dropped.reminder.id], to: .cancelled)
        #expect(try await sync.sync().sentence == "home: sent 1 changed")
        #expect(sync.server.texts.values.filter { $0.contains("STATUS:CANCELLED\r\n") }.count == 2)
        let puts = sync.server.received.filter { $0.method == "PUT" }.count
        #expect(try await sync.sync().sentence == "home: up to date")
        #expect(try await sync.sync().sentence == "home: up to date")
        #expect(sync.server.received.filter { $0.method == "PUT" }.count == puts)
    }

    @Test func aToDoInProgressDoneHereIsSentOnceAndReopenedInProgress() async throws {
        let sync = try await SyncHarness()
        sync.server.put("a.ics", MemoryCalDAVServer.todo(uid: "a", title: "Tax return", extra: ["STATUS:IN-PROCESS", "PERCENT-COMPLETE:40"]))
        try await sync.sync()
        let id = try #require(try await sync.reminders()["Tax return"]).reminder.id
        _ = try await sync.world.core.completeReminders(ids: [id])
        #expect(try await sync.sync().sentence == "home: sent 1 changed")
        let done = try #require(sync.server.texts["a.ics"])
        #expect(done.contains("STATUS:COMPLETED\r\n") && done.contains("PERCENT-COMPLETE:100\r\n"))
        #expect(try await sync.sync().sentence == "home: up to date")
        // Reopened here, it is in progress again at 40%, and the server hears so once.
        _ = try await sync.world.core.reopenReminders(ids: [id])
        #expect(try await sync.sync().sentence == "home: sent 1 changed")
        let reopened = try #require(sync.server.texts["a.ics"])
        #expect(reopened.contains("STATUS:IN-PROCESS\r\n") && reopened.contains("PERCENT-COMPLETE:40\r\n") && !reopened.contains("COMPLETED:"))
        #expect(try await sync.sync().sentence == "home: up to date")
    }

    @Test func aToDoDoneElsewhereWithoutATimeIsDoneHereAndNotSentBack() async throws {
        let sync = try await SyncHarness()
        sync.server.put("a.ics", MemoryCalDAVServer.todo(uid: "a", title: "Post the letter", extra: ["STATUS:COMPLETED"]))
        #expect(try await sync.sync().sentence == "home: received 1 new")
        #expect(try await sync.reminders()["Post the letter"]?.reminder.isDone == true)
        #expect(try await sync.sync().sentence == "home: up to date")
        #expect(!sync.server.received.contains { $0.method == "PUT" })
    }

    @Test func aTitleOrDescriptionWithSpaceAroundItIsNotRewrittenByTheFirstSync() async throws {
        let sync = try await SyncHarness()
        // todoman ends a description read from standard input with its line break.
        let text = MemoryCalDAVServer.todo(uid: "a", title: "Read Dune ", extra: ["DESCRIPTION:Sci-fi club pick\\n"])
        sync.server.put("a.ics", text)
        #expect(try await sync.sync().sentence == "home: received 1 new")
        let reminder = try #require(try await sync.reminders()["Read Dune"])
        #expect(reminder.reminder.notes == "Sci-fi club pick")
        #expect(try await sync.sync().sentence == "home: up to date")
        #expect(sync.server.texts["a.ics"] == text)
        // An edit of the notes replaces them; the title stays as the other client wrote it.
        try await sync.edit("Read Dune") { $0.notes = "Book club, 3 December" }
        #expect(try await sync.sync().sentence == "home: sent 1 changed")
        let sent = try #require(sync.server.texts["a.ics"])
        #expect(sent.contains("SUMMARY:Read Dune \r\n") && sent.contains("DESCRIPTION:Book club\\, 3 December\r\n"))
    }
}
