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

    /// The series the draft describes, in its zone (UTC when the zone is unknown).
    package var series: RecurrenceSeries {
        RecurrenceSeries(rule: recurrence, start: LocalDateTime(date: date, time: time),
                         end: recurrence.isRepeating ? recurrenceEnd : nil,
                         timeZone: TimeZone(identifier: timeZoneID) ?? .gmt)
    }
}
