import Foundation

/// A query kept under a name (`view save work tag:Work due<+7d`), listed with `list work`.
package struct SavedView: Hashable, Sendable {
    /// Its name, as the user typed it (unique without regard to case).
    package var name: String
    /// The query's words, as typed.
    package var words: [String]

    /// A view from its parts.
    package init(name: String, words: [String]) {
        self.name = name
        self.words = words
    }

    /// The built-in views, whose names no saved view may take.
    package static let builtInNames = ["today", "overdue", "week", "undated", "done"]

    /// The query as one line: its words by spaces, a word with spaces or quotes in double quotes
    /// (in single quotes when it holds double quotes but no single one: `'tag:"Word games"'`, as
    /// a shell takes it, not escaped twice once the line is made safe to print).
    package var queryText: String {
        words.map { word in
            guard word.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "\\" }) else { return word }
            if word.contains("\""), !word.contains("'"), !word.contains("\\") { return "'" + word + "'" }
            return "\"" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }.joined(separator: " ")
    }

    /// `name` trimmed, when it can name a view: 1 to 40 letters, digits, `-` and `_`, starting with a
    /// letter, and not a built-in view's.
    /// - Throws: `SavedViewError.badName`.
    package static func validName(_ name: String) throws(SavedViewError) -> String {
        let trimmed = name.trimmingWhitespace()
        guard (1...40).contains(trimmed.count), let first = trimmed.first, first.isLetter,
              trimmed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw .badName(trimmed)
        }
        guard !builtInNames.contains(trimmed.lowercased()) else { throw .builtIn(trimmed) }
        return trimmed
    }
}

/// Why a view could not be saved or found.
package enum SavedViewError: Error, Equatable {
    /// A name that cannot name a view.
    case badName(String)
    /// A built-in view's name.
    case builtIn(String)
    /// No view has this name; the closest names.
    case notFound(String, closest: [String])
    /// A view saved without a query.
    case emptyQuery
    /// A built-in view, which cannot be removed.
    case builtInCannotGo(String)
    /// A view other views' queries name, which cannot be removed before them.
    case usedBy(String, views: [String])

    /// The sentence the user reads.
    package var message: String {
        switch self {
        case .badName(let name):
            "\"\(VisibleText.escaped(name))\" cannot name a view: use 1 to 40 letters, digits, - and _, starting with a letter."
        case .builtIn(let name):
            "\"\(VisibleText.escaped(name))\" is a built-in view (today, overdue, week, undated, done); give yours another name."
        case .notFound(let name, let closest):
            "No view is named \"\(VisibleText.escaped(name))\""
                + (closest.isEmpty ? "" : "; did you mean " + closest.map { "\"\(VisibleText.escaped($0))\"" }.joined(separator: " or ") + "?")
                + (closest.isEmpty ? "; `view list` shows the saved views." : "")
        case .emptyQuery:
            "A view needs a query, e.g. view save work tag:Work due<+7d."
        case .builtInCannotGo(let name):
            "\"\(VisibleText.escaped(name))\" is a built-in view; it cannot be removed (`view list` shows the saved views)."
        case .usedBy(let name, let views):
            (views.count == 1 ? "The view " : "The views ") + views.map { "\"\(VisibleText.escaped($0))\"" }.joined(separator: ", ")
                + (views.count == 1 ? " uses" : " use") + " the view \"\(VisibleText.escaped(name))\"; change "
                + (views.count == 1 ? "it (view save NAME QUERY) or remove it" : "them (view save NAME QUERY) or remove them") + " first."
        }
    }
}
