import Domain
import Foundation
import ICalendar
import Testing
import TestSupport

/// VALARMs as other clients write them (Thunderbird's TRIGGER from DTSTART, Tasks.org's
/// RELATED=END, Apple's absolute VALUE=DATE-TIME), read as Memoss's alarms and written back.
struct CalendarAlarmTests {
    private let user = TimeZone(identifier: "America/New_York")!

    private func todo(_ lines: String...) throws -> CalendarTodo {
        let text = (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:a", "SUMMARY:Pay rent"]
            + lines + ["END:VTODO", "END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
        let read = try CalendarReader.read(text, userZone: user)
        #expect(read.refusals == [])
        return try #require(read.todos.first)
    }

    private func alarm(_ trigger: String, action: String = "DISPLAY") -> [String] {
        ["BEGIN:VALARM", "ACTION:\(action)", "DESCRIPTION:x", trigger, "END:VALARM"]
    }

    @Test func triggersFromTheDueTimeFromTheStartAndAtAnInstantAreRead() throws {
        let read = try todo(
            "DTSTART;TZID=America/New_York:20270104T090000", "DUE;TZID=America/New_York:20270104T100000",
            alarm("TRIGGER;RELATED=END:-PT15M").joined(separator: "\r\n"),
            // From DTSTART, an hour before the due time: 15 minutes before the start is 75 before the due time.
            alarm("TRIGGER:-PT15M").joined(separator: "\r\n"),
            alarm("TRIGGER;VALUE=DATE-TIME:20270103T230000Z", action: "AUDIO").joined(separator: "\r\n"),
            alarm("TRIGGER;RELATED=END:-P1D", action: "EMAIL").joined(separator: "\r\n"))
        #expect(read.alarms == [.relative(seconds: -4_500), .relative(seconds: -900), .absolute(instant("2027-01-03T23:00:00Z"))])
    }

    @Test func anItemWithoutAlarmsOrWithNoneMemossReadsNotifiesAtItsDueTime() throws {
        #expect(try todo("DUE:20270104T150000Z").alarms == Alarm.defaults)
        #expect(try todo("DUE:20270104T150000Z", alarm("TRIGGER;RELATED=END:-PT1H", action: "EMAIL").joined(separator: "\r\n")).alarms
            == Alarm.defaults)
    }

    @Test func eachAlarmIsWrittenAsAVAlarmThatReadsBack() throws {
        let reminder = Reminder(id: UUID(uuidString: "5F0C3A9E-1B2D-4C3E-8F40-123456789ABC")!, title: "Pay rent", notes: nil,
                                scheduledAt: instant("2027-01-04T10:00:00-05:00"), timeZoneID: "America/New_York",
                                createdAt: instant("2026-11-01T08:00:00-05:00"), updatedAt: instant("2026-11-01T08:00:00-05:00"),
                                alarms: [.relative(seconds: -86_400 - 5_400), .relative(seconds: 600), .absolute(instant("2027-01-03T23:00:00Z"))])
        let text = CalendarWriter.calendar([CalendarItem(reminder: reminder, tagNames: [])], stamp: reminder.createdAt, product: "test")
        #expect(text.contains("\r\nTRIGGER;RELATED=END:-P1DT1H30M\r\n"))
        #expect(text.contains("\r\nTRIGGER;RELATED=END:PT10M\r\n"))
        #expect(text.contains("\r\nTRIGGER;VALUE=DATE-TIME:20270103T230000Z\r\n"))
        #expect(text.components(separatedBy: "BEGIN:VALARM\r\nACTION:DISPLAY\r\n").count == 4)
        let back = try #require(try CalendarReader.read(text, userZone: user).todos.first)
        #expect(back.alarms == reminder.alarms)
    }

    @Test func anAllDayReminderWritesItsOtherAlarmsButNotTheDefaultOne() throws {
        var reminder = Reminder(id: UUID(), title: "Bins", notes: nil, scheduledAt: instant("2027-01-04T00:00:00-05:00"), isAllDay: true,
                                timeZoneID: "America/New_York", createdAt: testNow, updatedAt: testNow)
        #expect(!CalendarWriter.todo(CalendarItem(reminder: reminder, tagNames: []), stamp: testNow).contains("VALARM"))
        reminder.alarms = [.relative(seconds: -86_400)]
        let text = CalendarWriter.calendar([CalendarItem(reminder: reminder, tagNames: [])], stamp: testNow, product: "test")
        #expect(text.contains("\r\nTRIGGER;RELATED=END:-P1D\r\n"))
        #expect(try CalendarReader.read(text, userZone: user).todos.first?.alarms == [.relative(seconds: -86_400)])
    }

    @Test func anAnswerIsWrittenAsACKNOWLEDGEDOnEachVALARMAndReadFromOtherClientsToo() throws {
        var reminder = Reminder(id: UUID(), title: "Call", notes: nil, scheduledAt: instant("2027-01-04T10:00:00-05:00"),
                                timeZoneID: "America/New_York", createdAt: testNow, updatedAt: testNow,
                                alarms: [.relative(seconds: -900), .atDue])
        reminder.alarmsAcknowledgedAt = instant("2027-01-04T14:46:00Z")
        let text = CalendarWriter.todo(CalendarItem(reminder: reminder, tagNames: []), stamp: testNow)
        #expect(text.components(separatedBy: "\r\nACKNOWLEDGED:20270104T144600Z\r\nEND:VALARM\r\n").count == 3)
        // The answer revised it: LAST-MODIFIED moves with it, not back for an older one, and never
        // past DTSTAMP for one acknowledging an alarm still to come (dismissed before it fired).
        func lastModified(editedAt edited: Date, answeredThrough answered: Date) -> String? {
            var changed = reminder
            (changed.updatedAt, changed.alarmsAcknowledgedAt) = (edited, answered)
            return CalendarWriter.todo(CalendarItem(reminder: changed, tagNames: []), stamp: testNow)
                .components(separatedBy: "\r\n").first { $0.hasPrefix("LAST-MODIFIED:") }
        }
        let dayBefore = testNow.addingTimeInterval(-86_400), hourBefore = testNow.addingTimeInterval(-3_600)
        #expect(lastModified(editedAt: dayBefore, answeredThrough: hourBefore) == "LAST-MODIFIED:\(CalendarWriter.utcText(hourBefore))")
        #expect(lastModified(editedAt: hourBefore, answeredThrough: dayBefore) == "LAST-MODIFIED:\(CalendarWriter.utcText(hourBefore))")
        #expect(lastModified(editedAt: dayBefore, answeredThrough: instant("2027-01-04T14:46:00Z"))
            == "LAST-MODIFIED:\(CalendarWriter.utcText(testNow))")
        let calendar = CalendarWriter.calendar([CalendarItem(reminder: reminder, tagNames: [])], stamp: testNow, product: "test")
        #expect(try CalendarReader.read(calendar, userZone: user).todos.first?.alarmsAcknowledgedAt == instant("2027-01-04T14:46:00Z"))
        // An all-day one with only the alarm on its day has no VALARM: Memoss's own property says it.
        var bins = Reminder(id: UUID(), title: "Bins", notes: nil, scheduledAt: instant("2027-01-04T00:00:00-05:00"), isAllDay: true,
                            timeZoneID: "America/New_York", createdAt: testNow, updatedAt: testNow)
        bins.alarmsAcknowledgedAt = instant("2027-01-04T14:00:00Z")
        let allDay = CalendarWriter.calendar([CalendarItem(reminder: bins, tagNames: [])], stamp: testNow, product: "test")
        #expect(allDay.contains("\r\nX-MEMOSS-ACKNOWLEDGED:20270104T140000Z\r\n") && !allDay.contains("VALARM"))
        #expect(try CalendarReader.read(allDay, userZone: user).todos.first?.alarmsAcknowledgedAt == instant("2027-01-04T14:00:00Z"))
        // Thunderbird's dismissal, and the latest of several.
        #expect(try todo("DUE:20270104T150000Z", "X-MOZ-LASTACK:20270104T145000Z",
                         (alarm("TRIGGER:-PT15M") + []).joined(separator: "\r\n").replacingOccurrences(
                            of: "END:VALARM", with: "ACKNOWLEDGED:20270104T144500Z\r\nEND:VALARM")).alarmsAcknowledgedAt
            == instant("2027-01-04T14:50:00Z"))
    }

    @Test func noAlarmAndAnAllDayOnesAtItsDayAlsoReadBack() throws {
        var reminder = Reminder(id: UUID(), title: "Bins", notes: nil, scheduledAt: instant("2027-01-04T00:00:00-05:00"), isAllDay: true,
                                timeZoneID: "America/New_York", createdAt: testNow, updatedAt: testNow)
        func back() throws -> [Alarm]? {
            let text = CalendarWriter.calendar([CalendarItem(reminder: reminder, tagNames: [])], stamp: testNow, product: "test")
            return try CalendarReader.read(text, userZone: user).todos.first?.alarms
        }
        // None: without a VALARM an item notifies at its due time, so Memoss says it has none.
        reminder.alarms = []
        #expect(CalendarWriter.todo(CalendarItem(reminder: reminder, tagNames: []), stamp: testNow).contains("\r\nX-MEMOSS-ALARMS:NONE\r\n"))
        #expect(try back() == [])
        // The day before and on the day: only the day before has a VALARM (another calendar would
        // ring the other at midnight), the one on the day is said beside it.
        reminder.alarms = [.relative(seconds: -86_400), .atDue]
        #expect(CalendarWriter.todo(CalendarItem(reminder: reminder, tagNames: []), stamp: testNow).contains("\r\nX-MEMOSS-ALARMS:AT-DUE\r\n"))
        #expect(try back() == [.relative(seconds: -86_400), .atDue])
        // Another client that gives it an alarm of its own makes Memoss's "none" stale: its alarm counts.
        #expect(try todo("DUE:20270104T150000Z", "X-MEMOSS-ALARMS:NONE", alarm("TRIGGER;RELATED=END:-PT1H").joined(separator: "\r\n")).alarms
            == [.relative(seconds: -3_600)])
    }

    @Test func aSnoozeIsRFC9074sSnoozeAlarmRelatedToTheAlarmItSnoozedAndIsNotAnAlarmOfItsOwn() throws {
        var reminder = Reminder(id: UUID(uuidString: "5F0C3A9E-1B2D-4C3E-8F40-123456789ABC")!, title: "Call", notes: nil,
                                scheduledAt: instant("2027-01-04T10:00:00-05:00"), timeZoneID: "America/New_York",
                                createdAt: testNow, updatedAt: testNow, alarms: [.relative(seconds: -900), .atDue])
        reminder.alarmsAcknowledgedAt = instant("2027-01-04T14:46:00Z")
        reminder.alarmsSnoozedUntil = instant("2027-01-04T15:01:00Z")
        let text = CalendarWriter.todo(CalendarItem(reminder: reminder, tagNames: []), stamp: testNow)
        let blocks = text.components(separatedBy: "BEGIN:VALARM\r\n").dropFirst()
        #expect(blocks.count == 3)
        #expect(blocks.first?.hasPrefix("UID:5F0C3A9E-1B2D-4C3E-8F40-123456789ABC-alarm\r\n") == true, "\(text)")
        #expect(blocks.last?.hasPrefix("UID:5F0C3A9E-1B2D-4C3E-8F40-123456789ABC-alarm-snooze\r\n"
            + "RELATED-TO;RELTYPE=SNOOZE:5F0C3A9E-1B2D-4C3E-8F40-123456789ABC-alarm\r\nACTION:DISPLAY\r\nDESCRIPTION:Call\r\n"
            + "TRIGGER;VALUE=DATE-TIME:20270104T150100Z\r\nEND:VALARM\r\n") == true, "\(text)")
        let calendar = CalendarWriter.calendar([CalendarItem(reminder: reminder, tagNames: [])], stamp: testNow, product: "test")
        let back = try #require(try CalendarReader.read(calendar, userZone: user).todos.first)
        #expect(back.alarms == [.relative(seconds: -900), .atDue])
        #expect(back.alarmsSnoozedUntil == instant("2027-01-04T15:01:00Z"))
        // Answered at or after it, the snooze is over and not written.
        reminder.alarmsAcknowledgedAt = instant("2027-01-04T15:02:00Z")
        #expect(!CalendarWriter.todo(CalendarItem(reminder: reminder, tagNames: []), stamp: testNow).contains("SNOOZE"))
        // Without a VALARM to relate it to (an all-day one at its day), Memoss's own property says it.
        var bins = Reminder(id: UUID(), title: "Bins", notes: nil, scheduledAt: instant("2027-01-04T00:00:00-05:00"), isAllDay: true,
                            timeZoneID: "America/New_York", createdAt: testNow, updatedAt: testNow)
        bins.alarmsSnoozedUntil = instant("2027-01-04T15:00:00Z")
        let allDay = CalendarWriter.calendar([CalendarItem(reminder: bins, tagNames: [])], stamp: testNow, product: "test")
        #expect(allDay.contains("\r\nX-MEMOSS-SNOOZED:20270104T150000Z\r\n") && !allDay.contains("VALARM"))
        #expect(try CalendarReader.read(allDay, userZone: user).todos.first?.alarmsSnoozedUntil == instant("2027-01-04T15:00:00Z"))
    }

    @Test func anotherClientsSnoozeAlarmIsReadAsItsSnoozeAbsoluteOrFromTheDueTime() throws {
        let original = ["BEGIN:VALARM", "UID:orig-1", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;RELATED=END:-PT15M",
                        "ACKNOWLEDGED:20270104T144600Z", "END:VALARM"]
        func snooze(_ trigger: String, acknowledged: String? = nil) -> [String] {
            ["BEGIN:VALARM", "UID:snooze-1", "RELATED-TO;RELTYPE=SNOOZE:orig-1", "ACTION:DISPLAY", "DESCRIPTION:x", trigger]
                + (acknowledged.map { ["ACKNOWLEDGED:\($0)"] } ?? []) + ["END:VALARM"]
        }
        let absolute = try todo("DUE:20270104T150000Z", (original + snooze("TRIGGER;VALUE=DATE-TIME:20270104T145600Z")).joined(separator: "\r\n"))
        #expect(absolute.alarms == [.relative(seconds: -900)])
        #expect(absolute.alarmOfEachVALARM == [.relative(seconds: -900), nil])
        #expect(absolute.alarmsSnoozedUntil == instant("2027-01-04T14:56:00Z"))
        #expect(absolute.alarmsAcknowledgedAt == instant("2027-01-04T14:46:00Z"))
        // A relative one counts from the due time; a dismissed one says when in its own ACKNOWLEDGED.
        #expect(try todo("DUE:20270104T150000Z", (original + snooze("TRIGGER;RELATED=END:PT10M")).joined(separator: "\r\n"))
            .alarmsSnoozedUntil == instant("2027-01-04T15:10:00Z"))
        let dismissed = try todo("DUE:20270104T150000Z",
                                 (original + snooze("TRIGGER;VALUE=DATE-TIME:20270104T145600Z", acknowledged: "20270104T145700Z")).joined(separator: "\r\n"))
        #expect(dismissed.alarmsAcknowledgedAt == instant("2027-01-04T14:57:00Z"))
        #expect(dismissed.alarmsSnoozedUntil == instant("2027-01-04T14:56:00Z"))
    }

    @Test func anAnswerIsTakenNoLaterThanTheItemWasWrittenOrItsOccurrencesLastAlarmOrSnooze() throws {
        let far = alarm("TRIGGER;RELATED=END:PT10M").joined(separator: "\r\n")
            .replacingOccurrences(of: "END:VALARM", with: "ACKNOWLEDGED:20991231T000000Z\r\nEND:VALARM")
        // Written at 13:00, due at 15:00 with an alarm 10 minutes after: answered up to 15:10 at most.
        #expect(try todo("DTSTAMP:20270104T130000Z", "DUE:20270104T150000Z", far).alarmsAcknowledgedAt == instant("2027-01-04T15:10:00Z"))
        // Written later than that: up to when it was written (LAST-MODIFIED or DTSTAMP, the later).
        #expect(try todo("DTSTAMP:20270104T130000Z", "LAST-MODIFIED:20270105T080000Z", "DUE:20270104T150000Z", far)
            .alarmsAcknowledgedAt == instant("2027-01-05T08:00:00Z"))
        // All day: its whole day; snoozed past that: up to the snooze.
        #expect(try todo("DTSTAMP:20270104T130000Z", "DUE;VALUE=DATE:20270104", far).alarmsAcknowledgedAt
            == instant("2027-01-05T05:10:00Z"))
        let snooze = ["BEGIN:VALARM", "RELATED-TO;RELTYPE=SNOOZE:x", "ACTION:DISPLAY", "DESCRIPTION:x",
                      "TRIGGER;VALUE=DATE-TIME:20270106T090000Z", "END:VALARM"].joined(separator: "\r\n")
        #expect(try todo("DTSTAMP:20270104T130000Z", "DUE:20270104T150000Z", far, snooze).alarmsAcknowledgedAt
            == instant("2027-01-06T09:00:00Z"))
        // One that can be is taken as it is.
        #expect(try todo("DTSTAMP:20270104T160000Z", "DUE:20270104T150000Z", "X-MOZ-LASTACK:20270104T151500Z").alarmsAcknowledgedAt
            == instant("2027-01-04T15:15:00Z"))
    }
}
