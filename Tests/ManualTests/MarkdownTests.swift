import ManualPages
import Testing

/// The Markdown the pages are written in, as roff reads it.
struct MarkdownTests {
    @Test func headingsBecomeSectionsAndTheTitleIsLeftToTheNameLine() {
        let roff = Markdown.roff("# Dates and repeats\n\n## Dates\n\nText.\n\n### Days\n\nMore.")
        #expect(roff == ".SH \"DATES\"\n.PP\nText.\n.SS \"Days\"\n.PP\nMore.")
        #expect(Markdown.title("# Dates and `repeats`\n\n## Dates") == "Dates and repeats")
    }

    @Test func dashesBackslashesAndLeadingDotsAreWrittenSoRoffPrintsThem() {
        #expect(Markdown.roff("--db PATH, a \\ b\n.hidden") == ".PP\n\\-\\-db PATH, a \\e b\n\\&.hidden")
    }

    @Test func codeIsBoldEmphasisItalicAndALinkShowsItsText() {
        #expect(Markdown.roff("Run `memoss list` *now*, **twice**; see [the guide](https://example.org).")
            == ".PP\nRun \\fBmemoss list\\fR \\fInow\\fR, \\fBtwice\\fR; see the guide.")
    }

    @Test func listItemsAreIndentedParagraphsAndTheirIndentedLinesContinueThem() {
        #expect(Markdown.roff("- one\n  more\n- two\n\nAfter.") == ".IP \\(bu 2\none\nmore\n.IP \\(bu 2\ntwo\n.PP\nAfter.")
    }

    @Test func aTableRowIsATaggedParagraphAndItsHeaderIsLeftOut() {
        #expect(Markdown.roff("| phrase | repeats |\n| --- | --- |\n| `daily` | every day |\n| `weekly` | on the date's weekday |")
            == ".TP\n\\fBdaily\\fR\nevery day\n.TP\n\\fBweekly\\fR\non the date's weekday")
    }

    @Test func aCodeBlockKeepsItsLinesAndACommentIsLeftOut() {
        #expect(Markdown.roff("<!-- not shown\n-->\n```sh\nmemoss add x --date fri\n\n```")
            == ".PP\n.RS 4\n.nf\nmemoss add x \\-\\-date fri\n\\&\n.fi\n.RE")
    }

    @Test func theLinesThePageFillsInStayAsTheyAre() {
        #expect(Markdown.roff("Intro.\n\n@OPTIONS@\n\n@COMMANDS@\n") == ".PP\nIntro.\n@OPTIONS@\n@COMMANDS@")
    }
}
