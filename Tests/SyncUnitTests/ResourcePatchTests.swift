import Domain
import Foundation
import ICalendar
@testable import Sync
import Testing

/// What Memoss sends over another client's to-do: that to-do byte for byte, with only the
/// properties of the field the user changed replaced (and DTSTAMP, LAST-MODIFIED, SEQUENCE moved on).
struct ResourcePatchTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// A calendar of one VTODO, written by another client, lines as given (CRLF).
    private func calendar(_ todo: [String], zones: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other//EN"] + zones + ["BEGIN:VTODO"] + todo + ["END:VTODO", "END:VCALENDAR", ""])
            .joined(separator: "\r\n")
    }

    /// Monday 30 November 2026 at `hour`:00 in Berlin.
    private func november30(at hour: Int) -> Date {
        LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 30)!, time: LocalTime(hour: hour, minute: 0)!).resolved(in: berlin)
    }

    /// Memoss's reading of `text`, changed by `change`, and what it sends back.
    private func sent(over text: String, _ change: (inout Reminder) -> Void) throws -> String {
        let read = try CalendarReader.read(text, userZone: berlin, from: .server)
        let todo = try #require(read.todos.first, "\(read.refusals)")
        let baseFields = SyncFields(todo)
        var reminder = Reminder(id: UUID(), title: todo.title, notes: todo.notes.isEmpty ? nil : todo.notes,
                                scheduledAt: todo.due?.resolved(in: TimeZone(identifier: todo.timeZoneID)!), isAllDay: todo.isAllDay,
                                timeZoneID: todo.timeZoneID, isCompleted: todo.isCompleted, stage: todo.stage,
                                percentComplete: todo.percentComplete, priority: todo.priority.map(Priority.init(icalendar:)) ?? .none,
                                createdAt: Date(timeIntervalSince1970: 0),
                                updatedAt: Date(timeIntervalSince1970: 0), recurrence: todo.recurrence, recurrenceEnd: todo.recurrenceEnd)
        reminder.alarms = todo.alarms
        reminder.alarmsAcknowledgedAt = todo.alarmsAcknowledgedAt
        reminder.alarmsSnoozedUntil = todo.alarmsSnoozedUntil
        change(&reminder)
        reminder.updatedAt = Date(timeIntervalSince1970: 1_795_600_000)
        var item = CalendarItem(reminder: reminder, tagNames: baseFields.tags)
        item.uid = todo.uid
        let ours = CalendarWriter.calendar([item], stamp: Date(timeIntervalSince1970: 1_795_600_000), product: "Memoss")
        let local = SyncFields(reminder, tags: baseFields.tags)
        return try #require(ResourcePatch.patch(ours, over: text, parts: ResourcePatch.changedParts(from: baseFields, to: local),
                                                baseFields: baseFields, localFields: local,
                                                theirAlarms: todo.alarmOfEachVALARM, ourAlarms: CalendarWriter.writtenAlarms(reminder),
                                                readerZone: berlin.identifier))
    }

    /// The lines of `after` that are not in `before`, and those of `before` not in `after`, leaving
    /// out what every write moves on.
    private func difference(_ before: String, _ after: String) -> (added: [String], removed: [String]) {
        let moving = ["DTSTAMP", "LAST-MODIFIED", "SEQUENCE"]
        func lines(_ text: String) -> [String] {
            text.components(separatedBy: "\r\n").filter { line in !line.isEmpty && !moving.contains { line.hasPrefix($0 + ":") } }
        }
        let (old, new) = (lines(before), lines(after))
        return (new.filter { !old.contains($0) }, old.filter { !new.contains($0) })
    }

    /// todoman's all-day to-do, Tasks.org's in-progress one and Thunderbird's with a start, a
    /// duration, its own alarm and properties Memoss does not know.
    private var shapes: [String: String] {
        [
            "all-day": calendar(["UID:td-1", "DTSTAMP:20261120T100000Z", "SUMMARY:Bins", "DUE;VALUE=DATE:20261124", "PRIORITY:2",
                                 "X-TODOMAN-ID:17"]),
            "in progress": calendar(["UID:org-2", "DTSTAMP:20261120T100000Z", "SUMMARY:Taxes", "DUE:20261201T090000Z", "STATUS:IN-PROCESS",
                                     "PERCENT-COMPLETE:40", "RELATED-TO:org-1", "SEQUENCE:3"]),
            "start and duration": calendar(["UID:tb-3", "DTSTAMP:20261120T100000Z", "SUMMARY:Course",
                                            "DTSTART;TZID=Europe/Berlin:20261130T090000", "DURATION:PT3H",
                                            "RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20270301T080000Z", "X-MOZ-GENERATION:5",
                                            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:Theirs", "END:VALARM"]),
            "start and due in UTC": calendar(["UID:td-4", "DTSTAMP:20261120T100000Z", "SUMMARY:Evening class", "DTSTART:20261130T080000Z",
                                              "DUE:20261130T110000Z", "LOCATION:Room 4", "SEQUENCE:1"]),
            "series in UTC": calendar(["UID:lib-6", "DTSTAMP:20261120T100000Z", "SUMMARY:Team call", "DTSTART:20261123T150000Z",
                                       "DUE:20261123T150000Z", "RRULE:FREQ=WEEKLY;COUNT=20;BYDAY=MO"]),
        ]
    }

    @Test func editingTheTitleChangesOnlySummaryWhateverTheShape() throws {
        for (shape, text) in shapes {
            let after = try sent(over: text) { $0.title = "Renamed" }
            let change = difference(text, after)
            let old = text.components(separatedBy: "\r\n").first { $0.hasPrefix("SUMMARY:") } ?? ""
            #expect(change.added == ["SUMMARY:Renamed"], "\(shape)")
            #expect(change.removed == [old], "\(shape)")
            // Written where it was, the rest byte for byte; no alarm of Memoss's added.
            #expect(after.replacingOccurrences(of: "SUMMARY:Renamed", with: old).components(separatedBy: "\r\n")
                .filter { !$0.hasPrefix("DTSTAMP") && !$0.hasPrefix("LAST-MODIFIED") && !$0.hasPrefix("SEQUENCE") }
                == text.components(separatedBy: "\r\n").filter { !$0.hasPrefix("DTSTAMP") && !$0.hasPrefix("SEQUENCE") }, "\(shape)")
        }
    }

    /// A VALARM whose text is the title (as Memoss, and clients, write it) is renamed with the
    /// to-do: another client showed the old name when it rang. A VALARM of other text is kept.
    @Test func anAlarmWhoseTextIsTheTitleIsRenamedWithIt() throws {
        let text = calendar(["UID:m-8", "DTSTAMP:20261120T100000Z", "SUMMARY:Water the plants", "DUE;TZID=Europe/Berlin:20261130T090000",
                             "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:Water the plants", "END:VALARM",
                             "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "DESCRIPTION:Theirs", "END:VALARM"])
        let change = difference(text, try sent(over: text) { $0.title = "Water the cactus, too" })
        #expect(change.added == ["SUMMARY:Water the cactus\\, too", "DESCRIPTION:Water the cactus\\, too"])
        #expect(change.removed == ["SUMMARY:Water the plants", "DESCRIPTION:Water the plants"])
    }

    /// Thunderbird's to-do with its own alarm 15 minutes before, one that emails, and one Memoss
    /// cannot hold (two years before).
    private var withAlarms: String {
        calendar(["UID:tb-7", "DTSTAMP:20261120T100000Z", "SUMMARY:Dentist", "DUE;TZID=Europe/Berlin:20261130T090000",
                  "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:Theirs", "X-MOZ-LASTACK:20261101T000000Z", "END:VALARM",
                  "BEGIN:VALARM", "ACTION:EMAIL", "TRIGGER:-P1D", "SUMMARY:Mail", "DESCRIPTION:Mail", "ATTENDEE:mailto:a@example.org",
                  "END:VALARM",
                  "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-P104W", "DESCRIPTION:Far", "END:VALARM"])
    }

    @Test func anAlarmAddedHereIsAddedBesideTheirsKeptByteForByte() throws {
        let text = withAlarms
        let after = try sent(over: text) { $0.alarms = [.relative(seconds: -86_400), .relative(seconds: -900)] }
        let change = difference(text, after)
        #expect(change.removed == [])
        #expect(change.added == ["DESCRIPTION:Dentist", "TRIGGER;RELATED=END:-P1D"])
        // Their three VALARMs as they were, in their place; ours before the VTODO ends.
        let theirs = text.components(separatedBy: "BEGIN:VALARM").dropFirst().map { "BEGIN:VALARM" + $0.components(separatedBy: "END:VALARM")[0] }
        for block in theirs { #expect(after.contains(block + "END:VALARM\r\n")) }
        #expect(after.contains("SEQUENCE:1\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Dentist\r\nTRIGGER;RELATED=END:-P1D\r\nEND:VALARM\r\nEND:VTODO"))
        // Read back, it has both alarms.
        let read = try CalendarReader.read(after, userZone: berlin, from: .server)
        #expect(read.todos.first?.alarms == [.relative(seconds: -86_400), .relative(seconds: -900)])
    }

    @Test func anAlarmRemovedHereTakesOnlyItsVALARM() throws {
        let text = withAlarms
        let moved = try sent(over: text) { $0.alarms = [.relative(seconds: -1_800)] }
        let change = difference(text, moved)
        #expect(change.added == ["DESCRIPTION:Dentist", "TRIGGER;RELATED=END:-PT30M"])
        // Their -15 minutes went with its lines; the email and the one Memoss cannot hold stay.
        #expect(!moved.contains("TRIGGER:-PT15M") && !moved.contains("X-MOZ-LASTACK") && !moved.contains("DESCRIPTION:Theirs"))
        #expect(moved.contains("ACTION:EMAIL") && moved.contains("TRIGGER:-P104W"))
        #expect(try CalendarReader.read(moved, userZone: berlin, from: .server).todos.first?.alarms == [.relative(seconds: -1_800)])

        let none = try sent(over: text) { $0.alarms = [] }
        #expect(difference(text, none).added == ["X-MEMOSS-ALARMS:NONE"])
        #expect(!none.contains("TRIGGER:-PT15M") && none.contains("ACTION:EMAIL"))
        #expect(try CalendarReader.read(none, userZone: berlin, from: .server).todos.first?.alarms == [])
    }

    @Test func alarmsLeftAloneAddNothingEvenWhenTheyAreTheDefault() throws {
        // A to-do without alarms notifies at its due time in Memoss: sent back for its title, it
        // gains no VALARM; a done one keeps its alarms as they were.
        let plain = shapes["start and due in UTC"]!
        #expect(!(try sent(over: plain) { $0.title = "Class" }).contains("VALARM"))
        let done = try sent(over: withAlarms) { reminder in
            reminder.isCompleted = true
            reminder.completedAt = Date(timeIntervalSince1970: 1_795_600_000)
        }
        #expect(difference(withAlarms, done).removed == [])
        #expect(done.components(separatedBy: "BEGIN:VALARM").count == 4)
    }

    @Test func anAnswerHereMarksEachOfTheirVALARMsAcknowledged() throws {
        let text = withAlarms
        let answered = try sent(over: text) { $0.alarmsAcknowledgedAt = Date(timeIntervalSince1970: 1_795_600_000) }
        let change = difference(text, answered)
        #expect(change.added == Array(repeating: "ACKNOWLEDGED:20261125T094640Z", count: 3))
        #expect(change.removed == [])
        #expect(answered.components(separatedBy: "ACKNOWLEDGED:20261125T094640Z\r\nEND:VALARM").count == 4)
        #expect(try CalendarReader.read(answered, userZone: berlin, from: .server).todos.first?.alarmsAcknowledgedAt == Date(timeIntervalSince1970: 1_795_600_000))
        // Answered again later: each ACKNOWLEDGED moves on, none is added twice.
        let again = try sent(over: answered) { $0.alarmsAcknowledgedAt = Date(timeIntervalSince1970: 1_795_603_600) }
        #expect(difference(answered, again).added == Array(repeating: "ACKNOWLEDGED:20261125T104640Z", count: 3))
        #expect(again.components(separatedBy: "ACKNOWLEDGED:").count == 4)
        // A to-do without VALARMs holds the answer in Memoss's property.
        let plain = try sent(over: shapes["start and due in UTC"]!) { $0.alarmsAcknowledgedAt = Date(timeIntervalSince1970: 1_795_600_000) }
        #expect(difference(shapes["start and due in UTC"]!, plain).added == ["X-MEMOSS-ACKNOWLEDGED:20261125T094640Z"])
    }

    @Test func aSnoozeHereIsOneSnoozeAlarmRelatedToTheirAlarmWhichGainsAUIDAndGoesWhenAnswered() throws {
        let utc = { (text: String) in ISO8601DateFormatter().date(from: text)! }
        let text = withAlarms
        let snoozed = try sent(over: text) { reminder in
            reminder.alarmsAcknowledgedAt = utc("2026-11-30T07:46:00Z")
            reminder.alarmsSnoozedUntil = utc("2026-11-30T08:01:00Z")
        }
        let change = difference(text, snoozed)
        #expect(change.removed == [])
        // Their first VALARM is the one related to: it gains a UID after its BEGIN, the rest as it was.
        #expect(snoozed.contains("BEGIN:VALARM\r\nUID:tb-7-alarm\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\n"), "\(snoozed)")
        #expect(snoozed.contains("BEGIN:VALARM\r\nUID:tb-7-alarm-snooze\r\nRELATED-TO;RELTYPE=SNOOZE:tb-7-alarm\r\nACTION:DISPLAY\r\n"
            + "DESCRIPTION:Dentist\r\nTRIGGER;VALUE=DATE-TIME:20261130T080100Z\r\nEND:VALARM\r\nEND:VTODO"), "\(snoozed)")
        let read = try #require(try CalendarReader.read(snoozed, userZone: berlin, from: .server).todos.first)
        #expect(read.alarmsSnoozedUntil == utc("2026-11-30T08:01:00Z"))
        #expect(read.alarms == [.relative(seconds: -900)])

        // Snoozed again: the snooze alarm is replaced, the UID kept. Answered: it goes.
        let again = try sent(over: snoozed) { reminder in
            reminder.alarmsAcknowledgedAt = utc("2026-11-30T08:01:00Z")
            reminder.alarmsSnoozedUntil = utc("2026-11-30T08:11:00Z")
        }
        #expect(again.components(separatedBy: "RELTYPE=SNOOZE").count == 2)
        #expect(again.components(separatedBy: "UID:tb-7-alarm\r\n").count == 2)
        #expect(again.contains("TRIGGER;VALUE=DATE-TIME:20261130T081100Z\r\n") && !again.contains("TRIGGER;VALUE=DATE-TIME:20261130T080100Z"))
        let dismissed = try sent(over: again) { $0.alarmsAcknowledgedAt = utc("2026-11-30T08:12:00Z") }
        #expect(!dismissed.contains("SNOOZE"))
        #expect(try CalendarReader.read(dismissed, userZone: berlin, from: .server).todos.first?.alarmsSnoozedUntil == nil)

        // Another client's snooze alarm, related to its own UID, is replaced by ours related to the same.
        let theirs = calendar(["UID:ap-8", "DTSTAMP:20261120T100000Z", "SUMMARY:Dentist", "DUE:20261130T080000Z",
                               "BEGIN:VALARM", "UID:A1", "ACTION:DISPLAY", "TRIGGER:-PT15M", "ACKNOWLEDGED:20261130T074600Z", "END:VALARM",
                               "BEGIN:VALARM", "UID:A2", "RELATED-TO;RELTYPE=SNOOZE:A1", "ACTION:DISPLAY",
                               "TRIGGER;VALUE=DATE-TIME:20261130T075600Z", "END:VALARM"])
        let ours = try sent(over: theirs) { reminder in
            reminder.alarmsAcknowledgedAt = utc("2026-11-30T07:56:00Z")
            reminder.alarmsSnoozedUntil = utc("2026-11-30T08:06:00Z")
        }
        #expect(!ours.contains("UID:A2") && ours.contains("RELATED-TO;RELTYPE=SNOOZE:A1\r\n"), "\(ours)")
        #expect(ours.contains("TRIGGER;VALUE=DATE-TIME:20261130T080600Z\r\n"))
    }

    @Test func everyWriteMovesTheSequenceOnAndStampsIt() throws {
        let after = try sent(over: shapes["in progress"]!) { $0.notes = "receipts in the drawer" }
        #expect(after.contains("SEQUENCE:4\r\n"))
        #expect(after.contains("DTSTAMP:20261125T094640Z\r\n"))
        #expect(after.contains("DESCRIPTION:receipts in the drawer\r\n"))
        #expect(after.contains("STATUS:IN-PROCESS\r\nPERCENT-COMPLETE:40\r\n"))
        let first = try sent(over: shapes["all-day"]!) { $0.notes = "green one" }
        #expect(first.contains("SEQUENCE:1\r\nEND:VTODO"))
    }

    @Test func movingTheDueTimeMovesTheStartAndKeepsTheDuration() throws {
        // Due Monday 30 November 12:00 (09:00 + 3 h); moved to 14:00, the start goes to 11:00.
        let text = shapes["start and duration"]!
        let after = try sent(over: text) { $0.scheduledAt = november30(at: 14) }
        let change = difference(text, after)
        #expect(change.removed == ["DTSTART;TZID=Europe/Berlin:20261130T090000"])
        #expect(change.added == ["DTSTART;TZID=Europe/Berlin:20261130T110000"])
        #expect(!after.contains("DUE"))
    }

    @Test func anAllDayDueMovesAsADayAndTheStatusAloneWhenCompleted() throws {
        let text = shapes["all-day"]!
        let moved = try sent(over: text) { reminder in
            reminder.scheduledAt = LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 25)!, time: .midnight).resolved(in: berlin)
        }
        #expect(difference(text, moved).added == ["DUE;VALUE=DATE:20261125"])
        let done = try sent(over: text) { reminder in
            reminder.isCompleted = true
            reminder.completedAt = Date(timeIntervalSince1970: 1_795_600_000)
        }
        #expect(difference(text, done).added == ["STATUS:COMPLETED", "COMPLETED:20261125T094640Z", "PERCENT-COMPLETE:100"])
        #expect(difference(text, done).removed == [])
    }

    @Test func aRuleAnchoredElsewhereStaysWhileTheRepeatIsUnchanged() throws {
        let text = shapes["start and duration"]!
        let retitled = try sent(over: text) { $0.title = "Course (room 4)" }
        #expect(retitled.contains("RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20270301T080000Z\r\n"))
        let daily = try sent(over: text) { $0.recurrence = RecurrenceRule(.daily) }
        #expect(difference(text, daily).removed.contains("RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20270301T080000Z"))
        // Its end day is kept: the last second of 1 March 2027 in Berlin.
        #expect(difference(text, daily).added == ["RRULE:FREQ=DAILY;UNTIL=20270301T225959Z"])
    }

    @Test func timesInUTCMoveInUTCWithoutAZoneAdded() throws {
        // Due Monday 30 November 12:00 in Berlin (11:00 UTC), started 09:00; moved to 13:00, both move an hour.
        let text = shapes["start and due in UTC"]!
        let after = try sent(over: text) { $0.scheduledAt = november30(at: 13) }
        let change = difference(text, after)
        #expect(change.removed == ["DTSTART:20261130T080000Z", "DUE:20261130T110000Z"])
        #expect(change.added == ["DTSTART:20261130T090000Z", "DUE:20261130T120000Z"])
        #expect(!after.contains("VTIMEZONE"))
    }

    @Test func aSeriesAnchoredInUTCRepeatsInUTCAndMovesOnInUTC() throws {
        let text = shapes["series in UTC"]!
        let todo = try #require(try CalendarReader.read(text, userZone: berlin, from: .server).todos.first)
        // 15:00 UTC each Monday: 16:00 in Berlin in winter, 17:00 in summer, not 16:00 all year.
        #expect(todo.timeZoneID == TimeZone.gmt.identifier)
        #expect(todo.due == LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 23)!, time: LocalTime(hour: 15, minute: 0)!))
        // Done once: the next Monday, one time fewer, the times still in UTC.
        let after = try sent(over: text) { reminder in
            reminder.scheduledAt = reminder.scheduledAt.map { $0.addingTimeInterval(7 * 86_400) }
            reminder.recurrence.times = 19
        }
        let change = difference(text, after)
        #expect(change.removed == ["DTSTART:20261123T150000Z", "DUE:20261123T150000Z", "RRULE:FREQ=WEEKLY;COUNT=20;BYDAY=MO"])
        // Their rule as they wrote it, only its COUNT lowered.
        #expect(change.added == ["DTSTART:20261130T150000Z", "DUE:20261130T150000Z", "RRULE:FREQ=WEEKLY;COUNT=19;BYDAY=MO"])
        #expect(!after.contains("VTIMEZONE"))
        // Every other week from then on is a repeat the user changed: Memoss's rule is sent (with the
        // week start an interval of weeks needs).
        let twice = try sent(over: text) { reminder in
            reminder.recurrence.times = 19
            reminder.recurrence.interval = 2
        }
        #expect(difference(text, twice).added.contains("RRULE:FREQ=WEEKLY;INTERVAL=2;WKST=MO;BYDAY=MO;COUNT=19"))
    }
}
