import Domain
import Presentation
import Testing
import TestSupport

/// Todoist's due strings (its export's DATE, in English) read on the tests' day: Saturday 21
/// November 2026, 15:00 in New York.
struct TodoistDatesTests {
    /// The day, the time (`-` for none), the repeat phrase (`-` for once) and the end day (`-`).
    private func read(_ text: String) -> String {
        switch TodoistDates.read(text, now: testNow, zone: newYork) {
        case .success(let due):
            return [due.date.description, due.time?.description ?? "-", due.repeatPhrase ?? "-", due.until?.description ?? "-"]
                .joined(separator: " ")
        case .failure(let failure):
            return "refused: " + failure.message
        }
    }

    @Test(arguments: [
        ("Oct 5 2027", "2027-10-05 - - -"),
        ("tomorrow 18:00", "2026-11-22 18:00 - -"),
        // The first day of the rule not past: the 15th of November is, so December's.
        ("every 15th", "2026-12-15 - monthly on the 15th -"),
        // November's Fridays are the 6th, 13th, 20th and 27th.
        ("every last fri", "2026-11-27 - monthly on the last fri -"),
        ("every workday at 8:30", "2026-11-23 08:30 weekdays -"),
        ("every 27 jan", "2027-01-27 - yearly on 27 jan -"),
        ("every monday until 31 dec", "2026-11-23 - every monday 2026-12-31"),
        // 14:00 today is past at 15:00: tomorrow's.
        ("every day at 14:00", "2026-11-22 14:00 daily -"),
        // From completion: Memoss's "after done", due from today.
        ("every! 3 days", "2026-11-21 - every 3 days after done -"),
        ("every! 2 weeks at 9am", "2026-11-22 09:00 every 2 weeks after done -"),
    ])
    func aDueStringGivesItsDayTimeAndRepeat(text: String, expected: String) {
        #expect(read(text) == expected)
    }

    @Test func aRepeatFromCompletionOnDaysOrByTheHourIsRefusedSayingWhy() {
        #expect(read("every! workday") == "refused: \"every! workday\" repeats from when it is done on days to fall on, which Memoss does "
            + "not have: make it every! N days, weeks, months or years in Todoist, or repeat from its date")
        #expect(read("every hour") == "refused: \"every hour\" is a repeat Memoss does not have")
        #expect(read("jeden Montag") == "refused: \"jeden Montag\" is not a date Memoss reads")
    }
}
