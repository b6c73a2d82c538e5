import Foundation

/// One completion in the log: which reminder, which occurrence of it, and when it was done.
package struct Completion: Identifiable, Hashable, Sendable {
    /// The log entry's identity.
    package var id: UUID
    /// The reminder that was completed.
    package var reminderID: UUID
    /// The scheduled instant of the occurrence that was completed.
    package var occurrence: Date
    /// When the user completed it.
    package var completedAt: Date
    /// For a repeating reminder, where completing it moved it (its next time, or when it was done
    /// if that ended its series): the times of its series between `occurrence` and this were
    /// passed over, due and not done. `nil` for a one-time reminder.
    package var passedUntil: Date?

    /// Creates a log entry.
    package init(id: UUID, reminderID: UUID, occurrence: Date, completedAt: Date, passedUntil: Date? = nil) {
        self.id = id
        self.reminderID = reminderID
        self.occurrence = occurrence
        self.completedAt = completedAt
        self.passedUntil = passedUntil
    }
}

/// What happened on one local day: the reminders due that day and the completions made on it.
package struct DayHistory: Hashable, Sendable {
    /// A completion together with the title of what was completed.
    package struct Entry: Hashable, Sendable {
        /// The completion.
        package var completion: Completion
        /// The completed reminder's title.
        package var title: String
        /// Its zone's id when it is all day (its occurrences are days there), else `nil`.
        package var allDayZoneID: String?

        /// Pairs a completion with its reminder's title (and zone, when it is all day).
        package init(completion: Completion, title: String, allDayZoneID: String? = nil) {
            self.completion = completion
            self.title = title
            self.allDayZoneID = allDayZoneID
        }
    }

    /// The day.
    package var day: LocalDate
    /// Reminders due on the day, by time, each with its tags.
    package var scheduled: [ReminderWithTags]
    /// Completions made on the day, by time.
    package var completions: [Entry]

    /// Creates a day's history.
    package init(day: LocalDate, scheduled: [ReminderWithTags], completions: [Entry]) {
        self.day = day
        self.scheduled = scheduled
        self.completions = completions
    }
}
