import Domain
import Foundation

/// A query as the parser read it: conditions, and the names in it the store must resolve.
package struct ParsedQuery: Hashable, Sendable {
    /// One term of a query.
    package enum Term: Hashable, Sendable {
        /// A condition decided without the store's names (text, days, status, priority).
        case condition(ReminderFilter.Condition)
        /// `tag:NAME` (or `-tag:NAME`): carries the tag named so.
        case tag(String, negated: Bool)
        /// `list:NAME` (or `-list:NAME`): filed in the list named so.
        case list(String, negated: Bool)
    }

    /// The terms, every one of which a selected reminder meets.
    package var terms: [Term]

    /// A query of `terms`.
    package init(_ terms: [Term] = []) {
        self.terms = terms
    }
}
