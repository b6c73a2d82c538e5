import FrontSupport
import Foundation
import Shared

extension Session {
    /// The filter a query's words say (`help query`); a query that cannot be read is a usage error.
    func filter(_ words: [String]) async throws -> ReminderFilter {
        do {
            return try await core.queryModel.filter(words)
        } catch let error as QueryError {
            if !error.isUsage { throw Refusal(message: error.message) }
            throw UsageProblem(message: error.message)
        }
    }

    /// The query's words as typed, for a listing's titles; `nil` for none.
    func typed(_ words: [String]) -> String? {
        let words = words.filter { !$0.trimmingWhitespace().isEmpty }
        return words.isEmpty ? nil : SavedView(name: "", words: words).queryText
    }

    /// The notifications numbered as `notifications` lists them, kept as the numbering `snooze N`
    /// reads; by id.
    func notificationNumbers() async throws -> [String: Int] {
        let ids = try await core.numberNotifications()
        return Dictionary(ids.enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: { first, _ in first })
    }
}
