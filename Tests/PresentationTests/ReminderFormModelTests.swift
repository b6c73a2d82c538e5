import Domain
import Foundation
import Presentation
import Testing
import TestSupport

@MainActor
struct ReminderFormModelTests {
    let world: TestWorld

    init() throws {
        world = try TestWorld()
    }

    private func editForm(for reminder: ReminderWithTags) -> ReminderFormModel {
        world.core.formModel(.edit(reminder))
    }

    // MARK: Add

    @Test func newReminderStartsTomorrowAtNineWithNothingElse() {
        let form = world.core.formModel(.add)
        #expect(form.heading == "New Reminder")
        #expect(form.title == "")
        #expect(form.notes == "")
        #expect(form.date == day("2026-11-22"))
        #expect(form.time == time("09:00"))
        #expect(form.hasUnsavedChanges == false)
    }

    @Test func aNewReminderStartsWithTheAlarmsTheStoreGivesAndKeepsThemWhenSaved() async throws {
        try await world.core.changeSetting.newAlarms([.relative(seconds: -900), .atDue])
        // An alarm at a date and time is no default: refused, the setting as it was.
        await #expect(throws: SettingError.defaultAlarmNotRelative) { try await world.core.changeSetting.newAlarms([.absolute(testNow)]) }
        let form = try await world.core.addForm()
        #expect(form.alarms == [.relative(seconds: -900), .atDue])
        #expect(form.hasUnsavedChanges == false)
        form.title = "Call the bank"
        await form.saveTapped()
        guard case .saved(let saved) = form.outcome else { Issue.record("not saved: \(String(describing: form.error))"); return }
        #expect(saved.alarms == [.relative(seconds: -900), .atDue])
        // An edit form keeps the reminder's own; back to the default, a new one notifies at its due time.
        try await world.core.changeSetting.newAlarms(nil)
        #expect(world.core.formModel(.edit(saved)).alarms == [.relative(seconds: -900), .atDue])
        #expect(try await world.core.addForm().alarms == Alarm.defaults)
    }

    @Test func savingANewReminderStoresIt() async throws {
        let form = world.core.formModel(.add)
        form.title = "Buy milk"
        form.notes = "2 litres"
        form.time = time("10:30")
        await form.saveTapped()

        let stored = try #require(try await world.allReminders().first)
        #expect(form.outcome == .saved(stored))
        #expect(stored.title == "Buy milk")
        #expect(stored.notes == "2 litres")
        #expect(stored.scheduledAt == instant("2026-11-22T10:30:00-05:00"))
        #expect(form.isSaving == false)
    }

    @Test(arguments: ["", "   ", "\t\n"])
    func blankTitleShowsTheErrorAndStoresNothing(_ title: String) async throws {
        let form = world.core.formModel(.add)
        form.title = title
        await form.saveTapped()
        #expect(form.titleError == "Title is required")
        #expect(form.outcome == nil)
        #expect(try await world.allReminders().isEmpty)
    }

    @Test func titleErrorClearsWhenTheTitleChanges() async {
        let form = world.core.formModel(.add)
        await form.saveTapped()
        #expect(form.titleError == "Title is required")
        form.title = "B"
        #expect(form.titleError == nil)
    }

    @Test func pastDateIsRefusedForANewReminder() async throws {
        let form = world.core.formModel(.add)
        form.title = "Too late"
        form.date = day("2026-11-21")
        form.time = time("14:59")
        await form.saveTapped()
        #expect(form.dateError == "Must be in the future")
        #expect(form.titleError == nil)
        #expect(try await world.allReminders().isEmpty)
    }

    @Test func dateErrorClearsWhenTheDateOrTheTimeChanges() async {
        let form = world.core.formModel(.add)
        form.title = "Too late"
        form.date = day("2026-11-20")
        await form.saveTapped()
        form.date = day("2026-11-25")
        #expect(form.dateError == nil)

        form.date = day("2026-11-20")
        await form.saveTapped()
        form.time = time("10:00")
        #expect(form.dateError == nil)
    }

    @Test func blankTitleAndPastDateAreBothShownAtOnce() async {
        let form = world.core.formModel(.add)
        form.date = day("2026-01-01")
        await form.saveTapped()
        #expect(form.titleError == "Title is required")
        #expect(form.dateError == "Must be in the future")
    }

    @Test func storageFailureBecomesOneSentenceAndTheFormStaysOpen() async throws {
        let world = try TestWorld(onDisk: true)
        let form = try world.readOnlyCore().formModel(.add)
        form.title = "Buy milk"
        await form.saveTapped()
        #expect(form.error == "The store cannot be written (check the file's permissions and free space).")
        #expect(form.outcome == nil)
        #expect(form.isSaving == false)
        #expect(form.title == "Buy milk")
        #expect(try await world.allReminders().isEmpty)
    }

    // MARK: Edit

    @Test func editFormIsFilledFromTheReminder() async throws {
        let reminder = try await world.addReminder("Dentist", on: "2026-12-01", at: "14:45", notes: "Bring the form")
        let form = editForm(for: reminder)
        #expect(form.heading == "Edit Reminder")
        #expect(form.title == "Dentist")
        #expect(form.notes == "Bring the form")
        #expect(form.date == day("2026-12-01"))
        #expect(form.time == time("14:45"))
        #expect(form.hasUnsavedChanges == false)
    }

    @Test func editFormShowsTheReminderInItsOwnZone() async throws {
        let london = try TestWorld(timeZone: TimeZone(identifier: "Europe/London") ?? .gmt)
        let reminder = try await london.addReminder("Tea", on: "2026-12-01", at: "16:00")
        // Opened by someone now living in New York, the wall-clock time is still London's.
        let form = world.core.formModel(.edit(reminder))
        #expect(form.time == time("16:00"))
    }

    @Test func savingAnEditUpdatesTheTitle() async throws {
        let reminder = try await world.addReminder("Buy milk", on: "2026-11-22")
        let form = editForm(for: reminder)
        form.title = "Buy groceries"
        await form.saveTapped()
        #expect(try await world.allReminders().map(\.title) == ["Buy groceries"])
    }

    @Test func savingAnEditUpdatesTheDateAndTime() async throws {
        let reminder = try await world.addReminder("Buy milk", on: "2026-11-22")
        let form = editForm(for: reminder)
        form.date = day("2026-11-24")
        form.time = time("10:00")
        await form.saveTapped()
        #expect(try await world.allReminders().map(\.scheduledAt) == [instant("2026-11-24T10:00:00-05:00")])
    }

    @Test func editingTheTitleOfAnOverdueReminderSaves() async throws {
        let reminder = try await world.addReminder("Pay rent", on: "2026-11-22")
        world.clock.advance(by: 2 * 86_400)
        let form = editForm(for: reminder)
        form.title = "Pay the rent"
        await form.saveTapped()
        #expect(form.dateError == nil)
        #expect(try await world.allReminders().map(\.title) == ["Pay the rent"])
    }

    @Test func movingAnOverdueReminderToAnotherPastTimeIsRefused() async throws {
        let reminder = try await world.addReminder("Pay rent", on: "2026-11-22")
        world.clock.advance(by: 2 * 86_400)
        let form = editForm(for: reminder)
        form.time = time("08:00")
        await form.saveTapped()
        #expect(form.dateError == "Must be in the future")
        #expect(try await world.allReminders().map(\.scheduledAt) == [reminder.scheduledAt])
    }

    @Test func savingAReminderDeletedElsewhereSaysItIsGone() async throws {
        let reminder = try await world.addReminder("Buy milk", on: "2026-11-22")
        let form = editForm(for: reminder)
        try await world.core.deleteReminder(id: reminder.id)
        form.title = "Buy oat milk"
        await form.saveTapped()
        #expect(form.error == "This reminder no longer exists; it may have been deleted elsewhere.")
        #expect(try await world.allReminders().isEmpty)
    }

    enum Field: CaseIterable { case title, notes, date, time, addedTag, removedTag }

    @Test(arguments: Field.allCases)
    func changingAnyFieldIsAnUnsavedChange(_ field: Field) async throws {
        let shopping = try await world.addTag("Shopping")
        let home = try await world.addTag("Home")
        let reminder = try await world.addReminder("Buy milk", on: "2026-11-22", notes: "2 litres", tags: [shopping])
        let form = editForm(for: reminder)
        await form.load()
        #expect(form.hasUnsavedChanges == false)
        switch field {
        case .title: form.title = "Buy oat milk"
        case .notes: form.notes = "3 litres"
        case .date: form.date = day("2026-11-23")
        case .time: form.time = time("09:01")
        case .addedTag: form.tagPicker.select(home.id)
        case .removedTag: form.tagPicker.deselect(shopping.id)
        }
        #expect(form.hasUnsavedChanges)
    }

    // MARK: Tags

    @Test func savingANewReminderStoresItsTags() async throws {
        let work = try await world.addTag("Work")
        let health = try await world.addTag("Health")
        _ = try await world.addTag("Home")
        let form = world.core.formModel(.add)
        await form.load()
        form.title = "Standing desk"
        form.tagPicker.select(work.id)
        form.tagPicker.select(health.id)
        await form.saveTapped()
        #expect(try await world.allReminders().map(\.tags) == [[health, work]])
    }

    @Test func editFormLoadsTheTagsAndSavingStoresTheNewChoice() async throws {
        let work = try await world.addTag("Work")
        let home = try await world.addTag("Home")
        let reminder = try await world.addReminder("Report", on: "2026-11-22", tags: [work])
        let form = editForm(for: reminder)
        await form.load()
        #expect(form.tagPicker.selected == [work])

        form.tagPicker.deselect(work.id)
        form.tagPicker.select(home.id)
        form.tagPicker.newTagName = "Urgent"
        let urgent = try #require(form.tagPicker.createTapped())
        await form.saveTapped()

        #expect(try await world.allReminders().map(\.tags) == [[home, urgent]])
    }

    /// Saved, an edit writes only what it changed: what another process (or a sync) changed while
    /// the form was open stays, the other device's tag too; a field both changed is the form's.
    @Test func anEditWritesOnlyWhatItChangedOverWhatWasStoredMeanwhile() async throws {
        let work = try await world.addTag("Work")
        let home = try await world.addTag("Home")
        let urgent = try await world.addTag("Urgent")
        let reminder = try await world.addReminder("Dentist", on: "2026-11-22", notes: "bring card", tags: [work])
        let form = editForm(for: reminder)
        await form.load()

        // Meanwhile, elsewhere: priority, notes, the date, one more tag, the title.
        var elsewhere = ReminderDraft(editing: reminder, today: world.environment.today)
        elsewhere.priority = .medium
        elsewhere.notes = "bring card + xray"
        elsewhere.date = day("2026-11-23")
        elsewhere.tagIDs = [work, home].reduce(into: Set<UUID>()) { $0.insert($1.id) }
        elsewhere.title = "Dentist (them)"
        _ = try await world.core.updateReminder(id: reminder.id, elsewhere)

        // Here: the title and the tags (Work off, Urgent on), nothing else.
        form.title = "Dentist (Dr Rao)"
        form.tagPicker.deselect(work.id)
        form.tagPicker.select(urgent.id)
        await form.saveTapped()

        let stored = try #require(try await world.allReminders().first)
        #expect(stored.title == "Dentist (Dr Rao)")
        #expect(stored.priority == .medium)
        #expect(stored.notes == "bring card + xray")
        #expect(stored.localScheduled?.date == day("2026-11-23"))
        #expect(Set(stored.tags.map(\.name)) == ["Home", "Urgent"])
    }

    /// When it is due and how it repeats are one field: a form that moves the date writes its
    /// repeat (which followed the date) too, over one changed elsewhere meanwhile; a form that
    /// changed neither keeps both as they are stored.
    @Test func aMovedDateTakesItsRepeatWithIt() async throws {
        let reminder = try await world.addReminder("Review", on: "2026-11-23")
        var weekly = ReminderDraft(editing: reminder, today: world.environment.today)
        weekly.recurrence = RepeatSpec(.weekly).rule(on: day("2026-11-23"))
        let stored = try await world.core.updateReminder(id: reminder.id, weekly)
        let moving = editForm(for: stored), titling = editForm(for: stored)
        await moving.load()
        await titling.load()
        var daily = ReminderDraft(editing: stored, today: world.environment.today)
        daily.recurrence = RepeatSpec(.daily).rule(on: day("2026-11-23"))
        _ = try await world.core.updateReminder(id: reminder.id, daily)

        titling.title = "Weekly review"
        await titling.saveTapped()
        #expect(try await world.allReminders().first?.recurrence.label == "Daily")

        #expect(moving.enter(ReminderFieldInput(date: "2026-11-24")).isEmpty)
        await moving.saveTapped()
        let moved = try #require(try await world.allReminders().first)
        #expect(moved.localScheduled?.date == day("2026-11-24"))
        #expect(moved.recurrence.label == "Weekly on Tuesday")
        #expect(moved.title == "Weekly review")
    }

    @Test func tagDeletedWhileTheFormWasOpenIsDroppedWhenItLoads() async throws {
        let work = try await world.addTag("Work")
        let reminder = try await world.addReminder("Report", on: "2026-11-22", tags: [work])
        let form = editForm(for: reminder)
        try await world.core.deleteTag(id: work.id)
        await form.load()
        #expect(form.tagPicker.selected.isEmpty)
        form.title = "Report v2"
        await form.saveTapped()
        #expect(form.error == nil)
        #expect(try await world.allReminders().map(\.tags) == [[]])
    }

    @Test func whiteSpaceAtTheEndsIsNotAChange() async throws {
        let reminder = try await world.addReminder("Buy milk", on: "2026-11-22")
        let form = editForm(for: reminder)
        form.title = "Buy milk  "
        form.notes = " "
        #expect(form.hasUnsavedChanges == false)
    }

    // MARK: Cancel

    @Test func cancellingAnUnchangedFormClosesItAtOnce() async throws {
        let reminder = try await world.addReminder("Buy milk", on: "2026-11-22")
        let form = editForm(for: reminder)
        form.cancelTapped()
        #expect(form.discardConfirmation == nil)
        #expect(form.outcome == .discarded)
    }

    @Test func cancellingAfterChangesAsksFirstAndDiscardingLeavesTheReminderAsItWas() async throws {
        let reminder = try await world.addReminder("Buy milk", on: "2026-11-22")
        let form = editForm(for: reminder)
        form.title = "Buy groceries"
        form.date = day("2026-11-30")

        form.cancelTapped()
        #expect(form.discardConfirmation?.title == "Discard Changes?")
        #expect(form.outcome == nil)

        form.discardConfirmed()
        #expect(form.outcome == .discarded)
        #expect(try await world.allReminders() == [reminder])
    }

    @Test func keepingEditingAfterCancelKeepsTheChanges() async throws {
        let reminder = try await world.addReminder("Buy milk", on: "2026-11-22")
        let form = editForm(for: reminder)
        form.title = "Buy groceries"
        form.cancelTapped()
        form.keepEditingTapped()
        #expect(form.discardConfirmation == nil)
        #expect(form.outcome == nil)
        #expect(form.title == "Buy groceries")
    }

    // MARK: Delete

    @Test func deleteAsksAndConfirmingRemovesTheReminder() async throws {
        let reminder = try await world.addReminder("Buy milk", on: "2026-11-22")
        let keep = try await world.addReminder("Keep me", on: "2026-11-23")
        let form = editForm(for: reminder)

        form.deleteTapped()
        #expect(form.deleteConfirmation?.title == "Delete \"Buy milk\" (due Tomorrow 09:00)?")
        #expect(form.deleteConfirmation?.message == "`undo` brings it back.")
        #expect(try await world.allReminders().count == 2)

        await form.deleteConfirmed()
        #expect(form.outcome == .deleted(reminder.id))
        #expect(try await world.allReminders() == [keep])
    }

    @Test func cancellingTheDeleteKeepsTheReminder() async throws {
        let reminder = try await world.addReminder("Buy milk", on: "2026-11-22")
        let form = editForm(for: reminder)
        form.deleteTapped()
        form.deleteCancelled()
        await form.deleteConfirmed()  // a stray confirm after cancelling does nothing
        #expect(form.deleteConfirmation == nil)
        #expect(form.outcome == nil)
        #expect(try await world.allReminders() == [reminder])
    }

    @Test func aNewReminderHasNothingToDelete() {
        let form = world.core.formModel(.add)
        form.deleteTapped()
        #expect(form.deleteConfirmation == nil)
    }
}

/// A full screen's form: each field typed as text, refused text kept beside its field.
@MainActor
struct ReminderFormTypingTests {
    let world: TestWorld

    init() throws {
        world = try TestWorld()
    }

    @Test func textThatCannotBeReadStaysBesideItsFieldAndSaveIsRefusedUntilItIsCorrected() async throws {
        let form = world.core.formModel(.add)
        form.typed("Buy milk", into: .title)
        form.typed("25:99", into: .time)
        #expect(form.text(of: .time) == "25:99")
        #expect(form.message(for: .time) == TypedInput.timeHint)
        #expect(form.time == time("09:00"))
        #expect(form.hasUnsavedChanges)

        form.typed("2026-11-20", into: .date)
        await form.saveTapped()
        #expect(form.outcome == nil)
        #expect(form.error == "Some fields could not be read; correct them or type them again.")
        #expect(form.message(for: .date) == "Must be in the future")
        #expect(try await world.allReminders().isEmpty)
        form.typed("2026-11-25", into: .date)

        form.typed("5pm", into: .time)
        #expect(form.message(for: .time) == nil)
        #expect(form.text(of: .time) == "17:00")
        await form.saveTapped()
        #expect(try await world.allReminders().map(\.scheduledAt) == [instant("2026-11-25T17:00:00-05:00")])
    }

    @Test func aDateCanCarryItsTimeAndShowsAsADay() {
        let form = world.core.formModel(.add)
        form.typed("fri 6pm", into: .date)
        #expect(form.text(of: .date) == "2026-11-27")
        #expect(form.text(of: .time) == "18:00")
    }

    @Test func aPriorityIsTypedAsAWordOrMarks() async throws {
        let form = world.core.formModel(.add)
        form.typed("Pay rent", into: .title)
        form.typed("!!!", into: .priority)
        #expect(form.text(of: .priority) == "high")
        form.typed("urgent-ish", into: .priority)
        #expect(form.message(for: .priority) == FieldProblem.priorityHint)
        form.typed("low", into: .priority)
        await form.saveTapped()
        #expect(try await world.allReminders().map(\.priority) == [.low])
    }

    @Test func theListChoiceStepsThroughTheListsAndComesRound() async throws {
        _ = try await world.core.lists.create(named: "Work", colorHex: nil)
        let form = world.core.formModel(.add)
        await form.load()
        let names = form.lists.map(\.name)
        #expect(names.count == 2)
        let first = form.list?.name
        form.listStepped(by: 1)
        #expect(form.list?.name != first)
        form.listStepped(by: 1)
        #expect(form.list?.name == first)
        form.listStepped(by: -1)
        #expect(form.list.map { names.contains($0.name) } == true && form.list?.name != first)
    }

    @Test func noneMakesItUndatedOrAllDay() async throws {
        let form = world.core.formModel(.add)
        form.typed("Read a book", into: .title)
        form.typed("none", into: .time)
        #expect(form.text(of: .time) == "none")
        #expect(form.text(of: .date) == "2026-11-22")
        form.typed("none", into: .date)
        #expect(form.text(of: .date) == "none")
        await form.saveTapped()
        #expect(try await world.allReminders().map(\.due) == [.someday])
    }

    @Test func savingShowsTheRulesMessagesBesideTheirFields() async throws {
        let form = world.core.formModel(.add)
        form.typed("2026-11-20", into: .date)
        await form.saveTapped()
        #expect(form.message(for: .title) == "Title is required")
        #expect(form.message(for: .date) == "Must be in the future")
        form.typed("Buy milk", into: .title)
        #expect(form.message(for: .title) == nil)
    }

    @Test func aCountOrEndForARepeatThereNoLongerIsIsDropped() async throws {
        let form = world.core.formModel(.add)
        form.typed("Stretch", into: .title)
        form.repeatChosen(.daily)
        form.typed("lots", into: .times)
        #expect(form.message(for: .times) != nil)
        form.repeatChosen(.never)
        #expect(form.message(for: .times) == nil)
        await form.saveTapped()
        #expect(try await world.allReminders().map(\.recurrence) == [.never])
    }

    @Test func aRepeatPhraseIsReadAndItsEndShown() {
        let form = world.core.formModel(.add)
        form.typed("every 2 weeks on tue,thu, 10 times", into: .repeat)
        #expect(form.message(for: .repeat) == nil)
        #expect(form.text(of: .repeat) == "Every 2 weeks on Tuesday and Thursday, 10 times")
        #expect(form.text(of: .times) == "10")
        form.typed("every fortnight-ish", into: .repeat)
        #expect(form.message(for: .repeat) != nil)
        #expect(form.text(of: .repeat) == "every fortnight-ish")
    }
}
