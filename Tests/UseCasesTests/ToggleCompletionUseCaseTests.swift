import Domain
import Foundation
import Testing
import TestSupport

struct ToggleCompletionUseCaseTests {
    @Test func completingLogsTheCompletionAndReopeningRemovesIt() async throws {
        let world = try TestWorld()
        let reminder = try await world.addReminder("Stretch", on: "2026-11-22")

        let done = try await world.core.toggleCompletion(id: reminder.id)
        #expect(done.isCompleted)
        #expect(done.completedAt == testNow)
        let dashboard = try await world.core.loadDashboard()
        #expect(dashboard.toDo.isEmpty)
        #expect(dashboard.completed.map(\.id) == [reminder.id])
        let history = try await world.core.loadDayHistory(day: day("2026-11-21"))
        #expect(history.completions.map(\.title) == ["Stretch"])
        #expect(history.completions.first?.completion.occurrence == reminder.scheduledAt)

        let reopened = try await world.core.toggleCompletion(id: reminder.id)
        #expect(reopened.isCompleted == false)
        #expect(reopened.completedAt == nil)
        #expect(try await world.core.loadDashboard().toDo.map(\.id) == [reminder.id])
        #expect(try await world.core.loadDayHistory(day: day("2026-11-21")).completions.isEmpty)
    }

    @Test func togglingADeletedReminderSaysItIsGone() async throws {
        let world = try TestWorld()
        let missing = UUID()
        await #expect(throws: ReminderError.notFound(missing)) { try await world.core.toggleCompletion(id: missing) }
    }
}
