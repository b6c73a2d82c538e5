import Foundation

/// Why a reminder's values were refused; `message` is what the user reads.
package enum ReminderValidationError: Error, Hashable, Sendable {
    /// The title is empty once trimmed.
    case titleRequired
    /// The title is longer than `ReminderRules.maxTitleLength`.
    case titleTooLong
    /// The due instant is not after now.
    case notInFuture
    /// The zone name is not one this system knows.
    case unknownTimeZone(String)
    /// The weekday or day of the repeat rule is out of range.
    case invalidRecurrence
    /// A repeat after done was given days to fall on (a set of weekdays, an nth weekday, the last day).
    case afterDoneOnDays
    /// The end date is before the reminder's date.
    case endBeforeStart
    /// The end date comes before the first day the rule falls on.
    case endBeforeFirstOccurrence(LocalDate)
    /// The date is outside the days reminders may fall on (`LocalDate.supported`).
    case dateOutOfRange
    /// The end date is outside the days reminders may fall on.
    case endOutOfRange
    /// The notes are longer than `ReminderRules.maxNotesLength`.
    case notesTooLong
    /// An undated reminder was given a repeat.
    case repeatNeedsDate

    /// The field the error belongs to.
    package var field: ReminderField {
        switch self {
        case .titleRequired, .titleTooLong: .title
        case .notInFuture, .dateOutOfRange: .date
        case .notesTooLong: .notes
        case .unknownTimeZone: .timeZone
        case .invalidRecurrence, .afterDoneOnDays, .repeatNeedsDate: .repeat
        case .endBeforeStart, .endBeforeFirstOccurrence, .endOutOfRange: .endDate
        }
    }

    /// The sentence shown beside the field.
    package var message: String {
        switch self {
        case .titleRequired: "Title is required"
        case .titleTooLong: "Title must be at most \(ReminderRules.maxTitleLength) characters"
        case .notInFuture: "Must be in the future"
        case .unknownTimeZone(let zone): "Unknown time zone \"\(VisibleText.escaped(zone))\"; use an IANA name such as Europe/London"
        case .invalidRecurrence: "Repeat must be never, daily, weekly on a weekday (1–7) or monthly on a day (1–31)"
        case .afterDoneOnDays: RecurrenceRule.afterDoneOnDaysMessage
        case .endBeforeStart: "Must be on or after the reminder's date"
        case .endBeforeFirstOccurrence(let first): "Must be on or after the first occurrence, \(first)"
        case .dateOutOfRange, .endOutOfRange:
            "Must be a day from \(LocalDate.firstSupported) to \(LocalDate.lastSupported)"
        case .notesTooLong: "Notes must be at most \(ReminderRules.maxNotesLength) characters"
        case .repeatNeedsDate: "A reminder without a date cannot repeat; give it a date, or no repeat"
        }
    }
}

/// The fields of the reminder form, as errors and reports name them.
package enum ReminderField: String, Hashable, Sendable {
    case title, notes, date, time, `repeat`, endDate = "end_date", timeZone = "timezone"
}
