import Domain
import Foundation
import Testing
import TestSupport

/// A write replans only the reminders it changed, however long nothing delivered: what fell due
/// meanwhile is the deliverer's to catch up, and it still does, once.
struct ReplanOnWriteTests {
    @discardableResult
    private func add(_ world: TestWorld, _ title: String, on date: String, at time: String = "09:00",
                     repeating rule: RecurrenceRule = .never) async throws -> ReminderWithTags {
        try await world.core.createReminder(ReminderDraft(
            title: title, date: day(date), time: TestSupport.time(time), timeZoneID: world.environment.timeZone.identifier,
            recurrence: rule))
    }

    /// Twenty one-time reminders, one a day from tomorrow (22 November) at 09:00, and a daily one at
    /// 08:00, planned by a delivery at 15:00; then a week with nothing delivered.
    private func weekWithoutDelivery() async throws -> (TestWorld, [ReminderWithTags]) {
        let world = try TestWorld()
        var reminders: [ReminderWithTags] = []
        for index in 1...20 {
            reminders.append(try await add(world, "R\(index)", on: day("2026-11-21").adding(days: index).description))
        }
        try await add(world, "Stretch", on: "2026-11-22", at: "08:00", repeating: .daily)
        _ = try await world.core.deliverDueNotifications()
        world.clock.advance(by: 7 * 86_400)
        return (world, reminders)
    }

    @Test func aWriteAfterAWeekWithoutDeliveryReplansOnlyItsReminder() async throws {
        let (world, reminders) = try await weekWithoutDelivery()
        let before = try await world.core.listNotifications().pending
        #expect(before.count == 64)

        // Due on 29 November at 12:00, after R8 (09:00): it takes the last one-time slot from R14.
        var added: ReminderWithTags?
        let addition = try await world.planRowsWritten {
            added = try await add(world, "New", on: "2026-11-29", at: "12:00")
        }
        let new = try #require(added)
        #expect(addition.inserted == [new.id.uuidString])
        #expect(addition.deleted == [reminders[13].id.uuidString])

        // R20 is not planned: completing it writes no plan row.
        let unplanned = try await world.planRowsWritten { _ = try await world.core.completeReminders(ids: [reminders[19].id]) }
        #expect(unplanned.inserted.isEmpty && unplanned.deleted.isEmpty)

        // R3 is (missed, still planned): completing it frees its slot for R14, due next.
        let planned = try await world.planRowsWritten { _ = try await world.core.completeReminders(ids: [reminders[2].id]) }
        #expect(planned.deleted == [reminders[2].id.uuidString])
        #expect(planned.inserted == [reminders[13].id.uuidString])

        // The rest of the plan is as the last delivery left it: the week's missed requests with it.
        let after = try await world.core.listNotifications().pending
        let untouched = Set([new.id, reminders[2].id, reminders[13].id])
        #expect(after.filter { !untouched.contains($0.reminderID) } == before.filter { !untouched.contains($0.reminderID) })
    }

    @Test func whatFellDueBeforeAWriteIsStillDeliveredOnceAndLate() async throws {
        let (world, reminders) = try await weekWithoutDelivery()
        try await add(world, "New", on: "2026-11-29", at: "12:00")
        _ = try await world.core.completeReminders(ids: [reminders[2].id])

        let delivered = try await world.core.deliverDueNotifications()
        // R1…R7 but R3 (done), each once; the daily one for its latest day only.
        #expect(delivered.filter { !$0.request.isRecurring }.map(\.request.title) == ["R1", "R2", "R4", "R5", "R6", "R7"])
        #expect(delivered.filter(\.request.isRecurring).map(\.request.fireAt) == [instant("2026-11-28T08:00:00-05:00")])
        #expect(delivered.allSatisfy { $0.isLate })
        #expect(try await world.core.deliverDueNotifications().isEmpty)

        // From there the plan is the one a whole replan makes.
        let planned = try await world.core.listNotifications().pending
        try world.forgetPlanIndex()
        try await world.core.planNotifications()
        #expect(try await world.core.listNotifications().pending == planned)
        #expect(planned.first { !$0.isRecurring }?.title == "R8")
    }

    @Test func aSnoozeReplansOnlyItsReminderAndLeavesThePlanAWholeReplanMakes() async throws {
        let (world, reminders) = try await weekWithoutDelivery()
        _ = try await world.core.deliverDueNotifications()
        // R1's late notification snoozed for 10 minutes: its request, and nothing else, is written.
        let id = reminders[0].id.uuidString
        let snooze = try await world.planRowsWritten {
            _ = try await world.core.snoozeNotification(id: id, length: .minutes(10))
            try await world.core.planNotifications.catchUpIfStale()
        }
        #expect(snooze.inserted == [id] && snooze.deleted.isEmpty)
        let planned = try await world.core.listNotifications().pending
        #expect(planned.filter(\.isSnoozed).map(\.id) == [id])
        try world.forgetPlanIndex()
        try await world.core.planNotifications()
        #expect(try await world.core.listNotifications().pending == planned)
        // Completed, the reminder's snooze goes with it, alone.
        let done = try await world.planRowsWritten { _ = try await world.core.completeReminders(ids: [reminders[0].id]) }
        #expect(done.deleted == [id] && done.inserted.isEmpty)
    }

    /// Another device's answers arrive with their reminders (a sync): the shown notification the
    /// answer came after is closed and the pending one it silences goes, by the replan of those
    /// two reminders alone.
    @Test func answersThatArriveWithTheirRemindersCloseTheirNotificationsAlone() async throws {
        let world = try TestWorld()
        let call = try await add(world, "Call", on: "2026-11-21", at: "16:00")
        let walk = try await add(world, "Walk", on: "2026-11-21", at: "17:00")
        let read = try await add(world, "Read", on: "2026-11-21", at: "18:00")
        world.clock.advance(by: 3_600)
        #expect(try await world.core.deliverDueNotifications().map(\.id) == [call.id.uuidString])

        try world.answerArrived(for: call.id, at: instant("2026-11-21T16:01:00-05:00"))
        try world.answerArrived(for: walk.id, at: instant("2026-11-21T17:00:00-05:00"))
        let replan = try await world.planRowsWritten { try await world.core.planNotifications.catchUpIfStale() }
        #expect(replan.deleted == [walk.id.uuidString] && replan.inserted.isEmpty)
        #expect(try await world.core.listNotifications().delivered.isEmpty)
        #expect(try await world.core.listNotifications().pending.map(\.id) == [read.id.uuidString])
    }

    /// Completing from a shown notification, then undo: the reminder is open again and its
    /// notification shown again, waiting for an answer (the answer is undone with the completion);
    /// redo completes and answers it again.
    @Test func undoingACompletionFromANotificationGivesTheNotificationBack() async throws {
        let world = try TestWorld()
        let call = try await add(world, "Call", on: "2026-11-21", at: "16:00")
        _ = try await add(world, "Walk", on: "2026-11-21", at: "17:00")
        world.clock.advance(by: 3_600)
        #expect(try await world.core.deliverDueNotifications().map(\.id) == [call.id.uuidString])

        #expect(try await world.core.completeFromNotification(id: call.id.uuidString).completed)
        #expect(try await world.core.listNotifications().delivered.isEmpty)
        #expect(try await world.core.undo().sentence == "Completed \"Call\"")
        #expect(try await world.core.listNotifications().delivered.map(\.id) == [call.id.uuidString])
        let reopened = try #require(try await world.allReminders().first { $0.id == call.id }?.reminder)
        #expect(!reopened.isCompleted && reopened.alarmsAcknowledgedAt == nil)
        // Nothing answered it: it is not delivered again, and it is still there to answer.
        #expect(try await world.core.deliverDueNotifications().isEmpty)
        #expect(try await world.core.listNotifications().delivered.map(\.id) == [call.id.uuidString])

        _ = try await world.core.redo()
        #expect(try await world.core.listNotifications().delivered.isEmpty)
        #expect(try await world.allReminders().first { $0.id == call.id }?.reminder.isCompleted == true)
    }

    /// An answer that arrived (a sync) while the plan was stale: the dismiss of another reminder's
    /// notification then closed its notification too; undoing the dismiss brings back only what
    /// the dismiss answered.
    @Test func undoingADismissBringsBackNoNotificationAnsweredElsewhere() async throws {
        let world = try TestWorld()
        let call = try await add(world, "Call", on: "2026-11-21", at: "16:00")
        let walk = try await add(world, "Walk", on: "2026-11-21", at: "17:00")
        world.clock.advance(by: 3_600)
        #expect(try await world.core.deliverDueNotifications().map(\.id) == [call.id.uuidString])

        try world.answerArrived(for: walk.id, at: instant("2026-11-21T17:00:00-05:00"))
        _ = try await world.core.dismissNotification(id: call.id.uuidString)
        #expect(try await world.core.listNotifications().pending.isEmpty)
        _ = try await world.core.undo()
        #expect(try await world.core.listNotifications().delivered.map(\.id) == [call.id.uuidString])
        #expect(try await world.core.listNotifications().pending.isEmpty)
    }
}
