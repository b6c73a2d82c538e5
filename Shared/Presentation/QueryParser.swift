import Domain
import Foundation

/// Reads the query language every command shares (`list`, `search`, `export`, batch `done` and
/// `rm`, `watch --exec`): words, each a filter (`due:today`, `due<+7d`, `tag:Work`, `done:yes`),
/// a view (`today`, `overdue`, `week`, `undated`, `done`, or one saved with `view save`), or text
/// to look for; `-` before one negates it. Every term must hold. `QueryLanguage.help` documents it.
package struct QueryParser: Sendable {
    /// The built-in views, in the order `help query` lists them.
    package static let viewNames = SavedView.builtInNames
    /// The filters' names, as typed before `:`.
    package static let keys = ["due", "due.before", "due.after", "tag", "list", "pri", "priority", "done", "status", "text"]

    private let today: LocalDate
    private let now: Date
    private let timeZone: TimeZone
    private let savedViews: [String: [String]]

    /// A parser reading days from the user's `today` and `now` in `timeZone`; `savedViews` are the
    /// saved views' words by name (any case).
    package init(now: Date, timeZone: TimeZone, savedViews: [SavedView] = []) {
        self.now = now
        self.timeZone = timeZone
        today = LocalDate(containing: now, in: timeZone)
        self.savedViews = Dictionary(savedViews.map { ($0.name.lowercased(), $0.words) }, uniquingKeysWith: { first, _ in first })
    }

    /// The query `words` say.
    /// - Throws: `QueryError` for a term that cannot be read.
    package func parse(_ words: [String]) throws(QueryError) -> ParsedQuery {
        var visiting: [String] = []
        return ParsedQuery(try terms(words, visiting: &visiting))
    }

    private func terms(_ words: [String], visiting: inout [String]) throws(QueryError) -> [ParsedQuery.Term] {
        var terms: [ParsedQuery.Term] = []
        for word in words where !word.trimmingWhitespace().isEmpty {
            terms += try self.terms(word.trimmingWhitespace(), visiting: &visiting)
        }
        return terms
    }

    private func terms(_ word: String, visiting: inout [String]) throws(QueryError) -> [ParsedQuery.Term] {
        // `+Work` is `tag:Work`, as in Taskwarrior and `add`'s words (`InlineFields`).
        if word.count > 1, word.first == "+", let second = word.dropFirst().first, second.isLetter {
            return try terms("tag:" + word.dropFirst(), visiting: &visiting)
        }
        let negated = word.hasPrefix("-") && word.count > 1
        let body = negated ? String(word.dropFirst()) : word
        if negated, body.count <= 2, body.allSatisfy({ $0.isASCII && $0.isLetter }) { throw .optionLike(word) }
        if let filter = try filter(body, negated: negated) { return filter }
        let lowered = body.lowercased()
        if let view = view(lowered) {
            guard !negated else { throw .negatedView(body) }
            return view
        }
        if let saved = savedViews[lowered] {
            guard !negated else { throw .negatedView(body) }
            guard !visiting.contains(lowered) else { throw .viewCycle(body) }
            visiting.append(lowered)
            defer { visiting.removeLast() }
            do {
                return try terms(saved, visiting: &visiting).map { $0.said(inView: body) }
            } catch .optionLike(let word) {
                // A view saved before such words were refused says which view holds one.
                throw .inView(body, message: QueryError.optionLike(word).message)
            }
        }
        return [condition(.text(body), negated)]
    }

    /// A built-in view's terms.
    private func view(_ name: String) -> [ParsedQuery.Term]? {
        let open = ReminderFilter.Condition.status([.todo, .inProgress])
        switch name {
        case "today": return [.condition(dayRange(from: today, to: today)), .condition(open)]
        case "overdue": return [.condition(overdue)]
        case "week": return [.condition(dayRange(from: today, to: today.adding(days: 6))), .condition(open)]
        case "undated": return [.condition(.undated), .condition(open)]
        case "done": return [.condition(.status([.done, .cancelled]))]
        default: return nil
        }
    }

    /// `key:value`, `key<value` …; `nil` when `word` is not a filter (text, a view).
    private func filter(_ word: String, negated: Bool) throws(QueryError) -> [ParsedQuery.Term]? {
        guard let (key, comparison, value) = Self.split(word) else { return nil }
        guard Self.keys.contains(key) else {
            throw .unknownKey(key, suggestion: Suggestions.phrase(for: key + ":", among: Self.keys.map { $0 + ":" }))
        }
        if key != "due" && comparison != ":" {
            throw .badValue(key: key, value: word, takes: "\(key):VALUE (only due compares with < > <= >=)")
        }
        switch key {
        case "due", "due.before", "due.after":
            let comparison = key == "due.before" ? "<" : key == "due.after" ? ">" : comparison
            return [condition(try due(comparison, value, typed: word), negated)]
        case "tag":
            guard !value.isEmpty else { throw .badValue(key: "tag:", value: word, takes: "a tag's name (tag:Work)") }
            return [.tag(value, negated: negated)]
        case "list":
            guard !value.isEmpty else { throw .badValue(key: "list:", value: word, takes: "a list's name (list:Home)") }
            return [.list(value, negated: negated)]
        case "pri", "priority":
            var levels = Set<Priority>()
            for part in value.split(separator: ",") {
                guard let level = Priority(text: String(part)) else { levels = []; break }
                levels.insert(level)
            }
            guard !levels.isEmpty else {
                throw .badValue(key: "\(key):", value: value, takes: "high, medium, low or none (several by commas: pri:high,medium)")
            }
            return [condition(.priority(levels), negated)]
        case "done":
            switch value.lowercased() {
            case "yes", "y", "true", "1": return [condition(.status([.done, .cancelled]), negated)]
            case "no", "n", "false", "0": return [condition(.status([.todo, .inProgress]), negated)]
            default: throw .badValue(key: "done:", value: value, takes: "yes or no")
            }
        case "status":
            var statuses = Set<ReminderFilter.Status>()
            for part in value.lowercased().split(separator: ",") {
                switch part {
                case "todo", "to-do", "open": statuses.insert(.todo)
                case "in-progress", "inprogress", "progress", "started": statuses.insert(.inProgress)
                case "done", "completed": statuses.insert(.done)
                case "cancelled", "canceled": statuses.insert(.cancelled)
                default: throw .badValue(key: "status:", value: value, takes: "todo, in-progress, done or cancelled (several by commas)")
                }
            }
            guard !statuses.isEmpty else { throw .badValue(key: "status:", value: value, takes: "todo, in-progress, done or cancelled (several by commas)") }
            return [condition(.status(statuses), negated)]
        default:  // text
            guard !value.isEmpty else { throw .badValue(key: "text:", value: word, takes: "the words to look for (text:today)") }
            return [condition(.text(value), negated)]
        }
    }

    /// `due:`'s condition: a day or a range of days, a comparison with a day (or `now`), or a word.
    private func due(_ comparison: String, _ value: String, typed: String) throws(QueryError) -> ReminderFilter.Condition {
        let word = value.lowercased()
        let takes = "today, tomorrow, yesterday, a weekday (fri), a date (2026-12-01, 5 dec, eom), +7d, -2w, +1m, week, overdue, none or any"
        if comparison == ":" {
            switch word {
            case "none": return .undated
            case "any": return .not(.undated)
            case "overdue": return overdue
            case "week": return dayRange(from: today, to: today.adding(days: 6))
            default: break
            }
            if let range = word.range(of: "..") {
                let (start, end) = (String(word[..<range.lowerBound]), String(word[range.upperBound...]))
                for part in [start, end] { if let missing = TypedInput.missingDay(part) { throw .noSuchDay(key: "due:", sentence: missing) } }
                guard let first = day(start), let last = day(end) else {
                    throw .badValue(key: "due:", value: value, takes: "two days in order (due:today..+7d)")
                }
                guard first <= last else {
                    // Said as days: `mon..fri` on a Saturday is Monday 30 November to Friday 27 November.
                    let said = { (day: LocalDate) in CardTimeFormatter(today: self.today, timeZone: self.timeZone).string(forDay: day) }
                    throw .badValue(key: "due:", value: value, takes: "two days in order (due:today..+7d; \(start) is \(said(first)), "
                        + "after \(end), \(said(last)))")
                }
                return dayRange(from: first, to: last)
            }
            if let missing = TypedInput.missingDay(word) { throw .noSuchDay(key: "due:", sentence: missing) }
            guard let day = day(word) else { throw .badValue(key: "due:", value: value, takes: takes) }
            return dayRange(from: day, to: day)
        }
        let name = comparison == "<" ? "due<" : comparison == ">" ? "due>" : "due\(comparison)"
        if word == "now" {
            return comparison.hasPrefix("<") ? .due(from: nil, before: now) : .due(from: now, before: nil)
        }
        if let missing = TypedInput.missingDay(word) { throw .noSuchDay(key: name, sentence: missing) }
        guard let day = day(word) else {
            throw .badValue(key: name, value: value, takes: "today, tomorrow, a weekday (fri), a date (2026-12-01, 5 dec, eom), +7d, -2w, +1m or now")
        }
        switch comparison {
        case "<": return .dueDays(from: nil, before: start(of: day))
        case "<=": return .dueDays(from: nil, before: start(of: day.adding(days: 1)))
        case ">": return .dueDays(from: start(of: day.adding(days: 1)), before: nil)
        default: return .dueDays(from: start(of: day), before: nil)
        }
    }

    /// A day as typed: `+7d`, `-2w`, `+1m`, `+1y`, or as `add --date` reads one (the next such day).
    private func day(_ text: String) -> LocalDate? {
        if let match = text.wholeMatch(of: /([+-]?)([0-9]{1,4})([dwmy])/) {
            let count = Int(match.output.2) ?? 0
            let ago = match.output.1 == "-"
            let (number, unit) = switch match.output.3 {
            case "d": (count, "days")
            case "w": (count, "weeks")
            case "m": (count, "months")
            default: (count * 12, "months")
            }
            return TypedInput.date(ago ? "\(number) \(unit) ago" : "in \(number) \(unit)", today: today)
        }
        return TypedInput.date(text, today: today)
    }

    private var overdue: ReminderFilter.Condition { .overdue(now: now) }

    private func dayRange(from first: LocalDate, to last: LocalDate) -> ReminderFilter.Condition {
        .dueDays(from: start(of: first), before: start(of: last.adding(days: 1)))
    }

    private func start(of day: LocalDate) -> ReminderFilter.DayStart {
        ReminderFilter.DayStart(day: day, instant: day.interval(in: timeZone).lowerBound)
    }

    private func condition(_ condition: ReminderFilter.Condition, _ negated: Bool) -> ParsedQuery.Term {
        .condition(negated ? .not(condition) : condition)
    }

    /// `due<=+7d` → ("due", "<=", "+7d"): a key of letters (and dots), then `:`, `<`, `>`, `<=` or `>=`.
    /// A value in quotes is the text between them (`tag:"Word games"`): the prompt takes the
    /// quotes off its words, a shell does not when the whole filter is quoted as one word.
    private static func split(_ word: String) -> (key: String, comparison: String, value: String)? {
        // Scanned, not matched with a regular expression: compiling one cost every command with
        // a query half a millisecond.
        let isKeyLetter = { (character: Character) in character.isASCII && character.isLetter }
        guard let first = word.first, isKeyLetter(first) else { return nil }
        var index = word.index(after: word.startIndex)
        while index < word.endIndex, isKeyLetter(word[index]) || word[index] == "." { index = word.index(after: index) }
        let key = word[..<index]
        guard index < word.endIndex, let sign = word[index].asciiValue, "<>:".utf8.contains(sign) else { return nil }
        var end = word.index(after: index)
        if sign != UInt8(ascii: ":"), end < word.endIndex, word[end] == "=" { end = word.index(after: end) }
        let comparison = String(word[index..<end])
        // A value is one line, as a word is.
        guard !word[end...].contains(where: \.isNewline) else { return nil }
        var value = String(word[end...]).trimmingWhitespace()
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            value = String(value.dropFirst().dropLast()).trimmingWhitespace()
        }
        return (key.lowercased(), comparison, value)
    }
}
