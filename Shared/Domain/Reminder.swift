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
    /// How it repeats.
    package var recurrence: RecurrenceRule
    /// The last local day a repeating reminder may fall on (inclusive), `nil` for none.
    package var recurrenceEnd: LocalDate?
    /// The wall-clock date and time its current occurrence is due at by its rule, when that
    /// differs from `scheduledAt`'s reading (a DST gap moved it forward, perhaps past midnight);
    /// `nil` means `scheduledAt`'s own reading.
    package var nominal: LocalDateTime?

    /// Creates a reminder from all its values.
    package init(
        id: UUID, title: String, notes: String?, scheduledAt: Date, timeZoneID: String,
        isCompleted: Bool = false, completedAt: Date? = nil, createdAt: Date, updatedAt: Date,
        recurrence: RecurrenceRule = .never, recurrenceEnd: LocalDate? = nil, nominal: LocalDateTime? = nil
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
        self.recurrence = recurrence
        self.recurrenceEnd = recurrenceEnd
        self.nominal = nominal
    }

    /// A new open (or, with `completedAt`, done) reminder from values that passed the rules.
    package init(id: UUID, values: ValidReminderValues, now: Date, completedAt: Date? = nil) {
        self.init(
            id: id, title: values.title, notes: values.notes, scheduledAt: values.scheduledAt,
            timeZoneID: values.timeZoneID, isCompleted: completedAt != nil, completedAt: completedAt,
            createdAt: now, updatedAt: now,
            recurrence: values.recurrence, recurrenceEnd: values.recurrenceEnd, nominal: values.nominal)
    }

    /// The zone named by `timeZoneID`, or UTC if this system does not know it.
    package var timeZone: TimeZone { TimeZone(identifier: timeZoneID) ?? .gmt }

    /// The nominal wall-clock date and time it is due, in its own zone (before any DST shift).
    package var localScheduled: LocalDateTime { nominal ?? LocalDateTime(of: scheduledAt, in: timeZone) }

    /// Its current occurrence: the nominal date and time, and the instant it is due.
    package var currentOccurrence: Occurrence { Occurrence(nominal: localScheduled, instant: scheduledAt) }

    /// Makes `occurrence` the current one.
    package mutating func move(to occurrence: Occurrence) {
        scheduledAt = occurrence.instant
        nominal = LocalDateTime(of: occurrence.instant, in: timeZone) == occurrence.nominal ? nil : occurrence.nominal
    }

    /// The occurrence after the current one, `nil` for a one-time reminder or past its end date.
    package var followingOccurrence: Occurrence? { series.occurrence(following: currentOccurrence) }

    /// Moves a repeating reminder on from its current occurrence: to the following one, or with
    /// `now`, to the first one due after `now` (the missed ones in between are skipped). A count
    /// of times goes down by the occurrences left behind. Returns `false`, changing nothing, when
    /// the series has no such occurrence (it has ended).
    package mutating func advance(pastInstant now: Date? = nil) -> Bool {
        guard let following = followingOccurrence else { return false }
        guard let now, following.instant <= now else {
            move(to: following, passing: 1)
            return true
        }
        guard recurrence.times != nil else {
            guard let next = series.nextOccurrence(after: now) else { return false }
            move(to: next)
            return true
        }
        var moved = self
        moved.move(to: following, passing: 1)
        while moved.currentOccurrence.instant <= now {
            guard let next = moved.followingOccurrence else { return false }
            moved.move(to: next, passing: 1)
        }
        self = moved
        return true
    }

    /// Makes `occurrence` the current one, `passed` occurrences on (a count of times goes down by that many).
    private mutating func move(to occurrence: Occurrence, passing passed: Int) {
        move(to: occurrence)
        if let times = recurrence.times { recurrence.times = times - passed }
    }

    /// Its occurrences from the current one on: the rule anchored at the nominal date and time.
    package var series: RecurrenceSeries {
        RecurrenceSeries(rule: recurrence, start: localScheduled, end: recurrenceEnd, timeZone: timeZone)
    }
}
