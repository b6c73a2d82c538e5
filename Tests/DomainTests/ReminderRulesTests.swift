import Domain
import Foundation
import Testing
import TestSupport

struct ReminderRulesTests {
    private func draft(title: String = "Buy milk", date: String = "2026-11-22", time: String = "09:00",
                       zone: String = "America/New_York") -> ReminderDraft {
        ReminderDraft(title: title, date: day(date), time: TestSupport.time(time), timeZoneID: zone)
    }

    @Test(arguments: ["", "   ", "\n\t "])
    func blankTitleIsRequired(_ title: String) {
        #expect(ReminderRules.problems(in: draft(title: title), previously: nil, now: testNow) == [.titleRequired])
        #expect(ReminderValidationError.titleRequired.message == "Title is required")
    }

    @Test func titleIsTrimmedAndMayBeFiveHundredCharacters() throws {
        let longest = String(repeating: "é", count: 500)
        #expect(try ReminderRules.validTitle("  \(longest)\n") == longest)
        #expect(throws: ReminderValidationError.titleTooLong) {
            try ReminderRules.validTitle(longest + "x")
        }
    }

    @Test func newReminderMustBeDueAfterNow() {
        #expect(ReminderRules.problems(in: draft(date: "2026-11-21", time: "15:00"), previously: nil, now: testNow)
            == [.notInFuture])
        #expect(ReminderRules.problems(in: draft(date: "2026-11-21", time: "15:01"), previously: nil, now: testNow)
            .isEmpty)
        #expect(ReminderValidationError.notInFuture.message == "Must be in the future")
    }

    @Test func editedReminderMayKeepItsPastTimeButNotMoveToAnotherPastTime() {
        let overdue = instant("2026-11-20T09:00:00-05:00")
        #expect(ReminderRules.problems(in: draft(date: "2026-11-20"), previously: overdue, now: testNow).isEmpty)
        #expect(ReminderRules.problems(in: draft(date: "2026-11-20", time: "10:00"), previously: overdue, now: testNow)
            == [.notInFuture])
    }

    @Test func everyBrokenRuleIsReportedAtOnce() {
        let problems = ReminderRules.problems(in: draft(title: " ", date: "2020-01-01"), previously: nil, now: testNow)
        #expect(problems == [.titleRequired, .notInFuture])
    }

    @Test func unknownZoneIsRefusedWithTheFormOfAGoodOne() {
        let problems = ReminderRules.problems(in: draft(zone: "Mars/Olympus"), previously: nil, now: testNow)
        #expect(problems == [.unknownTimeZone("Mars/Olympus")])
        #expect(problems.first?.message.contains("Europe/London") == true)
    }

    @Test func validatedValuesAreTrimmedAndResolvedInTheDraftsZone() throws {
        var input = draft(title: "  Call mum ", date: "2026-11-22", time: "22:00")
        input.notes = "  \n"
        let values = try ReminderRules.validate(input, previously: nil, now: testNow)
        #expect(values.title == "Call mum")
        #expect(values.notes == nil)
        #expect(values.scheduledAt == instant("2026-11-23T03:00:00Z"))
        #expect(values.timeZoneID == "America/New_York")
    }
}
