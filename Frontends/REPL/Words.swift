/// Splits a REPL line into words as a shell would: white space separates, "double" and 'single'
/// quotes group, a backslash escapes the next character.
enum Words {
    /// Why a line could not be split.
    struct Unterminated: Error {
        /// The sentence shown.
        let message = "A quote is not closed; close it or escape it with a backslash."
    }

    /// The words of `line`.
    static func split(_ line: String) throws(Unterminated) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil || escaped { throw Unterminated() }
        if inWord { words.append(current) }
        return words
    }
}
