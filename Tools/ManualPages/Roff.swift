/// Text written for man(7): escaped so that roff prints it as it is.
package enum Roff {
    /// `text` as roff input: a backslash as `\e`, a dash as `\-` (so it is a dash you can copy, not a
    /// hyphen), a character beyond ASCII as `\[uXXXX]` (groff and mandoc print it whatever encoding
    /// they read), a line that starts with `.` or `'` behind `\&` (it would be a request); paragraphs
    /// (blank lines) as `.PP` and other line breaks as `.br`.
    package static func text(_ text: String) -> String {
        text.components(separatedBy: "\n\n").map { paragraph in
            paragraph.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }.joined(separator: "\n.br\n")
        }.joined(separator: "\n.PP\n")
    }

    /// One line of text, escaped.
    package static func line(_ line: String) -> String {
        var escaped = escape(line)
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }

    /// Text escaped for the middle of a line (see `text`).
    package static func escape(_ line: String) -> String {
        var escaped = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.value > 0x7F: escaped += "\\[u" + hex(scalar.value) + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A scalar's code in upper-case hexadecimal, at least four digits, as groff's `\[u…]` wants it.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `words` in bold.
    package static func bold(_ words: String) -> String { "\\fB\(line(words))\\fR" }

    /// `words` in italics.
    package static func italic(_ words: String) -> String { "\\fI\(line(words))\\fR" }

    /// A request's argument in double quotes (a double quote inside it as `\(dq`).
    static func quoted(_ argument: String) -> String {
        "\"" + line(argument).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }
}
