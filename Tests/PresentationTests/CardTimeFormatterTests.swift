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

    /// An all-day reminder is ordered by when its day starts where it is: one whose day starts at
    /// another moment than here says where, so a Tuesday in Tokyo among this Monday's reminders
    /// reads as what it is.
    @Test func anAllDayReminderWhoseDayStartsAtAnotherMomentSaysWhere() throws {
        func allDay(_ zone: String) throws -> Reminder {
            let draft = ReminderDraft(item: "Bins", notes: nil, day: day("2026-11-24"), time: nil, zoneID: zone, recurrence: .never, end: nil)
            let values = try #require(ReminderRules.evaluate(draft, previously: nil, now: testNow).values)
            return Reminder(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, values: values, now: testNow)
        }
        #expect(formatter.string(for: try allDay("Asia/Tokyo")) == "Tue 24 Nov (Tokyo)")
        #expect(formatter.string(for: try allDay("America/St_Johns")) == "Tue 24 Nov (St Johns)")
        #expect(formatter.dueSentence(for: try allDay("Asia/Tokyo")) == "due Tue 24 Nov (Tokyo), all day")
        #expect(formatter.string(for: try allDay(newYork.identifier)) == "Tue 24 Nov")
        // Another name for a zone whose day starts at the same moment says nothing more.
        #expect(formatter.string(for: try allDay("America/Toronto")) == "Tue 24 Nov")
    }

    /// A time typed for a reminder from another zone is read on that zone's clock: what is said
    /// back gives that clock beside yours (a traveller's 15:00 was saved as 20:00 without a word).
    @Test func aTimedReminderFromAnotherZoneSaysItsOwnClockInSentences() throws {
        let london = CardTimeFormatter(today: day("2026-11-21"), timeZone: TimeZone(identifier: "Europe/London")!)
        func timed(_ date: String, _ clock: String, in zone: String) throws -> Reminder {
            let draft = ReminderDraft(item: "Call", notes: nil, day: day(date), time: time(clock), zoneID: zone, recurrence: .never, end: nil)
            let values = try #require(ReminderRules.evaluate(draft, previously: nil, now: testNow).values)
            return Reminder(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, values: values, now: testNow)
        }
        #expect(london.dueSentence(for: try timed("2026-12-10", "15:00", in: "America/New_York")) == "due Thu 10 Dec 20:00 (15:00 in New York)")
        #expect(london.dueSentence(for: try timed("2026-12-10", "22:00", in: "America/New_York"))
            == "due Fri 11 Dec 03:00 (Thu 10 Dec 22:00 in New York)")
        #expect(london.dueSentence(for: try timed("2026-12-10", "15:00", in: "Europe/London")) == "due Thu 10 Dec 15:00")
        // Lisbon's clock reads as London's in December: nothing more is said.
        #expect(london.dueSentence(for: try timed("2026-12-10", "15:00", in: "Europe/Lisbon")) == "due Thu 10 Dec 15:00")
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
