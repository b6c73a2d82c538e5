import Foundation
import ICalendar
import Testing
import TestSupport

/// RFC 5545 §3.1 (folding) and §3.3.11 (TEXT escaping).
struct ContentLinesTests {
    @Test func longLinesFoldAt75OctetsWithoutSplittingACharacter() throws {
        let line = "SUMMARY:" + String(repeating: "é", count: 60) + String(repeating: "x", count: 40)
        let folded = ContentLines.folded(line)
        let parts = folded.components(separatedBy: "\r\n").dropLast()
        #expect(parts.count == 3)
        for part in parts { #expect(part.utf8.count <= 75) }
        #expect(parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        // "SUMMARY:" is 8 octets, each é 2: the first part stops before an é would cross 75.
        #expect(parts.first?.utf8.count == 74)
        #expect(try ContentLines.parse(folded).map(\.value) == [String(line.dropFirst(8))])
    }

    /// A fold may fall between a letter and its combining mark (only a character's octets must
    /// stay together): the continuation then begins with the mark, which Swift counts in one
    /// Character with the space before it. Such a line, and a value, a parameter or a list
    /// item that begins with a mark, read back whole.
    @Test func aContinuationOrAValueMayBeginWithACombiningMark() throws {
        // "SUMMARY:" and 66 x are 74 octets, the e the 75th: the accent starts the continuation.
        let title = String(repeating: "x", count: 66) + "e\u{301}co"
        let folded = ContentLines.folded("SUMMARY:" + title)
        #expect(Array(folded.unicodeScalars.split(separator: "\n")[1].prefix(2)) == [" ", "\u{301}"])
        #expect(try ContentLines.parse(folded).map(\.value) == [title])

        let lines = try ContentLines.parse("DESCRIPTION:\u{301}note\r\nX-A;X-P=\u{301}p:v\r\nCATEGORIES:Home,\u{301}a,b\\\\\u{301}\r\n")
        #expect(lines.map(\.name) == ["DESCRIPTION", "X-A", "CATEGORIES"])
        #expect(lines[0].value == "\u{301}note")
        #expect(lines[1].parameters == ["X-P": "\u{301}p"])
        #expect(ContentLines.list(lines[2].value) == ["Home", "\u{301}a", "b\\\u{301}"])
    }

    /// A file read piece by piece (here a byte at a time) gives the lines the whole text gives:
    /// a byte order mark dropped, CRLF and LF, folds across pieces, a fold some writers make in
    /// the middle of a character (its bytes are joined first), no line end at the end; a line
    /// that is not UTF-8 is refused with its number.
    @Test func aFileReadInPiecesGivesTheLinesOfTheWholeText() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("BEGIN:VCALENDAR\r\nSUMMARY:caf".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9]
            + Array(" au lait\n\r\nDESCRIPTION:a\r\n\tb\nEND:VCALENDAR".utf8)
        var position = 0
        var reader = ContentLines.Reader {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return Data([bytes[position]])
        }
        var lines: [ContentLines.Line] = []
        while let line = try reader.next() { lines.append(line) }
        #expect(lines.map(\.name) == ["BEGIN", "SUMMARY", "DESCRIPTION", "END"])
        #expect(lines.map(\.value) == ["VCALENDAR", "café au lait", "ab", "VCALENDAR"])
        #expect(lines.map(\.number) == [1, 2, 5, 7])

        var broken = ContentLines.Reader(whole: Data(Array("A:1\r\nB:".utf8) + [0xFF] + Array("\r\n".utf8)))
        #expect(try broken.next()?.value == "1")
        #expect(throws: ContentLines.SyntaxError(line: 2, message: "is not UTF-8 text, as RFC 5545 requires (save the file as UTF-8)")) { try broken.next() }
    }

    @Test func shortLinesAreLeftWhole() {
        #expect(ContentLines.folded("UID:1") == "UID:1\r\n")
        let exactly75 = "X-A:" + String(repeating: "a", count: 71)
        #expect(ContentLines.folded(exactly75) == exactly75 + "\r\n")
    }

    @Test func textEscapesRoundTrip() {
        let text = "a, b; c \\ d\ne\r\nf"
        #expect(ContentLines.escaped(text) == "a\\, b\\; c \\\\ d\\ne\\nf")
        #expect(ContentLines.unescaped(ContentLines.escaped(text)[...]) == "a, b; c \\ d\ne\nf")
        // Other tools write \N, and \: (which RFC 5545 does not define: kept as written).
        #expect(ContentLines.unescaped("x\\Ny\\:z"[...]) == "x\ny\\:z")
        #expect(ContentLines.list("Home,a\\,b, Work") == ["Home", "a,b", " Work"])
    }

    /// Controls TEXT cannot hold are written as Memoss shows them (C0 but tab, DEL, C1), CR, LF
    /// and CRLF as one `\n`; other characters that share the C1 controls' first byte (`£`, a
    /// no-break space) are kept.
    @Test func controlsAreShownAndTheirNeighboursKept() {
        #expect(ContentLines.escaped("a\u{1B}b\u{7F}c\u{85}d£\u{A0}e\tf\rg\r\nh\n") == "a\\\\u{1B}b\\\\u{7F}c\\\\u{85}d£\u{A0}e\tf\\ng\\nh\\n")
    }

    /// Escaping and folding, written byte by byte for speed, give what a plain walk over the
    /// characters gives (the rule as RFC 5545 words it), on random text of every kind of
    /// character they treat apart.
    @Test func escapingAndFoldingAgreeWithAPlainWalkOverTheCharacters() {
        func plainEscaped(_ text: String) -> String {
            var result = "", previousWasCR = false
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x5C: result += "\\\\"
                case 0x3B: result += "\\;"
                case 0x2C: result += "\\,"
                case 0x0D: result += "\\n"
                case 0x0A: if !previousWasCR { result += "\\n" }
                case 0x09: result += "\t"
                case 0x00...0x1F, 0x7F...0x9F: result += "\\\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                default: result.unicodeScalars.append(scalar)
                }
                previousWasCR = scalar == "\r"
            }
            return result
        }
        func plainFolded(_ line: String) -> String {
            var parts: [String] = [], current = "", octets = 0, limit = 75
            for scalar in line.unicodeScalars {
                let size = String(scalar).utf8.count
                if octets + size > limit {
                    parts.append(current)
                    (current, octets, limit) = (" ", 0, 74)
                }
                current.unicodeScalars.append(scalar)
                octets += size
            }
            return (parts + [current]).map { $0 + "\r\n" }.joined()
        }
        let alphabet: [Unicode.Scalar] = ["a", "Z", " ", ",", ";", "\\", "\r", "\n", "\t", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}",
                                          "\u{A0}", "£", "é", "日", "🎉", "\u{301}"]
        var random = SeededGenerator(seed: 42)
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<120, using: &random) { text.append(alphabet.randomElement(using: &random)!) }
            let value = String(text)
            #expect(ContentLines.escaped(value) == plainEscaped(value), "\(value.debugDescription)")
            let line = "SUMMARY:" + ContentLines.escaped(value)
            #expect(ContentLines.folded(line) == plainFolded(line), "\(value.debugDescription)")
        }
    }

    @Test func parametersMayBeQuotedAndLinesMayEndWithLFOnly() throws {
        let lines = try ContentLines.parse("DTSTART;TZID=\"Europe/Berlin\";X-A=\"a;b:c\":20260101T090000\nsummary:hi\n\tthere\n")
        #expect(lines.map(\.name) == ["DTSTART", "SUMMARY"])
        #expect(lines[0].parameters == ["TZID": "Europe/Berlin", "X-A": "a;b:c"])
        #expect(lines[0].value == "20260101T090000")
        #expect(lines[1].value == "hithere")
        #expect(lines.map(\.number) == [1, 2])
    }

    @Test func aLineWithoutAValueIsASyntaxErrorAtItsLine() {
        #expect(throws: ContentLines.SyntaxError(line: 2, message: "\"SUMMARY hello\" is not a property line (NAME:value)")) {
            try ContentLines.parse("BEGIN:VCALENDAR\r\nSUMMARY hello\r\n")
        }
        #expect(throws: ContentLines.SyntaxError(line: 1, message: "DUE has no \":\" before its value")) {
            try ContentLines.parse("DUE;VALUE=DATE\r\n")
        }
    }
}
