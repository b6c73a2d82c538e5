import Domain
import Foundation
import Presentation
import Testing
import TestSupport

/// The one reader of a reminder's fields as text: what each form of a field reads as, what it
/// refuses and how each place words the refusal, on Saturday 21 November 2026, 15:00 in New York.
struct ReminderFieldReaderTests {
    private let reader = ReminderFieldReader(now: testNow, zone: newYork)
    /// A one-time draft due Monday 30 November 2026 at 09:00.
    private let monday = ReminderDraft(title: "Stand-up", date: day("2026-11-30"), time: time("09:00"), timeZoneID: newYork.identifier)

    private func problems(_ input: ReminderFieldInput, reader: ReminderFieldReader? = nil, repeats: Bool = false) -> [FieldProblem] {
        (reader ?? self.reader).read(input, repeats: repeats).problems
    }

    @Test func datesAreReadAsAPersonTypesThem() {
        #expect(reader.read(ReminderFieldInput(date: "fri")).values.date == day("2026-11-27"))
        #expect(reader.read(ReminderFieldInput(date: "today")).values.date == day("2026-11-21"))
        #expect(reader.read(ReminderFieldInput(date: "5 dec")).values.date == day("2026-12-05"))
        let moment = reader.read(ReminderFieldInput(date: "tomorrow 5pm")).values
        #expect(moment.date == day("2026-11-22"))
        #expect(moment.time == time("17:00"))
    }

    @Test func aCSVDateColumnIsADayWithoutATime() {
        let csv = ReminderFieldReader(now: testNow, zone: newYork, datesCarryTime: false)
        #expect(csv.read(ReminderFieldInput(date: "tomorrow 5pm")).problems == [FieldProblem(field: .date, reason: .notADate("tomorrow 5pm"))])
        #expect(csv.read(ReminderFieldInput(date: "tomorrow")).values.date == day("2026-11-22"))
    }

    @Test func aDayTheCalendarDoesNotHaveIsSaidEachPlacesWay() throws {
        let problem = try #require(problems(ReminderFieldInput(date: "2026-02-30")).first)
        #expect(problem.sentence == "2026-02-30 does not exist: February 2026 has 28 days.")
        #expect(problem.optionMessage.message == "--date: 2026-02-30 does not exist: February 2026 has 28 days.")
        #expect(problem.optionMessage.isUsage == false)
        #expect(problem.columnMessage == "2026-02-30 does not exist: February 2026 has 28 days")
    }

    @Test func aNumericDateNeedsAnOrderAndIsReadInIt() throws {
        let unordered = try #require(problems(ReminderFieldInput(date: "05/12/2026")).first)
        #expect(unordered.reason == .numericNeedsOrder("05/12/2026"))
        #expect(unordered.optionMessage.isUsage)
        let dayFirst = ReminderFieldReader(now: testNow, zone: newYork, order: .dmy)
        #expect(dayFirst.read(ReminderFieldInput(date: "05/12/2026")).values.date == day("2026-12-05"))
        let monthFirst = ReminderFieldReader(now: testNow, zone: newYork, order: .mdy)
        #expect(monthFirst.read(ReminderFieldInput(date: "05/12/2026")).values.date == day("2026-05-12"))
        let impossible = try #require(problems(ReminderFieldInput(until: "31/02/2026"), reader: dayFirst, repeats: true).first)
        #expect(impossible.columnMessage == "31/02/2026 is not a day of the calendar read as dmy")
    }

    @Test func aTimeGivenTwiceOrUnreadableIsRefused() {
        #expect(problems(ReminderFieldInput(date: "tomorrow 5pm", time: "18:00")) == [FieldProblem(field: .date, reason: .timeGivenTwice)])
        let clock = problems(ReminderFieldInput(time: "25:00"))
        #expect(clock == [FieldProblem(field: .time, reason: .notATime("25:00"))])
        #expect(clock.first?.optionMessage.message == "--time: Enter a time as HH:mm (24-hour), 17, 9am, 9:30 pm, noon or midnight.")
    }

    @Test func aCountOrAnEndNeedsARepeatAndTheEndIsSaidFirst() {
        #expect(problems(ReminderFieldInput(times: "3")).map(\.optionMessage.message) == ["--times needs a repeat, such as --repeat daily."])
        #expect(problems(ReminderFieldInput(until: "someday")).map(\.reason) == [.needsRepeat, .notADate("someday")])
        #expect(problems(ReminderFieldInput(repeatPhrase: "daily", until: "2026-12-31")).isEmpty)
        #expect(problems(ReminderFieldInput(times: "3"), repeats: true).isEmpty)
    }

    @Test func aRepeatPhraseIsWorkedOutOnTheDraftsDate() {
        let values = reader.read(ReminderFieldInput(repeatPhrase: "every 2 weeks on tue,thu, 10 times")).values
        let draft = values.applied(to: monday)
        #expect(draft.recurrence == RecurrenceRule(.weekly(Weekdays([3, 5])), interval: 2, times: 10))
        #expect(draft.recurrence.label == "Every 2 weeks on Tuesday and Thursday, 10 times")
    }

    @Test func aWeeklyRepeatFollowsANewDateAsThePickerDoesAndKeepsItsCount() {
        var weekly = monday
        weekly.recurrence = RecurrenceRule(.weekly(Weekdays([2])), times: 5)
        let moved = reader.read(ReminderFieldInput(date: "2026-12-04")).values.applied(to: weekly)
        #expect(moved.date == day("2026-12-04"))
        #expect(moved.recurrence == RecurrenceRule(.weekly(Weekdays([6])), times: 5))
        var twoDays = monday
        twoDays.recurrence = RecurrenceRule(.weekly(Weekdays([2, 4])))
        #expect(reader.read(ReminderFieldInput(date: "2026-12-04")).values.applied(to: twoDays).recurrence == twoDays.recurrence)
    }

    @Test func aRowsZoneIsTheZoneItsDaysAreCountedIn() {
        // 15:00 in New York is 09:00 the next day in Auckland: "today" is a day later there.
        let values = reader.read(ReminderFieldInput(date: "today", zone: "Pacific/Auckland")).values
        #expect(values.date == day("2026-11-22"))
        #expect(values.applied(to: monday).timeZoneID == "Pacific/Auckland")
        #expect(problems(ReminderFieldInput(zone: "Mars/Olympus")) == [FieldProblem(field: .zone, reason: .unknownZone("Mars/Olympus"))])
    }

    @Test func anItemWithoutADateStaysUndatedAndOneWithoutATimeAllDay() {
        let undated = ReminderDraft(item: "From another client", notes: nil, day: nil, time: nil, zoneID: "Pacific/Auckland",
                                    recurrence: .never, end: nil)
        #expect(undated.hasDate == false)
        let values = ReminderRules.evaluate(undated, previously: nil, now: testNow).values
        #expect(values?.scheduledAt == nil)
        let allDay = ReminderDraft(item: "Bins", notes: nil, day: day("2026-11-23"), time: nil, zoneID: newYork.identifier,
                                   recurrence: .never, end: nil)
        #expect(ReminderRules.evaluate(allDay, previously: nil, now: testNow).values?.isAllDay == true)
        // The add form's proposal, the day after today at 09:00, is for the form alone.
        #expect(ReminderDraft.defaultDue(today: day("2026-11-21")) == LocalDateTime(date: day("2026-11-22"), time: time("09:00")))
    }

    @Test func noneClearsTheDateAndAllDayTheTime() {
        let cleared = reader.read(ReminderFieldInput(date: "none")).values
        #expect(cleared.clearsDate)
        #expect(cleared.applied(to: monday).hasDate == false)
        let allDay = reader.read(ReminderFieldInput(date: "fri", time: "all day")).values
        let draft = allDay.applied(to: monday)
        #expect(draft.hasTime == false)
        #expect(draft.date == day("2026-11-27"))
        #expect(problems(ReminderFieldInput(date: "none", time: "17:00")) == [FieldProblem(field: .time, reason: .timeNeedsDate)])
    }

    @Test func anEmptyValueClearsWhatCanBeClearedAndAnEmptyTitleIsRefused() throws {
        let weekly = ReminderDraft(title: "Stand-up", notes: "room 4", date: day("2026-11-30"), time: time("09:00"),
                                   timeZoneID: newYork.identifier, recurrence: RecurrenceRule(.weekly(Weekdays([2])), times: 5),
                                   recurrenceEnd: day("2027-03-01"))
        let (values, found) = reader.read(ReminderFieldInput(notes: "", repeatPhrase: "", times: "", until: ""), repeats: true)
        #expect(found == [])
        let draft = values.applied(to: weekly)
        #expect(draft.notes == "")
        #expect(draft.recurrence == .never)
        #expect(draft.recurrenceEnd == nil)
        #expect(reader.read(ReminderFieldInput(date: "")).values.applied(to: weekly).hasDate == false)
        #expect(reader.read(ReminderFieldInput(time: " ")).values.applied(to: weekly).hasTime == false)
        // Nothing repeats any more: an end cleared is no problem, an end given is.
        #expect(problems(ReminderFieldInput(until: "")) == [])
        #expect(problems(ReminderFieldInput(until: "2027-01-01")) == [FieldProblem(field: .until, reason: .needsRepeat)])
        let title = try #require(problems(ReminderFieldInput(title: "  ")).first)
        #expect(title == FieldProblem(field: .title, reason: .required))
        #expect(title.optionMessage.message == "--title cannot be empty; give one, or leave out --title to keep the one it has.")
        #expect(title.sentence == "Title is required")
    }
}
