import Domain
import Foundation
import Testing
import TestSupport

struct RecurringReminderTests {
    @discardableResult
    private func add(_ world: TestWorld, _ title: String, on date: String, at time: String = "09:00",
                     repeating rule: RecurrenceRule, until end: String? = nil) async throws -> ReminderWithTags {
        try await world.core.createReminder(ReminderDraft(
            title: title, date: day(date), time: TestSupport.time(time), timeZoneID: world.environment.timeZone.identifier,
            recurrence: rule, recurrenceEnd: end.map(day)))
    }

    @Test func ruleAndEndAreStoredAndReadBack() async throws {
        let world = try TestWorld()
        let created = try await add(world, "Bins", on: "2026-11-24", repeating: .weekly(weekday: 3), until: "2027-01-31")
        let stored = try #require(try await world.allReminders().first)
        #expect(stored == created)
        #expect(stored.recurrence == .weekly(weekday: 3))
        #expect(stored.recurrenceEnd == day("2027-01-31"))
    }

    @Test func endDateOfAOneTimeReminderIsNotKept() async throws {
        let world = try TestWorld()
        let created = try await add(world, "Once", on: "2026-11-24", repeating: .never, until: "2027-01-31")
        #expect(created.recurrenceEnd == nil)
    }

    @Test func completingARecurringReminderAdvancesItAndLogsTheOccurrence() async throws {
        let world = try TestWorld()
        let reminder = try await add(world, "Stretch", on: "2026-11-22", repeating: .daily)

        let advanced = try await world.core.toggleCompletion(id: reminder.id)

        #expect(advanced.isCompleted == false)
        #expect(advanced.scheduledAt == instant("2026-11-23T09:00:00-05:00"))
        let history = try await world.core.loadDayHistory(day: day("2026-11-21"))
        #expect(history.completions.map(\.completion.occurrence) == [instant("2026-11-22T09:00:00-05:00")])
        #expect(try await world.core.loadDashboard().toDo.map(\.scheduledAt) == [advanced.scheduledAt])
    }

    @Test func monthlyOnThe31stAdvancesThroughShortMonthsWithoutSticking() async throws {
        let world = try TestWorld(now: instant("2027-01-01T00:00:00-05:00"))
        let reminder = try await add(world, "Pay card", on: "2027-01-31", repeating: .monthly(day: 31))
        var dates: [LocalDate] = []
        for _ in 0..<3 {
            let next = try await world.core.toggleCompletion(id: reminder.id)
            dates.append(next.localScheduled!.date)
        }
        #expect(dates == [day("2027-02-28"), day("2027-03-31"), day("2027-04-30")])
    }

    @Test func occurrenceShiftedByAGapDoesNotShiftTheNextOne() async throws {
        let world = try TestWorld(now: instant("2026-03-01T00:00:00-05:00"))
        let reminder = try await add(world, "Meds", on: "2026-03-07", at: "02:30", repeating: .daily)
        let shifted = try await world.core.toggleCompletion(id: reminder.id)
        #expect(shifted.scheduledAt == instant("2026-03-08T03:30:00-04:00"))
        let back = try await world.core.toggleCompletion(id: reminder.id)
        #expect(back.scheduledAt == instant("2026-03-09T02:30:00-04:00"))
    }

    @Test func completingTheLastOccurrenceBeforeTheEndMarksItDone() async throws {
        let world = try TestWorld()
        let reminder = try await add(world, "Course", on: "2026-11-22", repeating: .daily, until: "2026-11-23")
        _ = try await world.core.toggleCompletion(id: reminder.id)  // → 23rd
        let done = try await world.core.toggleCompletion(id: reminder.id)  // the 24th is past the end
        #expect(done.isCompleted)
        #expect(done.completedAt == testNow)
        #expect(done.scheduledAt == instant("2026-11-23T09:00:00-05:00"))
        #expect(try await world.core.loadDayHistory(day: day("2026-11-21")).completions.count == 2)

        let reopened = try await world.core.toggleCompletion(id: reminder.id)
        #expect(reopened.isCompleted == false)
        #expect(try await world.core.loadDayHistory(day: day("2026-11-21")).completions.count == 1)
    }

    @Test func resetTodayKeepsRecurringReminders() async throws {
        let world = try TestWorld(now: instant("2026-11-20T08:00:00-05:00"))
        try await add(world, "Daily walk", on: "2026-11-21", at: "18:00", repeating: .daily)
        try await world.addReminder("One-off", on: "2026-11-21", at: "18:00")
        world.clock.advance(by: 31 * 3_600)
        #expect(try await world.core.resetToday() == 1)
        #expect(try await world.allReminders().map(\.title) == ["Daily walk"])
    }

    @Test func previewGivesTheNextOccurrencesWithinTheEnd() async throws {
        let world = try TestWorld()
        let weekly = try await add(world, "Yoga", on: "2026-11-24", at: "18:30", repeating: .weekly(weekday: 3),
                                   until: "2026-12-08")
        #expect(try await world.core.previewOccurrences(id: weekly.id, count: 5) == [
            instant("2026-11-24T18:30:00-05:00"), instant("2026-12-01T18:30:00-05:00"),
            instant("2026-12-08T18:30:00-05:00"),
        ])
        let once = try await world.addReminder("Dentist", on: "2026-11-30")
        #expect(try await world.core.previewOccurrences(id: once.id, count: 5) == [once.scheduledAt])
    }

    @Test func endBeforeTheDateIsRefused() async throws {
        let world = try TestWorld()
        await #expect(throws: ReminderValidationError.endBeforeStart) {
            try await add(world, "Bins", on: "2026-11-24", repeating: .daily, until: "2026-11-23")
        }
        #expect(ReminderValidationError.endBeforeStart.message == "Must be on or after the reminder's date")
        #expect(try await world.allReminders().isEmpty)
    }

    @Test func ruleThatMissesTheDateStartsOnItsFirstDayAndTheEndMustReachIt() async throws {
        let world = try TestWorld()
        // Monday the 23rd, repeating on Thursdays: the first occurrence is Thursday the 26th.
        let reminder = try await add(world, "Choir", on: "2026-11-23", at: "19:00", repeating: .weekly(weekday: 5))
        #expect(reminder.scheduledAt == instant("2026-11-26T19:00:00-05:00"))
        await #expect(throws: ReminderValidationError.endBeforeFirstOccurrence(day("2026-11-26"))) {
            try await add(world, "Choir", on: "2026-11-23", at: "19:00", repeating: .weekly(weekday: 5), until: "2026-11-25")
        }
    }

    /// A daily habit missed for a week needs one `done`: it moves to the first time after now,
    /// and only the one completed is logged; `onlyCurrent` ticks just the current one.
    @Test func completingAnOverdueRepeatingReminderSkipsTheMissedTimes() async throws {
        let world = try TestWorld(now: instant("2026-11-20T08:00:00-05:00"))
        let habit = try await add(world, "Stretch", on: "2026-11-20", repeating: .daily)
        let weekly = try await add(world, "Gym", on: "2026-11-20", repeating: RecurrenceRule(.weekly(Weekdays([2, 6])), times: 5))
        world.clock.advance(by: 7 * 86_400 + 3_600)  // Friday 27 November, 09:00

        let one = try await world.core.completeReminders(ids: [habit.id], onlyCurrent: true)
        #expect(one.map(\.scheduledAt) == [instant("2026-11-21T09:00:00-05:00")])
        let skipped = try await world.core.completeReminders(ids: [habit.id])
        #expect(skipped.map(\.scheduledAt) == [instant("2026-11-28T09:00:00-05:00")])
        let log = try await world.core.loadDayHistory(day: day("2026-11-27"))
        #expect(log.completions.map(\.completion.occurrence) == [instant("2026-11-20T09:00:00-05:00"), instant("2026-11-21T09:00:00-05:00")])

        // Mondays and Fridays, 5 times from Fri 20 Nov: the 20th, 23rd, 27th (09:00 is past) are
        // left behind, so 2 are left, from Mon 30 Nov.
        let gym = try await world.core.completeReminders(ids: [weekly.id])
        #expect(gym.map(\.scheduledAt) == [instant("2026-11-30T09:00:00-05:00")])
        #expect(gym.first?.recurrence.times == 2)
        _ = try await world.core.completeReminders(ids: [weekly.id])
        let last = try await world.core.completeReminders(ids: [weekly.id])
        #expect(last.first?.isCompleted == true)  // the fifth time was the last
    }

    /// The Completed section lists a repeating reminder's completed times as well as done reminders.
    @Test func completedTimesOfRepeatingRemindersAreInCompleted() async throws {
        let world = try TestWorld()
        let daily = try await add(world, "Stretch", on: "2026-11-22", repeating: .daily)
        let once = try await add(world, "Dentist", on: "2026-11-23", repeating: .never)
        _ = try await world.core.completeReminders(ids: [daily.id])
        world.clock.advance(by: 60)
        _ = try await world.core.completeReminders(ids: [once.id])
        let dashboard = try await world.core.loadDashboard()
        #expect(dashboard.toDo.map(\.title) == ["Stretch"])
        #expect(dashboard.completed.map(\.title) == ["Dentist", "Stretch"])
        #expect(dashboard.completed.map(\.isPastOccurrence) == [false, true])
        #expect(dashboard.completed.last?.scheduledAt == instant("2026-11-22T09:00:00-05:00"))
    }
}
