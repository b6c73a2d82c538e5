/// Makes text that came from users (or from files, the environment, a store) safe to print on a
/// terminal: the one escaping function everything that reaches a terminal goes through.
package enum VisibleText {
    /// `text` with control characters shown as escapes (`\n`, `\t`, `\u{1B}` …), so an escape
    /// sequence in a title is seen, never executed by the terminal. Also escaped: DEL and the C1
    /// controls (U+0080–U+009F, e.g. U+009B, a one-byte CSI), the line and paragraph separators
    /// U+2028/U+2029, and the bidirectional marks, embeddings, overrides and isolates
    /// (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069) that can make text read backwards.
    /// A backslash is doubled, so what is shown can be told from an escape.
    package static func escaped(_ text: String) -> String {
        render(text, doublingBackslashes: true)
    }

    /// `escaped(text)` appended to `bytes` as UTF-8: most text is told safe from its bytes and
    /// copied as it is.
    package static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        let isSafe = text.utf8.withContiguousStorageIfAvailable { utf8 in
            !utf8.contains { byte in mayBeginEscape(byte) || byte == UInt8(ascii: "\\") }
        } ?? false
        bytes.append(contentsOf: (isSafe ? text : escaped(text)).utf8)
    }

    /// `text` with the same characters escaped but backslashes left alone: for a whole message
    /// about to be printed, whose quoted parts may already be escaped (applying it twice changes
    /// nothing). `keepingLineBreaks` leaves `\n` alone, for a message of several lines (usage).
    package static func safe(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard keepingLineBreaks else { return render(text, doublingBackslashes: false) }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { render(String($0), doublingBackslashes: false) }.joined(separator: "\n")
    }

    /// Whether `scalar` must not reach a terminal raw.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether UTF-8 `byte` may begin a scalar `needsEscape` takes: a byte below 0x20, DEL, or a
    /// lead byte 0xC2 (C1 controls), 0xD8 (U+061C) or 0xE2 (the U+2xxx marks). Text without one is
    /// told safe from its bytes, without looking at its scalars.
    package static func mayBeginEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }

    private static func render(_ text: String, doublingBackslashes: Bool) -> String {
        // Most text is told safe from its bytes; text holding a byte that may begin an escape (or
        // a backslash, when doubled) is looked at by scalar.
        func mayNeedEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            bytes.contains { byte in mayBeginEscape(byte) || (doublingBackslashes && byte == UInt8(ascii: "\\")) }
        }
        guard text.utf8.withContiguousStorageIfAvailable(mayNeedEscape) ?? true,
              text.unicodeScalars.contains(where: { needsEscape($0) || (doublingBackslashes && $0 == "\\") }) else {
            return text
        }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\\" where doublingBackslashes: result += "\\\\"
            case _ where needsEscape(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
