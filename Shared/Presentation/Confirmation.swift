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

    /// Asked before deleting a reminder from its edit form.
    package static let deleteReminder = Confirmation(
        title: "Delete Reminder?", message: "This cannot be undone.", confirmLabel: "Delete", cancelLabel: "Cancel"
    )

    /// Asked before closing a form whose changes were not saved.
    package static let discardChanges = Confirmation(
        title: "Discard Changes?", message: "Your changes to this reminder will be lost.",
        confirmLabel: "Discard", cancelLabel: "Keep Editing"
    )
}
