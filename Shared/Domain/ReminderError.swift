import Foundation

/// Why a reminder use case could not do what it was asked, besides invalid values.
package enum ReminderError: Error, Hashable, Sendable {
    /// No reminder has this id (it may have been deleted elsewhere).
    case notFound(UUID)
    /// A one-time reminder is done already (carries its title).
    case alreadyDone(String)
    /// The reminder is open, so there is nothing to reopen (carries its title).
    case notDone(String)

    /// The sentence the user reads.
    package var message: String {
        switch self {
        case .notFound: "This reminder no longer exists; it may have been deleted elsewhere."
        case .alreadyDone(let title): "\"\(VisibleText.escaped(title))\" is already done; `reopen` opens it again."
        case .notDone(let title): "\"\(VisibleText.escaped(title))\" is not done, so there is nothing to reopen; `undo` takes back the last command."
        }
    }
}
