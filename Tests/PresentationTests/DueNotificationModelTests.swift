import Domain
import Foundation
import Presentation
import Testing
import TestSupport

@MainActor
struct DueNotificationModelTests {
    /// A world at Saturday 15:00 where "Call mum" falls due at 15:30 and "Pay rent" at 15:40, and
    /// the clock at 15:45.
    private func twoDue() async throws -> TestWorld {
        let world = try TestWorld()
        try await world.addReminder("Call mum", on: "2026-11-21", at: "15:30")
        try await world.addReminder("Pay rent", on: "2026-11-21", at: "15:40")
        world.clock.advance(by: 45 * 60)
        return world
    }

    @Test func whatFallsDueIsShownOneAtATimeOldestFirstAndOnlyOnce() async throws {
        let due = try await twoDue().core.dueNotificationModel()
        #expect(due.current == nil)

        await due.check()
        #expect(due.current?.text == "Reminder: Call mum · Today 15:30 (late)")
        #expect(due.moreCount == 1)
        due.putAsideTapped()
        #expect(due.current?.text == "Reminder: Pay rent · Today 15:40 (late)")
        due.putAsideTapped()
        await due.check()
        #expect(due.current == nil)
    }

    @Test func completingFromTheStatusLineCompletesItsReminder() async throws {
        let world = try await twoDue()
        let due = world.core.dueNotificationModel()
        await due.check()

        await due.completeTapped()

        #expect(due.status == "Completed \"Call mum\".")
        #expect(due.current?.text.hasPrefix("Reminder: Pay rent") == true)
        #expect(try await world.allReminders().filter(\.isCompleted).map(\.title) == ["Call mum"])
    }

    @Test func snoozingFiresItAgainFifteenMinutesLater() async throws {
        let world = try await twoDue()
        let due = world.core.dueNotificationModel()
        await due.check()

        await due.snoozeTapped()
        #expect(due.status == "Snoozed \"Call mum\" until Today 16:00.")
        due.putAsideTapped()
        await due.check()
        #expect(due.current == nil)

        world.clock.advance(by: 15 * 60)
        await due.check()
        // Said at its due time, as every notification is, with the time the snooze moved it to.
        #expect(due.current?.text == "Reminder: Call mum · Today 15:30 (snoozed to Today 16:00)")
    }

    @Test func dismissingAnswersItAndLeavesTheReminderAsItWas() async throws {
        let world = try await twoDue()
        let due = world.core.dueNotificationModel()
        await due.check()

        await due.dismissTapped()
        #expect(due.status == "Dismissed \"Call mum\".")
        #expect(due.current?.text.hasPrefix("Reminder: Pay rent") == true)
        // Answered: no longer delivered, the reminder open; putting the other aside leaves it delivered.
        due.putAsideTapped()
        #expect(try await world.core.listNotifications().delivered.map(\.request.title) == ["Pay rent"])
        #expect(try await world.allReminders().filter(\.isCompleted).isEmpty)
    }

    /// A notification answered elsewhere (another shell, a sync) leaves the status line: it stayed,
    /// and answering it there said no notification had its id.
    @Test func aNotificationAnsweredElsewhereLeavesTheLine() async throws {
        let world = try await twoDue()
        let due = world.core.dueNotificationModel()
        await due.check()
        _ = try await world.core.dismissNotification(id: try #require(due.current?.id))
        await due.check()
        #expect(due.current?.text.hasPrefix("Reminder: Pay rent") == true && due.moreCount == 0)
    }

    /// One put aside here and snoozed elsewhere is shown when it falls due again; one dismissed
    /// elsewhere, that dismissal undone, is shown again.
    @Test func aNotificationPutAsideOrAnsweredElsewhereComesBackWhenItWaitsAgain() async throws {
        let world = try await twoDue()
        let due = world.core.dueNotificationModel()
        await due.check()
        let callMum = try #require(due.current?.id)
        due.putAsideTapped()
        _ = try await world.core.snoozeNotification(id: callMum)
        await due.check()
        #expect(due.current?.text.hasPrefix("Reminder: Pay rent") == true && due.moreCount == 0)
        world.clock.advance(by: 15 * 60)
        await due.check()
        #expect(due.moreCount == 1)

        let payRent = try #require(due.current?.id)
        _ = try await world.core.dismissNotification(id: payRent)
        await due.check()
        #expect(due.current?.text == "Reminder: Call mum · Today 15:30 (snoozed to Today 16:00)" && due.moreCount == 0)
        _ = try await world.core.undo()
        await due.check()
        #expect(due.moreCount == 1)
    }
}
