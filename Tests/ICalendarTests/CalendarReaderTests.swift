import Domain
import Foundation
import ICalendar
import Testing
import TestSupport

/// Calendars in the shapes other tools write, by hand. Each fixture names where its shape comes
/// from: RFC 5545's own examples (§3.6.2 VTODO, §3.3.5 DATE-TIME forms, §3.8.5.3 RRULE), Mozilla
/// Lightning/Thunderbird (TZID with a /mozilla.org/ prefix and X-LIC-LOCATION), Apple Reminders
/// (all-day DUE;VALUE=DATE, X-APPLE- properties, RELATED-TO for subtasks), Tasks.org/DAVx5 and
/// Nextcloud Tasks (UTC times, COMPLETED, PERCENT-COMPLETE, several CATEGORIES lines).
struct CalendarReaderTests {
    private let user = TimeZone(identifier: "America/New_York")!

    private func calendar(_ lines: String...) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    @Test func rfc5545sOwnTodoWithAUTCDueIsReadInTheUsersZone() throws {
        // RFC 5545 §3.6.2's example VTODO.
        let read = try CalendarReader.read(calendar(
            "BEGIN:VTODO", "UID:20070313T123432Z-456553@example.com", "DTSTAMP:20070313T123432Z",
            "DUE;VALUE=DATE:20070501", "SUMMARY:Submit Quebec Income Tax Return for 2006",
            "CLASS:CONFIDENTIAL", "CATEGORIES:FAMILY,FINANCE", "STATUS:NEEDS-ACTION", "END:VTODO"), userZone: user)
        #expect(read.refusals == [])
        let todo = try #require(read.todos.first)
        #expect(todo.line == 4)
        #expect(todo.uid == "20070313T123432Z-456553@example.com")
        #expect(todo.id == nil)
        #expect(todo.title == "Submit Quebec Income Tax Return for 2006")
        // All day: the day, at its start, marked all-day (no time is invented).
        #expect(todo.due == LocalDateTime(date: day("2007-05-01"), time: time("00:00")))
        #expect(todo.isAllDay)
        #expect(todo.timeZoneID == "America/New_York")
        #expect(todo.categories == ["FAMILY", "FINANCE"])
        #expect(!todo.isCompleted)
    }

    @Test func memossAfterDoneIsReadOnARuleOnOneDayAndLeftAsideOnDays() throws {
        let read = try CalendarReader.read(calendar(
            "BEGIN:VTODO", "UID:a", "SUMMARY:Water the plants", "DTSTART;TZID=America/New_York:20261123T080000",
            "DUE;TZID=America/New_York:20261123T080000", "RRULE:FREQ=DAILY;INTERVAL=3", "X-MEMOSS-AFTER-DONE:TRUE", "END:VTODO",
            "BEGIN:VTODO", "UID:b", "SUMMARY:Haircut", "DUE;VALUE=DATE:20261125", "DTSTART;VALUE=DATE:20261125",
            "RRULE:FREQ=MONTHLY;BYMONTHDAY=25;COUNT=3", "X-MEMOSS-AFTER-DONE:true", "END:VTODO",
            // Days to fall on cannot count from completion: the rule is kept as it is written.
            "BEGIN:VTODO", "UID:c", "SUMMARY:Swim", "DTSTART;TZID=America/New_York:20261123T070000",
            "DUE;TZID=America/New_York:20261123T070000", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE", "X-MEMOSS-AFTER-DONE:TRUE", "END:VTODO"),
            userZone: user)
        #expect(read.refusals == [])
        #expect(read.todos.map(\.recurrence) == [
            RecurrenceRule(.daily, interval: 3, afterDone: true), RecurrenceRule(.monthly(.day(25)), times: 3, afterDone: true),
            RecurrenceRule(.weekly(Weekdays([2, 4])))])
    }

    @Test func lightningsPrefixedZoneAndItsLocationAreKnown() throws {
        let read = try CalendarReader.read(calendar(
            "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time", "X-LIC-LOCATION:Europe/Berlin",
            "BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
            "BEGIN:VTODO", "UID:a", "SUMMARY:Prefixed", "DUE;TZID=/mozilla.org/20050126_1/Europe/Berlin:20261205T173000", "END:VTODO",
            "BEGIN:VTODO", "UID:b", "SUMMARY:By location", "DTSTART;TZID=\"W. Europe Standard Time\":20261206T080000", "END:VTODO"),
            userZone: user)
        #expect(read.refusals == [])
        #expect(read.todos.map(\.timeZoneID) == ["Europe/Berlin", "Europe/Berlin"])
        #expect(read.todos.map(\.due) == [LocalDateTime(date: day("2026-12-05"), time: time("17:30")),
                                          LocalDateTime(date: day("2026-12-06"), time: time("08:00"))])
    }

    @Test func appleAndTasksOrgShapesAreRead() throws {
        let read = try CalendarReader.read(calendar(
            // Apple Reminders: floating all-day due, its own X- properties, a subtask's RELATED-TO.
            "BEGIN:VTODO", "UID:A1B2", "SUMMARY:Buy milk", "DUE;VALUE=DATE:20261207", "X-APPLE-SORT-ORDER:12",
            "RELATED-TO:PARENT-1", "PRIORITY:1", "END:VTODO",
            // Tasks.org / Nextcloud: UTC times, done, categories on two lines, a folded description.
            "BEGIN:VTODO", "UID:5f0c3a9e-1b2d-4c3e-8f40-123456789abc", "SUMMARY:Call Ann",
            "DESCRIPTION:about\\nSunday\\, maybe", "  later", "DUE:20261205T230000Z", "STATUS:COMPLETED",
            "COMPLETED:20261206T010203Z", "PERCENT-COMPLETE:100", "CATEGORIES:Home", "CATEGORIES:Calls,Family",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:ignored", "END:VALARM", "END:VTODO",
            // todoman: a floating time, weekly on the start's weekday until a date.
            "BEGIN:VTODO", "UID:t1", "SUMMARY:Gym", "DTSTART:20261208T070000", "DUE:20261208T070000",
            "RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270202", "END:VTODO"), userZone: user)
        #expect(read.refusals == [])
        #expect(read.todos.count == 3)
        let (milk, call, gym) = (read.todos[0], read.todos[1], read.todos[2])
        #expect(milk.due == LocalDateTime(date: day("2026-12-07"), time: time("00:00")))
        #expect(milk.isAllDay)
        #expect(call.id == UUID(uuidString: "5F0C3A9E-1B2D-4C3E-8F40-123456789ABC"))
        #expect(call.notes == "about\nSunday, maybe later")
        // 23:00 UTC is 18:00 in New York.
        #expect(call.due == LocalDateTime(date: day("2026-12-05"), time: time("18:00")))
        #expect(call.isCompleted)
        #expect(call.completedAt == instant("2026-12-06T01:02:03Z"))
        #expect(call.categories == ["Home", "Calls", "Family"])
        #expect(gym.recurrence == .weekly(weekday: 3))
        #expect(gym.recurrenceEnd == day("2027-02-02"))
        #expect(gym.timeZoneID == "America/New_York")
    }

    @Test func monthlyRulesOnTheLastDaysAreReadAsTheirDay() throws {
        let read = try CalendarReader.read(calendar(
            "BEGIN:VTODO", "UID:1", "SUMMARY:a", "DTSTART;TZID=UTC:20270228T090000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=-1", "END:VTODO",
            "BEGIN:VTODO", "UID:2", "SUMMARY:b", "DTSTART;TZID=UTC:20270228T090000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1", "END:VTODO",
            "BEGIN:VTODO", "UID:3", "SUMMARY:c", "DTSTART;TZID=UTC:20270115T090000", "RRULE:FREQ=MONTHLY", "END:VTODO",
            "BEGIN:VTODO", "UID:4", "SUMMARY:d", "DTSTART;TZID=UTC:20270131T090000",
            "RRULE:FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1;UNTIL=20270630T235959Z", "END:VTODO"), userZone: user)
        #expect(read.refusals == [])
        #expect(read.todos.map(\.recurrence) == [.monthly(day: -1), .monthly(day: 30), .monthly(day: 15), .monthly(day: 31)])
        #expect(read.todos[3].recurrenceEnd == day("2027-06-30"))
    }

    @Test func whatMemossCannotRepresentIsRefusedWithItsLine() throws {
        let read = try CalendarReader.read(calendar(
            "BEGIN:VTODO", "UID:1", "SUMMARY:hourly", "DTSTART:20261201T090000", "RRULE:FREQ=HOURLY", "END:VTODO",           // 4
            "BEGIN:VTODO", "UID:2", "SUMMARY:byhour", "DTSTART:20261201T090000", "RRULE:FREQ=DAILY;BYHOUR=9,17", "END:VTODO", // 10
            "BEGIN:VTODO", "UID:3", "SUMMARY:rdate", "DTSTART:20261201T090000", "RRULE:FREQ=DAILY",
            "RDATE:20261224T090000", "EXDATE:20261225T090000", "END:VTODO",                                                  // 16
            "BEGIN:VTODO", "UID:4", "SUMMARY:fifth", "DTSTART:20261201T090000", "RRULE:FREQ=MONTHLY;BYDAY=5TU", "END:VTODO", // 24
            "BEGIN:VTODO", "UID:5", "SUMMARY:other day", "DTSTART:20261201T090000", "RRULE:FREQ=WEEKLY;BYDAY=MO", "END:VTODO", // 30
            "BEGIN:VTODO", "UID:6", "SUMMARY:zone", "DUE;TZID=Mars/Olympus:20261201T090000", "END:VTODO",                    // 36
            "BEGIN:VEVENT", "UID:7", "SUMMARY:a meeting", "DTSTART:20261201T090000", "END:VEVENT",                           // 41
            "BEGIN:VTODO", "UID:8", "SUMMARY:ok", "DUE:20261201T090000", "END:VTODO"), userZone: user)                        // 46
        #expect(read.todos.map(\.title) == ["ok"])
        #expect(read.refusals.map(\.line) == [8, 14, 21, 22, 28, 34, 39, 41])
        #expect(read.refusals.map(\.item) == [4, 10, 16, 16, 24, 30, 36, 41])
        #expect(read.refusals.map(\.field) == ["RRULE", "RRULE", "RDATE", "EXDATE", "RRULE", "RRULE", "DUE", "VEVENT"])
        #expect(read.refusals[0].message.hasPrefix("FREQ=HOURLY cannot be represented in Memoss"))
        #expect(read.refusals[1].message.hasPrefix("BYHOUR=9,17 cannot be represented"))
        #expect(read.refusals[4].message.hasPrefix("FREQ=MONTHLY;BYDAY=5TU (Memoss has the 1st to 4th or the last weekday of a month) cannot be represented"))
        #expect(read.refusals[5].message.hasPrefix("RRULE:FREQ=WEEKLY;BYDAY=MO with a start on 2026-12-01 that it does not fall on (RFC 5545 counts the start as well)"))
        #expect(read.refusals[6].message.hasPrefix("TZID \"Mars/Olympus\" is not a zone Memoss knows"))
        #expect(read.refusals[7].message == "is an event, not a to-do (VTODO); Memoss imports to-dos only")
    }

    @Test func aBrokenCalendarIsRefusedWhole() {
        #expect(throws: ContentLines.SyntaxError(line: 1, message: "not an iCalendar file (it does not start with BEGIN:VCALENDAR)")) {
            try CalendarReader.read("title,date\r\nx,2026-12-01\r\n", userZone: user)
        }
        #expect(throws: ContentLines.SyntaxError(line: 3, message: "END:VEVENT does not close BEGIN:VTODO of line 2")) {
            try CalendarReader.read("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", userZone: user)
        }
        #expect(throws: ContentLines.SyntaxError(line: 2, message: "BEGIN:VTODO is never closed (END:VTODO)")) {
            try CalendarReader.read("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\n", userZone: user)
        }
        #expect(throws: ContentLines.SyntaxError(line: 2, message: "BEGIN:VTODO is never closed (END:VTODO)")) {
            try CalendarReader.read("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nEND:VCALENDAR\r\n", userZone: user)
        }
    }

    @Test func contentAfterTheCalendarsEndRefusesTheFileWholeAtItsLine() {
        // As libical's RFC 2445 test files are: a second calendar after the first.
        let text = calendar("BEGIN:VTODO", "UID:a", "SUMMARY:First", "DUE:20990101T090000", "END:VTODO")
            + "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:b\r\nSUMMARY:Second\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        #expect(throws: ContentLines.SyntaxError(line: 10, message: "BEGIN after END:VCALENDAR (line 9): Memoss reads one calendar per file "
            + "and takes none of a file that holds more; split it, one calendar per file")) {
            try CalendarReader.read(text, userZone: user)
        }
        #expect(throws: ContentLines.SyntaxError.self) { try CalendarReader.read(calendar() + "X-TRAILER:1\r\n", userZone: user) }
        // Blank lines after the end are nothing.
        #expect((try? CalendarReader.read(calendar() + "\r\n\r\n", userZone: user).todos.isEmpty) == true)
    }

    @Test func aSeriesWithChangedOccurrencesIsRefusedAsOneItemNamingHowMany() throws {
        let read = try CalendarReader.read(calendar(
            "BEGIN:VTODO", "UID:series", "SUMMARY:Water plants", "DTSTART:20990105T090000", "RRULE:FREQ=WEEKLY", "END:VTODO",        // 4
            "BEGIN:VTODO", "UID:series", "RECURRENCE-ID:20990112T090000", "SUMMARY:Water plants", "STATUS:COMPLETED", "END:VTODO",  // 10
            "BEGIN:VTODO", "UID:other", "SUMMARY:Plain", "DUE:20990105T090000", "END:VTODO",                                        // 16
            "BEGIN:VTODO", "UID:series", "RECURRENCE-ID:20990119T090000", "STATUS:CANCELLED", "END:VTODO"), userZone: user)         // 21
        #expect(read.todos.map(\.title) == ["Plain"])
        #expect(read.refusals.map(\.item) == [4])
        #expect(read.refusals.map(\.line) == [4])
        #expect(read.refusals.map(\.field) == ["RECURRENCE-ID"])
        #expect(read.refusals.map(\.message) == ["is a repeating series with 2 changed occurrences (RECURRENCE-ID items, e.g. one done "
            + "or cancelled on its own), which Memoss cannot keep; importing the series would bring them back open. Edit it in its app "
            + "into a plain rule, or leave it out"])
    }

    /// An alarm further from DUE than Memoss's can be was read as the default one, at the due time:
    /// the user's alarm lost and another rung. It is refused, as the same alarm in a CSV row is.
    @Test func anAlarmTooFarFromItsDueTimeRefusesTheItem() throws {
        let read = try CalendarReader.read(calendar(
            "BEGIN:VTODO", "UID:far", "SUMMARY:Far alarm", "DUE:20991212T150000Z",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-P400D", "END:VALARM", "END:VTODO",
            "BEGIN:VTODO", "UID:near", "SUMMARY:Near alarm", "DUE:20991212T150000Z",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-P364D", "END:VALARM", "END:VTODO"), userZone: user)
        #expect(read.todos.map(\.title) == ["Near alarm"])
        #expect(read.todos.first?.alarms == [.relative(seconds: -364 * 86_400)])
        #expect(read.refusals.map(\.field) == ["TRIGGER"])
        #expect(read.refusals.map(\.message) == ["-P400D is too far from the due time; an alarm is at most 52 weeks before or after it"])
    }

    /// UNTIL with a time of day before the series' own on its day ends the series the day before:
    /// that day's occurrence is past it (RFC 5545's UNTIL is inclusive, to the second). The day
    /// was read alone, and the series gained an occurrence the file does not have.
    @Test func anUntilBeforeTheSeriesTimeOfDayEndsItTheDayBefore() throws {
        let read = try CalendarReader.read(calendar(
            "BEGIN:VTODO", "UID:a", "SUMMARY:Floating", "DUE:20261207T100000", "RRULE:FREQ=DAILY;UNTIL=20261209T090000", "END:VTODO",
            "BEGIN:VTODO", "UID:b", "SUMMARY:UTC before", "DUE;TZID=America/New_York:20261207T100000",
            "RRULE:FREQ=DAILY;UNTIL=20261209T140000Z", "END:VTODO",
            "BEGIN:VTODO", "UID:c", "SUMMARY:UTC at", "DUE;TZID=America/New_York:20261207T100000",
            "RRULE:FREQ=DAILY;UNTIL=20261209T150000Z", "END:VTODO",
            "BEGIN:VTODO", "UID:d", "SUMMARY:A day", "DUE;VALUE=DATE:20261207", "RRULE:FREQ=DAILY;UNTIL=20261209", "END:VTODO",
            // UNTIL before the start: the start alone (RFC 5545 counts it whatever UNTIL says).
            "BEGIN:VTODO", "UID:e", "SUMMARY:Once", "DUE:20261207T100000", "RRULE:FREQ=DAILY;UNTIL=20261207T090000", "END:VTODO",
            // The night clocks go back: 1 November's 01:30 is 05:30Z, before UNTIL's 06:15Z (01:15 the second time).
            "BEGIN:VTODO", "UID:f", "SUMMARY:Night", "DUE;TZID=America/New_York:20261030T013000",
            "RRULE:FREQ=DAILY;UNTIL=20261101T061500Z", "END:VTODO"),
            userZone: user)
        #expect(read.refusals.isEmpty)
        #expect(read.todos.map(\.recurrenceEnd) == [day("2026-12-08"), day("2026-12-08"), day("2026-12-09"), day("2026-12-09"),
                                                    day("2026-12-07"), day("2026-11-01")])
    }

    /// A server's to-do is read as it was before (UNTIL's day), so one synced then does not look
    /// changed here and get its RRULE written back over the other client's.
    @Test func aServersUntilIsReadAsItsDay() throws {
        let read = try CalendarReader.read(calendar(
            "BEGIN:VTODO", "UID:a", "SUMMARY:Floating", "DUE:20261207T100000", "RRULE:FREQ=DAILY;UNTIL=20261209T090000", "END:VTODO"),
            userZone: user, from: .server)
        #expect(read.todos.map(\.recurrenceEnd) == [day("2026-12-09")])
    }

    /// A file's VALARM whose TRIGGER cannot be read (no length of time, or a set time not in UTC)
    /// was left out, and the item notified at its due time instead, without a word. It is refused
    /// with its line; a server's is still left out, so another client's to-do is not hidden.
    @Test func anUnreadableTriggerRefusesItsItemInAFileAndIsLeftOutFromAServer() throws {
        let text = calendar(
            "BEGIN:VTODO", "UID:soon", "SUMMARY:Soon", "DUE:20991212T150000Z",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:soon", "END:VALARM", "END:VTODO",
            "BEGIN:VTODO", "UID:local", "SUMMARY:Local time", "DUE:20991212T150000Z",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20991212T140000", "END:VALARM", "END:VTODO",
            "BEGIN:VTODO", "UID:undated", "SUMMARY:Undated",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20991212", "END:VALARM", "END:VTODO",
            "BEGIN:VTODO", "UID:fine", "SUMMARY:Fine", "DUE:20991212T150000Z",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM", "END:VTODO")
        let file = try CalendarReader.read(text, userZone: user)
        #expect(file.todos.map(\.title) == ["Fine"])
        #expect(file.refusals.map(\.field) == ["TRIGGER", "TRIGGER", "TRIGGER"])
        #expect(file.refusals.map(\.message) == [
            "\"soon\" is not a length of time such as -PT15M or -P1D, nor a date and time with VALUE=DATE-TIME",
            "\"20991212T140000\" is not a date and time in UTC (YYYYMMDDTHHMMSSZ), as an alarm at a set time must be",
            "\"20991212\" is not a date and time in UTC (YYYYMMDDTHHMMSSZ), as an alarm at a set time must be",
        ])
        let server = try CalendarReader.read(text, userZone: user, from: .server)
        #expect(server.todos.map(\.title) == ["Soon", "Local time", "Undated", "Fine"])
        #expect(server.refusals.isEmpty)
    }

    /// A file's PRIORITY or PERCENT-COMPLETE that Memoss cannot keep refuses its item (it was
    /// none, or 100, without a word; a CSV row with them is refused); a server's is read as well
    /// as it can be, so another client's to-do is not hidden.
    @Test func aPriorityOrPercentageOutOfRangeIsRefusedInAFileAndReadFromAServer() throws {
        let text = calendar(
            "BEGIN:VTODO", "UID:p", "SUMMARY:Priority ten", "PRIORITY:10", "END:VTODO",
            "BEGIN:VTODO", "UID:q", "SUMMARY:Over done", "STATUS:IN-PROCESS", "PERCENT-COMPLETE:150", "END:VTODO",
            "BEGIN:VTODO", "UID:r", "SUMMARY:Fine", "PRIORITY:3", "STATUS:IN-PROCESS", "PERCENT-COMPLETE:40", "END:VTODO")
        let file = try CalendarReader.read(text, userZone: user)
        #expect(file.todos.map(\.title) == ["Fine"])
        #expect(file.todos.first?.priority == 3 && file.todos.first?.percentComplete == 40)
        #expect(file.refusals.map(\.field) == ["PRIORITY", "PERCENT-COMPLETE"])
        #expect(file.refusals.map(\.message) == ["\"10\" is not a priority (0–9: 1 the highest, 9 the lowest, 0 none)",
                                                 "\"150\" is not a percentage (0–100)"])
        let server = try CalendarReader.read(text, userZone: user, from: .server)
        #expect(server.refusals.isEmpty)
        #expect(server.todos.map(\.priority) == [nil, nil, 3])
        #expect(server.todos.map(\.percentComplete) == [nil, 100, 40])
    }

    @Test func severalDaysOfTheMonthAreRefusedForWhatTheyAre() throws {
        let read = try CalendarReader.read(calendar(
            "BEGIN:VTODO", "UID:a", "SUMMARY:Pay", "DTSTART:20990101T090000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=1,15", "END:VTODO",
            "BEGIN:VTODO", "UID:b", "SUMMARY:Rent", "DTSTART:20990130T090000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=30", "END:VTODO",
            // The same rule written plainly: its day is the start's (it imported with 28 February between).
            "BEGIN:VTODO", "UID:c", "SUMMARY:Rent", "DUE;TZID=America/New_York:20270130T090000", "RRULE:FREQ=MONTHLY;COUNT=3", "END:VTODO",
            "BEGIN:VTODO", "UID:d", "SUMMARY:Bills", "DUE:20990128T090000", "RRULE:FREQ=MONTHLY", "END:VTODO"), userZone: user)
        #expect(read.todos.map(\.title) == ["Bills"])
        // A server's to-do with that rule, synced before it was refused, is read as it was then
        // (else the sync would send it again whole, over the other client's text).
        let server = try CalendarReader.read(calendar(
            "BEGIN:VTODO", "UID:c", "SUMMARY:Rent", "DUE;TZID=America/New_York:20270130T090000", "RRULE:FREQ=MONTHLY;COUNT=3", "END:VTODO"),
                                             userZone: user, from: .server)
        #expect(server.refusals.isEmpty && server.todos.first?.recurrence == RecurrenceRule(.monthly(.day(30)), times: 3))
        #expect(read.refusals.map(\.message) == [
            "BYMONTHDAY=1,15 (several days of each month; Memoss repeats months on one day) cannot be represented in Memoss, which repeats "
                + "every n days, weeks on a set of days, months on a day or an nth weekday, or years on a date; reading it otherwise would change when it is due",
            "BYMONTHDAY=30 (days past the 28th are skipped in shorter months, where Memoss moves them to the last day) cannot be represented in "
                + "Memoss, which repeats every n days, weeks on a set of days, months on a day or an nth weekday, or years on a date; "
                + "reading it otherwise would change when it is due",
            "FREQ=MONTHLY from the 30th (it skips the months without a 30th; Memoss would put it on their last day) cannot be represented "
                + "in Memoss, which repeats every n days, weeks on a set of days, months on a day or an nth weekday, or years on a date; "
                + "reading it otherwise would change when it is due",
        ])
    }
}
