import Domain
import Foundation
import Testing
import TestSupport

/// An occurrence is its nominal date and time plus the instant it resolves to. In America/Nuuk
/// the spring-forward gap crosses midnight (Saturday 27 March 2027, 23:00–24:00 does not exist),
/// so a nominal Saturday 23:30 is due Sunday 00:30: the cases the first build got wrong.
struct OccurrenceTests {
    let nuuk = TimeZone(identifier: "America/Nuuk")!

    func reminder(_ date: String, _ clock: String, _ rule: RecurrenceRule, until end: String? = nil) throws -> Reminder {
        let draft = ReminderDraft(title: "t", date: day(date), time: time(clock), timeZoneID: "America/Nuuk",
                                  recurrence: rule, recurrenceEnd: end.map(day))
        let values = try ReminderRules.validate(draft, previously: nil, now: testNow)
        return Reminder(id: UUID(), values: values, now: testNow)
    }

    func nominal(_ date: String, _ clock: String) -> LocalDateTime { LocalDateTime(date: day(date), time: time(clock)) }

    @Test func aWeeklyReminderFromTheGapKeepsItsFirstOccurrence() throws {
        let weekly = try reminder("2027-03-27", "23:30", .weekly(weekday: 7))
        #expect(weekly.scheduledAt == instant("2027-03-28T00:30:00-01:00"))
        #expect(weekly.localScheduled == nominal("2027-03-27", "23:30"))
        #expect(weekly.series!.occurrences(count: 3).map(\.instant) == [
            instant("2027-03-28T00:30:00-01:00"), instant("2027-04-03T23:30:00-01:00"), instant("2027-04-10T23:30:00-01:00"),
        ])
        #expect(weekly.followingOccurrence?.nominal == nominal("2027-04-03", "23:30"))
    }

    @Test func theShiftedOccurrenceAndTheNextDaysAreDistinctOccurrences() throws {
        let daily = try reminder("2027-03-26", "23:30", .daily, until: "2027-03-29")
        let all = daily.series!.occurrences(count: 10)
        #expect(all.map(\.dayNumber) == ["20270326", "20270327", "20270328", "20270329"])
        #expect(all.map(\.instant) == [
            instant("2027-03-26T23:30:00-02:00"), instant("2027-03-28T00:30:00-01:00"),
            instant("2027-03-28T23:30:00-01:00"), instant("2027-03-29T23:30:00-01:00"),
        ])
    }

    @Test func completingWalksEveryOccurrenceOnceThenEnds() throws {
        var daily = try reminder("2027-03-26", "23:30", .daily, until: "2027-03-29")
        var due: [Date] = [daily.scheduledAt!]
        while let next = daily.followingOccurrence {
            daily.move(to: next)
            due.append(daily.scheduledAt!)
        }
        #expect(due == [
            instant("2027-03-26T23:30:00-02:00"), instant("2027-03-28T00:30:00-01:00"),
            instant("2027-03-28T23:30:00-01:00"), instant("2027-03-29T23:30:00-01:00"),
        ])
    }

    @Test func aOneTimeReminderInTheGapHasNoOccurrenceAfterIt() throws {
        let once = try reminder("2027-03-27", "23:30", .never)
        #expect(once.series!.occurrences(count: 3).map(\.instant) == [instant("2027-03-28T00:30:00-01:00")])
        #expect(once.followingOccurrence == nil)
    }

    @Test func anEndDateTheGapMovesTheOnlyOccurrencePastIsRefused() {
        #expect(throws: ReminderValidationError.endBeforeFirstOccurrence(day("2027-03-28"))) {
            try reminder("2027-03-27", "23:30", .daily, until: "2027-03-27")
        }
    }

    /// Every loop over a series stops at the last supported day, whatever a store holds.
    @Test(.timeLimit(.minutes(1))) func aSeriesNeverRunsPastTheLastSupportedDay() {
        let stored = RecurrenceSeries(rule: .monthly(day: 1), start: nominal("9999-12-01", "09:00"), timeZone: nuuk)
        #expect(stored.occurrences(count: 5).isEmpty)
        #expect(stored.nextOccurrence(after: testNow) == nil)
        let last = RecurrenceSeries(rule: .monthly(day: 31), start: nominal("2200-11-30", "09:00"), timeZone: .gmt)
        #expect(last.occurrences(count: 5).map(\.nominal.date) == [day("2200-11-30"), day("2200-12-31")])
        let daily = RecurrenceSeries(rule: .daily, start: nominal("1970-01-01", "00:00"), timeZone: .gmt)
        #expect(daily.occurrences(after: instant("2200-12-30T12:00:00Z"), count: 5).count == 1)
    }

    @Test func datesOutsideTheSupportedYearsAreRefused() {
        for (date, end) in [("1969-12-31", nil), ("2201-01-01", nil), ("2200-12-01", "2201-01-01")] as [(String, String?)] {
            let draft = ReminderDraft(title: "t", date: day(date), time: time("09:00"), timeZoneID: "UTC",
                                      recurrence: .daily, recurrenceEnd: end.map(day))
            let problems = ReminderRules.problems(in: draft, previously: nil, now: testNow, allowingPast: true)
            #expect(problems == [end == nil ? .dateOutOfRange : .endOutOfRange], "\(date) \(end ?? "")")
        }
    }
}
