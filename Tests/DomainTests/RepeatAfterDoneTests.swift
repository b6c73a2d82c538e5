import Domain
import Foundation
import Presentation
import Testing
import TestSupport

/// Repeat from completion ("every 3 days after done"): the next due day is the day it was done plus
/// the interval, at its time of day, whenever it is done; read and written as a phrase.
struct RepeatAfterDoneTests {
    /// A reminder due at `due` (New York) repeating by `rule` counted from completion.
    private func reminder(_ due: String, _ rule: RecurrenceRule, allDay: Bool = false, end: LocalDate? = nil) -> Reminder {
        var rule = rule
        rule.afterDone = true
        return Reminder(id: UUID(), title: "Water the plants", notes: nil, scheduledAt: instant(due), isAllDay: allDay,
                        timeZoneID: "America/New_York", createdAt: testNow, updatedAt: testNow, recurrence: rule, recurrenceEnd: end)
    }

    private func done(_ reminder: Reminder, at moment: String) -> Reminder? {
        var moved = reminder
        return moved.advance(pastInstant: instant(moment), doneAt: instant(moment)) ? moved : nil
    }

    @Test func doneLateOrEarlyItCountsFromTheDayItWasDone() throws {
        let plants = reminder("2026-11-23T08:00:00-05:00", RecurrenceRule(.daily, interval: 3))
        // Due Monday, done Tuesday afternoon, a day late: Friday at 08:00, not Thursday.
        #expect(done(plants, at: "2026-11-24T15:00:00-05:00")?.scheduledAt == instant("2026-11-27T08:00:00-05:00"))
        // Done on Sunday, the day before it was due: Wednesday.
        #expect(done(plants, at: "2026-11-22T19:00:00-05:00")?.scheduledAt == instant("2026-11-25T08:00:00-05:00"))
        // The day is New York's: 23:30 on Tuesday there is already Wednesday in UTC.
        #expect(done(plants, at: "2026-11-24T23:30:00-05:00")?.scheduledAt == instant("2026-11-27T08:00:00-05:00"))
    }

    @Test func itKeepsItsTimeOfDayAcrossAChangeOfDaylightSaving() throws {
        // Daylight saving ends on Sunday 1 November 2026: 09:00 stays 09:00 (14:00 UTC, not 13:00).
        let pills = reminder("2026-10-31T09:00:00-04:00", RecurrenceRule(.daily, interval: 2))
        let next = try #require(done(pills, at: "2026-10-31T10:00:00-04:00"))
        #expect(next.scheduledAt == instant("2026-11-02T14:00:00Z"))
        // Into the spring gap: 02:30 on 14 March 2027 does not exist; due at 03:30, its nominal 02:30 kept.
        let late = reminder("2027-03-12T02:30:00-05:00", RecurrenceRule(.daily, interval: 1))
        let gap = try #require(done(late, at: "2027-03-13T12:00:00-05:00"))
        #expect(gap.scheduledAt == instant("2027-03-14T03:30:00-04:00"))
        #expect(gap.localScheduled == LocalDateTime(date: LocalDate(year: 2027, month: 3, day: 14)!, time: LocalTime(hour: 2, minute: 30)!))
    }

    @Test func weeksMonthsAndYearsMoveTheDayItFallsOnAllDayToo() throws {
        // Every 2 weeks after done, all day: done on a Thursday, due the Thursday two weeks on, still all day.
        let haircut = reminder("2026-11-23T00:00:00-05:00", RecurrenceRule(.weekly(Weekdays([2])), interval: 2), allDay: true)
        let next = try #require(done(haircut, at: "2026-11-26T18:00:00-05:00"))
        #expect(next.scheduledAt == instant("2026-12-10T00:00:00-05:00") && next.isAllDay)
        #expect(next.recurrence == RecurrenceRule(.weekly(Weekdays([5])), interval: 2, afterDone: true))
        // Monthly, done on 31 January: 28 February, the month's length.
        let rent = reminder("2027-01-31T10:00:00-05:00", RecurrenceRule(.monthly(.day(31))))
        #expect(done(rent, at: "2027-01-31T11:00:00-05:00")?.scheduledAt == instant("2027-02-28T10:00:00-05:00"))
        // Yearly, done on 29 February 2028: 28 February 2029.
        let check = reminder("2028-02-29T10:00:00-05:00", RecurrenceRule(.yearly(month: 2, day: 29)))
        #expect(done(check, at: "2028-02-29T12:00:00-05:00")?.scheduledAt == instant("2029-02-28T10:00:00-05:00"))
        // Until it has one occurrence left, the plan sees only the current one.
        #expect(haircut.followingOccurrence == nil)
    }

    @Test func aCountOrAnEndDateEndsIt() throws {
        let twice = reminder("2026-11-23T08:00:00-05:00", RecurrenceRule(.daily, interval: 3, times: 2))
        let next = try #require(done(twice, at: "2026-11-23T09:00:00-05:00"))
        #expect(next.recurrence.times == 1 && next.scheduledAt == instant("2026-11-26T08:00:00-05:00"))
        #expect(done(next, at: "2026-11-26T09:00:00-05:00") == nil)
        let ending = reminder("2026-11-23T08:00:00-05:00", RecurrenceRule(.daily, interval: 3), end: LocalDate(year: 2026, month: 11, day: 25))
        #expect(done(ending, at: "2026-11-23T09:00:00-05:00") == nil)
    }

    @Test func doneEarlyOrLateAMonthlyOneCountsFromThatDayClampedToTheMonth() throws {
        let rent = reminder("2027-02-01T10:00:00-05:00", RecurrenceRule(.monthly(.day(1))))
        // Due 1 February, done early on 31 January: 28 February, not 1 March, still at 10:00.
        #expect(done(rent, at: "2027-01-31T20:00:00-05:00")?.scheduledAt == instant("2027-02-28T10:00:00-05:00"))
        // Done two days late, on 3 February: 3 March, and the rule now falls on the 3rd.
        let late = try #require(done(rent, at: "2027-02-03T09:00:00-05:00"))
        #expect(late.scheduledAt == instant("2027-03-03T10:00:00-05:00"))
        #expect(late.recurrence == RecurrenceRule(.monthly(.day(3)), afterDone: true))
    }

    @Test func anAllDayOneDoneADayLateIsDueTheDayItWasDonePlusTheIntervalAllDay() throws {
        let bins = reminder("2026-11-23T00:00:00-05:00", RecurrenceRule(.daily, interval: 3), allDay: true)
        let next = try #require(done(bins, at: "2026-11-24T21:00:00-05:00"))
        #expect(next.isAllDay && next.localScheduled?.date == LocalDate(year: 2026, month: 11, day: 27))
    }

    @Test func daysToFallOnAreRefusedAfterDoneWithWhatToSay() {
        var draft = ReminderDraft(title: "Stretch", date: LocalDate(year: 2026, month: 11, day: 23)!, time: LocalTime(hour: 8, minute: 0)!,
                                  timeZoneID: "America/New_York")
        for rule in [RecurrenceRule(.weekly(.mondayToFriday), afterDone: true), RecurrenceRule(.monthly(.last), afterDone: true),
                     RecurrenceRule(.monthly(.weekday(nth: 2, weekday: 3)), afterDone: true)] {
            draft.recurrence = rule
            #expect(ReminderRules.problems(in: draft, previously: nil, now: testNow) == [.afterDoneOnDays], "\(rule)")
        }
        #expect(ReminderValidationError.afterDoneOnDays.message.contains("say every N days, weeks, months or years after done"))
        draft.recurrence = RecurrenceRule(.weekly(Weekdays([2])), interval: 2, afterDone: true)
        #expect(ReminderRules.problems(in: draft, previously: nil, now: testNow).isEmpty)
    }

    @Test func thePhraseIsReadAndWrittenBack() throws {
        let monday = LocalDate(year: 2026, month: 11, day: 23)!
        for (typed, label, phrase) in [
            ("every 3 days after done", "Every 3 days after done", "every 3 days after done"),
            ("weekly after done", "Weekly after done", "weekly after done"),
            ("every 6 weeks after completion, 4 times", "Every 6 weeks after done, 4 times", "every 6 weeks after done, 4 times"),
            ("monthly after done", "Monthly after done", "monthly after done"),
            ("Every 2 Years After Done", "Every 2 years after done", "every 2 years after done"),
        ] {
            let rule = try RepeatSpec.parse(typed).rule(on: monday)
            #expect(rule.afterDone, "\(typed)")
            #expect(rule.label == label)
            #expect(RepeatSpec(rule: rule).phrase == phrase)
            #expect(try RepeatSpec.parse(phrase).rule(on: monday) == rule)
        }
        for refused in ["weekdays after done", "every 2 weeks on tue after done", "monthly on the last day after done", "never after done"] {
            #expect(throws: RepeatPhraseError.self, "\(refused)") { try RepeatSpec.parse(refused) }
        }
    }
}
