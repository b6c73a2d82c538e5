import Domain
import Foundation
import ICalendar
import Testing
import TestSupport

/// What the writer puts in a file, checked against RFC 5545 and the oracle's rule → RRULE table
/// (`../shared/oracles/README.md`), with values worked out by hand.
struct CalendarWriterTests {
    private func reminder(_ title: String = "Pay rent", on date: String, at clock: String = "09:00", in zone: String = "America/New_York",
                          repeating rule: RecurrenceRule = .never, until end: String? = nil) -> Reminder {
        let local = LocalDateTime(date: day(date), time: time(clock))
        let zone = TimeZone(identifier: zone)!
        return Reminder(id: UUID(uuidString: "5F0C3A9E-1B2D-4C3E-8F40-123456789ABC")!, title: title, notes: nil,
                        scheduledAt: local.resolved(in: zone), timeZoneID: zone.identifier,
                        createdAt: instant("2026-11-01T08:00:00-05:00"), updatedAt: instant("2026-11-02T08:00:30-05:00"),
                        recurrence: rule, recurrenceEnd: end.map(day))
    }

    @Test func eachRuleIsWrittenAsTheOracleMapsIt() {
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-01")) == nil)
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-01", repeating: .daily)) == "FREQ=DAILY")
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-06", repeating: .weekly(weekday: 1))) == "FREQ=WEEKLY;BYDAY=SU")
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-05", repeating: .weekly(weekday: 7))) == "FREQ=WEEKLY;BYDAY=SA")
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-15", repeating: .monthly(day: 15))) == "FREQ=MONTHLY;BYMONTHDAY=15")
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-28", repeating: .monthly(day: 28))) == "FREQ=MONTHLY;BYMONTHDAY=28")
        // Past the 28th the day is clamped in shorter months: BYMONTHDAY=29 alone would skip February.
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-29", repeating: .monthly(day: 29)))
            == "FREQ=MONTHLY;BYMONTHDAY=28,29;BYSETPOS=-1")
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-30", repeating: .monthly(day: 30)))
            == "FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1")
        #expect(CalendarWriter.rrule(reminder(on: "2027-02-28", repeating: .monthly(day: 31))) == "FREQ=MONTHLY;BYMONTHDAY=-1")
    }

    @Test func anEndIsTheLastSecondOfItsDayInUTC() {
        // The oracle README's example: end 2026-06-30 in New York (EDT, -04:00).
        #expect(CalendarWriter.rrule(reminder(on: "2026-06-01", repeating: .daily, until: "2026-06-30"))
            == "FREQ=DAILY;UNTIL=20260701T035959Z")
        // In winter New York is -05:00; Sydney's day ends before UTC's.
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-01", repeating: .daily, until: "2026-12-31"))
            == "FREQ=DAILY;UNTIL=20270101T045959Z")
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-01", in: "Australia/Sydney", repeating: .daily, until: "2026-12-31"))
            == "FREQ=DAILY;UNTIL=20261231T125959Z")
    }

    @Test func aTodoCarriesEveryFieldInRFC5545Form() {
        var done = reminder("Call Ann, then Bob; maybe", on: "2026-12-03", at: "18:30", repeating: .weekly(weekday: 5))
        done.notes = "line one\nline two \\ end"
        done.isCompleted = true
        done.completedAt = instant("2026-12-03T19:00:05-05:00")
        let text = CalendarWriter.todo(CalendarItem(reminder: done, tagNames: ["Home", "a,b"]),
                                       stamp: instant("2026-12-04T00:00:00Z"))
        #expect(text == [
            "BEGIN:VTODO",
            "UID:5F0C3A9E-1B2D-4C3E-8F40-123456789ABC",
            "DTSTAMP:20261204T000000Z",
            "CREATED:20261101T130000Z",
            "LAST-MODIFIED:20261102T130030Z",
            "SUMMARY:Call Ann\\, then Bob\\; maybe",
            "DESCRIPTION:line one\\nline two \\\\ end",
            "DTSTART;TZID=America/New_York:20261203T183000",
            "DUE;TZID=America/New_York:20261203T183000",
            "RRULE:FREQ=WEEKLY;BYDAY=TH",
            "STATUS:COMPLETED",
            "COMPLETED:20261204T000005Z",
            "PERCENT-COMPLETE:100",
            "CATEGORIES:Home,a\\,b",
            "END:VTODO",
        ].map { $0 + "\r\n" }.joined())
    }

    @Test func anOpenTodoAlarmsAtItsDueTimeAndAGapKeepsItsNominalTime() {
        // 02:30 does not exist on 2027-03-14 in New York: DTSTART keeps the wall time, which RFC 5545
        // §3.3.5 reads with the offset before the gap (03:30 EDT), as Memoss does.
        var gap = reminder(on: "2027-03-14", at: "02:30", repeating: .weekly(weekday: 1))
        gap.nominal = LocalDateTime(date: day("2027-03-14"), time: time("02:30"))
        let text = CalendarWriter.todo(CalendarItem(reminder: gap, tagNames: []), stamp: gap.createdAt)
        #expect(text.contains("\r\nDTSTART;TZID=America/New_York:20270314T023000\r\n"))
        #expect(text.contains("\r\nSTATUS:NEEDS-ACTION\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Pay rent\r\nTRIGGER;RELATED=END:PT0S\r\nEND:VALARM\r\nEND:VTODO\r\n"))
    }

    @Test func aCalendarHasOneTimeZonePerZoneWithItsTransitions() {
        let items = [reminder(on: "2026-12-01"), reminder(on: "2026-12-02", in: "Europe/Berlin"), reminder(on: "2026-12-03")]
            .map { CalendarItem(reminder: $0, tagNames: []) }
        let text = CalendarWriter.calendar(items, stamp: items[0].reminder.createdAt, product: "Memoss test")
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Memoss//Memoss test//EN\r\nCALSCALE:GREGORIAN\r\n"))
        #expect(text.hasSuffix("END:VTODO\r\nEND:VCALENDAR\r\n"))
        #expect(text.components(separatedBy: "BEGIN:VTIMEZONE\r\n").count == 3)
        // New York's 2026 transitions, onset in the wall time before each (RFC 5545 §3.6.5).
        #expect(text.contains("BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\n"))
        #expect(text.contains("BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\n"))
        #expect(text.contains("BEGIN:DAYLIGHT\r\nDTSTART:20260329T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n"))
        #expect(text.components(separatedBy: "BEGIN:VTODO\r\n").count == 4)
    }
}
