import Foundation

/// Why a typed reference (a listed number or an id prefix) named no single reminder.
package enum ReminderReferenceError: Error, Hashable, Sendable {
    /// The number is not in the last listing, which had `listed` reminders.
    case noSuchNumber(Int, listed: Int)
    /// The reminder the number named in the last listing was deleted since.
    case deletedSinceListing(Int)
    /// A range of numbers that is not low-high with 1 ≤ low ≤ high.
    case badRange(String)
    /// No reference was given.
    case noneGiven
    /// A range of numbers given to a command that takes one reminder.
    case rangeForOne(String)
    /// Too short, or not hex, to be an id prefix.
    case notAReference(String)
    /// No reminder id starts with the prefix.
    case noMatch(String)
    /// More than one reminder id starts with the prefix.
    case ambiguous(String)
    /// No reminder matches the words.
    case noneMatches(String)
    /// Several reminders match the words, `count` of them, the first few named.
    case severalMatch(String, count: Int, names: [String])

    /// The sentence the user reads.
    package var message: String {
        switch self {
        case .noSuchNumber(let number, let listed) where listed == 0:
            "There is no reminder \(number): the list is empty."
        case .noSuchNumber(let number, let listed):
            "There is no reminder \(number) in the list (1–\(listed)); run `list` to see the numbers."
        case .deletedSinceListing(let number):
            "Reminder \(number) of the last list was deleted; list again."
        case .badRange(let text):
            "\"\(VisibleText.escaped(text))\" is not a range of numbers; write it low-high, as 5-7."
        case .noneGiven:
            "Name a reminder: its number from `list` or at least 4 characters of its id."
        case .rangeForOne(let text):
            "\"\(VisibleText.escaped(text))\" names several reminders, and this takes one; give one number from `list`."
        case .notAReference(let text):
            "\"\(VisibleText.escaped(text))\" is not a reminder: give its number from `list` or at least 4 characters of its id."
        case .noMatch(let prefix): "No reminder id starts with \(VisibleText.escaped(prefix))."
        case .ambiguous(let prefix): "More than one reminder id starts with \(VisibleText.escaped(prefix)); type more of it."
        case .noneMatches(let words): "No reminder matches \(VisibleText.escaped(words)); give its number from `list`, or other words."
        case .severalMatch(let words, let count, let names):
            "\(count) reminders match \(VisibleText.escaped(words)): \(names.joined(separator: ", "))\(count > names.count ? ", …" : ""); "
                + "give more words, or its number from `search \(VisibleText.escaped(words))`."
        }
    }
}
