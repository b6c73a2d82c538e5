import Domain
import Testing

/// iCalendar's PRIORITY (RFC 5545 §3.8.1.9) as Memoss reads and writes it.
struct PriorityTests {
    /// Every value a client may write, read as its level.
    @Test(arguments: [(0, Priority.none), (1, .high), (2, .high), (3, .high), (4, .high), (5, .medium),
                      (6, .low), (7, .low), (8, .low), (9, .low)])
    func everyPriorityValueReadsAsItsLevel(_ value: Int, _ level: Priority) {
        #expect(Priority(icalendar: value) == level)
    }

    /// Out of the RFC's range is no priority, never a guessed one.
    @Test(arguments: [-1, 10, 99])
    func aValueOutOfRangeIsNone(_ value: Int) {
        #expect(Priority(icalendar: value) == .none)
    }

    /// Written as 1, 5, 9 (and none as 0), each read back as the same level.
    @Test func eachLevelIsWrittenAsOneValueThatReadsBackTheSame() {
        #expect(Priority.allCases.map(\.icalendarValue) == [0, 9, 5, 1])
        for level in Priority.allCases { #expect(Priority(icalendar: level.icalendarValue) == level) }
    }

    /// What `--priority`, the form and a CSV column take.
    @Test(arguments: [("high", Priority.high), ("HI", .high), ("!!!", .high), ("medium", .medium), ("med", .medium), ("!!", .medium),
                      ("low", .low), ("!", .low), (" none ", .none), ("-", .none), ("0", .none), ("1", .high), ("5", .medium), ("9", .low)])
    func wordsMarksAndDigitsNameALevel(_ text: String, _ level: Priority) {
        #expect(Priority(text: text) == level)
    }

    @Test(arguments: ["", "urgent", "!!!!", "10", "p1", "high!"])
    func anythingElseIsNoPriority(_ text: String) {
        #expect(Priority(text: text) == nil)
    }

    @Test func marksAndWords() {
        #expect(Priority.allCases.map(\.marks) == ["", "!", "!!", "!!!"])
        #expect(Priority.allCases.map(\.word) == ["none", "low", "medium", "high"])
    }
}
