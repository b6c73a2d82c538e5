import Domain

/// Turns any failure from the core into one sentence a user can act on.
package enum ErrorMessage {
    /// The sentence for `error`.
    package static func describe(_ error: any Error) -> String {
        switch error {
        case let error as StoreError: error.message
        case let error as ReminderError: error.message
        case let error as ReminderValidationError: error.message
        case let error as TagError: error.message
        case let error as TagValidationError: error.message
        case let error as NotificationError: error.message
        case let error as ReminderReferenceError: error.message
        case let error as JournalError: error.message
        default: "Something went wrong: \(error)."
        }
    }
}
