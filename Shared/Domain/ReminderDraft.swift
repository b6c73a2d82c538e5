import Foundation

/// The values a person types for a reminder, before the rules have accepted them.
package struct ReminderDraft: Hashable, Sendable {
    /// The title as typed (it is trimmed when accepted).
    package var title: String
    /// The notes as typed; blank means none.
    package var notes: String
    /// The day it is due (unused when `hasDate` is off).
    package var date: LocalDate
    /// The time it is due (unused when `hasTime` is off).
    package var time: LocalTime
    /// Whether it has a date; without one it is undated (due some day).
    package var hasDate: Bool
    /// Whether it has a time of day; without one it is due all day on `date`.
    package var hasTime: Bool
    /// The IANA zone the date and time are read in.
    package var timeZoneID: String
    /// The tags chosen for it.
    package var tagIDs: Set<UUID>
    /// How it repeats.
    package var recurrence: RecurrenceRule
    /// The last day a repeating reminder may fall on (inclusive), `nil` for none; ignored when it does not repeat.
    package var recurrenceEnd: LocalDate?
    /// How much it matters.
    package var priority: Priority = .none
    /// The list it goes in; `nil` for the store's default list.
    package var listID: UUID?
    /// When it notifies: by default once, at the due time.
    package var alarms: [Alarm] = Alarm.defaults

    /// Creates a draft from its fields.
    package init(
        title: String, notes: String = "", date: LocalDate, time: LocalTime, hasDate: Bool = true, hasTime: Bool = true,
        timeZoneID: String, tagIDs: Set<UUID> = [], recurrence: RecurrenceRule = .never, recurrenceEnd: LocalDate? = nil
    ) {
        self.title = title
        self.notes = notes
        self.date = date
        self.time = time
        self.hasDate = hasDate
        self.hasTime = hasTime
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

    /// The draft of an item another program wrote (a calendar's VTODO, a server's resource, a CSV
    /// row), whose fields are values already: due on `day` at `time`, all day on `day` without a
    /// time, or undated without a day; in zone `zoneID`. Nothing is invented for what it lacks.
    package init(item title: String, notes: String?, day: LocalDate?, time: LocalTime?, zoneID: String, recurrence: RecurrenceRule,
                 end: LocalDate?) {
        self.init(title: title, notes: notes ?? "", date: day ?? Self.placeholderDay, time: time ?? .midnight,
                  hasDate: day != nil, hasTime: day != nil && time != nil, timeZoneID: zoneID, recurrence: recurrence, recurrenceEnd: end)
    }

    /// The day a draft without one holds in `date`, never read.
    private static let placeholderDay = LocalDate.firstSupported

    /// The day and time its series starts at: an all-day draft's at the start of its day.
    package var start: LocalDateTime { LocalDateTime(date: date, time: hasTime ? time : .midnight) }

    /// The series the draft describes, in its zone (UTC when the zone is unknown); meaningful only with a date.
    package var series: RecurrenceSeries {
        RecurrenceSeries(rule: recurrence, start: start,
                         end: recurrence.isRepeating ? recurrenceEnd : nil,
                         timeZone: ZoneLookup.zone(timeZoneID) ?? .gmt)
    }
}
