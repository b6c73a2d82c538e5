import Domain
import Foundation

/// What completing or reopening a reminder did, as one sentence (titles made safe to print).
package enum CompletionText {
    /// What completing from a notification did: "Completed "Tea"." (and the next time of a repeating
    /// one), or that there was nothing left to complete.
    package static func completed(_ result: (reminder: Reminder, completed: Bool), formatter: CardTimeFormatter) -> String {
        let title = VisibleText.escaped(result.reminder.title)
        guard result.completed else {
            return result.reminder.isCompleted ? "\"\(title)\" was already done; the notification is dismissed."
                : "\"\(title)\" has already moved past that time (next: \(formatter.string(for: result.reminder))); the notification is dismissed."
        }
        return completed(result.reminder, formatter: formatter)
    }

    /// "Completed "Tea"." for a reminder now done, "Completed "Meds"; next: Tomorrow 08:00." for a
    /// repeating one that moved on.
    package static func completed(_ reminder: Reminder, formatter: CardTimeFormatter) -> String {
        let title = VisibleText.escaped(reminder.title)
        return reminder.isCompleted ? "Completed \"\(title)\"."
            : "Completed \"\(title)\"; next: \(formatter.string(for: reminder))."
    }

    /// Why a card showing a completed time of a repeating reminder is not completed, cancelled
    /// or reopened (that would act on the reminder's current time): `undo` names how the front
    /// takes a change back ("`undo`", "`u` (undo)").
    package static func completedTimeRefused(_ reminder: ReminderWithTags, undo: String) -> String {
        "That is a completed time of \"\(VisibleText.escaped(reminder.title))\"; \(undo) takes back a completion."
    }

    /// Refuses completing, cancelling or reopening reminders, before anything changes, when a
    /// number named a card showing one of their completed times.
    package static func refuseCompletedTimes(_ found: [ReminderWithTags], undo: String) throws(CompletedTimeRefusal) {
        if let past = found.first(where: \.isPastOccurrence) { throw CompletedTimeRefusal(message: completedTimeRefused(past, undo: undo)) }
    }

    /// "Reopened "Tea", due Today 09:00." ("with no date" for an undated one).
    package static func reopened(_ reminder: Reminder, formatter: CardTimeFormatter) -> String {
        "Reopened \"\(VisibleText.escaped(reminder.title))\", \(formatter.dueSentence(for: reminder))."
    }
}

/// A completion, cancellation or reopening asked of a card showing a completed time.
package struct CompletedTimeRefusal: UserFacingError {
    package let message: String
}
