import Domain
import Foundation
import UseCases

/// The query language over one store: a query's words read (`QueryParser`) and resolved against
/// the store's tags, lists and saved views into the filter the store reads, and views saved and removed.
/// Every command that takes a query goes through it; a front only passes the words.
package struct QueryModel: Sendable {
    private let environment: AppEnvironment
    private let listTags: ListTagsUseCase
    private let lists: ListsUseCase
    private let listViews: ListViewsUseCase
    private let saveView: SaveViewUseCase
    private let deleteView: DeleteViewUseCase

    /// A model reading the store through these use cases, days in `environment`'s zone from its clock.
    package init(environment: AppEnvironment, listTags: ListTagsUseCase, lists: ListsUseCase, listViews: ListViewsUseCase,
                 saveView: SaveViewUseCase, deleteView: DeleteViewUseCase) {
        self.environment = environment
        self.listTags = listTags
        self.lists = lists
        self.listViews = listViews
        self.saveView = saveView
        self.deleteView = deleteView
    }

    /// The filter `words` say; `all` for none.
    /// - Throws: `QueryError` for a term that cannot be read or used; `TagError.noSuchName` or
    ///   `ListError.noSuchName` for a tag or a list that does not exist (with the closest names); `StoreError`.
    package func filter(_ words: [String]) async throws -> ReminderFilter {
        guard words.contains(where: { !$0.trimmingWhitespace().isEmpty }) else { return .all }
        let parsed = try await parser().parse(words)
        return try await resolve(parsed)
    }

    /// Whether `word` names a view, built in or saved (so a command can tell a query from numbers).
    package func isView(_ word: String) async throws -> Bool {
        let lowered = word.lowercased()
        if SavedView.builtInNames.contains(lowered) { return true }
        return try await listViews().contains { $0.name.lowercased() == lowered }
    }

    /// The saved views, by name.
    package func views() async throws -> [SavedView] {
        try await listViews()
    }

    /// Saves `words` as the view `name`, once they read as a query (its tags need not exist yet).
    /// - Throws: `QueryError`, `SavedViewError`, `StoreError`.
    package func save(view name: String, words: [String]) async throws -> (view: SavedView, replaced: Bool) {
        let others = try await listViews().filter { $0.name.lowercased() != name.trimmingWhitespace().lowercased() }
        let parser = QueryParser(now: environment.now(), timeZone: environment.timeZone,
                                 savedViews: others + [SavedView(name: name.trimmingWhitespace(), words: words)])
        let parsed: ParsedQuery
        switch Result(catching: { () throws(QueryError) in try parser.parse(words) }) {
        case .success(let query): parsed = query
        // A cycle is said of the view being saved, whichever view the parser met twice.
        case .failure(.viewCycle): throw QueryError.wouldNameItself(name.trimmingWhitespace())
        case .failure(let error): throw error
        }
        // Its tags and lists are looked up now, as a listing would: a name no tag has is refused
        // here, with the closest names, not each time the view is used.
        _ = try await resolve(parsed)
        return try await saveView(name: name, words: words)
    }

    /// Removes the view `name`.
    /// - Throws: `SavedViewError.notFound`, `StoreError`.
    package func remove(view name: String) async throws -> SavedView {
        try await deleteView(named: name)
    }

    private func parser() async throws -> QueryParser {
        QueryParser(now: environment.now(), timeZone: environment.timeZone, savedViews: try await listViews())
    }

    private func resolve(_ parsed: ParsedQuery) async throws -> ReminderFilter {
        var conditions: [ReminderFilter.Condition] = []
        var tags: [Tag]?
        for term in parsed.terms {
            switch term {
            case .condition(let condition):
                conditions.append(condition)
            // A name that is no tag's (or list's) is refused with the closest names, turned around
            // too: rm and done take queries, and -tag:Home in a view saved before Home was renamed
            // would otherwise select everything. In a saved view, the refusal names the view.
            case .tag(let name, let negated, let view):
                if tags == nil { tags = try await listTags() }
                let known = tags ?? []
                guard let tag = TagRules.tag(named: name, in: known) else {
                    let error = TagError.noSuchName(name, closest: Suggestions.closest(to: name, among: known.map(\.name)))
                    throw view.map { QueryError.inView($0, message: error.message) as any Error } ?? error
                }
                conditions.append(negated ? .not(.tagged([tag.id])) : .tagged([tag.id]))
            case .list(let name, let negated, let view):
                let list: ReminderFilter.ListChoice
                do {
                    list = try await lists.find(named: name).choice
                } catch let error as ListError {
                    throw view.map { QueryError.inView($0, message: error.message) as any Error } ?? error
                }
                conditions.append(negated ? .not(.inList([list])) : .inList([list]))
            }
        }
        return ReminderFilter(conditions)
    }
}
