import Presentation
import Testing

/// The one width rule: how many terminal columns text takes, and text cut, wrapped and laid out
/// as menus to fit them.
struct TerminalColumnsTests {
    @Test func wideCharactersEmojiAndFlagsTakeTwoColumnsAndMarksNone() {
        #expect(TerminalColumns.width(of: "Pay rent") == 8)
        #expect(TerminalColumns.width(of: "会議") == 4)
        #expect(TerminalColumns.width(of: "회의") == 4)
        #expect(TerminalColumns.width(of: "ｶﾅ") == 2)  // halfwidth katakana
        #expect(TerminalColumns.width(of: "ＡＢ") == 4)  // fullwidth Latin
        #expect(TerminalColumns.width(of: "🎂") == 2)
        #expect(TerminalColumns.width(of: "👍🏽") == 2)  // with a skin tone: one character
        #expect(TerminalColumns.width(of: "👨‍👩‍👧") == 2)  // joined: one character
        #expect(TerminalColumns.width(of: "🇫🇷") == 2)
        #expect(TerminalColumns.width(of: "❤️") == 2)  // a text character shown as an emoji (VS16)
        #expect(TerminalColumns.width(of: "❤") == 1)
        #expect(TerminalColumns.width(of: "e\u{301}\u{302}") == 1)  // combining marks
        #expect(TerminalColumns.width(of: "\u{1112}\u{1161}\u{11AB}") == 2)  // Hangul in jamo: one syllable
        #expect(TerminalColumns.width(of: "a\u{200B}b") == 2)
        #expect(TerminalColumns.width(of: "…°") == 2)
    }

    @Test func colourCodesTakeNoColumns() {
        #expect(TerminalColumns.width(of: "\u{1B}[1mTo Do\u{1B}[0m") == 5)
        #expect(TerminalColumns.width(of: "\u{1B}[38;2;20;184;166m#仕事\u{1B}[0m") == 5)
    }

    @Test func textIsCutBetweenCharactersToFitWithAnEllipsis() {
        #expect(TerminalColumns.fit("Pay rent", columns: 8) == "Pay rent")
        #expect(TerminalColumns.fit("Pay rent", columns: 5) == "Pay …")
        // A wide character that would cross the edge is left out whole.
        #expect(TerminalColumns.fit("会議の資料", columns: 6) == "会議…")
        #expect(TerminalColumns.width(of: TerminalColumns.fit("会議の資料", columns: 6)) == 5)
        #expect(TerminalColumns.fit("🎂 cake", columns: 3) == "🎂…")
        #expect(TerminalColumns.fit("e\u{301}tude", columns: 3) == "e\u{301}t…")
        #expect(TerminalColumns.fit("Pay rent", columns: 1) == "…")
        #expect(TerminalColumns.fit("Pay rent", columns: 0) == "")
    }

    @Test func paddingCountsColumnsNotCharacters() {
        #expect(TerminalColumns.padded("会議", to: 6) == "会議  ")
        #expect(TerminalColumns.padded("Pay rent", to: 4) == "Pay rent")
    }

    @Test func textWrapsAtSpacesAndALongWordIsCutAcrossLines() {
        #expect(TerminalColumns.wrap("Show the next times a reminder is due", columns: 16)
            == ["Show the next", "times a reminder", "is due"])
        #expect(TerminalColumns.wrap("Show the next times", columns: 12, indent: 2) == ["Show the", "  next times"])
        #expect(TerminalColumns.wrap("abcdefghij xy", columns: 4) == ["abcd", "efgh", "ij", "xy"])
        #expect(TerminalColumns.wrap("会議の資料を準備", columns: 5) == ["会議", "の資", "料を", "準備"])
        #expect(TerminalColumns.wrap("one\ntwo three", columns: 20) == ["one", "two three"])
    }

    @Test func aMenuBreaksBetweenItemsNeverInsideOne() {
        let items = ["1 Never", "2 Daily", "3 Weekdays", "4 Weekly", "5 Monthly"]
        #expect(TerminalColumns.menu("Repeat: ", items, columns: 30)
            == ["Repeat: 1 Never  2 Daily", "        3 Weekdays  4 Weekly", "        5 Monthly"])
        #expect(TerminalColumns.menu("Repeat: ", items, columns: 200) == ["Repeat: " + items.joined(separator: "  ")])
    }
}
