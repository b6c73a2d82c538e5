import Domain
import Foundation
import Storage

/// Finds the reminder a person means by a number from the last listing or a prefix of its id.
package struct ResolveReminderUseCase: Sendable {
    /// The fewest id characters accepted as a prefix.
    package static let shortestPrefix = 4
    private let repository: any ReminderRepository

    /// A use case reading through `repository`.
    package init(repository: any ReminderRepository) {
        self.repository = repository
    }

    /// The reminder `reference` names: `3` is the third of `listing` (the ids as last listed),
    /// `1f2e` or `1F2E3D4C-5B…` an id prefix of at least 4 hex digits that only one id has.
    /// - Throws: `ReminderReferenceError`; `ReminderError.notFound` when a listed one was deleted since.
    package func callAsFunction(_ reference: String, listing: [UUID]) async throws -> ReminderWithTags {
        let text = reference.trimmingWhitespace()
        // Short numerals are listing numbers; a longer one is a number only when the listing has it.
        if let number = Int(text), text.count < Self.shortestPrefix || (number >= 1 && number <= listing.count) {
            guard number >= 1, number <= listing.count else {
                throw ReminderReferenceError.noSuchNumber(number, listed: listing.count)
            }
            let id = listing[number - 1]
            guard let reminder = try await repository.reminderWithTags(id: id) else { throw ReminderError.notFound(id) }
            return reminder
        }
        let hex = text.replacingOccurrences(of: "-", with: "")
        guard hex.count >= Self.shortestPrefix, hex.count <= 32, hex.allSatisfy({ $0.isHexDigit && $0.isASCII }) else {
            throw ReminderReferenceError.notAReference(text)
        }
        let matches = try await repository.reminders(idPrefix: hex, limit: 2)
        guard let first = matches.first else { throw ReminderReferenceError.noMatch(text) }
        guard matches.count == 1 else { throw ReminderReferenceError.ambiguous(text) }
        return first
    }
}
