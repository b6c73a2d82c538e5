import Domain
import Foundation

/// Says when a reminder is due the way a card shows it, relative to the user's today.
///
/// "Today 09:00", "Tomorrow 09:00", "Yesterday 18:30", "Mon 23 Nov 09:00", and the year
/// when it is not this year: "Tue 5 Jan 2027 10:00". Times are 24-hour, in the user's zone;
/// English names, independent of the locale, so scripts and tests read the same text. An all-day
/// reminder is its day alone ("Tomorrow", "Mon 23 Nov"), an undated one "No date".
package struct CardTimeFormatter: Sendable {
    private static let weekdays: [StaticString] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months: [StaticString] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private let today: LocalDate
    /// The user's zone, which times are said in.
    package let timeZone: TimeZone

    /// A formatter for a user whose day is `today` in `timeZone`.
    package init(today: LocalDate, timeZone: TimeZone) {
        self.today = today
        self.timeZone = timeZone
    }

    /// The card text for `instant`, written byte by byte into the string (a listing makes one
    /// per card; interpolating its parts took most of the time it spent on cards).
    package func string(for instant: Date) -> String {
        let local = LocalDateTime(of: instant, in: timeZone)
        return string(day: local.date, time: local.time)
    }

    /// When `reminder`'s time at `instant` (one of its series) is due: the day alone, read in its
    /// own zone, when it is all-day; else the time.
    package func string(forTimeOf reminder: Reminder, at instant: Date) -> String {
        guard reminder.isAllDay else { return string(for: instant) }
        return string(forDay: LocalDate(containing: instant, in: reminder.timeZone), of: reminder)
    }

    /// When `reminder` is due: its time, its day alone when all-day, "No date" when undated.
    package func string(for reminder: Reminder) -> String {
        // A timed one is said in the user's zone: its own wall-clock time is not needed.
        if !reminder.isAllDay, let instant = reminder.scheduledAt { return string(for: instant) }
        return switch reminder.due {
        case .someday: Self.undated
        case .day(let day): string(forDay: day, of: reminder)
        case .moment(_, let instant): string(for: instant)
        }
    }

    /// An all-day reminder's day, with its zone's place when the day starts there at another
    /// moment than here: "Tue 1 Dec (Tokyo)". Reminders are in order of when they are due, an
    /// all-day one when its day starts where it is, so one from Tokyo's Tuesday comes among this
    /// Monday's reminders; the place says why.
    private func string(forDay day: LocalDate, of reminder: Reminder) -> String {
        string(forDay: day, zoneID: reminder.timeZoneID)
    }

    /// The day of an all-day reminder in zone `zoneID` due at `instant` (its day's start there), as
    /// its card says it: "Today (Tokyo)" (history's completions say so).
    package func string(forAllDayAt instant: Date, zoneID: String) -> String {
        string(forDay: LocalDate(containing: instant, in: Reminder.zone(zoneID)), zoneID: zoneID)
    }

    private func string(forDay day: LocalDate, zoneID: String) -> String {
        let text = string(day: day, time: nil)
        guard zoneID != timeZone.identifier else { return text }
        let zone = Reminder.zone(zoneID)
        guard Self.clocksDiffer(zone, timeZone, at: LocalDateTime(date: day, time: .midnight).resolved(in: zone)) else { return text }
        return text + " (" + Self.place(of: zone) + ")"
    }

    /// Whether clocks in `zone` and `other` read otherwise at `instant` (two offsets, not two
    /// resolutions: a listing asks every card). Where they do, what is said of a reminder names its
    /// zone's place, since its times are kept and typed on its own clock.
    package static func clocksDiffer(_ zone: TimeZone, _ other: TimeZone, at instant: Date) -> Bool {
        zone.identifier != other.identifier && zone.secondsFromGMT(for: instant) != other.secondsFromGMT(for: instant)
    }

    /// The wall time at `instant` on `own` zone's clock when that reads otherwise than `viewer`'s,
    /// with its day (written by `day`) when that differs too: " (15:00 in New York)", " (Fri 11
    /// Dec 05:00 in Tokyo)"; "" when the clocks agree.
    package static func ownClockNote(at instant: Date, own: TimeZone, viewer: TimeZone, day: (LocalDate) -> String) -> String {
        guard clocksDiffer(own, viewer, at: instant) else { return "" }
        // Its clock at that instant (in a gap, where the gap moved it, not the time that does not exist).
        let here = LocalDateTime(of: instant, in: viewer), there = LocalDateTime(of: instant, in: own)
        return " (\(here.date == there.date ? "" : day(there.date) + " ")\(there.time) in \(place(of: own)))"
    }

    /// Where a zone is, as its name says: "Tokyo" for Asia/Tokyo, "St Johns" for America/St_Johns.
    package static func place(of zone: TimeZone) -> String {
        String(zone.identifier.split(separator: "/").last ?? Substring(zone.identifier)).replacingOccurrences(of: "_", with: " ")
    }

    /// When `reminder` is due, as a sentence goes on: "due Tomorrow 09:00", "due Mon 23 Nov, all
    /// day", "with no date".
    package func dueSentence(for reminder: Reminder) -> String {
        switch reminder.due {
        case .someday: "with no date"
        case .day: "due \(string(for: reminder)), all day"
        case .moment(_, let instant): "due \(string(for: reminder))" + ownZoneNote(at: instant, of: reminder)
        }
    }

    /// A timed reminder's wall time in its own zone when that zone's clock reads otherwise than
    /// yours then: " (15:00 in New York)", " (Fri 11 Dec 05:00 in Tokyo)". A time typed for it is
    /// read there (its repeats keep that zone's clock), so what was typed is said back.
    private func ownZoneNote(at instant: Date, of reminder: Reminder) -> String {
        guard reminder.timeZoneID != timeZone.identifier else { return "" }
        return Self.ownClockNote(at: instant, own: reminder.timeZone, viewer: timeZone) {
            Self.fullDay($0).split(separator: " ").prefix(3).joined(separator: " ")
        }
    }

    /// What an edit did to the repeat, as its saved sentence goes on: ", now repeating Weekly on
    /// Sunday until 2027-03-01" (a new day moves a weekly reminder's day), ", no longer repeating",
    /// ", repeating Daily with no end"; "" when the repeat and its end are as they were.
    package static func repeatChange(from before: Reminder, to after: Reminder) -> String {
        guard before.recurrence != after.recurrence || before.recurrenceEnd != after.recurrenceEnd else { return "" }
        guard after.recurrence.isRepeating else { return ", no longer repeating" }
        let end = after.recurrenceEnd.map { " until \($0)" }
        guard before.recurrence != after.recurrence else { return ", repeating \(after.recurrence.label)" + (end ?? " with no end") }
        return ", now repeating \(after.recurrence.label)" + (end ?? "")
    }

    /// A day alone, as an all-day reminder's card says it: "Today", "Mon 23 Nov".
    package func string(forDay day: LocalDate) -> String {
        string(day: day, time: nil)
    }

    /// What a line announcing a notification says of when: its occurrence's due time (an alarm
    /// before it says the due time too), then in brackets, `separator` before them, "snoozed to
    /// Today 05:36" for a snoozed one and `note` ("late"): "Today 05:00  (snoozed to Today 05:36, late)".
    package func announced(_ request: NotificationRequest, note: String?, separator: String) -> String {
        let notes = [request.isSnoozed ? "snoozed to " + string(for: request.fireAt) : nil, note].compactMap { $0 }
        return string(for: request.dueAt) + (notes.isEmpty ? "" : separator + "(" + notes.joined(separator: ", ") + ")")
    }

    /// What a card says of an undated reminder.
    package static let undated = "No date"

    private func string(day: LocalDate, time: LocalTime?) -> String {
        // Written on the stack, then made a string: one of up to 15 bytes (most) is stored inline.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var count = 0
            func put(_ text: StaticString) {
                text.withUTF8Buffer { bytes in
                    UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[count..<count + bytes.count])
                        .copyMemory(from: UnsafeRawBufferPointer(bytes))
                    count += bytes.count
                }
            }
            func put(_ number: Int, width: Int) {
                var digits = 1, rest = number / 10
                while rest > 0 { digits += 1; rest /= 10 }
                let length = max(width, digits)
                var value = number
                for index in (count..<count + length).reversed() {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                count += length
            }
            switch day.daysSinceEpoch - today.daysSinceEpoch {
            case 0: put("Today")
            case 1: put("Tomorrow")
            case -1: put("Yesterday")
            default:
                put(Self.weekdays[day.weekday - 1])
                put(" ")
                put(day.day, width: 1)
                put(" ")
                put(Self.months[day.month - 1])
                if day.year != today.year {
                    put(" ")
                    put(day.year, width: 1)
                }
            }
            if let time {
                put(" ")
                put(time.hour, width: 2)
                put(":")
                put(time.minute, width: 2)
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// What a gap did to `occurrence`, when its nominal time does not exist in `zone`:
    /// "02:30 does not exist on Sun 8 Mar 2026 in America/New_York; due at 03:30." (with the day
    /// too when the gap moved it past midnight); `nil` when the time exists.
    package static func gapNote(for occurrence: Occurrence, in zone: TimeZone) -> String? {
        guard let actual = occurrence.shifted(in: zone) else { return nil }
        let due = actual.date == occurrence.nominal.date ? "\(actual.time)" : "\(actual.time) on \(fullDay(actual.date))"
        return "\(occurrence.nominal.time) does not exist on \(fullDay(occurrence.nominal.date)) in \(zone.identifier); due at \(due)."
    }

    /// "Sun 8 Mar 2026".
    package static func fullDay(_ day: LocalDate) -> String {
        "\(weekdays[day.weekday - 1]) \(day.day) \(months[day.month - 1]) \(day.year)"
    }
}

extension Reminder {
    /// What a DST gap did to its current occurrence (see `CardTimeFormatter.gapNote`); `nil` when
    /// its time exists.
    package var gapNote: String? {
        guard !isAllDay, let currentOccurrence else { return nil }
        return CardTimeFormatter.gapNote(for: currentOccurrence, in: timeZone)
    }
}
