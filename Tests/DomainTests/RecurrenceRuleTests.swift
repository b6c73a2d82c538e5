import Domain
import Foundation
import Testing
import TestSupport

struct RecurrenceRuleTests {
    @Test func dailyNextIsTheNextCalendarDay() {
        #expect(RecurrenceRule.daily.nextDate(after: day("2026-12-31")) == day("2027-01-01"))
    }

    @Test func weeklyNextIsTheNextSuchWeekdayWrappingTheWeek() {
        let sundays = RecurrenceRule.weekly(weekday: 1)
        #expect(sundays.nextDate(after: day("2026-11-21")) == day("2026-11-22"))  // Sat → Sun
        #expect(sundays.nextDate(after: day("2026-11-22")) == day("2026-11-29"))  // Sun → next Sun
        #expect(RecurrenceRule.weekly(weekday: 7).nextDate(after: day("2026-11-22")) == day("2026-11-28"))
    }

    @Test func monthlyOnThe31stClampsWithoutSticking() {
        let rule = RecurrenceRule.monthly(day: 31)
        var dates = [day("2026-01-31")]
        for _ in 0..<4 { dates.append(rule.nextDate(after: dates.last ?? day("2026-01-31")) ?? day("1970-01-01")) }
        #expect(dates == [day("2026-01-31"), day("2026-02-28"), day("2026-03-31"), day("2026-04-30"), day("2026-05-31")])
        #expect(rule.nextDate(after: day("2028-01-31")) == day("2028-02-29"))
    }

    @Test func monthlyOnThe31stInAThirtyDayMonthFallsOnThe30th() {
        #expect(RecurrenceRule.monthly(day: 31).firstDate(onOrAfter: day("2026-04-10")) == day("2026-04-30"))
        #expect(RecurrenceRule.monthly(day: 15).firstDate(onOrAfter: day("2026-01-20")) == day("2026-02-15"))
    }

    @Test func aOneTimeReminderHasNoNextDate() {
        #expect(RecurrenceRule.never.nextDate(after: day("2026-11-21")) == nil)
    }

    @Test func labelsNameTheWeekdayAndTheOrdinalDay() {
        #expect(RecurrenceRule.never.label == "Never")
        #expect(RecurrenceRule.daily.label == "Daily")
        #expect(RecurrenceRule.weekly(weekday: 3).label == "Weekly on Tuesday")
        #expect(RecurrenceRule.monthly(day: 21).label == "Monthly on the 21st")
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(RecurrenceRule.ordinal)
            == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "31st"])
        #expect([RecurrenceRule.never, .daily, .weekly(weekday: 1), .monthly(day: 1)].map(\.shortName)
            == [nil, "Daily", "Weekly", "Monthly"])
    }

    @Test func seriesGivesNOccurrencesUpToItsInclusiveEndDay() {
        let series = RecurrenceSeries(rule: .daily, start: LocalDateTime(date: day("2026-11-21"), time: time("23:30")),
                                      end: day("2026-11-23"), timeZone: newYork)
        #expect(series.occurrences(count: 10).map(\.instant) == [
            instant("2026-11-21T23:30:00-05:00"), instant("2026-11-22T23:30:00-05:00"),
            instant("2026-11-23T23:30:00-05:00"),
        ])
        #expect(series.occurrences(count: 2).count == 2)
        #expect(series.nextOccurrence(after: instant("2026-11-23T23:30:00-05:00")) == nil)
    }

    @Test func timeShiftedByAGapComesBackTheNextDay() {
        let series = RecurrenceSeries(rule: .daily, start: LocalDateTime(date: day("2026-03-07"), time: time("02:30")),
                                      timeZone: newYork)
        #expect(series.occurrences(count: 3).map(\.instant) == [
            instant("2026-03-07T02:30:00-05:00"), instant("2026-03-08T03:30:00-04:00"),
            instant("2026-03-09T02:30:00-04:00"),
        ])
    }

    @Test func nextOccurrenceFarIntoALongSeriesDoesNotNeedTheWholeSeries() {
        let series = RecurrenceSeries(rule: .weekly(weekday: 2), start: LocalDateTime(date: day("2000-01-03"), time: time("09:00")),
                                      timeZone: newYork)
        #expect(series.nextOccurrence(after: instant("2026-11-21T15:00:00-05:00"))?.instant == instant("2026-11-23T09:00:00-05:00"))
    }
}
