import Domain
import Foundation
import Storage
import UseCases
import Testing
import TestSupport

/// Each alarm of each occurrence is a pending notification, within the budget of 64; an alarm
/// already past when it is set is not delivered late. The tests' now is Saturday 21 November
/// 2026, 15:00 in New York.
struct AlarmPlanTests {
    @discardableResult
    private func add(_ world: TestWorld, _ title: String, on date: String, at time: String? = "09:00",
                     repeating rule: RecurrenceRule = .never, alarms: [Alarm]) async throws -> ReminderWithTags {
        var draft = ReminderDraft(title: title, date: day(date), time: TestSupport.time(time ?? "00:00"), hasTime: time != nil,
                                  timeZoneID: world.environment.timeZone.identifier, recurrence: rule)
        draft.alarms = alarms
        return try await world.core.createReminder(draft)
    }

    private func pending(_ world: TestWorld) async throws -> [NotificationRequest] {
        try await world.core.listNotifications().pending
    }

    @Test func alarmsBeforeAtAndAfterTheDueTimeAreEachPendingAtTheirTime() async throws {
        let world = try TestWorld()
        let rent = try await add(world, "Pay rent", on: "2026-11-23", at: "10:00",
                                 alarms: [.relative(seconds: 3_600), .atDue, .relative(seconds: -86_400), .relative(seconds: -900)])
        let requests = try await pending(world)
        #expect(requests.map(\.fireAt) == [
            instant("2026-11-22T10:00:00-05:00"), instant("2026-11-23T09:45:00-05:00"),
            instant("2026-11-23T10:00:00-05:00"), instant("2026-11-23T11:00:00-05:00"),
        ])
        let id = rent.id.uuidString
        #expect(requests.map(\.id) == ["\(id)-b86400", "\(id)-b900", id, "\(id)-a3600"])
        // Each says when the reminder is due, whatever its own time.
        #expect(requests.allSatisfy { $0.dueAt == instant("2026-11-23T10:00:00-05:00") })
    }

    @Test func anAbsoluteAlarmFiresAtItsInstantAndNoAlarmPlansNothing() async throws {
        let world = try TestWorld()
        let flight = try await add(world, "Flight", on: "2027-01-05", at: "08:00", alarms: [.absolute(instant("2027-01-04T18:00:00-05:00"))])
        try await add(world, "Quiet", on: "2026-11-22", alarms: [])
        let requests = try await pending(world)
        #expect(requests.map(\.id) == ["\(flight.id.uuidString)-t1799103600"])
        #expect(requests.map(\.fireAt) == [instant("2027-01-04T18:00:00-05:00")])
    }

    @Test func anAllDayReminderCountsItsAlarmsFromTheDaysNotificationTime() async throws {
        let world = try TestWorld()
        try await world.core.changeSetting.allDayTime(TestSupport.time("08:00"))
        try await add(world, "Bins", on: "2026-11-24", at: nil, alarms: [.relative(seconds: -86_400), .relative(seconds: -1_800)])
        #expect(try await pending(world).map(\.fireAt) == [instant("2026-11-23T08:00:00-05:00"), instant("2026-11-24T07:30:00-05:00")])
    }

    /// An all-day reminder whose day has begun still notifies at the day's notification time when
    /// that is to come, among more timed reminders than the one-time slots hold, when the whole
    /// plan is made again (here by a new notification time).
    @Test func todaysAllDayReminderNotifiesLaterTodayAmongManyTimedOnes() async throws {
        let world = try TestWorld()
        let plants = try await add(world, "Water plants", on: "2026-11-21", at: nil, alarms: [.atDue])
        for hour in 0..<20 { try await add(world, "Call \(hour)", on: "2026-11-22", at: String(format: "%02d:30", hour), alarms: [.atDue]) }
        try await world.core.changeSetting.allDayTime(TestSupport.time("18:00"))
        let requests = try await pending(world)
        #expect(requests.first?.id == plants.id.uuidString)
        #expect(requests.first?.fireAt == instant("2026-11-21T18:00:00-05:00"))
    }

    @Test func aRepeatingReminderGetsEachAlarmOfEachOccurrenceInTimeOrder() async throws {
        let world = try TestWorld()
        let meds = try await add(world, "Meds", on: "2026-11-22", repeating: .daily, alarms: [.atDue, .relative(seconds: -86_400 - 3_600)])
        let requests = try await pending(world)
        let id = meds.id.uuidString
        // The alarm 25 hours before each day's 09:00 comes before the day before's own.
        #expect(requests.prefix(4).map(\.id) == ["\(id)-20261123-b90000", "\(id)-20261122", "\(id)-20261124-b90000", "\(id)-20261123"])
        #expect(requests.prefix(2).map(\.fireAt) == [instant("2026-11-22T08:00:00-05:00"), instant("2026-11-22T09:00:00-05:00")])
        #expect(requests.count == NotificationBudget.recurringSlots)
        #expect(requests.last?.fireAt == instant("2026-12-16T09:00:00-05:00"))
    }

    /// Three alarms on each of ten one-time reminders: the 14 soonest firings are pending, not
    /// the first 14 reminders' every alarm.
    @Test func theOneTimeSlotsHoldTheFourteenSoonestAlarmsAcrossReminders() async throws {
        let world = try TestWorld()
        for index in 0..<10 {
            try await add(world, "R\(index)", on: day("2026-11-23").adding(days: index).description,
                          alarms: [.atDue, .relative(seconds: -86_400), .relative(seconds: -600)])
        }
        try await add(world, "Daily", on: "2026-11-22", repeating: .daily, alarms: Alarm.defaults)
        let requests = try await pending(world)
        let oneTime = requests.filter { !$0.isRecurring }
        #expect(oneTime.count == NotificationBudget.oneTimeSlots)
        #expect(oneTime.map(\.fireAt) == oneTime.map(\.fireAt).sorted())
        // One the day before R0, then three a day: the fourteenth is R4's ten minutes before.
        #expect(oneTime.last?.fireAt == instant("2026-11-27T08:50:00-05:00"))
        #expect(requests.filter(\.isRecurring).count == NotificationBudget.recurringSlots)
        #expect(requests.count == NotificationBudget.pendingCap)
    }

    @Test func anAlarmAlreadyPastWhenItIsSetIsNotDeliveredLate() async throws {
        let world = try TestWorld()
        // Due at 16:00 today: the alarm two hours before (13:00) is past, the one 30 minutes before is not.
        let call = try await add(world, "Call", on: "2026-11-21", at: "16:00", alarms: [.relative(seconds: -7_200), .relative(seconds: -1_800)])
        #expect(try await pending(world).map(\.id) == ["\(call.id.uuidString)-b1800"])
        world.clock.advance(by: 1_800)
        let delivered = try await world.core.deliverDueNotifications()
        #expect(delivered.map(\.id) == ["\(call.id.uuidString)-b1800"])
        #expect(delivered.allSatisfy { !$0.isLate })
    }

    @Test func aDismissedNotificationGoesAndAnAnswerAheadSilencesWhatComesUpToIt() async throws {
        let world = try TestWorld()
        let call = try await add(world, "Call", on: "2026-11-21", at: "16:00", alarms: [.relative(seconds: -1_800), .relative(seconds: -900), .atDue])
        let id = call.id.uuidString
        world.clock.advance(by: 1_800)
        #expect(try await world.core.deliverDueNotifications().map(\.id) == ["\(id)-b1800"])
        // Dismissed at 15:31: gone, the reminder open, the later alarms still to come.
        world.clock.advance(by: 60)
        #expect(try await world.core.dismissNotification(id: "\(id)-b1800").title == "Call")
        #expect(try await world.core.listNotifications().delivered.isEmpty)
        #expect(try await pending(world).map(\.id) == ["\(id)-b900", id])
        var stored = try #require(try await world.allReminders().first { $0.reminder.id == call.id }?.reminder)
        #expect(!stored.isCompleted && stored.alarmsAcknowledgedAt == instant("2026-11-21T15:31:00-05:00"))
        // The one at 16:00 dismissed ahead of its time: the one at 15:45 before it is answered too;
        // undo takes that answer back.
        _ = try await world.core.dismissNotification(id: id)
        #expect(try await pending(world).isEmpty)
        _ = try await world.core.undo()
        #expect(try await pending(world).map(\.id) == ["\(id)-b900", id])
        _ = try await world.core.dismissNotification(id: id)
        world.clock.advance(by: 3_600)
        #expect(try await world.core.deliverDueNotifications().isEmpty)
        stored = try #require(try await world.allReminders().first { $0.reminder.id == call.id }?.reminder)
        #expect(stored.alarmsAcknowledgedAt == instant("2026-11-21T16:00:00-05:00"))
    }

    @Test func aSnoozeIsKeptOnTheReminderForOtherDevicesAndFiresHereOnceWhateverIsReplanned() async throws {
        let world = try TestWorld()
        let call = try await add(world, "Call", on: "2026-11-21", at: "16:00", alarms: [.atDue])
        let id = call.id.uuidString
        world.clock.advance(by: 3_600)
        #expect(try await world.core.deliverDueNotifications().map(\.id) == [id])
        world.clock.advance(by: 30)
        _ = try await world.core.snoozeNotification(id: id, length: .minutes(10))
        // Kept to the whole second, after the answer: what another device fires after a sync.
        var stored = try #require(try await world.allReminders().first { $0.reminder.id == call.id }?.reminder)
        #expect(stored.alarmsSnoozedUntil == instant("2026-11-21T16:10:30-05:00"))
        #expect(stored.liveSnooze == instant("2026-11-21T16:10:30-05:00"))
        // Here the snooze is the one pending request, whole replans or not.
        try await world.core.planNotifications()
        try await world.core.planNotifications()
        #expect(try await pending(world).map(\.id) == [id])
        world.clock.advance(by: 600)
        #expect(try await world.core.deliverDueNotifications().map(\.id) == [id])
        try await world.core.planNotifications()
        #expect(try await pending(world).isEmpty)
        // Dismissed, it is over: answered after it, the stored snooze is forgotten.
        _ = try await world.core.dismissNotification(id: id)
        stored = try #require(try await world.allReminders().first { $0.reminder.id == call.id }?.reminder)
        #expect(stored.liveSnooze == nil && stored.alarmsSnoozedUntil == nil)
    }

    @Test func completingFromAnAlarmBeforeTheDueTimeCompletesTheReminder() async throws {
        let world = try TestWorld()
        let rent = try await add(world, "Pay rent", on: "2026-11-22", at: "10:00", alarms: [.relative(seconds: -3_600)])
        world.clock.advance(by: 18 * 3_600)
        let delivered = try await world.core.deliverDueNotifications()
        #expect(delivered.map(\.id) == ["\(rent.id.uuidString)-b3600"])
        let answer = try await world.core.completeFromNotification(id: "\(rent.id.uuidString)-b3600")
        #expect(answer.completed)
        #expect(try await pending(world).isEmpty)
    }

    @Test func undoingAnEditOfTheAlarmsPutsTheirNotificationsBack() async throws {
        let world = try TestWorld()
        let rent = try await add(world, "Pay rent", on: "2026-11-23", at: "10:00", alarms: [.relative(seconds: -900)])
        var draft = ReminderDraft(title: "Pay rent", date: day("2026-11-23"), time: TestSupport.time("10:00"),
                                  timeZoneID: world.environment.timeZone.identifier)
        draft.alarms = []
        let edited = try await world.core.updateReminder(id: rent.id, draft)
        #expect(edited.alarms.isEmpty)
        #expect(try await pending(world).isEmpty)
        _ = try await world.core.undo()
        #expect(try await world.allReminders().map(\.alarms) == [[.relative(seconds: -900)]])
        #expect(try await pending(world).map(\.id) == ["\(rent.id.uuidString)-b900"])
    }
}

/// `watch --nag`'s schedule: shown again every interval while unanswered, forgotten once answered.
struct NagScheduleTests {
    private func delivered(_ id: String, at instant: Date) -> DeliveredNotification {
        DeliveredNotification(request: NotificationRequest(id: id, reminderID: UUID(), fireAt: instant, title: id, body: "", isRecurring: false),
                              deliveredAt: instant, isLate: false)
    }

    @Test func anUnansweredNotificationIsDueAgainEachIntervalAndAnAnsweredOneNever() {
        var schedule = NagSchedule(every: 600)
        let pills = delivered("pills", at: testNow), call = delivered("call", at: testNow.addingTimeInterval(300))
        schedule.shown([pills], at: testNow)
        #expect(schedule.next == testNow.addingTimeInterval(600))
        // One seen for the first time (delivered before) waits a whole interval from now.
        #expect(schedule.due(waiting: [pills, call], at: testNow.addingTimeInterval(300)).isEmpty)
        #expect(schedule.due(waiting: [pills, call], at: testNow.addingTimeInterval(599)).isEmpty)
        #expect(schedule.due(waiting: [pills, call], at: testNow.addingTimeInterval(600)).map(\.id) == ["pills"])
        #expect(schedule.due(waiting: [pills, call], at: testNow.addingTimeInterval(900)).map(\.id) == ["call"])
        // The pills answered: forgotten; only the call is left to nag.
        #expect(schedule.due(waiting: [call], at: testNow.addingTimeInterval(1_200)).isEmpty)
        #expect(schedule.next == testNow.addingTimeInterval(1_500))
        #expect(schedule.due(waiting: [], at: testNow.addingTimeInterval(1_500)).isEmpty)
        #expect(schedule.next == nil)
    }
}
