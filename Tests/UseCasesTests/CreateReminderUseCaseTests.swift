import Domain
import Foundation
import Testing
import TestSupport

struct CreateReminderUseCaseTests {
    @Test func reminderIsStoredTrimmedInTheUsersZoneWithTheClocksTimes() async throws {
        let world = try TestWorld()
        let created = try await world.addReminder("  Buy milk \n", on: "2026-11-22", at: "08:15", notes: " 2 litres ")
        let stored = try #require(try await world.allReminders().first)
        #expect(stored == created)
        #expect(stored.title == "Buy milk")
        #expect(stored.notes == "2 litres")
        #expect(stored.scheduledAt == instant("2026-11-22T08:15:00-05:00"))
        #expect(stored.timeZoneID == "America/New_York")
        #expect(stored.createdAt == testNow)
        #expect(stored.isCompleted == false)
    }

    @Test func refusedDraftStoresNothing() async throws {
        let world = try TestWorld()
        await #expect(throws: ReminderValidationError.titleRequired) {
            try await world.addReminder("   ", on: "2026-11-22")
        }
        await #expect(throws: ReminderValidationError.notInFuture) {
            try await world.addReminder("Yesterday's news", on: "2026-11-20")
        }
        #expect(try await world.allReminders().isEmpty)
    }
}

struct ResolveReminderUseCaseTests {
    @Test func aNumberNamesTheListedReminderAndAnIdPrefixTheOneWithIt() async throws {
        let world = try TestWorld()
        let first = try await world.addReminder("First", on: "2026-11-22")
        let second = try await world.addReminder("Second", on: "2026-11-23")
        let listing = [second.id, first.id]
        #expect(try await world.core.resolveReminder("2", listing: listing).id == first.id)
        // Counting UUIDs …0001 and …0002 share their first 31 hex digits.
        #expect(try await world.core.resolveReminder("00000000-0000-0000-0000-000000000001", listing: listing).id == first.id)
        await #expect(throws: ReminderReferenceError.ambiguous("0000")) {
            try await world.core.resolveReminder("0000", listing: listing)
        }
    }

    /// A prompt's `add` numbers the new reminder in the prompt's own listing, and adds it to the
    /// stored one only while that is the prompt's: after a `list` in a shell, the shell's numbers
    /// stay the store's (its `done 1` completed the prompt's 1).
    @Test func aPromptsAddKeepsAnotherShellsListingTheStores() async throws {
        let world = try TestWorld()
        let a = try await world.addReminder("A", on: "2026-11-22"), b = try await world.addReminder("B", on: "2026-11-23")
        let c = try await world.addReminder("C", on: "2026-11-24"), d = try await world.addReminder("D", on: "2026-11-25")
        var prompt: [UUID]? = [a.id, b.id, c.id]
        let token = try await world.core.saveListing([a.id, b.id, c.id])
        // The prompt's own listing, stored: the new one is added to both.
        #expect(try await world.core.resolveReminder.number(added: d.id, listing: &prompt, token: token) == 4)
        #expect(try await world.core.resolveReminder("4", listing: nil).id == d.id)
        // A shell lists C alone (the start of another listing could be the prompt's own, too: A
        // alone); the prompt adds E: 5 in the prompt, and the shell's 1 is still C.
        try await world.core.saveListing([c.id])
        let e = try await world.addReminder("E", on: "2026-11-26")
        #expect(try await world.core.resolveReminder.number(added: e.id, listing: &prompt, token: token) == 5)
        #expect(prompt == [a.id, b.id, c.id, d.id, e.id])
        #expect(try await world.core.resolveReminder("1", listing: nil).id == c.id)
        await #expect(throws: ReminderReferenceError.noSuchNumber(2, listed: 1)) {
            try await world.core.resolveReminder("2", listing: nil)
        }
    }

    @Test func numbersOutsideTheListingAndNonIdsAreRefused() async throws {
        let world = try TestWorld()
        await #expect(throws: ReminderReferenceError.noSuchNumber(7, listed: 0)) {
            try await world.core.resolveReminder("7", listing: [])
        }
        await #expect(throws: ReminderReferenceError.notAReference("abc")) {
            try await world.core.resolveReminder("abc", listing: [])
        }
        await #expect(throws: ReminderReferenceError.noMatch("ffff")) {
            try await world.core.resolveReminder("ffff", listing: [])
        }
    }
}
