import Domain
import Foundation
import Presentation
import Testing
import TestSupport

/// The JSON a listing writes byte by byte is exactly what the encoder writes of the same
/// reminders, made terminal-safe: for reminders of every shape and text of every kind.
struct JSONBytesTests {
    private let zones = ["America/New_York", "Europe/Berlin", "Asia/Kolkata", "UTC", "Pacific/Chatham"]
    private let pieces = ["Call", "the dentist", " ", "\"quoted\"", "back\\slash", "a/b", "é", "日本語", "😀", "\n", "\t", "\r",
                          "\u{8}", "\u{C}", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "\u{202E}", "\u{2066}", "\u{61C}", "\u{FEFF}"]

    private func text(_ random: inout SeededGenerator, words: ClosedRange<Int>) -> String {
        (0..<Int.random(in: words, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    private func rule(_ random: inout SeededGenerator) -> RecurrenceRule {
        let patterns: [RecurrenceRule.Pattern] = [
            .never, .daily, .weekly(Weekdays([1])), .weekly(Weekdays([2, 4, 7])), .monthly(.day(15)), .monthly(.last),
            .monthly(.weekday(nth: -1, weekday: 6)), .yearly(month: 2, day: 29),
        ]
        let pattern = patterns.randomElement(using: &random)!
        guard pattern != .never else { return .never }
        let afterDone = (pattern == .daily || pattern == .monthly(.day(15))) && Bool.random(using: &random)
        return RecurrenceRule(pattern, interval: Bool.random(using: &random) ? 1 : Int.random(in: 2...999, using: &random),
                              times: Bool.random(using: &random) ? nil : Int.random(in: 1...50, using: &random), afterDone: afterDone)
    }

    private func reminder(_ random: inout SeededGenerator, lists: [ReminderList]) -> ReminderWithTags {
        let zone = zones.randomElement(using: &random)!
        let due: Date? = Int.random(in: 0..<5, using: &random) == 0 ? nil
            : Date(timeIntervalSince1970: TimeInterval(Int.random(in: 1_700_000_000...1_900_000_000, using: &random)))
        let done = Int.random(in: 0..<3, using: &random) == 0
        var reminder = Reminder(id: UUID(), title: text(&random, words: 1...6), notes: Bool.random(using: &random) ? nil : text(&random, words: 0...12),
                                scheduledAt: due, isAllDay: due != nil && Int.random(in: 0..<4, using: &random) == 0, timeZoneID: zone,
                                isCompleted: done, completedAt: done ? testNow : nil,
                                stage: [.none, .inProgress, .cancelled].randomElement(using: &random)!,
                                percentComplete: Bool.random(using: &random) ? nil : Int.random(in: 0...100, using: &random),
                                priority: [.none, .low, .medium, .high].randomElement(using: &random)!,
                                listID: lists.randomElement(using: &random)?.id, createdAt: testNow, updatedAt: testNow,
                                recurrence: due == nil ? .never : rule(&random),
                                recurrenceEnd: Bool.random(using: &random) ? nil : LocalDate(year: 2027, month: 3, day: 31),
                                alarms: [[], Alarm.defaults, [.relative(seconds: -900), .atDue], [.absolute(testNow), .relative(seconds: 86_400)]]
                                    .randomElement(using: &random)!)
        if !done, Bool.random(using: &random) { reminder.alarmsAcknowledgedAt = testNow }
        let tags = (0..<Int.random(in: 0...3, using: &random)).map { index in
            Tag(id: UUID(), name: text(&random, words: 1...2) + "\(index)", colorHex: "#FF0000", createdAt: testNow)
        }
        var item = ReminderWithTags(reminder: reminder, tags: tags)
        item.isPastOccurrence = Int.random(in: 0..<6, using: &random) == 0
        return item
    }

    @Test func everyShapeIsWrittenExactlyAsTheEncoderWritesIt() {
        var random = SeededGenerator(seed: 35)
        let lists = [ReminderList(id: UUID(), name: "Reminders", colorHex: "#0000FF", createdAt: testNow, isDefault: true),
                     ReminderList(id: UUID(), name: "Home \"\u{202E}\" / 家", colorHex: "#00FF00", createdAt: testNow)]
        let names = ListNames(lists)
        for round in 0..<200 {
            let done = (0..<Int.random(in: 0...3, using: &random)).map { _ in reminder(&random, lists: lists) }
            let open = (0..<Int.random(in: 0...3, using: &random)).map { _ in reminder(&random, lists: lists) }
            let text = Gathered<String>()
            let stream = JSONShapes.DashboardJSONStream(lists: names) { text.add(String(decoding: $0, as: UTF8.self)) }
            done.forEach(stream.add)
            stream.startToDo()
            open.forEach(stream.add)
            stream.end()
            let expected = JSONShapes.encode(JSONShapes.DashboardJSON(toDo: open, completed: done, lists: names)) + "\n"
            #expect(text.all.joined() == expected, "round \(round)")
            if text.all.joined() != expected { break }
        }
    }
}
