import Domain
import Foundation
import Testing
import TestSupport

struct LoadDayHistoryUseCaseTests {
    @Test func dayShowsWhatWasDueThenAndWhatWasCompletedThen() async throws {
        let world = try TestWorld()
        let dueMonday = try await world.addReminder("Due Monday", on: "2026-11-23", at: "09:00")
        try await world.addReminder("Due Monday night", on: "2026-11-23", at: "23:59")
        try await world.addReminder("Due Tuesday", on: "2026-11-24", at: "00:00")
        _ = try await world.core.toggleCompletion(id: dueMonday.id)  // completed on Saturday the 21st

        let monday = try await world.core.loadDayHistory(day: day("2026-11-23"))
        #expect(monday.scheduled.map(\.title) == ["Due Monday", "Due Monday night"])
        #expect(monday.completions.isEmpty)

        let saturday = try await world.core.loadDayHistory(day: day("2026-11-21"))
        #expect(saturday.scheduled.isEmpty)
        #expect(saturday.completions.map(\.title) == ["Due Monday"])
        #expect(saturday.completions.first?.completion.completedAt == testNow)
    }
}
