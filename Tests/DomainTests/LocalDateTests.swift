import Domain
import Foundation
import Testing
import TestSupport

struct LocalDateTests {
    @Test(arguments: ["2026-11-21", "2028-02-29", "2026-12-31", "0001-01-01"])
    func isoDayThatExistsIsRead(_ text: String) {
        #expect(LocalDate(iso: text)?.description == text)
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-04-31", "2026-00-10", "26-11-21", "2026-1-21",
                      "2026/11/21", "2026-11-21x", "", "２０２６-11-21"])
    func textThatIsNotARealDayIsRefused(_ text: String) {
        #expect(LocalDate(iso: text) == nil)
    }

    @Test func weekdayCountsFromSundayAsOne() {
        #expect(day("2026-11-21").weekday == 7)  // a Saturday
        #expect(day("2026-11-22").weekday == 1)  // a Sunday
        #expect(day("1970-01-01").weekday == 5)  // a Thursday
        #expect(day("1969-12-31").weekday == 4)  // a Wednesday, before the epoch
    }

    @Test func addingDaysCrossesMonthsYearsAndLeapDays() {
        #expect(day("2026-12-31").adding(days: 1) == day("2027-01-01"))
        #expect(day("2028-02-28").adding(days: 1) == day("2028-02-29"))
        #expect(day("2026-03-01").adding(days: -1) == day("2026-02-28"))
        #expect(day("2026-11-21").adding(days: 365) == day("2027-11-21"))
    }

    @Test func dayOfAnInstantIsTheLocalDayNotTheUTCDay() {
        // 22:00 in New York on the 21st is already the 22nd in UTC.
        let lateEvening = instant("2026-11-21T22:00:00-05:00")
        #expect(LocalDate(containing: lateEvening, in: newYork) == day("2026-11-21"))
        #expect(LocalDate(containing: lateEvening, in: .gmt) == day("2026-11-22"))
    }

    @Test func daysAroundClockChangesHaveTheirRealLength() {
        let springForward = day("2026-03-08").interval(in: newYork)
        let fallBack = day("2026-11-01").interval(in: newYork)
        #expect(springForward.upperBound.timeIntervalSince(springForward.lowerBound) == 23 * 3_600)
        #expect(fallBack.upperBound.timeIntervalSince(fallBack.lowerBound) == 25 * 3_600)
        #expect(springForward.lowerBound == instant("2026-03-08T00:00:00-05:00"))
    }
}
