import Domain
import Foundation
import Presentation
import Testing
import TestSupport

struct CardTimeFormatterTests {
    private let formatter = CardTimeFormatter(today: day("2026-11-21"), timeZone: newYork)

    @Test(arguments: [
        ("2026-11-21T09:00:00-05:00", "Today 09:00"),
        ("2026-11-21T23:59:00-05:00", "Today 23:59"),
        ("2026-11-22T00:00:00-05:00", "Tomorrow 00:00"),
        ("2026-11-20T18:30:00-05:00", "Yesterday 18:30"),
        ("2026-11-24T07:05:00-05:00", "Tue 24 Nov 07:05"),
        ("2027-01-01T12:00:00-05:00", "Fri 1 Jan 2027 12:00"),
        ("2027-12-31T23:05:00-05:00", "Fri 31 Dec 2027 23:05"),
        ("2025-06-15T00:09:00-04:00", "Sun 15 Jun 2025 00:09"),
    ])
    func dueTimeIsSaidRelativeToToday(_ iso: String, _ expected: String) {
        #expect(formatter.string(for: instant(iso)) == expected)
    }

    @Test func aTimeInAGapIsSaidWithWhereItWent() {
        let newYorkGap = Occurrence(nominal: LocalDateTime(date: day("2026-03-08"), time: time("02:30")), in: newYork)
        #expect(CardTimeFormatter.gapNote(for: newYorkGap, in: newYork)
            == "02:30 does not exist on Sun 8 Mar 2026 in America/New_York; due at 03:30.")
        let nuuk = TimeZone(identifier: "America/Nuuk")!
        let pastMidnight = Occurrence(nominal: LocalDateTime(date: day("2027-03-27"), time: time("23:30")), in: nuuk)
        #expect(CardTimeFormatter.gapNote(for: pastMidnight, in: nuuk)
            == "23:30 does not exist on Sat 27 Mar 2027 in America/Nuuk; due at 00:30 on Sun 28 Mar 2027.")
        let ordinary = Occurrence(nominal: LocalDateTime(date: day("2026-03-09"), time: time("02:30")), in: newYork)
        #expect(CardTimeFormatter.gapNote(for: ordinary, in: newYork) == nil)
    }

    @Test(arguments: [
        ("2100-02-29", "2100-02-29 does not exist: February 2100 has 28 days."),
        ("2027-04-31", "2027-04-31 does not exist: April 2027 has 30 days."),
        ("2028-02-29", nil), ("2027-13-01", nil), ("2027-02-32", nil), ("tomorrow", nil),
    ] as [(String, String?)])
    func aDayTheCalendarDoesNotHaveIsSaidSo(_ text: String, _ expected: String?) {
        #expect(TypedInput.missingDay(text) == expected)
    }
}
