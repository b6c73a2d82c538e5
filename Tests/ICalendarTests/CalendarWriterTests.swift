import Domain
import Foundation
import ICalendar
import Testing
import TestSupport

/// What the writer puts in a file, checked against RFC 5545 and the oracle's rule → RRULE table
/// (`Tests/Oracle/README.md`), with values worked out by hand.
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

    /// RFC 5545 takes COUNT or UNTIL: a series with both ends by the one that comes first, and
    /// the other travels beside the rule as an X- property for Memoss.
    @Test func aCountAndAnEndDayTravelTogetherTheFirstToEndInTheRule() {
        let stamp = instant("2026-11-25T12:00:00Z")
        // Five daily times end on 5 Dec, before the end day (31 Dec): COUNT in the rule.
        let byCount = CalendarWriter.todo(CalendarItem(reminder: reminder(on: "2026-12-01", repeating: RecurrenceRule(.daily, times: 5),
                                                                          until: "2026-12-31"), tagNames: []), stamp: stamp)
        #expect(byCount.contains("\r\nRRULE:FREQ=DAILY;COUNT=5\r\nX-MEMOSS-UNTIL;VALUE=DATE:20261231\r\n"))
        #expect(!byCount.contains("X-MEMOSS-COUNT"))
        // Fifty daily times would run past the end day (3 Dec): UNTIL its last second in New York.
        let byEnd = CalendarWriter.todo(CalendarItem(reminder: reminder(on: "2026-12-01", repeating: RecurrenceRule(.daily, times: 50),
                                                                        until: "2026-12-03"), tagNames: []), stamp: stamp)
        #expect(byEnd.contains("\r\nRRULE:FREQ=DAILY;UNTIL=20261204T045959Z\r\nX-MEMOSS-COUNT:50\r\n"))
        #expect(!byEnd.contains("X-MEMOSS-UNTIL"))
        // One end alone travels alone.
        let endOnly = CalendarWriter.todo(CalendarItem(reminder: reminder(on: "2026-12-01", repeating: .daily, until: "2026-12-03"),
                                                       tagNames: []), stamp: stamp)
        #expect(endOnly.contains("\r\nRRULE:FREQ=DAILY;UNTIL=20261204T045959Z\r\n") && !endOnly.contains("X-MEMOSS-"))
    }

    /// A DATE has no zone, and an all-day reminder's zone says when its day starts, ends and
    /// notifies: it travels beside DUE, so a calendar read in another zone keeps it (it became the
    /// reader's, and a Tokyo reminder's alarm fired 14 hours late after an export and an import).
    @Test func anAllDayReminderKeepsItsZoneThroughACalendar() throws {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        var allDay = reminder(on: "2026-12-01", in: tokyo.identifier)
        allDay.isAllDay = true
        allDay.scheduledAt = LocalDateTime(date: day("2026-12-01"), time: .midnight).resolved(in: tokyo)
        let text = CalendarWriter.calendar([CalendarItem(reminder: allDay, tagNames: [])], stamp: instant("2026-11-25T12:00:00Z"), product: "Memoss")
        #expect(text.contains("\r\nDUE;VALUE=DATE:20261201\r\nX-MEMOSS-TZID:Asia/Tokyo\r\n"))
        let read = try CalendarReader.read(text, userZone: TimeZone(identifier: "America/New_York")!)
        let todo = try #require(read.todos.first)
        #expect(todo.isAllDay && todo.timeZoneID == "Asia/Tokyo" && todo.due == LocalDateTime(date: day("2026-12-01"), time: .midnight))
        // Another client's all-day item, without it, is in the reader's zone.
        let theirs = text.replacingOccurrences(of: "X-MEMOSS-TZID:Asia/Tokyo\r\n", with: "")
        #expect(try CalendarReader.read(theirs, userZone: TimeZone(identifier: "America/New_York")!).todos.first?.timeZoneID == "America/New_York")
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
        // Day 31 and the last day fall on the same days; each is written so that it reads back as itself.
        #expect(CalendarWriter.rrule(reminder(on: "2027-02-28", repeating: .monthly(day: 31)))
            == "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1")
        #expect(CalendarWriter.rrule(reminder(on: "2027-02-28", repeating: .monthly(day: -1))) == "FREQ=MONTHLY;BYMONTHDAY=-1")
    }

    /// The richer rules, as the oracle README's table maps them (worked out by hand).
    @Test func theRicherRulesAreWrittenAsTheOracleMapsThem() {
        let weekdays = RecurrenceRule(.weekly(.mondayToFriday))
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-14", repeating: weekdays)) == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        let weekends = RecurrenceRule(.weekly(.weekend), interval: 2)
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-19", repeating: weekends)) == "FREQ=WEEKLY;INTERVAL=2;WKST=MO;BYDAY=SA,SU")
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-03", repeating: RecurrenceRule(.daily, interval: 3, times: 10)))
            == "FREQ=DAILY;INTERVAL=3;COUNT=10")
        let secondTuesday = RecurrenceRule(.monthly(.weekday(nth: 2, weekday: 3)))
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-08", repeating: secondTuesday)) == "FREQ=MONTHLY;BYDAY=2TU")
        let lastFriday = RecurrenceRule(.monthly(.weekday(nth: -1, weekday: 6)), interval: 2)
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-25", repeating: lastFriday)) == "FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR")
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-03", repeating: RecurrenceRule(.yearly(month: 12, day: 3)))) == "FREQ=YEARLY")
        // Plain FREQ=YEARLY from 29 February would skip the years without one.
        #expect(CalendarWriter.rrule(reminder(on: "2028-02-29", repeating: RecurrenceRule(.yearly(month: 2, day: 29), interval: 4)))
            == "FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=-1")
        // COUNT or UNTIL, not both: the count when its last time comes by the end day (Dec 3, 6, 9), else the end.
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-03", repeating: RecurrenceRule(.daily, interval: 3, times: 3), until: "2026-12-31"))
            == "FREQ=DAILY;INTERVAL=3;COUNT=3")
        #expect(CalendarWriter.rrule(reminder(on: "2026-12-03", in: "UTC", repeating: RecurrenceRule(.daily, interval: 3, times: 3), until: "2026-12-08"))
            == "FREQ=DAILY;INTERVAL=3;UNTIL=20261208T235959Z")
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
