import Domain
import Foundation
import Testing
import TestSupport

struct ResetTodayUseCaseTests {
    @Test func removesTodaysRemindersOnlyCountingByTheLocalDay() async throws {
        // Start the day before so reminders can be made for "today" through the use case.
        let world = try TestWorld(now: instant("2026-11-20T08:00:00-05:00"))
        try await world.addReminder("Yesterday", on: "2026-11-20", at: "20:00")
        let morning = try await world.addReminder("Today, morning", on: "2026-11-21", at: "09:00")
        try await world.addReminder("Today, late", on: "2026-11-21", at: "22:00")  // 03:00 UTC on the 22nd
        try await world.addReminder("Tomorrow", on: "2026-11-22", at: "00:30")
        world.clock.advance(by: 31 * 3_600)  // 2026-11-21 15:00 local
        _ = try await world.core.toggleCompletion(id: morning.id)  // done ones go too

        let removed = try await world.core.resetToday()

        #expect(removed == 2)  // both of today's, done or not; yesterday's and tomorrow's stay
        #expect(Set(try await world.allReminders().map(\.title)) == ["Yesterday", "Tomorrow"])
        #expect(try await world.core.resetToday() == 0)
    }
}
