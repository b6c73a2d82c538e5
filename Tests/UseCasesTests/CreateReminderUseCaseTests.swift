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
