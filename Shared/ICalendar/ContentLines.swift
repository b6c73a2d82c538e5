import Foundation

/// RFC 5545 §3.1 content lines: folding, TEXT escaping, and reading them back.
package enum ContentLines {
    /// `line` folded at 75 octets (never inside a UTF-8 sequence), each part ended by CRLF;
    /// continuation parts start with one space.
    package static func folded(_ line: String) -> String {
        var result = ""
        var current = ""
        var octets = 0
        var limit = 75
        for character in line.unicodeScalars {
            let size = String(character).utf8.count
            if octets + size > limit {
                result += current + "\r\n "
                current = ""
                octets = 0
                limit = 74  // after the leading space
            }
            current.unicodeScalars.append(character)
            octets += size
        }
        return result + current + "\r\n"
    }

    /// A TEXT value (§3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`.
    package static func escaped(_ text: String) -> String {
        var result = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCR { result += "\\n" }
            default: result.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return result
    }

    /// A TEXT value read back: `\n`/`\N` a line break, `\\` `\;` `\,` the character; a
    /// backslash before anything else is kept (other tools write `\:` and the like).
    package static func unescaped(_ text: Substring) -> String {
        var result = String.UnicodeScalarView()
        var escaping = false
        // By Unicode scalar: a combining mark after a backslash or a comma is text of its own.
        for scalar in text.unicodeScalars {
            if escaping {
                switch scalar {
                case "n", "N": result.append("\n")
                case "\\", ";", ",": result.append(scalar)
                default: result.append(contentsOf: ["\\", scalar])
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                result.append(scalar)
            }
        }
        if escaping { result.append("\\") }
        return String(result)
    }

    /// A TEXT list (CATEGORIES) split on the commas that are not escaped, each unescaped.
    package static func list(_ value: String) -> [String] {
        let scalars = value.unicodeScalars
        var parts: [String] = []
        var start = scalars.startIndex
        var escaping = false
        for index in scalars.indices {
            if escaping {
                escaping = false
            } else if scalars[index] == "\\" {
                escaping = true
            } else if scalars[index] == "," {
                parts.append(unescaped(Substring(scalars[start..<index])))
                start = scalars.index(after: index)
            }
        }
        parts.append(unescaped(Substring(scalars[start...])))
        return parts
    }

    /// One unfolded content line: its name (upper-cased), parameters (names upper-cased, values
    /// unquoted) and raw value, with the physical line it started on.
    package struct Line: Sendable {
        package var name: String
        package var parameters: [String: String]
        package var value: String
        package var number: Int
    }

    /// Why a file is not iCalendar at all.
    package struct SyntaxError: Error, Equatable, Sendable {
        package var line: Int
        package var message: String

        package init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// The unfolded content lines of `text` (CRLF or LF line ends; a line starting with a space
    /// or a tab continues the one before); blank lines are skipped.
    package static func parse(_ text: String) throws(SyntaxError) -> [Line] {
        var logical: [(text: String, number: Int)] = []
        var number = 0
        // "\r\n" is one Character in Swift: split on it as well as on "\n".
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            var physical = raw
            if physical.hasSuffix("\r") { physical = physical.dropLast() }
            // By Unicode scalar: a continuation may begin with a combining mark, which Swift
            // counts in one Character with the space before it.
            if let first = physical.unicodeScalars.first, first == " " || first == "\t", !logical.isEmpty {
                logical[logical.count - 1].text.unicodeScalars.append(contentsOf: physical.unicodeScalars.dropFirst())
            } else if !physical.isEmpty {
                logical.append((String(physical), number))
            }
        }
        var lines: [Line] = []
        lines.reserveCapacity(logical.count)
        for (text, number) in logical {
            lines.append(try line(text, number: number))
        }
        return lines
    }

    /// `name *(";" param) ":" value`, where a quoted parameter value may hold `;`, `:` and `,`.
    private static func line(_ line: String, number: Int) throws(SyntaxError) -> Line {
        // By Unicode scalar: a value may begin with a combining mark, which Swift counts in one
        // Character with the ":" before it.
        let text = line.unicodeScalars
        var index = text.startIndex
        func readName() -> String {
            let start = index
            while index < text.endIndex, text[index] != ";", text[index] != ":", text[index] != "=" {
                index = text.index(after: index)
            }
            return String(Substring(text[start..<index]))
        }
        let name = readName().uppercased()
        let isName = !name.isEmpty && name.unicodeScalars.allSatisfy { $0 == "-" || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        guard isName else {
            throw SyntaxError(line: number, message: "\"\(line.prefix(40))\" is not a property line (NAME:value)")
        }
        var parameters: [String: String] = [:]
        while index < text.endIndex, text[index] == ";" {
            index = text.index(after: index)
            let parameter = readName().uppercased()
            guard index < text.endIndex, text[index] == "=" else {
                throw SyntaxError(line: number, message: "parameter \(parameter) of \(name) has no value")
            }
            index = text.index(after: index)
            var value = String.UnicodeScalarView()
            while index < text.endIndex, text[index] != ";", text[index] != ":" {
                if text[index] == "\"" {
                    guard let close = text[text.index(after: index)...].firstIndex(of: "\"") else {
                        throw SyntaxError(line: number, message: "an unclosed quote in parameter \(parameter) of \(name)")
                    }
                    value.append(contentsOf: text[text.index(after: index)..<close])
                    index = text.index(after: close)
                } else {
                    value.append(text[index])
                    index = text.index(after: index)
                }
            }
            parameters[parameter] = String(value)
        }
        guard index < text.endIndex, text[index] == ":" else {
            throw SyntaxError(line: number, message: "\(name) has no \":\" before its value")
        }
        return Line(name: name, parameters: parameters, value: String(Substring(text[text.index(after: index)...])), number: number)
    }
}
