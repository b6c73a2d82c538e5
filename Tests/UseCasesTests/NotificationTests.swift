import Domain
import Foundation
import Storage
import Testing
import TestSupport

struct NotificationTests {
    @discardableResult
    private func add(_ world: TestWorld, _ title: String, on date: String, at time: String = "09:00",
                     repeating rule: RecurrenceRule = .never, until end: String? = nil) async throws -> ReminderWithTags {
        try await world.core.createReminder(ReminderDraft(
            title: title, date: day(date), time: TestSupport.time(time), timeZoneID: world.environment.timeZone.identifier,
            recurrence: rule, recurrenceEnd: end.map(day)))
    }

    private func pending(_ world: TestWorld) async throws -> [NotificationRequest] {
        try await world.core.listNotifications().pending
    }

    @Test func aDailyReminderGetsItsIndexedRequestsInTheRecurringSlots() async throws {
        let world = try TestWorld()
        let reminder = try await add(world, "Meds", on: "2026-11-22", repeating: .daily)
        let requests = try await pending(world)
        #expect(requests.count == 50)
        #expect(requests.first?.id == "\(reminder.id.uuidString)-20261122")
        #expect(requests[1].id == "\(reminder.id.uuidString)-20261123")
        #expect(requests.last?.fireAt == instant("2027-01-10T09:00:00-05:00"))
        #expect(requests.allSatisfy { $0.isRecurring && $0.title == "Meds" })
    }

    /// A plan is read, then written: a reminder another command deletes in between gets no request
    /// (and the write does not fail on it), the others keep theirs.
    @Test func aPlanReadBeforeAReminderWasDeletedIsStoredWithoutIt() async throws {
        let world = try TestWorld()
        let kept = try await add(world, "Dentist", on: "2026-11-23")
        let gone = try await add(world, "Pay rent", on: "2026-11-24")
        let planned = try await pending(world)
        #expect(planned.count == 2)

        try await world.core.deleteReminder(id: gone.id)
        try await GRDBNotificationRepository(database: world.core.database).replacePlan(with: planned, madeAt: 0)

        #expect(try await pending(world).map(\.reminderID) == [kept.id])
    }

    @Test func deletingAReminderCancelsEveryIndexedRequest() async throws {
        let world = try TestWorld()
        let reminder = try await add(world, "Meds", on: "2026-11-22", repeating: .daily)
        try await world.core.deleteReminder(id: reminder.id)
        #expect(try await pending(world).isEmpty)
    }

    @Test func anEndDateInThreeDaysLeavesThreeRequests() async throws {
        let world = try TestWorld()
        try await add(world, "Course", on: "2026-11-22", repeating: .daily, until: "2026-11-24")
        #expect(try await pending(world).map(\.fireAt) == [
            instant("2026-11-22T09:00:00-05:00"), instant("2026-11-23T09:00:00-05:00"), instant("2026-11-24T09:00:00-05:00"),
        ])
    }

    @Test func onlyTheFourteenSoonestOneTimeRemindersArePending() async throws {
        let world = try TestWorld()
        var created: [ReminderWithTags] = []
        for hour in (0..<20).reversed() {
            created.append(try await add(world, "R\(hour)", on: "2026-11-22", at: String(format: "%02d:00", hour)))
        }
        let requests = try await pending(world)
        #expect(requests.map(\.title) == (0..<14).map { "R\($0)" })
        #expect(requests.allSatisfy { !$0.isRecurring })
        #expect(requests.first?.id == created.last?.id.uuidString)
    }

    @Test func fiftyRecurringSlotsGoToTheSoonestOccurrencesAcrossAllSeries() async throws {
        let world = try TestWorld()
        for hour in 8...12 { try await add(world, "D\(hour)", on: "2026-11-22", at: "\(hour):00", repeating: .daily) }
        let requests = try await pending(world)
        #expect(requests.count == 50)
        // Ten days of all five, not fifty of the first.
        #expect(Dictionary(grouping: requests, by: \.title).mapValues(\.count) == ["D8": 10, "D9": 10, "D10": 10, "D11": 10, "D12": 10])
        #expect(requests.last?.fireAt == instant("2026-12-01T12:00:00-05:00"))
    }

    @Test func theCapHoldsAtSixtyFourAndKeepsTheSoonest() async throws {
        let world = try TestWorld()
        try await add(world, "Now", on: "2026-11-21", at: "15:30")
        world.clock.advance(by: 30 * 60)
        let delivered = try #require(try await world.core.deliverDueNotifications().first)
        for minute in 0..<20 { try await add(world, "Once \(minute)", on: "2026-11-23", at: "10:\(String(format: "%02d", minute))") }
        for hour in 8...12 { try await add(world, "D\(hour)", on: "2026-11-22", at: "\(hour):00", repeating: .daily) }
        let full = try await pending(world)
        #expect(full.count == 64)

        // Snoozing a delivered notification needs a 65th slot: the latest request makes room.
        let snoozed = try await world.core.snoozeNotification(id: delivered.id)
        let after = try await pending(world)
        #expect(after.count == 64)
        #expect(after.first == snoozed)
        #expect(after.dropFirst() == full.dropLast())
    }

    @Test func editingAReminderReschedulesItsRequest() async throws {
        let world = try TestWorld()
        let reminder = try await add(world, "Dentist", on: "2026-11-23")
        _ = try await world.core.updateReminder(id: reminder.id, ReminderDraft(
            title: "Dentist", date: day("2026-11-24"), time: time("14:00"), timeZoneID: reminder.timeZoneID))
        #expect(try await pending(world).map(\.fireAt) == [instant("2026-11-24T14:00:00-05:00")])
    }

    @Test func dueNotificationsAreDeliveredOnceAndTheBudgetRefills() async throws {
        let world = try TestWorld()
        try await add(world, "Call", on: "2026-11-21", at: "15:30")
        try await add(world, "Later", on: "2026-11-21", at: "16:00")
        #expect(try await world.core.deliverDueNotifications().isEmpty)

        world.clock.advance(by: 30 * 60)  // 15:30: on time
        let delivered = try await world.core.deliverDueNotifications()
        #expect(delivered.map(\.request.title) == ["Call"])
        #expect(delivered.first?.isLate == false)
        #expect(try await world.core.deliverDueNotifications().isEmpty)
        #expect(try await pending(world).map(\.title) == ["Later"])
        #expect(try await world.core.nextNotification()?.fireAt == instant("2026-11-21T16:00:00-05:00"))
    }

    @Test func aReminderMovedAfterItNotifiedNotifiesAgainAtItsNewTime() async throws {
        let world = try TestWorld()
        let reminder = try await add(world, "Call the bank", on: "2026-11-21", at: "15:10")
        world.clock.advance(by: 15 * 60)
        #expect(try await world.core.deliverDueNotifications().map(\.request.title) == ["Call the bank"])
        _ = try await world.core.updateReminder(id: reminder.id, ReminderDraft(
            title: "Call the bank", date: day("2026-11-23"), time: time("10:00"), timeZoneID: "America/New_York"))
        #expect(try await pending(world).map(\.fireAt) == [instant("2026-11-23T10:00:00-05:00")])
        world.clock.advance(by: 2 * 86_400)
        #expect(try await world.core.deliverDueNotifications().map(\.request.fireAt) == [instant("2026-11-23T10:00:00-05:00")])
    }

    @Test func whatFellDueWhileNothingRanIsDeliveredOnceAndLate() async throws {
        let world = try TestWorld()
        _ = try await world.core.deliverDueNotifications()  // a run at 15:00
        for minute in 0..<20 { try await add(world, "Missed \(minute)", on: "2026-11-21", at: "16:\(String(format: "%02d", minute))") }
        try await add(world, "Daily", on: "2026-11-22", at: "08:00", repeating: .daily)

        world.clock.advance(by: 4 * 86_400)  // nothing ran for four days
        let delivered = try await world.core.deliverDueNotifications()

        // All twenty, though only fourteen fit the budget at once; the daily one only for its latest day.
        #expect(delivered.filter { !$0.request.isRecurring }.count == 20)
        let recurring = delivered.filter(\.request.isRecurring).map(\.request.fireAt)
        #expect(recurring == [instant("2026-11-25T08:00:00-05:00")])
        #expect(delivered.allSatisfy { $0.isLate })
        #expect(try await world.core.deliverDueNotifications().isEmpty)
        // The series is planned again from the next day on, with its full share of slots.
        let next = try await pending(world)
        #expect(next.first?.fireAt == instant("2026-11-26T08:00:00-05:00"))
        #expect(next.count == 50)
    }

    @Test func deletingAReminderRemovesItsPendingAndDeliveredNotifications() async throws {
        let world = try TestWorld()
        let reminder = try await add(world, "Call", on: "2026-11-21", at: "15:30", repeating: .daily)
        world.clock.advance(by: 30 * 60)
        #expect(try await world.core.deliverDueNotifications().count == 1)
        try await world.core.deleteReminder(id: reminder.id)
        let centre = try await world.core.listNotifications()
        #expect(centre.pending.isEmpty)
        #expect(centre.delivered.isEmpty)
    }

    @Test func completingARecurringReminderFromItsNotificationAdvancesIt() async throws {
        let world = try TestWorld()
        let reminder = try await add(world, "Meds", on: "2026-11-21", at: "15:30", repeating: .daily)
        world.clock.advance(by: 30 * 60)
        let notification = try #require(try await world.core.deliverDueNotifications().first)

        let advanced = try await world.core.completeFromNotification(id: notification.id).reminder

        #expect(advanced.isCompleted == false)
        #expect(advanced.scheduledAt == instant("2026-11-22T15:30:00-05:00"))
        #expect(try await world.core.listNotifications().delivered.isEmpty)
        #expect(try await pending(world).first?.id == "\(reminder.id.uuidString)-20261122")
    }

    @Test func completingAOneTimeReminderFromItsNotificationLeavesNothingBehind() async throws {
        let world = try TestWorld()
        try await add(world, "Call", on: "2026-11-21", at: "15:30")
        world.clock.advance(by: 30 * 60)
        let notification = try #require(try await world.core.deliverDueNotifications().first)
        let done = try await world.core.completeFromNotification(id: notification.id).reminder
        #expect(done.isCompleted)
        let centre = try await world.core.listNotifications()
        #expect(centre.pending.isEmpty && centre.delivered.isEmpty)
        await #expect(throws: NotificationError.notFound(notification.id)) {
            try await world.core.completeFromNotification(id: notification.id)
        }
    }

    @Test func snoozeKeepsTheIdentifierAndIsRecurringAndFiresFifteenMinutesLater() async throws {
        let world = try TestWorld()
        try await add(world, "Meds", on: "2026-11-21", at: "15:30", repeating: .daily)
        world.clock.advance(by: 30 * 60)
        let notification = try #require(try await world.core.deliverDueNotifications().first)

        let snoozed = try await world.core.snoozeNotification(id: notification.id)

        #expect(snoozed.id == notification.id)
        #expect(snoozed.isRecurring)
        #expect(snoozed.fireAt == instant("2026-11-21T15:45:00-05:00"))
        #expect(try await world.core.listNotifications().delivered.isEmpty)
        // A rebuild of the plan keeps the snooze.
        try await add(world, "Other", on: "2026-11-25")
        #expect(try await pending(world).first == snoozed)

        world.clock.advance(by: 15 * 60)
        #expect(try await world.core.deliverDueNotifications().map(\.id) == [notification.id])
    }

    @Test func snoozeMustBeAPositiveNumberOfMinutes() async throws {
        let world = try TestWorld()
        await #expect(throws: NotificationError.invalidSnooze) {
            try await world.core.snoozeNotification(id: "x", length: .minutes(0))
        }
    }

    @Test func snoozingANotificationNotYetDeliveredPostponesItFromItsOwnTime() async throws {
        let world = try TestWorld()
        try await add(world, "Late call", on: "2026-11-26", at: "23:50")
        let notification = try #require(try await pending(world).first)
        let snoozed = try await world.core.snoozeNotification(id: String(notification.id.prefix(6)), length: .minutes(10))
        #expect(snoozed.fireAt == instant("2026-11-27T00:00:00-05:00"))
        #expect(try await world.core.deliverDueNotifications().isEmpty)
    }

    @Test func snoozingUntilATimeTakesTheNextTimeTheClockReadsIt() async throws {
        let world = try TestWorld()
        try await add(world, "Tea", on: "2026-11-21", at: "15:30")
        world.clock.advance(by: 45 * 60)  // 15:45: delivered
        let notification = try #require(try await world.core.deliverDueNotifications().first)
        #expect(try await world.core.snoozeNotification(id: notification.id, length: .until(time("17:30"))).fireAt
            == instant("2026-11-21T17:30:00-05:00"))
        let delivered = try #require(try await world.core.listNotifications().pending.first)
        // Pending again now, at 17:30; until 09:00 postpones it to 09:00 the next morning.
        #expect(try await world.core.snoozeNotification(id: delivered.id, length: .until(time("09:00"))).fireAt
            == instant("2026-11-22T09:00:00-05:00"))
        #expect(try await world.core.snoozeNotification(id: delivered.id, length: .minutes(60)).fireAt
            == instant("2026-11-22T10:00:00-05:00"))
    }

    /// Snoozing or dismissing takes the notification out, records the answer and (snoozed) puts its
    /// new firing in, as one write: another process (a watcher) never reads it half answered, which
    /// let it plan and deliver the answered firing again.
    @Test func anAnswerIsOneWriteThatAnotherProcessNeverSeesHalfDone() async throws {
        let world = try TestWorld()
        try await add(world, "Tea", on: "2026-11-21", at: "15:30")
        try await add(world, "Walk", on: "2026-11-21", at: "15:45")
        world.clock.advance(by: 50 * 60)
        let delivered = try await world.core.deliverDueNotifications()
        #expect(delivered.map(\.request.title) == ["Tea", "Walk"])

        let before = try world.journalEntrySizes().count
        _ = try await world.core.snoozeNotification(id: delivered[0].id, length: .minutes(10))
        #expect(try world.journalEntrySizes().count == before + 1)
        _ = try await world.core.dismissNotification(id: delivered[1].id)
        #expect(try world.journalEntrySizes().count == before + 2)
        let centre = try await world.core.listNotifications()
        #expect(centre.delivered.isEmpty)
        #expect(centre.pending.map(\.title) == ["Tea"] && centre.pending.allSatisfy(\.isSnoozed))
    }
}
