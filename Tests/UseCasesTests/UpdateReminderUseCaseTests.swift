import Domain
import Foundation
import Testing
import TestSupport

struct UpdateReminderUseCaseTests {
    @Test func overdueReminderCanBeRenamedWithoutMovingIt() async throws {
        let world = try TestWorld()
        let reminder = try await world.addReminder("Pay rent", on: "2026-11-22")
        world.clock.advance(by: 3 * 86_400)  // now overdue

        var draft = ReminderDraft(title: "Pay the rent", date: day("2026-11-22"), time: time("09:00"),
                                  timeZoneID: reminder.timeZoneID)
        let updated = try await world.core.updateReminder(id: reminder.id, draft)
        #expect(updated.title == "Pay the rent")
        #expect(updated.scheduledAt == reminder.scheduledAt)
        #expect(updated.updatedAt == testNow.addingTimeInterval(3 * 86_400))

        draft.time = time("10:00")  // another past time
        await #expect(throws: ReminderValidationError.notInFuture) {
            try await world.core.updateReminder(id: reminder.id, draft)
        }
        #expect(try await world.allReminders().map(\.scheduledAt) == [reminder.scheduledAt])
    }

    @Test func updatingADeletedReminderSaysItIsGone() async throws {
        let world = try TestWorld()
        let reminder = try await world.addReminder("Gone soon", on: "2026-11-22")
        try await world.core.deleteReminder(id: reminder.id)
        let draft = ReminderDraft(title: "Renamed", date: day("2026-11-23"), time: time("09:00"),
                                  timeZoneID: reminder.timeZoneID)
        await #expect(throws: ReminderError.notFound(reminder.id)) {
            try await world.core.updateReminder(id: reminder.id, draft)
        }
        #expect(try await world.allReminders().isEmpty)
    }
}
