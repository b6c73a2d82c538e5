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

    /// Creates a draft from its fields.
    package init(
        title: String, notes: String = "", date: LocalDate, time: LocalTime, timeZoneID: String,
        tagIDs: Set<UUID> = []
    ) {
        self.title = title
        self.notes = notes
        self.date = date
        self.time = time
        self.timeZoneID = timeZoneID
        self.tagIDs = tagIDs
    }

    /// The instant the date and time name in the draft's zone.
    package var scheduledAt: Date {
        LocalDateTime(date: date, time: time).resolved(in: TimeZone(identifier: timeZoneID) ?? .gmt)
    }
}
