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
        #expect(form.recurrencePicker.options.map(\.label) == ["Never", "Daily", "Weekly on Tuesday", "Monthly on the 24th"])

        form.recurrencePicker.kind = .weekly
        form.date = day("2026-12-03")  // a Thursday
        #expect(form.recurrencePicker.options.map(\.label) == ["Never", "Daily", "Weekly on Thursday", "Monthly on the 3rd"])
        #expect(form.recurrencePicker.rule == .weekly(weekday: 5))
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
