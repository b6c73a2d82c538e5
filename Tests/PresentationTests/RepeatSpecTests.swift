import Domain
import Presentation
import Testing
import TestSupport

/// The repeat phrases `--repeat`, the prompt and the importer's `repeat` column read, on a
/// reminder dated Tuesday 2026-12-08 (the 2nd Tuesday of December).
struct RepeatSpecTests {
    private let tuesday = day("2026-12-08")

    static let read: [(String, String)] = [
        ("never", "Never"), ("daily", "Daily"), ("every day", "Daily"), ("every 3 days", "Every 3 days"),
        ("weekly", "Weekly on Tuesday"), ("every week", "Weekly on Tuesday"), ("fortnightly", "Every 2 weeks on Tuesday"),
        ("every other week", "Every 2 weeks on Tuesday"), ("weekdays", "Every weekday"), ("every weekday", "Every weekday"),
        ("Weekends", "Every weekend"), ("every 2 weeks on tue,thu", "Every 2 weeks on Tuesday and Thursday"),
        ("every 2 weeks on Tuesday and Thursday", "Every 2 weeks on Tuesday and Thursday"),
        ("every mon, wed, fri", "Weekly on Monday, Wednesday and Friday"), ("weekly on weekdays", "Every weekday"),
        ("every 2 weeks on weekends", "Every 2 weeks on weekends"),
        ("monthly", "Monthly on the 8th"), ("monthly on the 31st", "Monthly on the 31st"), ("monthly on day 15", "Monthly on the 15th"),
        ("monthly on the last day", "Monthly on the last day"), ("monthly on the last fri", "Monthly on the last Friday"),
        ("monthly on the 2nd tuesday", "Monthly on the 2nd Tuesday"), ("every 3 months on the first monday", "Every 3 months on the 1st Monday"),
        ("yearly", "Yearly on 8 December"), ("annually", "Yearly on 8 December"), ("yearly on 29 feb", "Yearly on 29 February"),
        ("every 4 years on feb 29", "Every 4 years on 29 February"),
        ("daily, 10 times", "Daily, 10 times"), ("every 2 weeks on tue,thu, 10 times", "Every 2 weeks on Tuesday and Thursday, 10 times"),
        ("monthly on the last fri once", "Monthly on the last Friday, once"),
    ]

    @Test(arguments: read)
    func phrasesAreReadAsPeopleWriteThem(_ phrase: String, _ label: String) throws {
        let rule = try RepeatSpec.parse(phrase).rule(on: tuesday)
        #expect(rule.label == label)
        #expect(rule.isValid)
        // What a rule writes (CSV, --json) reads back as the same rule.
        #expect(try RepeatSpec.parse(RepeatSpec(rule: rule).phrase).rule(on: day("2027-03-01")) == rule)
    }

    static let refused: [(String, String)] = [
        ("", "the repeat is empty"), ("hourly", "\"hourly\" is not a repeat"), ("every", "\"every\" needs what"),
        ("every 0 days", "every 0: the number must be from 1 to 999"), ("every 2 fortnights", "\"fortnights\" is not a unit or a weekday"),
        ("monthly on the 5th fri", "the weekday of a month is the 1st, 2nd, 3rd, 4th or last"),
        ("monthly on the 32nd", "a day of the month is from 1 to 31"), ("daily on mon", "a daily repeat takes no \"on mon\""),
        ("weekly on funday", "\"funday\" is not a list of weekdays"), ("daily, 0 times", "\"0 times\" is not a count from 1 to 9999"),
        ("never, 3 times", "a reminder that never repeats has no count"), ("yearly on 30 feb", "is not a day of the year such as 29 feb"),
    ]

    @Test(arguments: refused)
    func otherPhrasesAreRefusedSayingWhatIsAccepted(_ phrase: String, _ problem: String) {
        #expect {
            _ = try RepeatSpec.parse(phrase)
        } throws: { error in
            let message = (error as? RepeatPhraseError)?.message ?? ""
            return message.contains(problem) && message.hasSuffix(RepeatSpec.phraseHint)
        }
    }
}
