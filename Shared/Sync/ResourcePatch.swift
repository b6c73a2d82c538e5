import Domain
import Foundation
import ICalendar

/// What Memoss sends over a resource another client (or an earlier Memoss) wrote: that resource as
/// it was, byte for byte, with only the properties of the fields the user changed replaced by
/// Memoss's, and DTSTAMP, LAST-MODIFIED and SEQUENCE moved on. Everything else stays: DTSTART, DUE
/// and DURATION in the form the client wrote them (moved with the due time, so the start and the
/// length stay consistent, and a UTC time stays in UTC), an RRULE anchored in another
/// zone while the repeat is unchanged, VALARMs, STATUS and PERCENT-COMPLETE while the status is
/// unchanged, PRIORITY's exact value while the level is unchanged, RELATED-TO, unknown and X- properties; its
/// VALARMs but those of alarms the user removed (those added are Memoss's; while the alarms are unchanged, none is added).
enum ResourcePatch {
    /// A part of a reminder a person changes independently, with the VTODO properties that hold it.
    enum Part: CaseIterable, Hashable, Sendable {
        case title, notes, schedule, status, tags, priority, alarms, acknowledged, snooze

        var properties: Set<String> {
            switch self {
            case .title: ["SUMMARY"]
            case .notes: ["DESCRIPTION"]
            case .schedule: ["DTSTART", "DUE", "DURATION", "X-MEMOSS-TZID", "RRULE", "X-MEMOSS-UNTIL", "X-MEMOSS-COUNT", "X-MEMOSS-AFTER-DONE"]
            case .status: ["STATUS", "COMPLETED", "PERCENT-COMPLETE"]
            case .tags: ["CATEGORIES"]
            case .priority: ["PRIORITY"]
            // And the VALARMs of the alarms that changed (`AlarmBlocks`).
            case .alarms: ["X-MEMOSS-ALARMS"]
            // And the ACKNOWLEDGED line of each VALARM (`acknowledgedLine`).
            case .acknowledged: ["X-MEMOSS-ACKNOWLEDGED"]
            // And the snooze alarms (`SnoozeBlocks`).
            case .snooze: ["X-MEMOSS-SNOOZED"]
            }
        }
    }

    /// The parts that differ between `base` and `local`.
    static func changedParts(from base: SyncFields, to local: SyncFields) -> Set<Part> {
        var parts = Set<Part>()
        if base.title != local.title { parts.insert(.title) }
        if base.notes != local.notes { parts.insert(.notes) }
        if base.schedule != local.schedule { parts.insert(.schedule) }
        if base.completion != local.completion { parts.insert(.status) }
        if Set(base.tags.map(TagRules.key)) != Set(local.tags.map(TagRules.key)) { parts.insert(.tags) }
        if base.priority != local.priority { parts.insert(.priority) }
        if let alarms = local.alarms, alarms != base.alarms { parts.insert(.alarms) }
        if local.alarms != nil, local.acknowledged != base.acknowledged { parts.insert(.acknowledged) }
        if local.alarms != nil, local.snoozed != base.snoozed { parts.insert(.snooze) }
        return parts
    }

    /// `base` with the properties of `parts` taken from `ours` (a calendar as `CalendarWriter`
    /// writes it); `baseFields` and `localFields` are what each says, to move a kept DTSTART by as
    /// much as the due time moved; `theirAlarms` and `ourAlarms` the alarm each VALARM of `base`
    /// and of `ours` reads as, in order (`nil` for one Memoss does not read). `nil` when `base` is
    /// not one VTODO in a calendar. `readerZone` is the zone an all-day item without
    /// `X-MEMOSS-TZID` is read in (the user's).
    static func patch(_ ours: String, over base: String, parts: Set<Part>, baseFields: SyncFields, localFields: SyncFields,
                      theirAlarms: [Alarm?] = [], ourAlarms: [Alarm?] = [], readerZone: String) -> String? {
        let theirs = RawLines(base), mine = RawLines(ours)
        guard let todo = theirs.todoRange, let ourTodo = mine.todoRange else { return nil }
        var alarms = AlarmBlocks(dropped: [], added: "")
        if parts.contains(.alarms), let wanted = localFields.alarms {
            alarms = AlarmBlocks(theirs: theirs, in: todo, reading: theirAlarms, ours: mine, in: ourTodo, reading: ourAlarms, wanted: wanted)
        }
        var replaced = Set<String>()
        for part in parts { replaced.formUnion(part.properties) }
        let theirTop = theirs.topLevel(in: todo), ourTop = mine.topLevel(in: ourTodo)
        func ourLines(_ names: Set<String>) -> [String] {
            ourTop.sorted().filter { names.contains(mine.lines[$0].name) }.map { ContentLines.folded(mine.lines[$0].logical) }
        }
        var schedule: [String] = []
        if parts.contains(.schedule) {
            schedule = ScheduleMerge(theirs: theirs, theirTop: theirTop, ours: mine, ourTop: ourTop,
                                     base: baseFields.schedule, local: localFields.schedule, readerZone: readerZone).lines
        }
        func ourTopLine(_ name: String) -> String? {
            ourTop.sorted().map { mine.lines[$0] }.first { $0.name == name }.map { ContentLines.folded($0.logical) }
        }
        var out = ""
        var inserted = Set<Part>()
        // Answered here: each of their VALARMs kept says so, its ACKNOWLEDGED written again.
        let acknowledged = parts.contains(.acknowledged) ? localFields.acknowledged.map { "ACKNOWLEDGED:" + CalendarWriter.utcText($0) } : nil
        let theirBlocks = theirs.alarmBlocks(in: todo)
        // Without a VALARM left to hold it, Memoss's own property says it.
        let keepsAVALARM = theirBlocks.contains { !alarms.dropped.contains($0.lowerBound) } || alarms.added.contains("BEGIN:VALARM")
        let acknowledgedAlone = acknowledged.map { keepsAVALARM ? [] : [ContentLines.folded("X-MEMOSS-" + $0)] } ?? []
        var snooze = SnoozeBlocks()
        if parts.contains(.snooze) {
            snooze = SnoozeBlocks(theirs: theirs, in: todo, blocks: theirBlocks, keeping: { !alarms.dropped.contains($0.lowerBound) },
                                  oursAdded: alarms.added.contains("BEGIN:VALARM"), local: localFields)
        }
        func partLines(_ part: Part) -> [String] {
            switch part {
            case .schedule: schedule
            case .acknowledged: acknowledgedAlone
            case .snooze: snooze.alone
            default: ourLines(part.properties)
            }
        }
        for index in theirs.lines.indices where !alarms.dropped.contains(index) && !snooze.dropped.contains(index) {
            let line = theirs.lines[index]
            if let uid = snooze.uid, uid.after == index - 1 { out += ContentLines.folded(uid.line) }
            if parts.contains(.acknowledged), let block = theirBlocks.first(where: { $0.contains(index) }) {
                if line.name == "ACKNOWLEDGED", index != block.lowerBound { continue }
                if index == block.upperBound, let acknowledged { out += ContentLines.folded(acknowledged) }
            }
            guard theirTop.contains(index) else {
                // Before the VTODO ends, the VTIMEZONEs its new times need (they come first in ours).
                if index == todo.lowerBound { out += missingZones(theirs, mine, uses: schedule) }
                // An alarm's text that was the title (as Memoss and many clients write it) is renamed with it.
                if parts.contains(.title), line.name == "DESCRIPTION", theirBlocks.contains(where: { $0.contains(index) }),
                   ContentLines.unescaped(line.value[...]) == baseFields.title {
                    out += ContentLines.folded("DESCRIPTION:" + ContentLines.escaped(localFields.title))
                    continue
                }
                out += line.raw
                continue
            }
            switch line.name {
            case "DTSTAMP", "LAST-MODIFIED":
                out += ourTopLine(line.name) ?? line.raw
            case "SEQUENCE":
                out += ContentLines.folded("SEQUENCE:\((Int(line.value.trimmingCharacters(in: .whitespaces)) ?? 0) + 1)")
            case let name where replaced.contains(name):
                // The changed part's properties go where its first one was.
                guard let part = Part.allCases.first(where: { $0.properties.contains(name) && parts.contains($0) }),
                      inserted.insert(part).inserted else { continue }
                out += partLines(part).joined()
            case "END":
                // Parts that had no property in theirs, and a SEQUENCE, at the end of the VTODO.
                for part in Part.allCases where parts.contains(part) && !inserted.contains(part) {
                    out += partLines(part).joined()
                }
                if !theirTop.contains(where: { theirs.lines[$0].name == "SEQUENCE" }) { out += ContentLines.folded("SEQUENCE:1") }
                out += alarms.added
                out += snooze.added
                out += line.raw
            default:
                out += line.raw
            }
        }
        return out
    }

    /// Our VTIMEZONEs for the zones `lines` name that theirs neither defines nor names (a client
    /// that names a zone without defining it is left to do as it did).
    private static func missingZones(_ theirs: RawLines, _ ours: RawLines, uses lines: [String]) -> String {
        let defined = Set(theirs.zones.keys).union(theirs.lines.compactMap { tzid($0.logical) })
        var out = ""
        for line in lines {
            guard let tzid = Self.tzid(line), !defined.contains(tzid), let block = ours.zones[tzid], !out.contains(block) else { continue }
            out += block
        }
        return out
    }

    private static func tzid(_ line: String) -> String? {
        guard let start = line.range(of: ";TZID=") else { return nil }
        return String(line[start.upperBound...].prefix { $0 != ":" && $0 != ";" })
    }
}

/// The VALARMs of a resource whose alarms the user changed: theirs of an alarm still wanted (or
/// one Memoss does not read, such as an email) stay as they are, the others go; ours of each
/// wanted alarm none of theirs has are added.
private struct AlarmBlocks {
    /// The line indexes of their VALARMs that go.
    var dropped: Set<Int>
    /// Our VALARMs to add, as written.
    var added: String

    init(dropped: Set<Int>, added: String) {
        self.dropped = dropped
        self.added = added
    }

    init(theirs: RawLines, in todo: ClosedRange<Int>, reading theirAlarms: [Alarm?],
         ours: RawLines, in ourTodo: ClosedRange<Int>, reading ourAlarms: [Alarm?], wanted: [Alarm]) {
        var missing = wanted
        var dropped = Set<Int>()
        for (block, range) in theirs.alarmBlocks(in: todo).enumerated() {
            guard block < theirAlarms.count, let alarm = theirAlarms[block] else { continue }
            if let kept = missing.firstIndex(of: alarm) { missing.remove(at: kept) } else { dropped.formUnion(range) }
        }
        var added = ""
        for (block, range) in ours.alarmBlocks(in: ourTodo).enumerated() {
            guard block < ourAlarms.count, let alarm = ourAlarms[block], let wanted = missing.firstIndex(of: alarm) else { continue }
            missing.remove(at: wanted)
            added += range.map { ours.lines[$0].raw }.joined()
        }
        self.init(dropped: dropped, added: added)
    }
}

/// The snooze alarms of a resource whose snooze changed (RFC 9074 §7): theirs go, and a snooze
/// still on is one VALARM of ours at the end, related to the first VALARM kept (given a UID when
/// it has none) or, without any, Memoss's `X-MEMOSS-SNOOZED`.
private struct SnoozeBlocks {
    /// The line indexes of their snooze alarms.
    var dropped = Set<Int>()
    /// The UID line given to the VALARM snoozed, after the line at `after` (its BEGIN).
    var uid: (after: Int, line: String)?
    /// Our snooze alarm, as written.
    var added = ""
    /// `X-MEMOSS-SNOOZED`, when there is no VALARM to relate it to.
    var alone: [String] = []

    init() {}

    init(theirs: RawLines, in todo: ClosedRange<Int>, blocks: [ClosedRange<Int>], keeping: (ClosedRange<Int>) -> Bool,
         oursAdded: Bool, local: SyncFields) {
        // Told as the reader tells them, from the block's lines as written.
        func isSnooze(_ block: ClosedRange<Int>) -> Bool {
            let lines = try? ContentLines.parse(block.map { theirs.lines[$0].raw }.joined())
            return lines.map(ContentLines.isSnoozeAlarm) ?? false
        }
        for block in blocks where isSnooze(block) { dropped.formUnion(block) }
        guard let until = local.snoozed else { return }
        let todoUID = theirs.topLevel(in: todo).sorted().map { theirs.lines[$0] }.first { $0.name == "UID" }?.value ?? ""
        var related: String?
        if let first = blocks.first(where: { keeping($0) && !isSnooze($0) }) {
            if let line = first.first(where: { theirs.lines[$0].name == "UID" }) {
                related = theirs.lines[line].value
            } else {
                related = CalendarWriter.alarmUID(of: todoUID)
                uid = (first.lowerBound, "UID:" + CalendarWriter.alarmUID(of: todoUID))
            }
        } else if oursAdded {
            // Ours are all the VALARMs: the first has the UID (`CalendarWriter.todo`).
            related = CalendarWriter.alarmUID(of: todoUID)
        }
        if let related {
            added = CalendarWriter.snoozeAlarm(until: until, relatedTo: related, title: local.title)
        } else {
            alone = [ContentLines.folded("X-MEMOSS-SNOOZED:" + CalendarWriter.utcText(until))]
        }
    }
}

/// A calendar's content lines as they are: each logical line with the physical lines (and line
/// ends) it was written in, so what is kept is written back byte for byte.
struct RawLines {
    struct Line: Equatable {
        /// The physical lines, with their ends.
        var raw: String
        /// Unfolded.
        var logical: String
        var name: String
        var value: String
    }

    var lines: [Line] = []
    /// Each VTIMEZONE's lines as written, by TZID.
    var zones: [String: String] = [:]

    init(_ text: String) {
        var current: (raw: String, logical: String)?
        func finish() {
            guard let line = current else { return }
            let name = String(line.logical.prefix { $0 != ":" && $0 != ";" }).uppercased()
            let value = String(line.logical.drop { $0 != ":" }.dropFirst())
            lines.append(Line(raw: line.raw, logical: line.logical, name: name, value: value))
            current = nil
        }
        // Split at LF byte by byte (a Character would take CR LF as one), each piece with its end.
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            let physical = String(decoding: bytes[start..<end], as: UTF8.self)
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == 0x0A { contentEnd -= 1 }
            if contentEnd > start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            let content = String(decoding: bytes[start..<contentEnd], as: UTF8.self)
            start = end
            if let first = content.first, first == " " || first == "\t", current != nil {
                current?.raw += physical
                current?.logical += content.dropFirst()
            } else {
                finish()
                if !content.isEmpty { current = (String(physical), String(content)) }
            }
        }
        finish()
        var zone: (id: String?, text: String)?
        for line in lines {
            if line.name == "BEGIN", line.value.uppercased() == "VTIMEZONE" { zone = (nil, "") }
            if zone != nil {
                zone?.text += line.raw.hasSuffix("\n") ? line.raw : line.raw + "\r\n"
                if line.name == "TZID", zone?.id == nil { zone?.id = line.value }
            }
            if line.name == "END", line.value.uppercased() == "VTIMEZONE", let done = zone {
                if let id = done.id { zones[id] = done.text }
                zone = nil
            }
        }
    }

    /// The lines of the (first) VTODO, BEGIN to END.
    var todoRange: ClosedRange<Int>? {
        guard let begin = lines.firstIndex(where: { $0.name == "BEGIN" && $0.value.uppercased() == "VTODO" }),
              let end = lines[begin...].firstIndex(where: { $0.name == "END" && $0.value.uppercased() == "VTODO" }) else { return nil }
        return begin...end
    }

    /// The lines of each VALARM directly in the VTODO `range`, BEGIN to END, in order.
    func alarmBlocks(in range: ClosedRange<Int>) -> [ClosedRange<Int>] {
        var blocks: [ClosedRange<Int>] = []
        var depth = 0
        var begin: Int?
        for index in range {
            let line = lines[index]
            if line.name == "BEGIN" {
                depth += 1
                if depth == 2, line.value.uppercased() == "VALARM" { begin = index }
            } else if line.name == "END" {
                if depth == 2, let start = begin { blocks.append(start...index) }
                if depth == 2 { begin = nil }
                depth -= 1
            }
        }
        return blocks
    }

    /// The VTODO's own properties (not those of a VALARM in it), and its END line.
    func topLevel(in range: ClosedRange<Int>) -> Set<Int> {
        var result = Set<Int>()
        var depth = 0
        for index in range {
            let line = lines[index]
            if line.name == "BEGIN" { depth += 1; continue }
            if line.name == "END" {
                if depth == 1 { result.insert(index) }
                depth -= 1
                continue
            }
            if depth == 1 { result.insert(index) }
        }
        return result
    }
}

/// The schedule's properties when it changed. The other client's DTSTART, DUE and DURATION as it
/// wrote them (UTC, a zone or floating) while the due stays a day, or a time in the same zone, each
/// moved by as much as the due time moved, a DURATION kept (no DUE added beside it); else Memoss's
/// DUE, with a DTSTART where theirs had one or a repeat needs one. The RRULE kept while the repeat
/// itself is unchanged, with only its COUNT lowered when a counted series was completed here.
private struct ScheduleMerge {
    let lines: [String]

    init(theirs: RawLines, theirTop: Set<Int>, ours: RawLines, ourTop: Set<Int>,
         base: SyncFields.Schedule, local: SyncFields.Schedule, readerZone: String) {
        func their(_ name: String) -> RawLines.Line? { theirTop.sorted().map { theirs.lines[$0] }.first { $0.name == name } }
        func our(_ name: String) -> String? { ourTop.sorted().map { ours.lines[$0] }.first { $0.name == name }.map { ContentLines.folded($0.logical) } }
        let start = their("DTSTART"), due = their("DUE"), duration = their("DURATION")
        var result: [String]
        if let kept = Self.theirTimes(start: start, due: due, duration: duration, base: base, local: local) {
            // In the zone it was in: an all-day item's zone line as it was, if it had one.
            result = kept + [their("X-MEMOSS-TZID")?.raw].compactMap { $0 }
        } else {
            let needsStart = start != nil || local.recurrence.isRepeating
            // An all-day item's zone line only where it says something: it had one, or the zone is
            // not the one it is read in without it.
            let zoneLine = their("X-MEMOSS-TZID") != nil || local.timeZoneID != readerZone ? our("X-MEMOSS-TZID") : nil
            result = [needsStart ? our("DTSTART") : nil, our("DUE"), zoneLine].compactMap { $0 }
        }
        let ruleProperties = ["RRULE", "X-MEMOSS-UNTIL", "X-MEMOSS-COUNT", "X-MEMOSS-AFTER-DONE"]
        let theirRule = theirTop.sorted().map { theirs.lines[$0] }.filter { ruleProperties.contains($0.name) }
        if base.recurrence == local.recurrence && base.recurrenceEnd == local.recurrenceEnd && base.isAllDay == local.isAllDay {
            result += theirRule.map(\.raw)
        } else if let counted = Self.countedDown(theirRule, base: base, local: local) {
            result += counted
        } else {
            result += ruleProperties.compactMap(our)
        }
        lines = result
    }

    /// Their rule as they wrote it with only its `COUNT` lowered, when that is all that changed: a
    /// counted series completed here goes on from its next time with as many times left; `nil`
    /// when anything else of the repeat changed, or their rule has no `COUNT` to lower.
    private static func countedDown(_ rule: [RawLines.Line], base: SyncFields.Schedule, local: SyncFields.Schedule) -> [String]? {
        guard let times = local.recurrence.times, base.recurrence.times != nil, base.isAllDay == local.isAllDay,
              base.recurrenceEnd == local.recurrenceEnd else { return nil }
        var unchanged = local.recurrence
        unchanged.times = base.recurrence.times
        guard unchanged == base.recurrence else { return nil }
        var counted = false
        let lines = rule.map { line -> String in
            guard line.name == "RRULE" else { return line.raw }
            let prefix = line.logical.prefix { $0 != ":" }
            let parts = line.value.split(separator: ";", omittingEmptySubsequences: false).map { part -> String in
                guard part.uppercased().hasPrefix("COUNT=") else { return String(part) }
                counted = true
                return part.prefix(6) + String(times)
            }
            return ContentLines.folded(prefix + ":" + parts.joined(separator: ";"))
        }
        return counted ? lines : nil
    }

    /// Their DTSTART, DUE and DURATION kept in their form, moved from `base`'s due to `local`'s;
    /// `nil` when Memoss's must be written instead: the due gained or lost its date, its time or its
    /// zone, a time cannot be moved, or a repeat would count from times kept in another zone than
    /// the one Memoss repeats it in (or from no DTSTART).
    private static func theirTimes(start: RawLines.Line?, due: RawLines.Line?, duration: RawLines.Line?,
                                   base: SyncFields.Schedule, local: SyncFields.Schedule) -> [String]? {
        guard base.isAllDay == local.isAllDay, base.due != nil, local.due != nil, base.timeZoneID == local.timeZoneID,
              start != nil || due != nil else { return nil }
        let times = [start, due].compactMap { $0 }
        if local.recurrence.isRepeating {
            guard start != nil, times.allSatisfy({ repeats($0, in: local.timeZoneID) }) else { return nil }
        }
        if base.due == local.due { return (times + [duration].compactMap { $0 }).map(\.raw) }
        var result: [String] = []
        for line in times {
            guard let moved = move(line, from: base, to: local) else { return nil }
            result.append(ContentLines.folded(moved))
        }
        if let duration { result.append(duration.raw) }
        return result
    }

    /// Whether a series counted from `line` repeats as one in `zoneID` does: a day, a floating
    /// time, a time in that zone, or in UTC when the zone is UTC.
    private static func repeats(_ line: RawLines.Line, in zoneID: String) -> Bool {
        let value = line.value.trimmingCharacters(in: .whitespaces)
        if value.count == 8 { return true }
        let zone = TimeZone(identifier: zoneID)
        if value.hasSuffix("Z") { return zone.map { $0.secondsFromGMT() == 0 && $0.nextDaylightSavingTimeTransition == nil } ?? false }
        let prefix = line.logical.prefix { $0 != ":" }
        guard let range = prefix.range(of: ";TZID=") else { return true }
        let tzid = String(prefix[range.upperBound...].prefix { $0 != ";" })
        return tzid == zoneID || tzid.hasSuffix("/" + zoneID)
    }

    /// `line` (a DTSTART or a DUE) moved by as much as the due time moved from `base` to `local`: whole days
    /// for a date, else the wall-clock difference in the due's zone, written as it was (UTC, a
    /// zone, or floating).
    private static func move(_ line: RawLines.Line, from base: SyncFields.Schedule, to local: SyncFields.Schedule) -> String? {
        guard let old = base.due, let new = local.due else { return nil }
        let prefix = String(line.logical.prefix { $0 != ":" })
        let value = line.value.trimmingCharacters(in: .whitespaces)
        if base.isAllDay {
            guard value.count == 8, let date = LocalDate(compact: value) else { return nil }
            return "\(prefix):" + CalendarWriter.dateText(date.adding(days: new.date.daysSinceEpoch - old.date.daysSinceEpoch))
        }
        let zone = TimeZone(identifier: base.timeZoneID) ?? .gmt
        let shift = new.resolved(in: zone).timeIntervalSince(old.resolved(in: zone))
        guard value.count >= 15, let date = LocalDate(compact: String(value.prefix(8))),
              let hour = Int(value.dropFirst(9).prefix(2)), let minute = Int(value.dropFirst(11).prefix(2)),
              let second = Int(value.dropFirst(13).prefix(2)), let time = LocalTime(hour: hour, minute: minute) else { return nil }
        let isUTC = value.hasSuffix("Z")
        let startZone = isUTC ? TimeZone.gmt : prefix.range(of: ";TZID=").flatMap { range in
            TimeZone(identifier: String(prefix[range.upperBound...].prefix { $0 != ";" }))
        } ?? zone
        let instant = LocalDateTime(date: date, time: time).resolved(in: startZone).addingTimeInterval(shift + Double(second))
        if isUTC { return "\(prefix):" + CalendarWriter.utcText(instant) }
        let moved = LocalDateTime(of: instant, in: startZone)
        return "\(prefix):" + CalendarWriter.localText(moved)
    }
}

extension LocalDate {
    /// `YYYYMMDD`, as iCalendar writes a date.
    init?(compact text: String) {
        guard text.count == 8, let year = Int(text.prefix(4)), let month = Int(text.dropFirst(4).prefix(2)),
              let day = Int(text.suffix(2)) else { return nil }
        self.init(year: year, month: month, day: day)
    }
}
