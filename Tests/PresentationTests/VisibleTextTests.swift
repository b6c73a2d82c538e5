import Presentation
import Testing

struct VisibleTextTests {
    @Test func controlCharactersAndEscapeSequencesAreShownNotSent() {
        #expect(VisibleText.escaped("Pay\u{1B}[2J rent\n\tnow") == "Pay\\u{1B}[2J rent\\n\\tnow")
        #expect(VisibleText.escaped("bell\u{07}") == "bell\\u{7}")
    }

    @Test func ordinaryTextIsUnchanged() {
        #expect(VisibleText.escaped("Café — 日本 🎉") == "Café — 日本 🎉")
    }
}
