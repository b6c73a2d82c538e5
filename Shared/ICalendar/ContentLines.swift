import Foundation

/// RFC 5545 §3.1 content lines: folding, TEXT escaping, and reading them back.
package enum ContentLines {
    /// `line` folded at 75 octets (never inside a UTF-8 sequence), each part ended by CRLF;
    /// continuation parts start with one space.
    package static func folded(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count > 75 else { return line + "\r\n" }
        var out: [UInt8] = []
        fold(bytes, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `line`'s bytes folded as `folded` folds them, appended to `out`.
    static func fold(_ line: [UInt8], into out: inout [UInt8]) {
        out.reserveCapacity(out.count + line.count + line.count / 74 * 3 + 2)
        var start = 0, limit = 75
        while line.count - start > limit {
            // The most octets that fit, not ending inside a UTF-8 sequence (a continuation byte
            // after the cut means the cut is inside one).
            var cut = start + limit
            while cut > start, line[cut] & 0xC0 == 0x80 { cut -= 1 }
            if cut == start { cut = start + limit }
            out.append(contentsOf: line[start..<cut])
            out.append(contentsOf: [0x0D, 0x0A, 0x20] as [UInt8])
            start = cut
            limit = 74  // after the leading space
        }
        out.append(contentsOf: line[start...])
        out.append(0x0D)
        out.append(0x0A)
    }

    /// A TEXT value (§3.3.11), escaped as `ContentLineBytes.escaped` writes it.
    package static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscaping) else { return text }
        var out = ContentLineBytes(capacity: text.utf8.count + 8)
        out.escaped(text)
        return out.text
    }

    /// Whether a TEXT value with this UTF-8 byte may have something to escape: a backslash,
    /// semicolon, comma, a control character but tab, or `0xC2`, which starts the C1 controls (and
    /// other characters, which `escaped` then keeps as they are).
    static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == 0x5C || byte == 0x3B || byte == 0x2C || (byte < 0x20 && byte != 0x09) || byte == 0x7F || byte == 0xC2
    }

    /// `text` as a TEXT value written by `escaped` reads back: each control character TEXT cannot
    /// hold replaced by its escape as Memoss shows it (`\u{1B}`). Sync compares a reminder through
    /// it, so one whose title has such a character is not seen as changed at every sync.
    package static func representable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isForbiddenControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isForbiddenControl(scalar) { result += "\\" + shown(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// A control character no TEXT value may hold: C0 but tab, CR and LF; DEL; C1.
    private static func isForbiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// `u{1B}`: the escape's text after its backslash.
    private static func shown(_ scalar: Unicode.Scalar) -> String {
        "u{\(String(scalar.value, radix: 16, uppercase: true))}"
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
        var reader = Reader(whole: Data(text.utf8))
        var lines: [Line] = []
        while let line = try reader.next() { lines.append(line) }
        return lines
    }

    /// The content lines of a file read piece by piece, unfolded as they come, so a file of any
    /// size is read in little memory: CRLF or LF line ends; a line starting with a space or a tab
    /// continues the one before (its bytes are joined before they are read as UTF-8, so a
    /// continuation may begin with a combining mark, or even in the middle of a character as some
    /// writers fold); blank lines are skipped; a UTF-8 byte order mark at the start is dropped.
    package struct Reader {
        private let read: () -> Data?
        /// Bytes read and not yet split into lines, from `start`.
        private var buffer: [UInt8] = []
        private var start = 0
        private var atEnd = false, atStart = true
        /// Physical lines split so far.
        private var number = 0
        /// The logical line being joined, and the physical line it started on.
        private var pending: [UInt8] = []
        private var pendingNumber = 0

        /// A reader of the bytes `read` gives, a piece at each call, `nil` at the end.
        package init(_ read: @escaping () -> Data?) {
            self.read = read
        }

        /// A reader of `data`, whole.
        package init(whole data: Data) {
            var given = false
            self.init {
                defer { given = true }
                return given ? nil : data
            }
        }

        /// The next content line, `nil` after the last.
        package mutating func next() throws(SyntaxError) -> Line? {
            guard let (bytes, number) = nextBytes() else { return nil }
            return try ContentLines.line(bytes, number: number)
        }

        /// The next content line's bytes (unfolded, not read yet) and its first physical line.
        package mutating func nextBytes() -> (bytes: [UInt8], number: Int)? {
            while let physical = nextPhysical() {
                if let first = physical.first, first == 0x20 || first == 0x09, pendingNumber > 0 {
                    pending.append(contentsOf: physical.dropFirst())
                } else if !physical.isEmpty {
                    defer { (pending, pendingNumber) = (Array(physical), number) }
                    if pendingNumber > 0 { return (pending, pendingNumber) }
                }
            }
            guard pendingNumber > 0 else { return nil }
            defer { (pending, pendingNumber) = ([], 0) }
            return (pending, pendingNumber)
        }

        /// The next physical line without its line end, `nil` after the last.
        private mutating func nextPhysical() -> ArraySlice<UInt8>? {
            while true {
                if let newline = buffer[start...].firstIndex(of: 0x0A) {
                    defer { start = newline + 1 }
                    number += 1
                    return buffer[start..<newline].last == 0x0D ? buffer[start..<newline - 1] : buffer[start..<newline]
                }
                if atEnd {
                    guard start < buffer.count else { return nil }
                    defer { start = buffer.count }
                    number += 1
                    return buffer[start...]
                }
                buffer.removeFirst(start)
                start = 0
                if let data = read() {
                    buffer.append(contentsOf: data)
                    if atStart, buffer.count >= 3 || data.isEmpty {
                        atStart = false
                        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { buffer.removeFirst(3) }
                    }
                } else {
                    atEnd = true
                }
            }
        }
    }

    /// A content line from its bytes; throws when they are not UTF-8 or not a property line.
    package static func line(_ bytes: [UInt8], number: Int) throws(SyntaxError) -> Line {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SyntaxError(line: number, message: "is not UTF-8 text, as RFC 5545 requires (save the file as UTF-8)")
        }
        return try line(text, number: number)
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
