import Foundation

/// Why a reminder use case could not do what it was asked, besides invalid values.
package enum ReminderError: Error, Hashable, Sendable {
    /// No reminder has this id (it may have been deleted elsewhere).
    case notFound(UUID)

    /// The sentence the user reads.
    package var message: String {
        switch self {
        case .notFound: "This reminder no longer exists; it may have been deleted elsewhere."
        }
    }
}
