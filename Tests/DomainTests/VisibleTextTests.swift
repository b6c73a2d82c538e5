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
}
