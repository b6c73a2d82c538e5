import Domain
import Presentation
import Testing
import TestSupport

struct TypedInputTests {
    private let saturday = day("2026-11-21")

    @Test(arguments: [("today", "2026-11-21"), ("Tomorrow", "2026-11-22"), ("2027-01-05", "2027-01-05"),
                      ("sat", "2026-11-21"), ("Sunday", "2026-11-22"), ("fri", "2026-11-27"), ("mon", "2026-11-23")])
    func datesAreReadAsPeopleTypeThem(_ text: String, _ expected: String) {
        #expect(TypedInput.date(text, today: saturday) == day(expected))
    }

    @Test(arguments: ["someday", "2026-02-30", "fr", "next week", "in 3 fortnights", "31 feb", "5 dec 27", ""])
    func otherDateTextIsRefused(_ text: String) {
        #expect(TypedInput.date(text, today: saturday) == nil)
    }

    @Test(arguments: [("09:00", "09:00"), ("9am", "09:00"), ("9:30pm", "21:30"), ("12am", "00:00"), ("12pm", "12:00"),
                      ("12:15 AM", "00:15"), ("23:59", "23:59"), ("17:30:00", "17:30"), ("9:00:00 AM", "09:00"),
                      ("12:00:59", "12:00"), ("11:45:10 pm", "23:45")])
    func timesAreReadAsPeopleTypeThem(_ text: String, _ expected: String) {
        #expect(TypedInput.time(text) == time(expected))
    }

    @Test(arguments: ["13pm", "0am", "9:5pm", "9:60am", "25:00", "noonish", "", "pm"])
    func otherTimeTextIsRefused(_ text: String) {
        #expect(TypedInput.time(text) == nil)
    }

    /// Random typed words never crash the parser and every date it reads is a real day.
    @Test func randomTypingNeverCrashesAndReadsOnlyRealDays() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789-:apmAPM tomrwdfriyesunTFS\u{1B}\u{9B}é2029/")
        for _ in 0..<20_000 {
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            if let date = TypedInput.date(text, today: day("2026-11-21")) {
                #expect(LocalDate(year: date.year, month: date.month, day: date.day) == date)
            }
            if let time = TypedInput.time(text) { #expect((0...23).contains(time.hour) && (0...59).contains(time.minute)) }
            if TypedInput.missingDay(text) != nil { #expect(TypedInput.date(text, today: day("2026-11-21")) == nil) }
        }
    }

    @Test(arguments: [
        ("10", SnoozeLength.minutes(10)), ("90m", .minutes(90)), ("1h", .minutes(60)), ("1h30m", .minutes(90)),
        ("1h30", .minutes(90)), ("2H", .minutes(120)), ("17:30", .until(LocalTime(hour: 17, minute: 30)!)),
        ("5:30pm", .until(LocalTime(hour: 17, minute: 30)!)),
    ])
    func snoozeLengthsReadAsPeopleWriteThem(_ text: String, _ expected: SnoozeLength) {
        #expect(TypedInput.snooze(text) == expected)
    }

    @Test(arguments: ["", "h", "ten", "1d", "25:00", "1h-5", "99999999"])
    func snoozeLengthsThatAreNotOneAreRefused(_ text: String) {
        #expect(TypedInput.snooze(text) == nil)
    }

    @Test func timesWithBadSecondsAreRefused() {
        for text in ["17:30:60", "17:30:5", "17:30:", "9:00:00:00 AM", "17:30:xx"] { #expect(TypedInput.time(text) == nil, "\(text)") }
    }

    @Test func numericDatesAreReadOnlyInTheOrderGiven() {
        #expect(TypedInput.isNumericDate("05/12/2026"))
        #expect(TypedInput.numericDate("05/12/2026", order: .dmy) == day("2026-12-05"))
        #expect(TypedInput.numericDate("05/12/2026", order: .mdy) == day("2026-05-12"))
        #expect(TypedInput.numericDate("5.12.2026", order: .dmy) == day("2026-12-05"))
        #expect(TypedInput.numericDate("12-31-2026", order: .mdy) == day("2026-12-31"))
        #expect(TypedInput.numericDate("31/12/2026", order: .mdy) == nil)
        #expect(TypedInput.numericDate("29/02/2027", order: .dmy) == nil)
        for text in ["2026-12-05", "05/12/26", "5/12", "05/12/2026/1", "a/b/2026"] {
            #expect(!TypedInput.isNumericDate(text), "\(text)")
        }
    }
}
