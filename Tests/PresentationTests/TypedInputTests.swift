import Domain
import Presentation
import Testing
import TestSupport

struct TypedInputTests {
    private let saturday = day("2026-11-21")

    @Test(arguments: [("today", "2026-11-21"), ("Tomorrow", "2026-11-22"), ("2027-01-05", "2027-01-05"),
                      ("sat", "2026-11-21"), ("Sunday", "2026-11-22"), ("fri", "2026-11-27"), ("mon", "2026-11-23"),
                      ("yesterday", "2026-11-20"), ("next monday", "2026-11-23"), ("next sat", "2026-11-28"),
                      ("last friday", "2026-11-20"), ("last sat", "2026-11-14"), ("in 3 days", "2026-11-24"),
                      ("in 2 weeks", "2026-12-05"), ("in a week", "2026-11-28"), ("in 3 months", "2027-02-21"),
                      ("2 days ago", "2026-11-19"), ("5 dec", "2026-12-05"), ("dec 5", "2026-12-05"), ("5th December", "2026-12-05"),
                      ("5 december 2027", "2027-12-05"), ("dec 5, 2027", "2027-12-05"), ("1 jan", "2027-01-01"),
                      ("21 nov", "2026-11-21"), ("29 feb", "2028-02-29"), ("eom", "2026-11-30"), ("end of month", "2026-11-30")])
    func datesAreReadAsPeopleTypeThem(_ text: String, _ expected: String) {
        #expect(TypedInput.date(text, today: saturday) == day(expected))
    }

    /// For a day in the history a weekday or a day of the year is the last one, not the next.
    @Test(arguments: [("fri", "2026-11-20"), ("sat", "2026-11-21"), ("sun", "2026-11-15"), ("5 dec", "2025-12-05"),
                      ("21 nov", "2026-11-21"), ("last fri", "2026-11-20"), ("yesterday", "2026-11-20")])
    func pastDatesPointBack(_ text: String, _ expected: String) {
        #expect(TypedInput.date(text, today: saturday, direction: .past) == day(expected))
    }

    /// Numeric dates only with an order, never guessed.
    @Test func numericDatesNeedAnOrder() {
        #expect(TypedInput.date("05/12/2026", today: saturday) == nil)
        #expect(TypedInput.date("05/12/2026", today: saturday, order: .dmy) == day("2026-12-05"))
        #expect(TypedInput.date("05/12/2026", today: saturday, order: .mdy) == day("2026-05-12"))
    }

    /// A day with a time, or a time from now (Saturday 2026-11-21 15:10 in New York).
    @Test(arguments: [("tomorrow 5pm", "2026-11-22", "17:00"), ("mon 9:30", "2026-11-23", "09:30"),
                      ("5 dec at 17:00", "2026-12-05", "17:00"), ("noon tomorrow", "2026-11-22", "12:00"),
                      ("fri 5:30 pm", "2026-11-27", "17:30"), ("today 17", "2026-11-21", "17:00"),
                      ("in 2 hours", "2026-11-21", "17:10"), ("in 90 minutes", "2026-11-21", "16:40"),
                      ("in 9 hours", "2026-11-22", "00:10"), ("tomorrow midnight", "2026-11-22", "00:00")])
    func momentsAreADayAndATime(_ text: String, _ date: String, _ clock: String) throws {
        let moment = try #require(TypedInput.moment(text, now: instant("2026-11-21T15:10:00-05:00"), zone: newYork))
        #expect(moment.date == day(date))
        #expect(moment.time == time(clock))
        #expect(TypedInput.moment("tomorrow", now: instant("2026-11-21T15:10:00-05:00"), zone: newYork)?.time == nil)
        #expect(TypedInput.moment("tomorrow at teatime", now: instant("2026-11-21T15:10:00-05:00"), zone: newYork) == nil)
    }

    @Test(arguments: ["someday", "2026-02-30", "fr", "next weak", "in 3 fortnights", "31 feb", "5 dec 27", ""])
    func otherDateTextIsRefused(_ text: String) {
        #expect(TypedInput.date(text, today: saturday) == nil)
    }

    @Test(arguments: [("09:00", "09:00"), ("9am", "09:00"), ("9:30pm", "21:30"), ("12am", "00:00"), ("12pm", "12:00"),
                      ("12:15 AM", "00:15"), ("23:59", "23:59"), ("17:30:00", "17:30"), ("9:00:00 AM", "09:00"),
                      ("12:00:59", "12:00"), ("11:45:10 pm", "23:45"), ("17", "17:00"), ("5pm", "17:00"),
                      ("5:30 pm", "17:30"), ("noon", "12:00"), ("midnight", "00:00"), ("0", "00:00")])
    func timesAreReadAsPeopleTypeThem(_ text: String, _ expected: String) {
        #expect(TypedInput.time(text) == time(expected))
    }

    @Test(arguments: ["13pm", "0am", "9:5pm", "9:60am", "25:00", "noonish", "", "pm", "24", "123"])
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

    @Test(arguments: ["", "h", "ten", "1d", "25:00", "1h-5", "99999999", "0", "0m", "169h", "10081"])
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

    /// Weeks run Monday to Sunday: on Saturday 21 November next week starts on Monday the 23rd and
    /// this one ends on Sunday the 22nd; on a Sunday, the week ends that day.
    @Test(arguments: [("next week", "2026-11-21", "2026-11-23"), ("next week", "2026-11-22", "2026-11-23"),
                      ("next week", "2026-11-23", "2026-11-30"), ("eow", "2026-11-21", "2026-11-22"),
                      ("end of week", "2026-11-22", "2026-11-22"), ("eow", "2026-11-23", "2026-11-29"),
                      ("eoy", "2026-11-21", "2026-12-31"), ("end of the year", "2026-12-31", "2026-12-31")])
    func weeksAndYearsEnd(_ text: String, _ today: String, _ expected: String) {
        #expect(TypedInput.date(text, today: day(today)) == day(expected))
    }

    /// "In 2 minutes" at 09:16:55 is 09:18:55: reminders are to the minute, so it is due at 09:19,
    /// never before the moment asked for; on a whole minute it stays.
    @Test func aRelativeTimeIsRoundedUpToTheMinute() {
        let moment = TypedInput.moment("in 2 minutes", now: instant("2026-11-21T09:16:55-05:00"), zone: newYork)
        #expect(moment?.date == day("2026-11-21"))
        #expect(moment?.time == time("09:19"))
        #expect(TypedInput.moment("in 1 hour", now: instant("2026-11-21T09:16:00-05:00"), zone: newYork)?.time == time("10:16"))
        #expect(TypedInput.moment("in 1 minute", now: instant("2026-11-21T23:59:30-05:00"), zone: newYork).map { "\($0.date) \($0.time!)" }
            == "2026-11-22 00:01")
    }

    @Test(arguments: [("tomorow", "tomorrow"), ("tomorow 5pm", "tomorrow 5pm"), ("nxt friday", "next friday"),
                      ("in 3 dyas", "in 3 days"), ("5 decembr", "5 december")])
    func aMisspelledDateSaysWhatItWasNear(_ typed: String, _ near: String) {
        #expect(TypedInput.date(typed, today: saturday) == nil)
        #expect(TypedInput.correction(typed) == near)
        #expect(TypedInput.didYouMean(typed) == "; did you mean \"\(near)\"?")
    }

    @Test(arguments: ["someday", "banana", "2026-02-30", "tomorrow"])
    func textFarFromADateSuggestsNothing(_ typed: String) {
        #expect(TypedInput.correction(typed) == nil)
    }
}
