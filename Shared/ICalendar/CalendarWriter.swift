import Domain
import Foundation

/// A reminder as iCalendar writes it: the reminder and its tags' names in the order Memoss shows them.
package struct CalendarItem: Sendable {
    package var reminder: Reminder
    package var tagNames: [String]
    /// The UID to write, when not the reminder's id (a resource another client created, kept by sync).
    package var uid: String?
    /// The list it is in, written (`X-MEMOSS-LIST`) in a calendar of several lists.
    package var listName: String?

    package init(reminder: Reminder, tagNames: [String]) {
        self.reminder = reminder
        self.tagNames = tagNames
    }
}

/// Writes reminders as an RFC 5545 calendar of VTODOs.
///
/// Each reminder is one VTODO: UID its id (or the UID the calendar it came from gave it, `calendarUID`); SUMMARY, DESCRIPTION; DTSTART and DUE both the current
/// occurrence's wall time (its nominal time when a DST gap moved it; RFC 5545 §3.3.5 resolves it the
/// same way) with TZID and a VTIMEZONE for each zone used, or its day (`VALUE=DATE`) when it is
/// all-day, or neither when it is undated; RRULE by the mapping in `docs/icalendar.md`; STATUS
/// (NEEDS-ACTION, IN-PROCESS, COMPLETED, CANCELLED), COMPLETED and PERCENT-COMPLETE; PRIORITY (1, 5
/// or 9 for high, medium, low; none written for none); CATEGORIES for tags; a VALARM (`ACTION:DISPLAY`) for each alarm of an open dated one (`triggers`); CREATED, LAST-MODIFIED and DTSTAMP in UTC.
package enum CalendarWriter {
    /// The whole calendar; `stamp` is DTSTAMP (when the file was written), `product` PRODID's name.
    package static func calendar(_ items: [CalendarItem], stamp: Date, product: String, name: String? = nil) -> String {
        var out: [UInt8] = []
        let calendar = CalendarStream(stamp: stamp, product: product, name: name) { out += $0 }
        for item in items { calendar.note(item.reminder) }
        for item in items { calendar.add(item) }
        calendar.end()
        return String(decoding: out, as: UTF8.self)
    }

    /// The calendar's start: its properties (its `name` as `X-WR-CALNAME`, the name clients show)
    /// and one VTIMEZONE per zone of `zones`.
    fileprivate static func head(_ zones: CalendarZones, product: String, name: String?) -> String {
        var out = ""
        func put(_ line: String) { out += ContentLines.folded(line) }
        put("BEGIN:VCALENDAR")
        put("VERSION:2.0")
        put("PRODID:-//Memoss//\(product)//EN")
        put("CALSCALE:GREGORIAN")
        if let name { put("X-WR-CALNAME:\(ContentLines.escaped(name))") }
        for zone in zones.components { out += zone }
        return out
    }

    /// One VTODO.
    package static func todo(_ item: CalendarItem, stamp: Date) -> String { todoBytes(item, stamp: stamp).text }

    /// One VTODO, as the bytes of its lines.
    static func todoBytes(_ item: CalendarItem, stamp: Date) -> ContentLineBytes {
        let reminder = item.reminder
        var out = ContentLineBytes()
        out.line("BEGIN:VTODO")
        let uid = item.uid ?? reminder.calendarUID ?? reminder.id.text
        out.line("UID:", uid)
        out.line("DTSTAMP:", utc: stamp)
        out.line("CREATED:", utc: reminder.createdAt)
        // An answer to its notification (ACKNOWLEDGED, a snooze) revises it too. One made before its
        // alarm fired acknowledges up to the alarm's time, still to come: it was made by now, and
        // a LAST-MODIFIED after DTSTAMP would win every later conflict on another device.
        let answered = reminder.alarmsAcknowledgedAt.map { min($0, stamp) } ?? reminder.updatedAt
        out.line("LAST-MODIFIED:", utc: max(reminder.updatedAt, answered))
        out.line("SUMMARY:", text: reminder.title)
        if let notes = reminder.notes { out.line("DESCRIPTION:", text: notes) }
        switch reminder.due {
        case .someday: break
        case .day(let day):
            for property: StaticString in ["DTSTART;VALUE=DATE:", "DUE;VALUE=DATE:"] {
                out.begin(property)
                out.date(day)
                out.end()
            }
            // A DATE has no zone; the day's is Memoss's (when it starts, ends, notifies).
            out.line("X-MEMOSS-TZID:", reminder.timeZoneID)
        case .moment(let local, _):
            let zone = reminder.timeZone.identifier
            for property: StaticString in ["DTSTART;TZID=", "DUE;TZID="] {
                out.begin(property)
                out.raw(zone)
                out.raw(":")
                out.local(local)
                out.end()
            }
        }
        if let (rule, ending) = recurrenceRule(reminder) {
            out.line("RRULE:", rule)
            // RFC 5545 takes COUNT or UNTIL: the one that ends the series first is the rule's, the
            // other travels beside it for Memoss (other readers ignore X- properties).
            if let end = reminder.recurrenceEnd, ending == .count {
                out.begin("X-MEMOSS-UNTIL;VALUE=DATE:")
                out.date(end)
                out.end()
            }
            if let times = reminder.recurrence.times, ending == .until { out.line("X-MEMOSS-COUNT:", String(times)) }
            // Counted from completion: other clients repeat from DTSTART, which completing here moves.
            if reminder.recurrence.afterDone { out.line("X-MEMOSS-AFTER-DONE:TRUE") }
        }
        out.line("STATUS:", status(of: reminder))
        if reminder.isDone, let completedAt = reminder.completedAt { out.line("COMPLETED:", utc: completedAt) }
        if let percent = reminder.isDone ? 100 : reminder.percentComplete { out.line("PERCENT-COMPLETE:", String(percent)) }
        if reminder.priority != .none { out.line("PRIORITY:", String(reminder.priority.icalendarValue)) }
        if !item.tagNames.isEmpty {
            out.begin("CATEGORIES:")
            for (index, name) in item.tagNames.enumerated() {
                if index > 0 { out.raw(",") }
                out.escaped(name)
            }
            out.end()
        }
        if let list = item.listName { out.line("X-MEMOSS-LIST:", text: list) }
        let triggers = reminder.isCompleted ? [] : triggers(reminder)
        if !reminder.isCompleted, reminder.scheduledAt != nil || !triggers.isEmpty {
            if reminder.scheduledAt != nil, let marker = alarmsMarker(reminder) { out.line("X-MEMOSS-ALARMS:", marker) }
            // Answered: RFC 9074's ACKNOWLEDGED on each VALARM, or beside them when there is none.
            let acknowledged = reminder.alarmsAcknowledgedAt
            if let acknowledged, triggers.isEmpty { out.line("X-MEMOSS-ACKNOWLEDGED:", utc: acknowledged) }
            // Snoozed: RFC 9074's snooze alarm, related to the first VALARM (which then needs a UID);
            // without one, Memoss's own property says it.
            let snoozed = reminder.liveSnooze
            if let snoozed, triggers.isEmpty { out.line("X-MEMOSS-SNOOZED:", utc: snoozed) }
            for (index, trigger) in triggers.enumerated() {
                out.line("BEGIN:VALARM")
                if snoozed != nil, index == 0 { out.line("UID:", alarmUID(of: uid)) }
                out.line("ACTION:DISPLAY")
                out.line("DESCRIPTION:", text: reminder.title)
                out.line("", trigger)
                if let acknowledged { out.line("ACKNOWLEDGED:", utc: acknowledged) }
                out.line("END:VALARM")
            }
            if let snoozed, !triggers.isEmpty {
                out.raw(snoozeAlarm(until: snoozed, relatedTo: alarmUID(of: uid), title: reminder.title))
            }
        }
        out.line("END:VTODO")
        return out
    }

    /// The UID Memoss gives the VALARM a snooze is related to, when it has none: the to-do's with `-alarm`.
    package static func alarmUID(of todoUID: String) -> String { "\(todoUID)-alarm" }

    /// RFC 9074's snooze alarm: a VALARM firing at `until`, related to the alarm snoozed.
    package static func snoozeAlarm(until: Date, relatedTo alarmUID: String, title: String) -> String {
        ["BEGIN:VALARM", "UID:\(alarmUID)-snooze", "RELATED-TO;RELTYPE=SNOOZE:\(alarmUID)", "ACTION:DISPLAY",
         "DESCRIPTION:\(ContentLines.escaped(title))", "TRIGGER;VALUE=DATE-TIME:\(utcText(until))", "END:VALARM"]
            .map(ContentLines.folded).joined()
    }

    /// The TRIGGER line of each alarm of a dated reminder: a relative one as a duration from DUE
    /// (`RELATED=END`; an all-day reminder's count from its day's notification time in Memoss,
    /// and are read back so), an absolute one as an instant in UTC (`VALUE=DATE-TIME`).
    static func triggers(_ reminder: Reminder) -> [String] {
        writtenAlarms(reminder).map { alarm in
            switch alarm {
            case .relative(let seconds): "TRIGGER;RELATED=END:\(duration(seconds))"
            case .absolute(let instant): "TRIGGER;VALUE=DATE-TIME:\(utcText(instant))"
            }
        }
    }

    /// The alarms of an open reminder that have a VALARM, in the order written: a dated one's all
    /// but an all-day one's at its due time (a calendar's alarm at an all-day DUE is at midnight;
    /// `X-MEMOSS-ALARMS` says it); an undated one's at a date and time (one kept from when it
    /// had a date counts from a DUE it has not: it has no VALARM).
    package static func writtenAlarms(_ reminder: Reminder) -> [Alarm] {
        guard reminder.scheduledAt != nil else {
            return reminder.alarms.filter { if case .absolute = $0 { true } else { false } }
        }
        return reminder.alarms.filter { !(reminder.isAllDay && $0 == .atDue) }
    }

    /// What `X-MEMOSS-ALARMS` says of a dated reminder's alarms that its VALARMs cannot: `NONE`
    /// when it has none (an item without VALARMs has the default one), `AT-DUE` when an all-day one
    /// also notifies at its day's notification time (that alarm has no VALARM: another calendar
    /// would ring it at midnight); `nil` when the VALARMs say it all.
    static func alarmsMarker(_ reminder: Reminder) -> String? {
        if reminder.alarms.isEmpty { return "NONE" }
        if reminder.isAllDay, reminder.alarms.count > 1, reminder.alarms.contains(.atDue) { return "AT-DUE" }
        return nil
    }

    /// An RFC 5545 duration: `PT0S`, `-PT15M`, `-P1D`, `-P1DT2H`, `P2W`.
    static func duration(_ seconds: Int) -> String {
        guard seconds != 0 else { return "PT0S" }
        let sign = seconds < 0 ? "-" : "", size = abs(seconds)
        if size % 604_800 == 0 { return "\(sign)P\(size / 604_800)W" }
        let days = size / 86_400, hours = size % 86_400 / 3_600, minutes = size % 3_600 / 60, rest = size % 60
        var text = "\(sign)P" + (days > 0 ? "\(days)D" : "")
        if hours + minutes + rest > 0 {
            text += "T" + (hours > 0 ? "\(hours)H" : "") + (minutes > 0 ? "\(minutes)M" : "") + (rest > 0 ? "\(rest)S" : "")
        }
        return text
    }

    /// The STATUS value of `reminder`.
    package static func status(of reminder: Reminder) -> String {
        switch (reminder.isCompleted, reminder.stage) {
        case (true, .cancelled): "CANCELLED"
        case (true, _): "COMPLETED"
        case (false, .inProgress): "IN-PROCESS"
        case (false, _): "NEEDS-ACTION"
        }
    }

    /// The RRULE value of a repeating reminder, `nil` for a one-time one. DTSTART is the current
    /// occurrence, which always matches the rule, so RFC 5545's "DTSTART is always an instance"
    /// adds nothing.
    package static func rrule(_ reminder: Reminder) -> String? {
        recurrenceRule(reminder)?.rule
    }

    /// How an RRULE ends: by COUNT or by UNTIL.
    private enum Ending { case count, until }

    /// `rrule(reminder)` and how it ends, when it does.
    private static func recurrenceRule(_ reminder: Reminder) -> (rule: String, ending: Ending?)? {
        let rule = reminder.recurrence
        var parts: [String]
        switch rule.pattern {
        case .never: return nil
        case .daily: parts = ["FREQ=DAILY"]
        case .weekly: parts = ["FREQ=WEEKLY"]
        case .monthly: parts = ["FREQ=MONTHLY"]
        case .yearly: parts = ["FREQ=YEARLY"]
        }
        if rule.interval > 1 { parts.append("INTERVAL=\(rule.interval)") }
        switch rule.pattern {
        case .never, .daily: break
        case .weekly(let days):
            // Weeks run Monday to Sunday here; RFC 5545's default is the same, but some readers
            // assume Sunday, which changes which days an interval selects: say it.
            if rule.interval > 1 { parts.append("WKST=MO") }
            parts.append("BYDAY=" + days.mondayFirst.map { weekdayCodes[$0 - 1] }.joined(separator: ","))
        case .monthly(.day(let day)):
            // A day past 28 is clamped to shorter months; BYMONTHDAY=d alone would skip them.
            switch day {
            case ...28: parts.append("BYMONTHDAY=\(day)")
            // Day 31 falls on the same days as the last day, but stays day 31 when read back.
            default: parts += ["BYMONTHDAY=" + (28...day).map(String.init).joined(separator: ","), "BYSETPOS=-1"]
            }
        case .monthly(.last): parts.append("BYMONTHDAY=-1")
        case .monthly(.weekday(let nth, let weekday)): parts.append("BYDAY=\(nth)\(weekdayCodes[weekday - 1])")
        case .yearly(let month, let day):
            // Plain FREQ=YEARLY from 29 February skips the years without one.
            if month == 2 && day == 29 { parts += ["BYMONTH=2", "BYMONTHDAY=-1"] }
        }
        guard let series = reminder.series else { return nil }
        // RFC 5545 allows COUNT or UNTIL, not both: the count when its last occurrence comes by the end day.
        var ending: Ending?
        if let times = rule.times, reminder.recurrenceEnd == nil || series.occurrences(count: times).count == times {
            parts.append("COUNT=\(times)")
            ending = .count
        } else if let end = reminder.recurrenceEnd, reminder.isAllDay {
            // With a DTSTART that is a date, UNTIL is a date too.
            parts.append("UNTIL=" + dateText(end))
            ending = .until
        } else if let end = reminder.recurrenceEnd {
            // The last second of the end day, in UTC.
            let after = LocalDateTime(date: end.adding(days: 1), time: .midnight).resolved(in: reminder.timeZone)
            parts.append("UNTIL=" + utcText(after.addingTimeInterval(-1)))
            ending = .until
        }
        return (parts.joined(separator: ";"), ending)
    }

    /// RFC 5545's weekday codes, Sunday first (Memoss's weekday 1).
    package static let weekdayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// `YYYYMMDDTHHMMSSZ`.
    package static func utcText(_ instant: Date) -> String {
        var out = ContentLineBytes(capacity: 16)
        out.utc(instant)
        return out.text
    }

    /// `YYYYMMDDTHHMMSS`, a wall time without zone.
    package static func localText(_ time: LocalDateTime) -> String {
        var out = ContentLineBytes(capacity: 16)
        out.local(time)
        return out.text
    }

    /// `YYYYMMDD`.
    package static func dateText(_ date: LocalDate) -> String {
        var out = ContentLineBytes(capacity: 8)
        out.date(date)
        return out.text
    }
}

/// A calendar written as its VTODOs come, so a file of any size takes little memory: every
/// reminder is noted first (the VTIMEZONEs, which come first, must cover them all), then each
/// item is added; `end` closes the calendar. Used from one thread at a time.
package final class CalendarStream: @unchecked Sendable {
    private let stamp: Date, product: String, name: String?
    private let write: ([UInt8]) -> Void
    private var zones = CalendarZones()
    private var hasBegun = false

    /// A calendar written through `write` as UTF-8 bytes; `stamp` is DTSTAMP, `product` PRODID's
    /// name, `name` the calendar's (`X-WR-CALNAME`) when given.
    package init(stamp: Date, product: String, name: String? = nil, write: @escaping ([UInt8]) -> Void) {
        self.stamp = stamp
        self.product = product
        self.name = name
        self.write = write
    }

    /// Counts `reminder` among those the calendar holds (before any item is added).
    package func note(_ reminder: Reminder) { zones.add(reminder) }

    /// Counts the reminders of `spans` among those the calendar holds (before any item is added).
    package func note(_ spans: [ZoneSpan]) { for span in spans { zones.add(span) } }

    /// Writes `item`'s VTODO (the calendar's start first, once).
    package func add(_ item: CalendarItem) {
        begin()
        write(CalendarWriter.todoBytes(item, stamp: stamp).bytes)
    }

    /// Ends the calendar.
    package func end() {
        begin()
        write(Array(ContentLines.folded("END:VCALENDAR").utf8))
    }

    private func begin() {
        guard !hasBegun else { return }
        hasBegun = true
        write(Array(CalendarWriter.head(zones, product: product, name: name).utf8))
    }
}

/// The zones reminders use, each with the years its VTIMEZONE covers.
private struct CalendarZones {
    private var spans: [String: ZoneSpan] = [:]

    mutating func add(_ reminder: Reminder) {
        // Only a time of day is written in a zone.
        guard case .moment(_, let instant) = reminder.due else { return }
        let goesOn = reminder.recurrence.isRepeating && !reminder.isCompleted
        add(ZoneSpan(timeZoneID: reminder.timeZoneID, earliest: instant, latest: instant,
                     latestGoingOn: goesOn && reminder.recurrenceEnd == nil ? instant : nil,
                     lastEnd: goesOn ? reminder.recurrenceEnd : nil))
    }

    mutating func add(_ span: ZoneSpan) {
        guard let known = spans[span.timeZoneID] else { return spans[span.timeZoneID] = span }
        spans[span.timeZoneID] = ZoneSpan(
            timeZoneID: span.timeZoneID, earliest: min(known.earliest, span.earliest), latest: max(known.latest, span.latest),
            latestGoingOn: [known.latestGoingOn, span.latestGoingOn].compactMap { $0 }.max(),
            lastEnd: [known.lastEnd, span.lastEnd].compactMap { $0 }.max())
    }

    /// One VTIMEZONE per zone, in identifier order: from the year before the first due time to
    /// the year after the last, a series that goes on counted to its end day or ten years ahead.
    var components: [String] {
        spans.keys.sorted().map { identifier in
            let span = spans[identifier]!
            let zone = TimeZone(identifier: identifier) ?? .gmt
            let year = { (instant: Date) in LocalDateTime(of: instant, in: zone).date.year }
            let last = [year(span.latest), span.latestGoingOn.map { year($0) + 10 }, span.lastEnd?.year].compactMap { $0 }.max()!
            return TimeZoneWriter.component(zone, identifier: identifier, from: year(span.earliest) - 1, through: last + 1)
        }
    }
}

/// A VTIMEZONE from the system's zone database: the offset in force at the start of the years
/// asked for, then one observance per transition within them (no RRULE: the transitions as they
/// are, which also covers zones whose rules changed). Readers that know the zone by its name
/// (TZID is the IANA identifier) use their own database; the rest read these.
enum TimeZoneWriter {
    static func component(_ zone: TimeZone, identifier: String, from firstYear: Int, through lastYear: Int) -> String {
        var out = ""
        func put(_ line: String) { out += ContentLines.folded(line) }
        let clampedFirst = max(firstYear, 1970), clampedLast = min(max(lastYear, clampedFirst), 2200)
        let start = LocalDate(year: clampedFirst, month: 1, day: 1)!.interval(in: .gmt).lowerBound
        let end = LocalDate(year: clampedLast, month: 12, day: 31)!.interval(in: .gmt).upperBound
        put("BEGIN:VTIMEZONE")
        put("TZID:\(identifier)")
        let initial = zone.secondsFromGMT(for: start)
        observance(zone, at: start, from: initial, to: initial, put)
        var instant = start
        while let next = zone.nextDaylightSavingTimeTransition(after: instant), next < end {
            observance(zone, at: next, from: zone.secondsFromGMT(for: next.addingTimeInterval(-1)),
                       to: zone.secondsFromGMT(for: next), put)
            instant = next
        }
        put("END:VTIMEZONE")
        return out
    }

    private static func observance(_ zone: TimeZone, at instant: Date, from: Int, to: Int, _ put: (String) -> Void) {
        let kind = zone.isDaylightSavingTime(for: instant) ? "DAYLIGHT" : "STANDARD"
        put("BEGIN:\(kind)")
        // DTSTART is the onset in the wall time in force before it.
        put("DTSTART:" + CalendarWriter.utcText(instant.addingTimeInterval(TimeInterval(from))).dropLast())
        put("TZOFFSETFROM:\(offsetText(from))")
        put("TZOFFSETTO:\(offsetText(to))")
        // Foundation names zones without an abbreviation "GMT-5": those get none.
        if let name = zone.abbreviation(for: instant), !name.isEmpty, !name.hasPrefix("GMT+"), !name.hasPrefix("GMT-") {
            put("TZNAME:\(ContentLines.escaped(name))")
        }
        put("END:\(kind)")
    }

    /// `±HHMM`, or `±HHMMSS` for an offset with seconds.
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        let text = (magnitude / 3_600).zeroPadded(2) + (magnitude % 3_600 / 60).zeroPadded(2)
        return sign + text + (magnitude % 60 == 0 ? "" : (magnitude % 60).zeroPadded(2))
    }
}
