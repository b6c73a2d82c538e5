import Foundation

/// Why talking to a CalDAV server failed, as one sentence the user reads after the account's name.
package struct SyncError: Error, Equatable, Sendable {
    package enum Kind: Sendable, Equatable {
        /// The server could not be reached or did not answer in time.
        case unreachable
        /// The server answered with an error.
        case refused(status: Int)
        /// The server's answer could not be read.
        case unreadable
        /// The server's answer was larger than Memoss reads.
        case tooLarge
        /// The server asked for a request Memoss does not make: to another address (a redirect,
        /// an href outside the task list), or without encryption.
        case unsafe
        /// The sync ran out of its time (`--max-time`).
        case outOfTime
        /// A sync that would delete many reminders, stopped until the user says so (`--force`).
        case guarded
        /// Something on this side (the password command, the store).
        case local
    }

    package var kind: Kind
    package var message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The HTTP status the server refused with, if it did.
    package var status: Int? {
        if case .refused(let status) = kind { return status }
        return nil
    }
}

extension SyncError: LocalizedError {
    package var errorDescription: String? { message }
}
