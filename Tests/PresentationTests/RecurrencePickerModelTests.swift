import Domain
import Foundation
import Presentation
import Testing
import TestSupport

@MainActor
struct RecurrencePickerModelTests {
    let world: TestWorld

    init() throws {
        world = try TestWorld()
    }

    @Test func optionsAreDerivedFromTheScheduledDateAndFollowIt() {
        let form = world.core.formModel(.add)
        form.date = day("2026-11-24")  // a Tuesday
        #expect(form.recurrencePicker.options.map(\.label) == [
            "Never", "Daily", "Every weekday", "Weekly on Tuesday", "Every 2 weeks on Tuesday", "Monthly on the 24th",
            "Monthly on the last Tuesday", "Yearly on 24 November"])

        form.recurrencePicker.kind = .weekly
        form.date = day("2026-12-03")  // a Thursday
        #expect(form.recurrencePicker.options.map(\.label) == [
            "Never", "Daily", "Every weekday", "Weekly on Thursday", "Every 2 weeks on Thursday", "Monthly on the 3rd",
            "Monthly on the 1st Thursday", "Yearly on 3 December"])
        #expect(form.recurrencePicker.rule == .weekly(weekday: 5))
        // The last day of a month shorter than 31 days offers "the last day"; 29 February, yearly.
        form.date = day("2028-02-29")
        #expect(form.recurrencePicker.options.map(\.label) == [
            "Never", "Daily", "Every weekday", "Weekly on Tuesday", "Every 2 weeks on Tuesday", "Monthly on the 29th",
            "Monthly on the last Tuesday", "Monthly on the last day", "Yearly on 29 February"])
    }

    @Test func aCustomRuleIsBuiltPartByPartWithASentenceAndACount() async throws {
        let form = world.core.formModel(.add)
        form.title = "Swim"
        form.date = day("2026-12-01")  // a Tuesday
        let picker = form.recurrencePicker
        picker.kind = .custom
        picker.frequency = .weekly
        picker.interval = 2
        picker.weekdays = Weekdays([3, 5])
        picker.times = 10
        #expect(picker.kind == .custom)
        #expect(picker.label == "Every 2 weeks on Tuesday and Thursday, 10 times")
        await form.saveTapped()
        let stored = try #require(try await world.allReminders().first)
        #expect(stored.recurrence == RecurrenceRule(.weekly(Weekdays([3, 5])), interval: 2, times: 10))

        // Edit shows it as custom, with its parts; a monthly mode follows the date's weekday.
        let edit = world.core.formModel(.edit(stored))
        #expect(edit.recurrencePicker.kind == .custom)
        #expect(edit.recurrencePicker.interval == 2 && edit.recurrencePicker.times == 10)
        edit.recurrencePicker.frequency = .monthly
        edit.recurrencePicker.monthlyMode = .sameWeekday
        #expect(edit.recurrencePicker.label == "Every 2 months on the 1st Tuesday, 10 times")
        #expect(edit.recurrencePicker.monthlyOptions.map(\.label) == ["on the 1st", "on the 1st Tuesday", "on the last day"])
    }

    @Test func aCustomRuleCanCountFromCompletionAndDaysToFallOnEndThat() async throws {
        let form = world.core.formModel(.add)
        form.title = "Water the plants"
        form.date = day("2026-12-01")  // a Tuesday
        let picker = form.recurrencePicker
        picker.kind = .custom
        picker.frequency = .daily
        picker.interval = 3
        picker.afterDone = true
        #expect(picker.kind == .custom && picker.label == "Every 3 days after done")
        // Another unit keeps it counted from completion.
        picker.frequency = .weekly
        #expect(picker.label == "Every 3 weeks after done")
        await form.saveTapped()
        let stored = try #require(try await world.allReminders().first)
        #expect(stored.recurrence == RecurrenceRule(.weekly(Weekdays([3])), interval: 3, afterDone: true))

        // Editing it shows it counted from completion; choosing days makes it fall on them instead.
        let edit = world.core.formModel(.edit(stored))
        #expect(edit.recurrencePicker.afterDone && edit.recurrencePicker.label == "Every 3 weeks after done")
        edit.recurrencePicker.weekdays = Weekdays([3, 5])
        #expect(!edit.recurrencePicker.afterDone && edit.recurrencePicker.label == "Every 3 weeks on Tuesday and Thursday")
        // A one-time reminder is not counted from completion.
        edit.recurrencePicker.frequency = .never
        edit.recurrencePicker.afterDone = true
        #expect(edit.recurrencePicker.rule == .never)
    }

    @Test func aPhraseChoosesTheRuleAndARuleAQuickOptionGivesIsThatOption() throws {
        let form = world.core.formModel(.add)
        form.date = day("2026-11-27")  // the last Friday of November
        let picker = form.recurrencePicker
        try picker.choose(phrase: "monthly on the last fri")
        #expect(picker.kind == .monthlyWeekday)
        try picker.choose(phrase: "Every 2 weeks on tue, thu, 5 times")
        #expect(picker.kind == .custom && picker.times == 5)
        #expect(picker.rule == RecurrenceRule(.weekly(Weekdays([3, 5])), interval: 2, times: 5))
        #expect(throws: RepeatPhraseError.self) { try picker.choose(phrase: "every blue moon") }
        #expect(picker.rule.times == 5)  // a refused phrase changes nothing
    }

    @Test func endDateIsOfferedOnlyWhenRepeatingAndDefaultsToAMonthLater() {
        let form = world.core.formModel(.add)
        form.date = day("2027-01-31")
        let picker = form.recurrencePicker
        #expect(picker.isEndDateAvailable == false)
        picker.kind = .daily
        #expect(picker.isEndDateAvailable)
        picker.hasEndDate = true
        #expect(picker.endDate == day("2027-02-28"))
        form.date = day("2027-03-10")
        #expect(picker.endDate == day("2027-04-10"))  // follows the date until the user sets it

        picker.endDate = day("2027-05-01")
        form.date = day("2027-03-12")
        #expect(picker.endDate == day("2027-05-01"))

        picker.kind = .never
        #expect(picker.effectiveEnd == nil)
    }

    @Test func endDateBeforeTheScheduledDateIsRefusedWithAMessage() async throws {
        let form = world.core.formModel(.add)
        form.title = "Physio"
        form.recurrencePicker.kind = .daily
        form.recurrencePicker.hasEndDate = true
        form.recurrencePicker.endDate = day("2026-11-21")
        await form.saveTapped()
        #expect(form.recurrencePicker.endDateError == "Must be on or after the reminder's date")
        #expect(try await world.allReminders().isEmpty)

        form.recurrencePicker.endDate = day("2026-12-01")
        #expect(form.recurrencePicker.endDateError == nil)
        await form.saveTapped()
        #expect(try await world.allReminders().map(\.recurrenceEnd) == [day("2026-12-01")])
    }

    @Test func savingStoresTheRuleAndEditLoadsIt() async throws {
        let form = world.core.formModel(.add)
        form.title = "Water plants"
        form.date = day("2026-11-25")
        form.recurrencePicker.kind = .weekly
        form.recurrencePicker.hasEndDate = true
        await form.saveTapped()
        let stored = try #require(try await world.allReminders().first)
        #expect(stored.recurrence == .weekly(weekday: 4))
        #expect(stored.recurrenceEnd == day("2026-12-25"))

        let edit = world.core.formModel(.edit(stored))
        #expect(edit.recurrencePicker.kind == .weekly)
        #expect(edit.recurrencePicker.hasEndDate)
        #expect(edit.recurrencePicker.endDate == day("2026-12-25"))
        #expect(edit.hasUnsavedChanges == false)
    }

    enum Change: CaseIterable { case rule, endToggle, endDate }

    @Test(arguments: Change.allCases)
    func changingTheRepeatIsAnUnsavedChange(_ change: Change) async throws {
        let reminder = try await world.core.createReminder(ReminderDraft(
            title: "Run", date: day("2026-11-22"), time: time("07:00"), timeZoneID: "America/New_York",
            recurrence: .daily, recurrenceEnd: day("2026-12-22")))
        let form = world.core.formModel(.edit(reminder))
        switch change {
        case .rule: form.recurrencePicker.kind = .monthly
        case .endToggle: form.recurrencePicker.hasEndDate = false
        case .endDate: form.recurrencePicker.endDate = day("2026-12-23")
        }
        #expect(form.hasUnsavedChanges)
    }

    @Test func cardShowsTheRepeatBadge() async throws {
        _ = try await world.core.createReminder(ReminderDraft(
            title: "Run", date: day("2026-11-22"), time: time("07:00"), timeZoneID: "America/New_York", recurrence: .daily))
        try await world.addReminder("Dentist", on: "2026-11-23")
        let dashboard = world.core.dashboardModel()
        await dashboard.load()
        #expect(dashboard.cards.map(\.recurrence) == ["Daily", nil])
    }
}
