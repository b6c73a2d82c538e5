import Domain
import Foundation

/// A VTODO read from a calendar, in Memoss's terms; the import checks it by the add form's rules.
package struct CalendarTodo: Sendable {
    /// The line its BEGIN:VTODO is on.
    package var line: Int
    /// Its UID as written.
    package var uid: String
    /// The UID when it is a UUID (a reminder exported by Memoss keeps its id).
    package var id: UUID? { UUID(uuidString: uid) }
    package var title: String
    package var notes: String
    /// The due wall time (DUE, else DTSTART plus DURATION, else DTSTART; an all-day item's day at
    /// 00:00); `nil` when the item has none of them (it is undated).
    package var due: LocalDateTime?
    /// Whether it is due on a day without a time (`VALUE=DATE`).
    package var isAllDay: Bool
    package var timeZoneID: String
    package var recurrence: RecurrenceRule
    package var recurrenceEnd: LocalDate?
    /// Done or cancelled: closed.
    package var isCompleted: Bool
    package var completedAt: Date?
    /// STATUS:IN-PROCESS or STATUS:CANCELLED.
    package var stage: Reminder.Stage
    /// PERCENT-COMPLETE, 0–100, when given.
    package var percentComplete: Int?
    package var categories: [String]
    /// PRIORITY as written, 0–9, when given.
    package var priority: Int?
    /// The list it names (`X-MEMOSS-LIST`, as a calendar of several lists has it), else the
    /// calendar's name (`X-WR-CALNAME`), when given.
    package var listName: String?
    /// CREATED and LAST-MODIFIED, when given.
    package var createdAt: Date?
    package var modifiedAt: Date?
    /// Its VALARMs that display or sound (`ACTION:DISPLAY` or `AUDIO`) as alarms; the default one at
    /// the due time when it has none Memoss can read (an item without alarms notifies at its due
    /// time), unless `X-MEMOSS-ALARMS:NONE` says it has none; with the one at an all-day item's
    /// notification time when `X-MEMOSS-ALARMS:AT-DUE` says so (`CalendarWriter.alarmLines`).
    package var alarms: [Alarm] = Alarm.defaults
    /// The alarm each of its VALARMs reads as, in the order written; `nil` for one that is not read
    /// (an email, a trigger Memoss cannot hold). Sync keeps the ones the user did not change.
    package var alarmOfEachVALARM: [Alarm?] = []
    /// When its alarms were last answered: the latest `ACKNOWLEDGED` (RFC 9074) of its VALARMs,
    /// Thunderbird's `X-MOZ-LASTACK` or Memoss's `X-MEMOSS-ACKNOWLEDGED` (for an item without a
    /// VALARM to hold it), in UTC; `nil` when none says.
    package var alarmsAcknowledgedAt: Date?
    /// When a snoozed notification fires again: the latest TRIGGER of its snooze alarms (RFC 9074:
    /// a VALARM with `RELATED-TO;RELTYPE=SNOOZE`, which is not one of its alarms) or Memoss's
    /// `X-MEMOSS-SNOOZED` (for an item without a VALARM to relate it to), in UTC; `nil` when none.
    package var alarmsSnoozedUntil: Date?
}

/// Something in a calendar Memoss cannot take as it is, with the line it is on.
package struct CalendarRefusal: Equatable, Sendable {
    /// The line of the item's BEGIN (one item may have several refusals).
    package var item: Int
    package var line: Int
    /// The property (or component) at fault.
    package var field: String
    package var message: String
}

/// Reads an RFC 5545 calendar's VTODOs.
///
/// Accepted: todos without a date (undated), DUE-only and DTSTART-only todos (the due time is DUE,
/// else DTSTART plus DURATION, else DTSTART), times with TZID
/// (an IANA name, also at the end of a longer TZID such as `/mozilla.org/…/Europe/Berlin`, or named
/// by the VTIMEZONE's X-LIC-LOCATION), UTC times (read in the user's zone; a repeating item's in
/// UTC, where its rule repeats), floating times (the user's zone), all-day `VALUE=DATE`, seconds (dropped: reminders are to the minute),
/// RRULE daily, weekly on a set of days, monthly on a day, the last day or an nth weekday, yearly,
/// with INTERVAL, COUNT or UNTIL (and Memoss's own X-MEMOSS-UNTIL and X-MEMOSS-COUNT, the end
/// that does not end the series first);
/// STATUS:COMPLETED or COMPLETED for done, STATUS:IN-PROCESS and STATUS:CANCELLED, PERCENT-COMPLETE;
/// PRIORITY (0–9); CATEGORIES as tags; the list from X-MEMOSS-LIST, else the calendar's
/// X-WR-CALNAME; VALARMs that display or sound as alarms (`CalendarTodo.alarms`). Ignored: other
/// VALARMs (email, procedure), RELATED-TO, CLASS, URL, GEO, ATTACH, SEQUENCE, X- properties, and
/// other components' contents. Refused, per item with its line and a sentence: what would change
/// its meaning (other frequencies and rule parts, several days a month, a 5th weekday, plain
/// FREQ=YEARLY from 29 February, RDATE, EXDATE,
/// a DTSTART off its rule, unknown zones), and VEVENT/VJOURNAL items. A series
/// with RECURRENCE-ID items (its occurrences changed, done or cancelled one by one) is refused as
/// one item, at its first line, naming how many there are. Anything after END:VCALENDAR makes the
/// file no calendar Memoss reads (a syntax error at that line), so nothing after it is dropped unsaid.
package enum CalendarReader {
    /// Where a calendar comes from, which decides what a value Memoss cannot keep does to its item.
    /// A file's item is refused with its line, as a CSV row is: a VALARM further from DUE than a
    /// Memoss alarm can be (read as nothing, the item would notify at its due time: the user's
    /// alarm lost and another rung), a PRIORITY outside 0–9, a PERCENT-COMPLETE outside 0–100, a
    /// plain FREQ=MONTHLY from the 29th–31st. A server's item is read as well as it can be: that
    /// VALARM stays on the server untouched (as one that emails) and its others are read, a
    /// priority it cannot read is none, a percentage past the ends is the end, that rule is
    /// Memoss's monthly on the day; leaving the item out would hide another client's to-do (and
    /// one synced before would be sent again whole).
    package enum Source: Sendable { case file, server }

    /// The todos of `text` and the refusals, in file order; throws when `text` is not a calendar.
    package static func read(_ text: String, userZone: TimeZone, from source: Source = .file) throws(ContentLines.SyntaxError)
        -> (todos: [CalendarTodo], refusals: [CalendarRefusal])
    {
        var todos: [CalendarTodo] = []
        var refusals: [CalendarRefusal] = []
        try read({ ContentLines.Reader(whole: Data(text.utf8)) }, userZone: userZone, from: source) { entry in
            switch entry {
            case .todo(let todo): todos.append(todo)
            case .refused(let item): refusals += item
            }
        }
        return (todos, refusals)
    }

    /// Reads the calendar `file` gives, passing each item to `body` as it ends, in file order, so
    /// a file of any size is read in little memory; throws at the first line that makes it no
    /// calendar. `file` is called twice and must give the file from its start each time: first
    /// for the zones its VTIMEZONEs name (one may come after the items that use it), then for
    /// the items.
    package static func read(_ file: () -> ContentLines.Reader, userZone: TimeZone, from source: Source = .file,
                             _ body: (CalendarEntry) -> Void) throws(ContentLines.SyntaxError) {
        let look = firstLook(file())
        var items = CalendarItems(userZone: userZone, zoneLocations: look.zoneLocations, exceptions: look.exceptions,
                                  source: source)
        var reader = file()
        var isFirst = true
        while true {
            let line: ContentLines.Line?
            do {
                line = try reader.next()
            } catch where isFirst {
                throw notACalendar
            }
            guard let line else { break }
            if isFirst {
                guard line.name == "BEGIN", line.value.uppercased() == "VCALENDAR" else { throw notACalendar }
                isFirst = false
            }
            if let entry = try items.take(line) { body(entry) }
        }
        if isFirst { throw notACalendar }
        try items.end()
    }

    private static var notACalendar: ContentLines.SyntaxError {
        ContentLines.SyntaxError(line: 1, message: "not an iCalendar file (it does not start with BEGIN:VCALENDAR)")
    }

    /// What the VTIMEZONEs of a file call their zones (X-LIC-LOCATION by TZID), and how many
    /// RECURRENCE-ID items each UID has. Only the lines of components, and a VTODO's UID and
    /// RECURRENCE-ID, are read; the first line that is not a content line ends the look (reading
    /// the items says what is wrong there).
    private static func firstLook(_ reader: ContentLines.Reader) -> (zoneLocations: [String: String], exceptions: [String: Int]) {
        var reader = reader
        var locations: [String: String] = [:]
        var exceptions: [String: Int] = [:]
        var depth = 0, inZone = false, inTodo = false
        var zone: String?
        var uid: String?, isException = false
        let begin = Array("BEGIN".utf8), end = Array("END".utf8), uidName = Array("UID".utf8), recurrenceID = Array("RECURRENCE-ID".utf8)
        func startsWith(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
            bytes.count > word.count && zip(bytes, word).allSatisfy { $0 & 0xDF == $1 & 0xDF } && (bytes[word.count] == 0x3A || bytes[word.count] == 0x3B)
        }
        while let (bytes, number) = reader.nextBytes() {
            guard inZone || startsWith(bytes, begin) || startsWith(bytes, end)
                || (inTodo && depth == 2 && (startsWith(bytes, uidName) || startsWith(bytes, recurrenceID))) else { continue }
            guard let line = try? ContentLines.line(bytes, number: number) else { break }
            switch line.name {
            case "BEGIN":
                depth += 1
                if depth == 2, line.value.uppercased() == "VTIMEZONE" { inZone = true }
                if depth == 2, line.value.uppercased() == "VTODO" { (inTodo, uid, isException) = (true, nil, false) }
            case "END":
                if depth == 2 {
                    if inTodo, isException, let uid { exceptions[uid, default: 0] += 1 }
                    (inZone, zone, inTodo) = (false, nil, false)
                }
                depth -= 1
            case "TZID" where inZone && depth == 2:
                zone = line.value
            case "X-LIC-LOCATION" where inZone && depth == 2:
                if let zone { locations[zone] = line.value }
            case "UID" where inTodo:
                uid = line.value
            case "RECURRENCE-ID" where inTodo:
                isException = true
            default:
                break
            }
        }
        return (locations, exceptions)
    }
}

/// An item of a calendar as it ends: a VTODO Memoss takes, or what refuses it (or another
/// component), by line.
package enum CalendarEntry: Sendable {
    case todo(CalendarTodo)
    case refused([CalendarRefusal])
}

/// A calendar's components, line after line: the nesting checked, each VTODO read as it ends.
private struct CalendarItems {
    let userZone: TimeZone
    let zoneLocations: [String: String]
    /// How many RECURRENCE-ID items each UID has; such a series is refused once, whole.
    let exceptions: [String: Int]
    private var refusedSeries = Set<String>()
    private var stack: [(name: String, line: Int)] = []
    /// The line of END:VCALENDAR, once the calendar has ended.
    private var ended: Int?
    /// The lines of the VTODO being read.
    private var todo: [ContentLines.Line] = []
    /// The lines of each VALARM of the VTODO being read.
    private var alarms: [[ContentLines.Line]] = []
    /// The calendar's name (`X-WR-CALNAME`), once read.
    private var calendarName: String?

    let source: CalendarReader.Source

    init(userZone: TimeZone, zoneLocations: [String: String], exceptions: [String: Int], source: CalendarReader.Source) {
        self.userZone = userZone
        self.zoneLocations = zoneLocations
        self.exceptions = exceptions
        self.source = source
    }

    /// Takes the next line; returns the item it ends, if any.
    mutating func take(_ line: ContentLines.Line) throws(ContentLines.SyntaxError) -> CalendarEntry? {
        if let ended {
            throw ContentLines.SyntaxError(line: line.number, message: "\(line.name) after END:VCALENDAR (line \(ended)): Memoss reads "
                + "one calendar per file and takes none of a file that holds more; split it, one calendar per file")
        }
        switch line.name {
        case "BEGIN":
            let name = line.value.uppercased()
            stack.append((name, line.number))
            if stack.count == 3, name == "VALARM", stack[1].name == "VTODO" { alarms.append([]) }
            guard stack.count == 2 else { return nil }
            switch name {
            case "VTODO":
                todo = [line]
                alarms = []
                return nil
            case "VEVENT", "VJOURNAL", "VFREEBUSY":
                return .refused([CalendarRefusal(item: line.number, line: line.number, field: name,
                    message: "is \(name == "VEVENT" ? "an event" : "a \(name.dropFirst().lowercased()) item"), not a to-do (VTODO); Memoss imports to-dos only")])
            default:
                return nil
            }
        case "END":
            let name = line.value.uppercased()
            guard let open = stack.last, open.name == name else {
                if let unclosed = stack.last, stack.contains(where: { $0.name == name }) {
                    throw ContentLines.SyntaxError(line: unclosed.line,
                                                   message: "BEGIN:\(unclosed.name) is never closed (END:\(unclosed.name))")
                }
                throw ContentLines.SyntaxError(line: line.number, message: "END:\(line.value) does not close "
                    + (stack.last.map { "BEGIN:\($0.name) of line \($0.line)" } ?? "anything"))
            }
            stack.removeLast()
            if stack.isEmpty { ended = line.number }
            if stack.count == 2, name == "VALARM", stack[1].name == "VTODO" { return nil }
            guard stack.count == 1, name == "VTODO" else { return nil }
            todo.append(line)
            if let uid = todo.first(where: { $0.name == "UID" })?.value, let count = exceptions[uid] {
                let first = todo[0].number
                todo = []
                // The series and its exceptions are one item, refused once.
                guard refusedSeries.insert(uid).inserted else { return nil }
                return .refused([CalendarRefusal(item: first, line: first, field: "RECURRENCE-ID",
                    message: "is a repeating series with \(count) changed occurrence\(count == 1 ? "" : "s") (RECURRENCE-ID items, e.g. "
                        + "one done or cancelled on its own), which Memoss cannot keep; importing the series would bring them back open. "
                        + "Edit it in its app into a plain rule, or leave it out")])
            }
            var reader = TodoReader(lines: todo, userZone: userZone, zoneLocations: zoneLocations, alarms: alarms, source: source)
            todo = []
            alarms = []
            if var read = reader.read() {
                if read.listName == nil { read.listName = calendarName }
                return .todo(read)
            }
            return .refused(reader.refusals.sorted { $0.line < $1.line })
        default:
            if stack.count == 2, stack[1].name == "VTODO" { todo.append(line) }
            if stack.count == 3, stack[1].name == "VTODO", stack[2].name == "VALARM" {
                alarms[alarms.count - 1].append(line)
            }
            if stack.count == 1, line.name == "X-WR-CALNAME" {
                let name = ContentLines.unescaped(line.value[...]).trimmingCharacters(in: .whitespaces)
                calendarName = name.isEmpty ? nil : name
            }
            return nil
        }
    }

    /// The end of the file: every component must be closed.
    func end() throws(ContentLines.SyntaxError) {
        if let open = stack.last {
            throw ContentLines.SyntaxError(line: open.line, message: "BEGIN:\(open.name) is never closed (END:\(open.name))")
        }
    }
}

/// Reads one VTODO's lines.
struct TodoReader {
    let lines: [ContentLines.Line]
    let userZone: TimeZone
    let zoneLocations: [String: String]
    var refusals: [CalendarRefusal] = []

    /// The lines of each of its VALARMs.
    let alarmLines: [[ContentLines.Line]]
    let source: CalendarReader.Source

    init(lines: [ContentLines.Line], userZone: TimeZone, zoneLocations: [String: String], alarms: [[ContentLines.Line]] = [],
         source: CalendarReader.Source = .file) {
        self.lines = lines
        self.userZone = userZone
        self.zoneLocations = zoneLocations
        self.alarmLines = alarms
        self.source = source
    }

    private mutating func refuse(_ line: ContentLines.Line, _ message: String) {
        refusals.append(CalendarRefusal(item: lines[0].number, line: line.number, field: line.name, message: message))
    }

    private func first(_ name: String) -> ContentLines.Line? { lines.first { $0.name == name } }

    mutating func read() -> CalendarTodo? {
        let begin = lines[0].number
        for line in lines {
            switch line.name {
            case "RDATE", "EXDATE", "RECURRENCE-ID", "EXRULE":
                refuse(line, "\(line.name) (dates added to or taken from a series) has no equivalent in Memoss; "
                    + "edit the item in its app to a plain rule, or leave it out")
            default: break
            }
        }
        if let second = lines.filter({ $0.name == "RRULE" }).dropFirst().first {
            refuse(second, "a second RRULE: Memoss repeats by one rule")
        }
        let status = first("STATUS")?.value.uppercased()

        var zone = userZone
        var due: LocalDateTime?
        var isAllDay = false
        var start: LocalDateTime?
        if let property = first("DUE") {
            if let read = time(property) { (due, zone, isAllDay) = (read.time, read.zone, read.isDate) }
        }
        // DTSTART beside DUE matters only to an alarm counted from it; one that cannot be read is not refused here.
        if first("DUE") != nil, !alarmLines.isEmpty, let property = first("DTSTART") {
            let kept = refusals
            if let read = time(property) { start = LocalDateTime(of: read.time.resolved(in: read.zone), in: zone) }
            refusals = kept
        }
        if first("DUE") == nil, let property = first("DTSTART") {
            if let read = time(property) {
                (due, zone, isAllDay, start) = (read.time, read.zone, read.isDate, read.time)
                // RFC 5545 §3.6.2: a to-do's due is its start plus its duration.
                if let property = first("DURATION") {
                    if let length = Self.duration(property.value) {
                        due = Self.adding(length, to: read.time, in: read.zone, isDate: read.isDate)
                    } else {
                        refuse(property, "\"\(property.value)\" is not a duration (such as PT1H30M, P2D or P1W)")
                    }
                }
            }
        }
        // An all-day item's zone, as Memoss writes it beside a DATE (which has none); else the user's.
        if isAllDay, let named = first("X-MEMOSS-TZID")?.value.trimmingCharacters(in: .whitespaces), let own = self.zone(named: named) {
            zone = own
        }
        var recurrence: RecurrenceRule = .never
        var end: LocalDate?
        if let property = first("RRULE") {
            if let due {
                if let rule = rule(property, start: due, zone: zone) { (recurrence, end) = rule }
                // The end day Memoss writes beside a COUNT that comes first (RFC 5545 allows one of them).
                if end == nil, recurrence.times != nil, let until = first("X-MEMOSS-UNTIL") {
                    end = Self.parse(until.value, dateOnly: true).map(\.time.date)
                }
                if recurrence.times == nil, end != nil, let count = first("X-MEMOSS-COUNT").flatMap({ Int($0.value) }),
                   (1...RecurrenceRule.maximumTimes).contains(count) {
                    recurrence.times = count
                }
                // Memoss's repeat from completion, on a rule that can count from one.
                if recurrence.allowsAfterDone, first("X-MEMOSS-AFTER-DONE")?.value.trimmingCharacters(in: .whitespaces).uppercased() == "TRUE" {
                    recurrence.afterDone = true
                }
            } else {
                refuse(property, "a repeating item needs DTSTART or DUE to start from")
            }
        }
        let completedAt = first("COMPLETED").flatMap { instant($0) }
        let createdAt = first("CREATED").flatMap { instant($0) }
        let modifiedAt = first("LAST-MODIFIED").flatMap { instant($0) }
        let eachAlarm = due.map { alarms(due: $0, start: start ?? $0, zone: zone, isAllDay: isAllDay) } ?? alarmLines.map { _ in nil }
        let undatedAlarms = due == nil ? absoluteAlarms() : nil
        let priority = number("PRIORITY", in: 0...9, "a priority (0–9: 1 the highest, 9 the lowest, 0 none)", clamped: false)
        let percent = number("PERCENT-COMPLETE", in: 0...100, "a percentage (0–100)", clamped: true)
        guard refusals.isEmpty else { return nil }
        let categories = lines.filter { $0.name == "CATEGORIES" }
            .flatMap { ContentLines.list($0.value) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        var todo = CalendarTodo(
            line: begin,
            uid: first("UID")?.value ?? "",
            title: first("SUMMARY").map { ContentLines.unescaped($0.value[...]) } ?? "",
            notes: first("DESCRIPTION").map { ContentLines.unescaped($0.value[...]) } ?? "",
            due: due, isAllDay: isAllDay, timeZoneID: zone.identifier, recurrence: recurrence, recurrenceEnd: end,
            isCompleted: status == "COMPLETED" || status == "CANCELLED" || completedAt != nil,
            completedAt: status == "CANCELLED" ? nil : completedAt,
            stage: status == "CANCELLED" ? .cancelled : status == "IN-PROCESS" ? .inProgress : .none,
            percentComplete: percent,
            categories: categories,
            priority: priority,
            listName: first("X-MEMOSS-LIST").map { ContentLines.unescaped($0.value[...]).trimmingCharacters(in: .whitespaces) }
                .flatMap { $0.isEmpty ? nil : $0 },
            createdAt: createdAt, modifiedAt: modifiedAt,
            alarms: due.map { _ in Self.alarms(read: eachAlarm, marker: first("X-MEMOSS-ALARMS")?.value, isAllDay: isAllDay) }
                ?? undatedAlarms ?? Alarm.defaults,
            alarmOfEachVALARM: eachAlarm,
            alarmsAcknowledgedAt: nil,
            alarmsSnoozedUntil: due.flatMap { snoozedUntil(due: $0, zone: zone, isAllDay: isAllDay) }
        )
        // An answer is taken no later than it can be (`Alarm.latestAnswer`), from when the item
        // says it was written: one far ahead would silence the occurrences to come.
        let written = [first("DTSTAMP"), first("LAST-MODIFIED")].compactMap { $0.flatMap(Self.utc) }.max()
        todo.alarmsAcknowledgedAt = acknowledged.map { answer in
            guard let written else { return answer }
            return min(answer, Alarm.latestAnswer(due: due.map { $0.resolved(in: zone) }, isAllDay: isAllDay, alarms: todo.alarms,
                                                  snoozed: todo.alarmsSnoozedUntil, written: written))
        }
        return todo
    }

    /// The latest of the UTC instants the VALARMs' `ACKNOWLEDGED` and the VTODO's `X-MOZ-LASTACK`
    /// and `X-MEMOSS-ACKNOWLEDGED` say; one that is not a UTC date and time is passed over.
    private var acknowledged: Date? {
        let lines = alarmLines.flatMap { $0.filter { $0.name == "ACKNOWLEDGED" } }
            + self.lines.filter { $0.name == "X-MOZ-LASTACK" || $0.name == "X-MEMOSS-ACKNOWLEDGED" }
        return lines.compactMap(Self.utc).max()
    }

    /// A line's value as a UTC date and time (`nil` when it is not one).
    private static func utc(_ line: ContentLines.Line) -> Date? {
        guard let moment = parse(line.value.trimmingCharacters(in: .whitespaces), dateOnly: false), moment.isUTC else { return nil }
        return moment.time.resolved(in: .gmt).addingTimeInterval(TimeInterval(moment.second))
    }

    /// The latest trigger of its snooze alarms (an absolute one, or a duration from DUE of a timed
    /// item) and `X-MEMOSS-SNOOZED`.
    private func snoozedUntil(due: LocalDateTime, zone: TimeZone, isAllDay: Bool) -> Date? {
        let triggers = alarmLines.filter(ContentLines.isSnoozeAlarm).compactMap { $0.first { $0.name == "TRIGGER" } }
            + self.lines.filter { $0.name == "X-MEMOSS-SNOOZED" }
        return triggers.compactMap { trigger -> Date? in
            if trigger.name == "X-MEMOSS-SNOOZED" || trigger.parameters["VALUE"]?.uppercased() == "DATE-TIME" { return Self.utc(trigger) }
            guard !isAllDay, let length = Self.duration(trigger.value) else { return nil }
            return due.resolved(in: zone).addingTimeInterval(TimeInterval(length.days * 86_400 + length.seconds))
        }.max()
    }

    /// The alarms of an item whose readable VALARMs say `read`, with Memoss's `X-MEMOSS-ALARMS`.
    private static func alarms(read: [Alarm?], marker: String?, isAllDay: Bool) -> [Alarm] {
        var alarms = read.compactMap { $0 }
        switch marker?.trimmingCharacters(in: .whitespaces).uppercased() {
        case "NONE" where alarms.isEmpty: return []
        case "AT-DUE" where isAllDay && !alarms.isEmpty: alarms.append(.atDue)
        default: break
        }
        return alarms.isEmpty ? Alarm.defaults : Alarm.normalized(alarms)
    }

    /// The whole number property `name` holds, within `range`; one that is not, as `source` says:
    /// refused in a file (`what` says what it should be), else none or, `clamped`, the end of the
    /// range a number is past.
    private mutating func number(_ name: String, in range: ClosedRange<Int>, _ what: String, clamped: Bool) -> Int? {
        guard let line = first(name) else { return nil }
        let value = line.value.trimmingCharacters(in: .whitespaces)
        if let number = Int(value), range.contains(number) { return number }
        guard source == .server else {
            refuse(line, "\"\(value)\" is not \(what)")
            return nil
        }
        return clamped ? Int(value).map { min(max($0, range.lowerBound), range.upperBound) } : nil
    }

    /// An undated item's VALARMs at a date and time, kept for when it has a date (as a reminder
    /// whose date is taken away keeps its alarms); `nil` when it has none. A duration counts from
    /// DUE or DTSTART, which it has not: such a VALARM says nothing.
    private mutating func absoluteAlarms() -> [Alarm]? {
        let found = alarmLines.compactMap { lines -> Alarm? in
            guard let trigger = Self.trigger(of: lines), trigger.parameters["VALUE"]?.uppercased() == "DATE-TIME" else { return nil }
            return absolute(trigger)
        }
        return found.isEmpty ? nil : Alarm.normalized(found)
    }

    /// The alarm of a TRIGGER at a date and time, which RFC 5545 writes in UTC; one that is not, as
    /// `source` says: refused in a file (it would otherwise be left out, and the item notify at its
    /// due time instead), left out from a server.
    private mutating func absolute(_ trigger: ContentLines.Line) -> Alarm? {
        if let instant = Self.utc(trigger) { return .absolute(instant) }
        if source == .file {
            refuse(trigger, "\"\(trigger.value)\" is not a date and time in UTC (YYYYMMDDTHHMMSSZ), as an alarm at a set time must be")
        }
        return nil
    }

    /// The TRIGGER of a VALARM that displays or sounds (`ACTION:DISPLAY` or `AUDIO`) and is not a
    /// snooze alarm; `nil` for any other.
    private static func trigger(of lines: [ContentLines.Line]) -> ContentLines.Line? {
        let action = lines.first { $0.name == "ACTION" }?.value.uppercased()
        guard action == "DISPLAY" || action == "AUDIO", !ContentLines.isSnoozeAlarm(lines) else { return nil }
        return lines.first { $0.name == "TRIGGER" }
    }

    /// The alarms of its VALARMs that display or sound: a TRIGGER as a duration from DUE
    /// (`RELATED=END`) or from DTSTART (the default; from DUE when there is no DTSTART), or an
    /// instant (`VALUE=DATE-TIME`); the default one when none can be read from a server (a file's
    /// that cannot be read is refused). An all-day item's
    /// durations count from its day's notification time, as Memoss's relative alarms do. One
    /// further from DUE than a Memoss alarm can be is as `source` says.
    private mutating func alarms(due: LocalDateTime, start: LocalDateTime, zone: TimeZone, isAllDay: Bool) -> [Alarm?] {
        let dueInstant = due.resolved(in: zone), startInstant = start.resolved(in: zone)
        return alarmLines.map { lines -> Alarm? in
            guard let trigger = Self.trigger(of: lines) else { return nil }
            if trigger.parameters["VALUE"]?.uppercased() == "DATE-TIME" { return absolute(trigger) }
            guard let length = Self.duration(trigger.value) else {
                // Left out, the item would notify at its due time instead: refused in a file.
                if source == .file {
                    refuse(trigger, "\"\(trigger.value)\" is not a length of time such as -PT15M or -P1D, "
                        + "nor a date and time with VALUE=DATE-TIME")
                }
                return nil
            }
            let offset = length.days * 86_400 + length.seconds
            let fromStart = trigger.parameters["RELATED"]?.uppercased() != "END"
            let seconds = fromStart && !isAllDay ? offset + Int(startInstant.timeIntervalSince(dueInstant)) : offset
            guard abs(seconds) <= Alarm.maximumOffset else {
                if source == .server { return nil }
                refuse(trigger, "\(trigger.value) is too far from the due time; an alarm is at most 52 weeks before or after it")
                return nil
            }
            return .relative(seconds: seconds)
        }
    }

    /// A DATE or DATE-TIME value with the zone it is in (UTC ones in the user's zone, but a
    /// repeating item's in UTC); a date is its day at 00:00, in the user's zone.
    private mutating func time(_ line: ContentLines.Line) -> (time: LocalDateTime, zone: TimeZone, second: Int, isDate: Bool)? {
        let value = line.value.trimmingCharacters(in: .whitespaces)
        let isDate = line.parameters["VALUE"]?.uppercased() == "DATE" || value.count == 8
        guard let parsed = Self.parse(value, dateOnly: isDate) else {
            refuse(line, "\"\(value)\" is not a \(isDate ? "date (YYYYMMDD)" : "date and time (YYYYMMDDTHHMMSS, with Z for UTC)")")
            return nil
        }
        if isDate { return (parsed.time, userZone, 0, true) }
        if parsed.isUTC {
            // A series anchored in UTC repeats at that UTC time (RFC 5545 §3.3.10): read at a wall
            // time of the user's zone, its times would move an hour at each change of daylight saving.
            if first("RRULE") != nil { return (parsed.time, .gmt, parsed.second, false) }
            let instant = parsed.time.resolved(in: .gmt)
            return (LocalDateTime(of: instant, in: userZone), userZone, parsed.second, false)
        }
        guard let tzid = line.parameters["TZID"] else { return (parsed.time, userZone, parsed.second, false) }
        guard let zone = zone(named: tzid) else {
            refuse(line, "TZID \"\(tzid)\" is not a zone Memoss knows; it needs an IANA name such as Europe/Berlin "
                + "(edit the file, or export it again with IANA zone names)")
            return nil
        }
        return (parsed.time, zone, parsed.second, false)
    }

    /// A timestamp (COMPLETED, CREATED, LAST-MODIFIED: UTC by RFC 5545, to the second).
    private mutating func instant(_ line: ContentLines.Line) -> Date? {
        guard let read = time(line) else { return nil }
        return read.time.resolved(in: read.zone).addingTimeInterval(TimeInterval(read.second))
    }

    /// An RFC 5545 duration (`P1W`, `P2DT3H`, `-PT15M`): its whole days and its seconds besides.
    static func duration(_ text: String) -> (days: Int, seconds: Int)? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
        var sign = 1
        if rest.first == "+" || rest.first == "-" { sign = rest.removeFirst() == "-" ? -1 : 1 }
        guard rest.first == "P" else { return nil }
        rest.removeFirst()
        var days = 0, seconds = 0, number = "", inTime = false, sawPart = false
        for character in rest {
            if character.isASCII && character.isNumber { number.append(character); continue }
            if character == "T" && number.isEmpty && !inTime { inTime = true; continue }
            guard let value = Int(number), number.count <= 9 else { return nil }
            switch (character, inTime) {
            case ("W", false): days += 7 * value
            case ("D", false): days += value
            case ("H", true): seconds += 3_600 * value
            case ("M", true): seconds += 60 * value
            case ("S", true): seconds += value
            default: return nil
            }
            number = ""
            sawPart = true
        }
        guard sawPart, number.isEmpty else { return nil }
        return (sign * days, sign * seconds)
    }

    /// `start` moved on by `length`: days on the calendar, then seconds of elapsed time (RFC 5545
    /// §3.3.6); a date's day moves by whole days only.
    static func adding(_ length: (days: Int, seconds: Int), to start: LocalDateTime, in zone: TimeZone, isDate: Bool) -> LocalDateTime {
        let day = LocalDateTime(date: start.date.adding(days: length.days), time: start.time)
        guard !isDate, length.seconds != 0 else { return day }
        return LocalDateTime(of: day.resolved(in: zone).addingTimeInterval(TimeInterval(length.seconds)), in: zone)
    }

    /// `YYYYMMDD` or `YYYYMMDDTHHMMSS[Z]`; the seconds apart (a reminder is due to the minute).
    static func parse(_ value: String, dateOnly: Bool) -> (time: LocalDateTime, isUTC: Bool, second: Int)? {
        let characters = Array(value.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count else { return nil }
            var result = 0
            for byte in characters[range] {
                guard (48...57).contains(byte) else { return nil }
                result = result * 10 + Int(byte - 48)
            }
            return result
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
              let date = LocalDate(year: year, month: month, day: day) else { return nil }
        if dateOnly {
            guard characters.count == 8 else { return nil }
            return (LocalDateTime(date: date, time: .midnight), false, 0)
        }
        let isUTC = characters.count == 16 && characters[15] == UInt8(ascii: "Z")
        guard characters.count == 15 || isUTC, characters[8] == UInt8(ascii: "T"),
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15), second <= 60,
              let time = LocalTime(hour: hour, minute: minute) else { return nil }
        return (LocalDateTime(date: date, time: time), isUTC, min(second, 59))
    }

    /// The zone a TZID names: an IANA name, one at the end of a longer TZID, or the VTIMEZONE's
    /// X-LIC-LOCATION.
    private func zone(named tzid: String) -> TimeZone? {
        var candidates = [tzid]
        if let location = zoneLocations[tzid] { candidates.append(location) }
        let parts = tzid.split(separator: "/")
        for count in [3, 2, 1] where parts.count > count {
            candidates.append(parts.suffix(count).joined(separator: "/"))
        }
        for candidate in candidates {
            if let zone = TimeZone(identifier: candidate), candidate.contains("/") || candidate == "UTC" || candidate == "GMT" {
                return zone
            }
        }
        return nil
    }

    /// The rule an RRULE stands for, when Memoss has it exactly (`RecurrenceRuleText`); else the
    /// item is refused with the reason, at the RRULE's line. A server's UNTIL is read as its day.
    private mutating func rule(_ line: ContentLines.Line, start: LocalDateTime, zone: TimeZone)
        -> (RecurrenceRule, LocalDate?)?
    {
        // A server's to-do synced before UNTIL's time of day was read keeps its end as it was read
        // then: read anew, it would look changed here and be written back over the other client's.
        switch RecurrenceRuleText.read(line.value, start: start.date, startTime: source == .file ? start.time : nil, zone: zone,
                                       refusingSkippedMonths: source == .file) {
        case .success(let rule): return rule
        case .failure(let problem):
            refuse(line, problem.message)
            return nil
        }
    }
}

extension ContentLines {
    /// Whether a VALARM's lines are a snooze alarm (RFC 9074 §7: `RELATED-TO;RELTYPE=SNOOZE`),
    /// for the reader and for a sync writing over another client's to-do.
    package static func isSnoozeAlarm(_ lines: [Line]) -> Bool {
        lines.contains { $0.name == "RELATED-TO" && $0.parameters["RELTYPE"]?.uppercased() == "SNOOZE" }
    }
}
