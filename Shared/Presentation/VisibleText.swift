/// Makes text that came from users safe to print on a terminal.
package enum VisibleText {
    /// `text` with control characters shown as escapes (`\n`, `\t`, `\u{1B}` …), so an escape
    /// sequence in a title is seen, never executed by the terminal.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\\": result += "\\\\"
            case _ where scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format && scalar.value >= 0x202A && scalar.value <= 0x202E:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
