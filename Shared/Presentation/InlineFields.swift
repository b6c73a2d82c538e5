import Foundation

/// Fields typed among a reminder's words, as Taskwarrior users type them: `add Call the dentist
/// due:fri at:10:30 +Health`. The one place they are read, for `add` and `edit`, from the shell and
/// at the prompt. A word is a field only when it is a word of its own (a title quoted as one
/// argument keeps `due:` and `+` in it) and begins with a known key:
///
/// | word | field |
/// | --- | --- |
/// | `due:fri`, `due:2027-01-05`, `date:tomorrow` | the day (as `--date` reads it) |
/// | `at:17:30`, `time:5pm` | the time |
/// | `+Health`, `tag:Health` | a tag that exists (a `+` before a digit is part of the title: `+44 20 …`) |
/// | `-Health` | with `edit`, the tag taken off |
/// | `list:Home` | the list |
/// | `pri:high`, `priority:h`, `pri:!!` | the priority |
/// | `repeat:weekly`, `rep:daily`, `recur:weekly`, `"repeat:every 3 days"` | the repeat |
/// | `alarm:-15m` | an alarm (several words for several) |
package struct InlineFields: Equatable, Sendable {
    package var date: String?
    package var time: String?
    package var list: String?
    package var priority: String?
    package var repeatPhrase: String?
    package var tags: [String] = []
    package var alarms: [String] = []
    /// The words that are not fields, in order: the title's.
    package var words: [String] = []
    /// How each field given was typed, by the option that fills it: `--priority` → `pri` (a value
    /// that cannot be read is refused naming what was typed).
    package var typedKeys: [String: String] = [:]

    /// Whether any field was typed.
    package var hasFields: Bool {
        date != nil || time != nil || list != nil || priority != nil || repeatPhrase != nil || !tags.isEmpty || !alarms.isEmpty
    }

    /// A field typed twice, or with nothing after its key.
    package struct Problem: Error, Equatable, Sendable {
        package let message: String
    }

    /// The keys, each with the field it fills and how the option that fills it is written (constant:
    /// key paths are not `Sendable`).
    private nonisolated(unsafe) static let keys: [(names: [String], field: WritableKeyPath<InlineFields, String?>, option: String)] = [
        (["due", "date"], \.date, "--date"), (["at", "time"], \.time, "--time"), (["list"], \.list, "--list"),
        (["pri", "priority"], \.priority, "--priority"), (["repeat", "rep", "recur"], \.repeatPhrase, "--repeat"),
    ]

    /// `words` read: each field word's value, the other words kept as the title's; `-Name` takes a
    /// tag off only `whenEditing` (a new reminder's title may begin with a dash).
    package static func read(_ words: [String], whenEditing: Bool = false) -> Result<InlineFields, Problem> {
        var fields = InlineFields()
        for word in words {
            if word.count > 1, word.first == "+" || (whenEditing && word.first == "-"), let second = word.dropFirst().first, second.isLetter,
               !word.contains(where: \.isWhitespace) {
                // `--tag`'s words: `+Name` puts it on, `-Name` takes it off.
                fields.tags.append(word)
                continue
            }
            guard let colon = word.firstIndex(of: ":") else {
                fields.words.append(word)
                continue
            }
            let key = word[..<colon].lowercased(), value = String(word[word.index(after: colon)...])
            if key == "tag" || key == "alarm" {
                guard !value.trimmingWhitespace().isEmpty else { return .failure(empty(key, example: key == "tag" ? "tag:Work" : "alarm:-15m")) }
                if key == "tag" { fields.tags.append(value) } else { fields.alarms.append(value) }
                continue
            }
            guard let entry = keys.first(where: { $0.names.contains(key) }) else {
                fields.words.append(word)
                continue
            }
            guard !value.trimmingWhitespace().isEmpty else { return .failure(empty(key, example: "\(key):\(example(entry.option))")) }
            guard fields[keyPath: entry.field] == nil else {
                return .failure(Problem(message: "\(key): is given twice; give it once (\(key):\(example(entry.option)))."))
            }
            fields[keyPath: entry.field] = value
            fields.typedKeys[entry.option] = key
        }
        return .success(fields)
    }

    /// The sentence for a field given both as a word and as `option`.
    package static func twice(_ word: String, _ option: String) -> Problem {
        Problem(message: "\(word): and \(option) both give the \(option.dropFirst(2)); give one of them.")
    }

    private static func empty(_ key: String, example: String) -> Problem {
        Problem(message: "\(key): has nothing after it; write the value right after the colon, as in \(example).")
    }

    private static func example(_ option: String) -> String {
        switch option {
        case "--date": "fri"
        case "--time": "17:30"
        case "--list": "Home"
        case "--priority": "high"
        default: "weekly"
        }
    }
}
