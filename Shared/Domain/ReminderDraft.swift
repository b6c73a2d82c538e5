import Foundation

/// The values a person types for a reminder, before the rules have accepted them.
package struct ReminderDraft: Hashable, Sendable {
    /// The title as typed (it is trimmed when accepted).
    package var title: String
    /// The notes as typed; blank means none.
    package var notes: String
    /// The day it is due.
    package var date: LocalDate
    /// The time it is due.
    package var time: LocalTime
    /// The IANA zone the date and time are read in.
    package var timeZoneID: String
    /// The tags chosen for it.
    package var tagIDs: Set<UUID>
    /// How it repeats.
    package var recurrence: RecurrenceRule
    /// The last day a repeating reminder may fall on (inclusive), `nil` for none; ignored when it does not repeat.
    package var recurrenceEnd: LocalDate?

    /// Creates a draft from its fields.
    package init(
        title: String, notes: String = "", date: LocalDate, time: LocalTime, timeZoneID: String,
        tagIDs: Set<UUID> = [], recurrence: RecurrenceRule = .never, recurrenceEnd: LocalDate? = nil
    ) {
        self.title = title
        self.notes = notes
        self.date = date
        self.time = time
        self.timeZoneID = timeZoneID
        self.tagIDs = tagIDs
        self.recurrence = recurrence
        self.recurrenceEnd = recurrenceEnd
    }

    /// A draft due at `due`.
    package init(title: String, notes: String = "", due: LocalDateTime, timeZoneID: String) {
        self.init(title: title, notes: notes, date: due.date, time: due.time, timeZoneID: timeZoneID)
    }

    /// When a reminder is due that nobody gave a date: the day after `today`, at 09:00. The one
    /// rule for an absent date: the add form proposes it, and a CSV row, a calendar item or a
    /// server's to-do without one gets it.
    package static func defaultDue(today: LocalDate) -> LocalDateTime {
        LocalDateTime(date: today.adding(days: 1), time: .nineAM)
    }

    /// The draft of an item another program wrote (a calendar's VTODO, a server's resource), whose
    /// fields are values already: due at `due`, or when an undated item is (`defaultDue`, on the
    /// day `now` is in its zone), in zone `zoneID` (days are counted in `fallbackZone` when it is unknown).
    package init(item title: String, notes: String?, due: LocalDateTime?, zoneID: String, recurrence: RecurrenceRule,
                 end: LocalDate?, now: Date, fallbackZone: TimeZone) {
        let zone = TimeZone(identifier: zoneID) ?? fallbackZone
        let due = due ?? Self.defaultDue(today: LocalDate(containing: now, in: zone))
        self.init(title: title, notes: notes ?? "", date: due.date, time: due.time, timeZoneID: zoneID,
                  recurrence: recurrence, recurrenceEnd: end)
    }

    /// The series the draft describes, in its zone (UTC when the zone is unknown).
    package var series: RecurrenceSeries {
        RecurrenceSeries(rule: recurrence, start: LocalDateTime(date: date, time: time),
                         end: recurrence.isRepeating ? recurrenceEnd : nil,
                         timeZone: TimeZone(identifier: timeZoneID) ?? .gmt)
    }
}
