import Domain
import Foundation

/// A query as the parser read it: conditions, and the names in it the store must resolve.
package struct ParsedQuery: Hashable, Sendable {
    /// One term of a query.
    package enum Term: Hashable, Sendable {
        /// A condition decided without the store's names (text, days, status, priority).
        case condition(ReminderFilter.Condition)
        /// `tag:NAME` (or `-tag:NAME`): carries the tag named so; `view` is the saved view whose
        /// words say it, `nil` when typed.
        case tag(String, negated: Bool, view: String? = nil)
        /// `list:NAME` (or `-list:NAME`): filed in the list named so; `view` as for a tag.
        case list(String, negated: Bool, view: String? = nil)

        /// The term as the saved view `name` says it (a name in a view it uses keeps that view's).
        func said(inView name: String) -> Term {
            switch self {
            case .condition: self
            case .tag(let tag, let negated, let view): .tag(tag, negated: negated, view: view ?? name)
            case .list(let list, let negated, let view): .list(list, negated: negated, view: view ?? name)
            }
        }
    }

    /// The terms, every one of which a selected reminder meets.
    package var terms: [Term]

    /// A query of `terms`.
    package init(_ terms: [Term] = []) {
        self.terms = terms
    }
}
