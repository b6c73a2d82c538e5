import Domain
import Foundation
import Presentation
import Shared
import Storage
import Testing
import TestSupport

/// A prompt between its commands: no store work while nothing is due and nothing changed, and
/// after a command only the one read that says when the next delivery is due.
struct PromptDeliveryTests {
    private func add(_ world: TestWorld, _ title: String, on date: String, at time: String) async throws -> ReminderWithTags {
        try await world.core.createReminder(ReminderDraft(
            title: title, date: day(date), time: TestSupport.time(time), timeZoneID: world.environment.timeZone.identifier))
    }

    @Test func anIdlePromptRunsNoTransaction() async throws {
        let world = try TestWorld(onDisk: true)
        _ = try await add(world, "Dentist", on: "2026-11-23", at: "09:00")
        let delivery = world.core.promptDelivery()
        _ = try await delivery.look()
        let before = world.core.database.transactions.value

        for _ in 0..<5 { _ = try await delivery.look() }

        #expect(world.core.database.transactions.value == before)
    }

    @Test func afterDoneThePromptReadsOnlyWhenTheNextDeliveryIsDue() async throws {
        let world = try TestWorld(onDisk: true)
        let dentist = try await add(world, "Dentist", on: "2026-11-23", at: "09:00")
        let delivery = world.core.promptDelivery()
        _ = try await delivery.look()

        _ = try await world.core.completeReminders(ids: [dentist.id])
        await delivery.commandRan()
        let before = world.core.database.transactions.value
        let look = try await delivery.look()
        let afterLook = world.core.database.transactions.value
        _ = try await delivery.look()

        #expect(look.due == nil)
        #expect(afterLook == before + 1)
        #expect(world.core.database.transactions.value == afterLook)
    }

    @Test func whatFallsDueAfterACommandIsDeliveredAtTheNextLook() async throws {
        let world = try TestWorld(onDisk: true)
        _ = try await add(world, "Pay rent", on: "2026-11-21", at: "15:30")
        let delivery = world.core.promptDelivery()
        _ = try await delivery.look()

        world.clock.advance(by: 3_600)
        let look = try await delivery.look()

        #expect(look.due?.delivered.map(\.request.title) == ["Pay rent"])
    }
}
