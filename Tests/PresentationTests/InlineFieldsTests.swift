import Presentation
import Testing

/// Fields typed among a reminder's words (`add Call the dentist due:fri +Health`): which words are
/// fields, and the sentences for one typed wrong.
struct InlineFieldsTests {
    private func read(_ words: String...) -> InlineFields? {
        try? InlineFields.read(words).get()
    }

    @Test func fieldWordsAreTakenOutAndTheRestIsTheTitle() throws {
        let fields = try #require(read("Call", "the", "dentist", "due:fri", "at:10:30", "+Health", "tag:Work", "pri:high",
                                       "list:Home", "rep:every 2 weeks", "alarm:-1d", "alarm:-15m"))
        #expect(fields.words == ["Call", "the", "dentist"])
        #expect(fields.date == "fri" && fields.time == "10:30" && fields.priority == "high" && fields.list == "Home")
        #expect(fields.repeatPhrase == "every 2 weeks")
        #expect(fields.tags == ["+Health", "Work"])
        #expect(fields.alarms == ["-1d", "-15m"])
        // Keys in any case, and their other names.
        let other = try #require(read("Rent", "DATE:2026-12-01", "Time:9", "priority:!!"))
        #expect(other.date == "2026-12-01" && other.time == "9" && other.priority == "!!")
    }

    @Test func wordsThatOnlyLookLikeFieldsStayInTheTitle() throws {
        // A title given as one word, a phone number, a time in the title, a link, an unknown key.
        for words in [["Email about due:dates"], ["Call", "+44", "20", "7946"], ["Meet", "12:30"], ["Read", "https://example.org"],
                      ["Ask", "re:", "budget"], ["Buy", "+", "milk"], ["-check logs"], ["-check", "logs"], ["+1 for this"]] {
            let fields = try #require(try? InlineFields.read(words).get())
            #expect(fields.words == words)
            #expect(!fields.hasFields)
        }
    }

    private func refusal(_ words: String...) -> String? {
        if case .failure(let problem) = InlineFields.read(words) { return problem.message }
        return nil
    }

    @Test func editingTakesATagOffWithADash() throws {
        #expect(try InlineFields.read(["-Health", "+Work"], whenEditing: true).get().tags == ["-Health", "+Work"])
    }

    @Test func aFieldTypedTwiceOrEmptyIsRefusedWithWhatToType() {
        #expect(refusal("X", "due:fri", "date:mon") == "date: is given twice; give it once (date:fri).")
        #expect(refusal("X", "due:") == "due: has nothing after it; write the value right after the colon, as in due:fri.")
        #expect(refusal("X", "tag:") == "tag: has nothing after it; write the value right after the colon, as in tag:Work.")
        #expect(InlineFields.twice("due", "--date").message == "due: and --date both give the date; give one of them.")
    }
}
