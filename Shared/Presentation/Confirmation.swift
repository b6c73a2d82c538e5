/// A question the user must answer before a destructive step, as a dialog shows it.
package struct Confirmation: Hashable, Sendable {
    /// The dialog's title, e.g. "Delete Reminder?".
    package let title: String
    /// The line under the title, e.g. "This cannot be undone.".
    package let message: String
    /// The label of the button that goes ahead.
    package let confirmLabel: String
    /// The label of the button that backs out.
    package let cancelLabel: String

    /// Asked before deleting a reminder: names it and its due time, and says truthfully that
    /// `undo` brings it back.
    package static func deleteReminder(titled title: String, due: String) -> Confirmation {
        Confirmation(title: "Delete \"\(title)\" (due \(due))?", message: "`undo` brings it back.",
                     confirmLabel: "Delete", cancelLabel: "Cancel")
    }

    /// Asked before resetting today, under the list of the `count` reminders that go.
    package static func resetToday(count: Int) -> Confirmation {
        Confirmation(title: count == 1 ? "Remove this reminder due today?" : "Remove these \(count) reminders due today?",
                     message: "`undo` brings \(count == 1 ? "it" : "them") back.", confirmLabel: "Remove", cancelLabel: "Keep")
    }

    /// Asked before closing a form whose changes were not saved.
    package static let discardChanges = Confirmation(
        title: "Discard Changes?", message: "Your changes to this reminder will be lost.",
        confirmLabel: "Discard", cancelLabel: "Keep Editing"
    )
}
