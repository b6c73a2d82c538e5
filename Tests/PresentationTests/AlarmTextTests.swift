import Domain
import Foundation
import Presentation
import Testing
import TestSupport

/// Alarms as a person types them, read in one place (`AlarmText`) for the form, `--alarm` and CSV;
/// the tests' now is Saturday 21 November 2026, 15:00 in New York.
@MainActor
struct AlarmTextTests {
    private func read(_ text: String) -> Result<[Alarm], FieldProblem.Reason> {
        AlarmText.read(text, now: testNow, zone: newYork)
    }

    @Test func offsetsBeforeAtAndAfterTheDueTimeAreRead() {
        #expect(read("-1d, -15m") == .success([.relative(seconds: -86_400), .relative(seconds: -900)]))
        #expect(read("+10m,0, -1h30m") == .success([.relative(seconds: -5_400), .atDue, .relative(seconds: 600)]))
        #expect(read("-1w") == .success([.relative(seconds: -604_800)]))
        #expect(read("15 minutes before, 2 hours after") == .success([.relative(seconds: -900), .relative(seconds: 7_200)]))
        #expect(read("-15") == .success([.relative(seconds: -900)]))
        #expect(read("at due time") == .success([.atDue]))
        // Repeats are one alarm.
        #expect(read("-15m, -15m") == .success([.relative(seconds: -900)]))
    }

    @Test func anAbsoluteTimeIsReadInTheZoneAndNoneIsNoAlarm() {
        #expect(read("2027-01-04 18:00") == .success([.absolute(instant("2027-01-04T18:00:00-05:00"))]))
        #expect(read("tomorrow 8am") == .success([.absolute(instant("2026-11-22T08:00:00-05:00"))]))
        #expect(read("none") == .success([]))
    }

    @Test func whatCannotBeReadSaysWhy() {
        #expect(read("15m") == .failure(.alarmNeedsSign("15m")))
        #expect(read("soon") == .failure(.notAnAlarm("soon")))
        // A day without a time is not a moment to notify at.
        #expect(read("2027-01-04") == .failure(.notAnAlarm("2027-01-04")))
        #expect(read("-53w") == .failure(.alarmTooFar("-53w")))
        #expect(read("none, -1h") == .failure(.alarmNoneWithOthers))
        #expect(read("-1h,") == .failure(.notAnAlarm("-1h,")))
        #expect(FieldProblem(field: .alarms, reason: .alarmNeedsSign("15m")).sentence
            == "Say which way: -15m for before the due time, +15m for after it")
    }

    @Test func alarmsAreWrittenAsTheyAreTyped() {
        #expect(Alarm.text(Alarm.defaults, zone: newYork) == "at due time")
        #expect(Alarm.text([], zone: newYork) == "none")
        #expect(Alarm.text([.relative(seconds: -91_800), .atDue, .relative(seconds: 600), .absolute(instant("2027-01-04T18:00:00-05:00"))],
                               zone: newYork) == "-1d1h30m, 0, +10m, 2027-01-04 18:00")
        #expect(AlarmText.badge(Alarm.defaults, zone: newYork) == nil)
        #expect(AlarmText.badge([], zone: newYork) == "no alarm")
    }

    @Test func theFormTakesTheAlarmsAsOneAnswerAndSavesThem() async throws {
        let world = try TestWorld()
        let form = world.core.formModel(.add)
        #expect(form.text(of: .alarms) == "at due time")
        form.title = "Pay rent"
        #expect(form.enter(ReminderFieldInput(alarms: "-1d, 15m")).map(\.reason) == [.alarmNeedsSign("15m")])
        #expect(form.alarms == Alarm.defaults)
        #expect(form.enter(ReminderFieldInput(alarms: "-1d, -15m")).isEmpty)
        #expect(form.text(of: .alarms) == "-1d, -15m")
        #expect(form.hasUnsavedChanges)
        await form.saveTapped()
        let stored = try #require(try await world.allReminders().first)
        #expect(stored.alarms == [.relative(seconds: -86_400), .relative(seconds: -900)])
        // The edit form starts with them.
        #expect(world.core.formModel(.edit(stored)).text(of: .alarms) == "-1d, -15m")
    }
}
