import FrontSupport
import Foundation
import Shared

extension Session {
    /// The reminders the words of batch command `command` (which does `verb` to them) name: numbers and id prefixes (`done 1 3 5-7`), or a
    /// query (`done overdue tag:Shopping`) whose matches are shown and, unless `yes`, confirmed
    /// first. `openOnly` keeps a query to open reminders (what `done` can complete). Returns
    /// `nil` when the user said no (and says so); a query that matches nothing is refused.
    func chosen(_ words: [String], command: String, verb: String, openOnly: Bool, yes: Bool) async throws -> [ReminderWithTags]? {
        var references: [Bool] = []
        for word in words { references.append(try await isReference(word)) }
        guard references.contains(false) else { return try await resolve(words) }
        guard !references.contains(true) else {
            throw UsageProblem(message: "Give numbers or ids (\(command) 1 3 5-7), or a query (\(command) overdue tag:Work), not both; "
                + "text:WORD looks for a word that reads as a number or an id.")
        }
        let filter = try await filter(words)
        // Words turned around alone (`rm -rfv --yes`, a shell habit): shown and asked about.
        if yes, filter.onlyLeavesWordsOut {
            throw UsageProblem(message: "\(VisibleText.escaped(typed(words) ?? "")) only leaves words out, so it selects nearly "
                + "everything: --yes does not act on it unseen; give it without --yes to see what it selects first.")
        }
        let matches = try await matching(filter, words, openOnly: openOnly)
        let query = VisibleText.escaped(typed(words) ?? "")
        // Nothing to do to is a refusal (exit status 1, as `show` with words that match nothing).
        guard !matches.isEmpty else {
            throw Refusal(message: openOnly ? "No open reminder matches \(query); nothing changed." : "No reminder matches \(query); nothing changed.")
        }
        say(matches.count == 1 ? "1 reminder matches \(query):" : "\(matches.count) reminders match \(query):")
        for reminder in matches { say("  \(named(reminder))") }
        let count = matches.count == 1 ? "it" : "these \(matches.count)"
        guard yes || confirm("\(verb.prefix(1).uppercased() + verb.dropFirst()) \(count)? `undo` takes it back.") else {
            say("Nothing changed.")
            return nil
        }
        return matches
    }

    /// The reminders `words` name: numbers and id prefixes (`show 1 3`, `5-7`), each once, or
    /// words (a query) that match one alone (`one`).
    func several(_ words: [String]) async throws -> [ReminderWithTags] {
        var references = !words.isEmpty
        for word in words where references { references = try await isReference(word) }
        return references ? try await resolve(words) : [try await one(words)]
    }

    /// The one reminder `words` name: a number or an id prefix, or words (a query) that match it
    /// alone; several matching are refused with the first few named.
    func one(_ words: [String]) async throws -> ReminderWithTags {
        guard !words.isEmpty else { throw ReminderReferenceError.noneGiven }
        if words.count == 1, try await isReference(words[0]) { return try await resolve(words[0]) }
        let matches = try await matching(try await filter(words), words, openOnly: false)
        let query = typed(words) ?? words.joined(separator: " ")
        guard matches.count == 1, let only = matches.first else {
            throw matches.isEmpty ? ReminderReferenceError.noneMatches(query)
                : ReminderReferenceError.severalMatch(query, count: matches.count, names: matches.prefix(3).map(named))
        }
        return only
    }

    /// The reminders `filter` (the query `words`) selects (only open ones, `openOnly`), each once, in the listing's order.
    private func matching(_ filter: ReminderFilter, _ words: [String], openOnly: Bool) async throws -> [ReminderWithTags] {
        var filter = filter
        if openOnly { filter.conditions.append(.status([.todo, .inProgress])) }
        let dashboard = core.dashboardModel()
        dashboard.narrow(to: filter, typed: typed(words))
        let found = Gathered<ReminderWithTags>()
        try await dashboard.stream(openOnly ? .toDo : .everything) { line in
            if case .card(let card) = line, !card.reminder.isPastOccurrence { found.add(card.reminder) }
        }
        var seen = Set<UUID>()
        return found.all.filter { seen.insert($0.id).inserted }
    }

    /// Whether `word` reads as a listing's number, a range of them or an id prefix, and names no view.
    private func isReference(_ word: String) async throws -> Bool {
        let text = word.trimmingWhitespace()
        if text.wholeMatch(of: /[0-9]+(-[0-9]+)?/) != nil { return true }
        let hex = text.replacingOccurrences(of: "-", with: "")
        guard hex.count >= ResolveReminderUseCase.shortestPrefix, hex.count <= 32,
              hex.allSatisfy({ $0.isHexDigit && $0.isASCII }), !text.hasPrefix("-") else { return false }
        return try await !core.queryModel.isView(text)
    }
}
