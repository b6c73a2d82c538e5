import Foundation

/// Something the user wants to be reminded of at a moment in a time zone.
package struct Reminder: Identifiable, Hashable, Sendable {
    /// The reminder's identity, stable for its whole life.
    package var id: UUID
    /// What to remember: trimmed, 1–500 characters.
    package var title: String
    /// Free text, `nil` when there is none (never empty).
    package var notes: String?
    /// The instant it is due.
    package var scheduledAt: Date
    /// The IANA zone it was scheduled in; its wall-clock time is kept in this zone.
    package var timeZoneID: String
    /// Whether it is done.
    package var isCompleted: Bool
    /// When it was marked done, `nil` while open.
    package var completedAt: Date?
    /// When it was created.
    package var createdAt: Date
    /// When it was last changed.
    package var updatedAt: Date

    /// Creates a reminder from all its values.
    package init(
        id: UUID, title: String, notes: String?, scheduledAt: Date, timeZoneID: String,
        isCompleted: Bool = false, completedAt: Date? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.scheduledAt = scheduledAt
        self.timeZoneID = timeZoneID
        self.isCompleted = isCompleted
        self.completedAt = completedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The zone named by `timeZoneID`, or UTC if this system does not know it.
    package var timeZone: TimeZone { TimeZone(identifier: timeZoneID) ?? .gmt }

    /// The wall-clock date and time it is due, in its own zone.
    package var localScheduled: LocalDateTime { LocalDateTime(of: scheduledAt, in: timeZone) }
}
