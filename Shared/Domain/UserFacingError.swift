/// A failure the core can say to a user in one sentence.
package protocol UserFacingError: Error {
    /// The sentence the user reads.
    var message: String { get }
}

extension StoreError: UserFacingError {}
extension ReminderError: UserFacingError {}
extension ReminderValidationError: UserFacingError {}
extension TagError: UserFacingError {}
extension TagValidationError: UserFacingError {}
extension NotificationError: UserFacingError {}
extension ReminderReferenceError: UserFacingError {}
extension JournalError: UserFacingError {}
extension SavedViewError: UserFacingError {}
