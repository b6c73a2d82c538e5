import Domain

/// A query that cannot be used as typed, said in one sentence that says what to type instead.
package enum QueryError: Error, Equatable, UserFacingError {
    /// `prio:high`: no filter has that name.
    case unknownKey(String, suggestion: String)
    /// A filter given a value it does not take (`due:soon`), with what it takes.
    case badValue(key: String, value: String, takes: String)
    /// A date that names no day of the calendar (`due:2026-02-30`), with the sentence saying so.
    case noSuchDay(key: String, sentence: String)
    /// A saved view that names itself, through others or directly.
    case viewCycle(String)
    /// A view that would name itself if saved with the words given (refused, not saved).
    case wouldNameItself(String)
    /// `-today`: a view turned around.
    case negatedView(String)
    /// A saved view's words that cannot be used now (a tag renamed since), with why.
    case inView(String, message: String)
    /// `-f`, `-rf`: a slip for an option (no command has one by that name), not a word turned
    /// around: as one, it would select nearly everything, and `rm` and `done` act on what is selected.
    case optionLike(String)

    /// Whether it is how the words were typed (a usage error, exit status 2), not a saved view's
    /// names that are no more (refused, status 1, as a name typed that is no tag's).
    package var isUsage: Bool {
        switch self {
        case .inView, .wouldNameItself: false
        default: true
        }
    }

    package var message: String {
        switch self {
        case .unknownKey(let key, let suggestion):
            "There is no filter \"\(VisibleText.escaped(key)):\"\(suggestion.isEmpty ? ";" : suggestion) `help query` lists the filters "
                + "(text:WORD looks for a word with a colon)."
        case .badValue(let key, let value, let takes):
            "\(key) takes \(takes), not \"\(VisibleText.escaped(value))\"; `help query` says more."
        case .negatedView(let name):
            "A view cannot be turned around (-\(VisibleText.escaped(name))); negate its filters one by one, e.g. -due:today."
        case .inView(let name, let message):
            "The view \"\(VisibleText.escaped(name))\": \(message) `view save \(VisibleText.escaped(name)) …` saves it again."
        case .viewCycle(let name):
            "The view \"\(VisibleText.escaped(name))\" names itself (through the views it uses); save it again with a query of its own."
        case .noSuchDay(let key, let sentence):
            "\(key) \(VisibleText.escaped(sentence))"
        case .wouldNameItself(let name):
            "Not saved: the view \"\(VisibleText.escaped(name))\" would use itself through the views its query names; "
                + "give it a query that does not name it (`view list` shows what each view says)."
        case .optionLike(let word):
            "Unknown option '\(VisibleText.escaped(word))'; to leave out reminders with a word that starts with "
                + "\"\(VisibleText.escaped(String(word.dropFirst())))\", write -text:\(VisibleText.escaped(String(word.dropFirst())))."
        }
    }
}
