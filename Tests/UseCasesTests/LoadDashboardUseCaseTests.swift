import Domain
import Foundation
import Testing
import TestSupport

struct LoadDashboardUseCaseTests {
    @Test func toDoIsOverdueThenTodayThenUpcomingEachByTimeAndDoneIsSeparate() async throws {
        let world = try TestWorld(now: instant("2026-11-20T08:00:00-05:00"))
        try await world.addReminder("Upcoming 2", on: "2026-11-25", at: "07:00")
        try await world.addReminder("Today late", on: "2026-11-21", at: "23:30")
        try await world.addReminder("Overdue", on: "2026-11-21", at: "10:00")
        try await world.addReminder("Today soon", on: "2026-11-21", at: "16:00")
        try await world.addReminder("Upcoming 1", on: "2026-11-22", at: "00:00")
        let done = try await world.addReminder("Done", on: "2026-11-23", at: "09:00")
        world.clock.advance(by: 31 * 3_600)  // 2026-11-21 15:00 local
        _ = try await world.core.toggleCompletion(id: done.id)

        let dashboard = try await world.core.loadDashboard()

        #expect(dashboard.overdue.map(\.title) == ["Overdue"])
        #expect(dashboard.today.map(\.title) == ["Today soon", "Today late"])
        #expect(dashboard.upcoming.map(\.title) == ["Upcoming 1", "Upcoming 2"])
        #expect(dashboard.toDo.count == 5)
        #expect(dashboard.completed.map(\.title) == ["Done"])
    }
}
