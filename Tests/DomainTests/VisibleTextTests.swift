import Domain
import Foundation
import Presentation
import Testing

struct VisibleTextTests {
    @Test func controlCharactersAndEscapeSequencesAreShownNotSent() {
        #expect(VisibleText.escaped("Pay\u{1B}[2J rent\n\tnow") == "Pay\\u{1B}[2J rent\\n\\tnow")
        #expect(VisibleText.escaped("bell\u{07}") == "bell\\u{7}")
    }

    @Test func deleteC1SeparatorsAndBidiControlsAreShownNotSent() {
        #expect(VisibleText.escaped("a\u{7F}b\u{9B}2Jc") == "a\\u{7F}b\\u{9B}2Jc")
        #expect(VisibleText.escaped("line\u{2028}para\u{2029}") == "line\\u{2028}para\\u{2029}")
        #expect(VisibleText.escaped("\u{2066}evil\u{2069} \u{202E}txt.exe\u{200F}") == "\\u{2066}evil\\u{2069} \\u{202E}txt.exe\\u{200F}")
    }

    /// Text is told safe from its bytes first: for every scalar up to U+2FFF (and a few beyond),
    /// between ASCII and next to other non-ASCII text, it is escaped exactly when the rule says.
    @Test func textIsLeftAsItIsExactlyWhenNoCharacterNeedsEscaping() {
        let scalars = (0...0x2FFF).compactMap(Unicode.Scalar.init) + ["\u{FEFF}", "\u{1F389}", "\u{E0041}"]
        let wrong = scalars.filter { scalar in
            let escapes = VisibleText.needsEscape(scalar) || scalar == "\\"
            return ["a\(scalar)b", "é\(scalar)日"].contains { (VisibleText.escaped($0) == $0) == escapes }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0.value, radix: 16) })")
    }

    @Test func ordinaryTextIsUnchanged() {
        #expect(VisibleText.escaped("Café — 日本 🎉 עברית") == "Café — 日本 🎉 עברית")
    }

    @Test func aWholeMessageIsMadeSafeOnceWithoutDoublingEscapesAlreadyThere() {
        let quoted = "No tag named \"\(VisibleText.escaped("W\u{1B}]0;x"))\"; a\\b \u{1B}[31m"
        #expect(VisibleText.safe(quoted) == "No tag named \"W\\u{1B}]0;x\"; a\\b \\u{1B}[31m")
        #expect(VisibleText.safe(VisibleText.safe(quoted)) == VisibleText.safe(quoted))
        #expect(VisibleText.safe("Usage: x\n  y\u{9B}", keepingLineBreaks: true) == "Usage: x\n  y\\u{9B}")
    }

    @Test func jsonKeepsItsMeaningAndSendsNothingRaw() throws {
        let title = "a\u{7F}\u{9B}\u{2028}\u{2067}\u{1B}z"
        let json = JSONShapes.encode(["title": title])
        #expect(json.unicodeScalars.allSatisfy { $0 == "\n" || !VisibleText.needsEscape($0) })
        #expect(json.contains("\"a\\u007F\\u009B\\u2028\\u2067\\u001bz\""))
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(decoded?["title"] == title)
    }

    /// Text is told safe from its bytes: every scalar that must be escaped begins with a byte
    /// `mayBeginEscape` takes (checked over every scalar of the Basic Multilingual Plane and beyond).
    @Test func everyScalarToEscapeBeginsWithAByteThatSaysSo() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), VisibleText.needsEscape(scalar) else { continue }
            let first = String(scalar).utf8.first!
            #expect(VisibleText.mayBeginEscape(first), "U+\(String(value, radix: 16, uppercase: true))")
        }
    }
}
