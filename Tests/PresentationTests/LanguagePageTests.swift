import Domain
import Foundation
import Presentation
import Testing

/// docs/language.md (memoss-language(7)) shows what people can type: every example in its tables is
/// read by the parser it names, as written, and the forms it says are refused are.
struct LanguagePageTests {
    static let page: String = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/language.md")
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }()

    /// The `code` examples in the first column of the table under the heading `## title`.
    static func examples(under title: String) -> [String] {
        guard let start = page.range(of: "\n## \(title)\n") else { return [] }
        let section = page[start.upperBound...]
        let body = section.range(of: "\n## ").map { section[..<$0.lowerBound] } ?? section
        return body.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row -> [String] in
            let cell = row.dropFirst(2).prefix { $0 != "|" }
            return cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
    }

    static let today = LocalDate(iso: "2026-11-25")!  // a Wednesday
    static let zone = TimeZone(identifier: "America/New_York")!

    @Test func everyDayThePageShowsIsReadBothWays() {
        let days = Self.examples(under: "Days")
        #expect(days.count >= 20)
        for text in days {
            #expect(TypedInput.date(text, today: Self.today) != nil, "\(text)")
            #expect(TypedInput.date(text, today: Self.today, direction: .past) != nil, "\(text) in history")
        }
        // Numbers alone are refused without an order, and read with one.
        for text in ["05/12/2026", "5.12.2026", "12-05-2026"] {
            #expect(TypedInput.date(text, today: Self.today) == nil)
            #expect(TypedInput.date(text, today: Self.today, order: .dmy) != nil)
        }
        #expect(TypedInput.missingDay("2100-02-29") == "2100-02-29 does not exist: February 2100 has 28 days.")
    }

    @Test func everyTimeThePageShowsIsRead() {
        let times = Self.examples(under: "Times")
        #expect(times.count >= 8)
        for text in times { #expect(TypedInput.time(text) != nil, "\(text)") }
        #expect(TypedInput.time("5:30 pm") == LocalTime(hour: 17, minute: 30))
        #expect(TypedInput.time("9:00:00 AM") == LocalTime(hour: 9, minute: 0))
    }

    @Test func everyDayAndTimeThePageShowsIsReadWithItsTime() throws {
        let moments = Self.examples(under: "A day and a time together")
        #expect(moments.count == 6)
        let now = try Date("2026-11-25T10:00:00Z", strategy: .iso8601)
        for text in moments {
            let moment = TypedInput.moment(text, now: now, zone: Self.zone)
            #expect(moment != nil && moment?.time != nil, "\(text)")
        }
    }

    @Test func everyRepeatThePageShowsIsRead() throws {
        let phrases = Self.examples(under: "Repeats")
        #expect(phrases.count >= 25)
        for text in phrases { #expect((try? RepeatSpec.parse(text)) != nil, "\(text)") }
        #expect(try RepeatSpec.parse("daily, 10 times").times == 10)
        #expect(try RepeatSpec.parse("weekly once").times == 1)
    }

    @Test func everyEndThePageShowsIsRead() {
        let ends = Self.examples(under: "How a repeat ends")
        #expect(ends.count == 4)
        for text in ends { #expect(RepeatSpec.ending(text, today: Self.today) != nil, "\(text)") }
        #expect(RepeatSpec.ending("2027-06-30, 10 times", today: Self.today)?.times == 10)
    }

    @Test func everySnoozeLengthThePageShowsIsRead() {
        let lengths = Self.examples(under: "Snooze lengths")
        #expect(lengths.count == 8)
        for text in lengths { #expect(TypedInput.snooze(text) != nil, "\(text)") }
        #expect(TypedInput.snooze("1h30") == .minutes(90))
    }
}
