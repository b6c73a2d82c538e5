import Domain
import Foundation
import Presentation
import Testing
import TestSupport

/// The dashboard as a full screen uses it: rows, numbers that stay put, the selection, and the
/// actions its keys call.
@MainActor
struct DashboardScreenTests {
    /// Friday 8:00; the reminders are added, then the clock moves to Saturday 15:00.
    private static let friday = instant("2026-11-20T08:00:00-05:00")

    /// A world at Saturday 15:00 with one overdue, two today, two upcoming reminders.
    private func week() async throws -> TestWorld {
        let world = try TestWorld(now: Self.friday)
        try await world.addReminder("Gym", on: "2026-11-21", at: "10:00")
        try await world.addReminder("Call mum", on: "2026-11-21", at: "18:30")
        try await world.addReminder("Pay rent", on: "2026-11-21", at: "20:00")
        try await world.addReminder("Dentist", on: "2026-11-22", at: "09:00")
        try await world.addReminder("Renew passport", on: "2027-01-05", at: "10:00")
        world.clock.advance(by: 31 * 3_600)
        return world
    }

    private func titles(_ dashboard: DashboardModel) -> [String] {
        dashboard.rows.compactMap { if case .card(let card, _) = $0 { card.title } else { nil } }
    }

    private func numbered(_ dashboard: DashboardModel) -> [String] {
        dashboard.rows.compactMap { if case .card(let card, let number) = $0 { "\(number) \(card.title)" } else { nil } }
    }

    private func rowTexts(_ dashboard: DashboardModel) -> [String] {
        dashboard.rows.map {
            switch $0 {
            case .section(let title, let total): "# \(title) (\(total))"
            case .group(let heading): "## \(heading)"
            case .card(let card, let number): "\(number). \(card.title)"
            case .note(let text): "(\(text))"
            }
        }
    }

    // MARK: Rows and numbers

    @Test func rowsGroupToDoByUrgencyAndNumberTheCardsInScreenOrder() async throws {
        let world = try await week()
        let done = try await world.addReminder("Buy milk", on: "2026-11-25")
        _ = try await world.core.completeReminders(ids: [done.id])
        let dashboard = world.core.dashboardModel()
        await dashboard.load()

        #expect(rowTexts(dashboard) == [
            "# To Do (5)", "## Overdue", "1. Gym", "## Today", "2. Call mum", "3. Pay rent",
            "## Upcoming", "4. Dentist", "5. Renew passport", "# Completed (1)", "6. Buy milk",
        ])
        #expect(dashboard.selectedCard?.title == "Gym")
    }

    @Test func undatedRemindersHaveASectionOfTheirOwnAfterToDoNumberedInTurn() async throws {
        let world = try await week()
        _ = try await world.core.createReminder(ReminderDraft(title: "Read Dune", date: day("2026-11-22"), time: time("09:00"),
                                                          hasDate: false, timeZoneID: "America/New_York"))
        let dashboard = world.core.dashboardModel()
        await dashboard.load()

        #expect(Array(rowTexts(dashboard).suffix(4)) == ["# No date (1)", "6. Read Dune", "# Completed (0)", "(Nothing completed yet.)"])
        await dashboard.selectLast()
        #expect(dashboard.selectedCard?.title == "Read Dune")
    }

    @Test func emptySectionsSaySo() async throws {
        let dashboard = try TestWorld().core.dashboardModel()
        await dashboard.load()
        #expect(rowTexts(dashboard) == ["# To Do (0)", "(Nothing to do.)", "# Completed (0)", "(Nothing completed yet.)"])
        #expect(dashboard.selectedCard == nil)
    }

    // MARK: Selection

    @Test func theSelectionMovesCardByCardAndStopsAtTheEnds() async throws {
        let dashboard = try await week().core.dashboardModel()
        await dashboard.load()
        await dashboard.moveSelection(by: 2)
        #expect(dashboard.selectedCard?.title == "Pay rent")
        await dashboard.moveSelection(by: -10)
        #expect(dashboard.selectedCard?.title == "Gym")
        await dashboard.moveSelection(by: 10)
        #expect(dashboard.selectedCard?.title == "Renew passport")
        dashboard.selectFirst()
        #expect(dashboard.selectedCard?.title == "Gym")
        await dashboard.selectLast()
        #expect(dashboard.selectedCard?.title == "Renew passport")
    }

    /// A dashboard reading 60 To Do cards at a time, loaded, over `count` reminders R001, R002… due in turn.
    private func windowed(_ count: Int) async throws -> DashboardModel {
        let world = try TestWorld()
        for index in 1...count {
            try await world.addReminder(String(format: "R%03d", index), on: "2026-12-01", at: String(format: "%02d:%02d", index / 60, index % 60))
        }
        let dashboard = world.core.dashboardModel()
        dashboard.window = 60
        dashboard.moreHints.limited = "keep scrolling"
        await dashboard.load()
        return dashboard
    }

    @Test func aWindowReadsTheSoonestAndMovingNearItsEndReadsMore() async throws {
        let dashboard = try await windowed(120)
        #expect(titles(dashboard).count == 60)
        #expect(dashboard.unreadToDo == 60)
        #expect(dashboard.rows.contains(.note("and 60 more: keep scrolling")))
        #expect(dashboard.rows.first == .section(title: "To Do", total: 120))

        await dashboard.moveSelection(by: 20)
        #expect(dashboard.selectedCard?.title == "R021")
        #expect(dashboard.unreadToDo == 0)
        #expect(titles(dashboard).count == 120)
        #expect(numbered(dashboard).prefix(2) == ["1 R001", "2 R002"])
        #expect(numbered(dashboard).last == "120 R120")
    }

    @Test func goingToTheLastCardReadsTheLastOnesByPositionNotThoseBetweenAndTheyTakeTheNextNumbers() async throws {
        let dashboard = try await windowed(200)

        await dashboard.selectLast()

        #expect(dashboard.selectedCard?.title == "R200")
        #expect(titles(dashboard).count == 120)
        #expect(dashboard.unreadToDo == 80)
        let texts = rowTexts(dashboard)
        #expect(texts.prefix(3) == ["# To Do (200)", "## Upcoming", "1. R001"])
        #expect(Array(texts.drop { $0 != "60. R060" }.prefix(4)) == ["60. R060", "(and 80 more: keep scrolling)", "## Upcoming", "61. R141"])
        #expect(texts.contains("120. R200"))

        // Moving up from the first of the last ones reads more of them; those on screen keep their numbers.
        for _ in 0..<200 where dashboard.selectedCard?.title != "R141" { await dashboard.moveSelection(by: -1) }
        try #require(dashboard.selectedCard?.title == "R141")
        await dashboard.moveSelection(by: -1)
        #expect(dashboard.selectedCard?.title == "R140")
        #expect(dashboard.unreadToDo < 80)
        #expect(numbered(dashboard).contains("61 R141"))
        #expect(numbered(dashboard).contains("1 R001"))
        #expect(dashboard.number(of: dashboard.selectedCard!.key)! > 120)
    }

    // MARK: Completing

    @Test func completingTheSelectedCardMovesItToCompletedAndSelectsTheNextKeepingNumbers() async throws {
        let dashboard = try await week().core.dashboardModel()
        await dashboard.load()
        await dashboard.moveSelection(by: 1)

        await dashboard.completeSelectedTapped()

        #expect(dashboard.status == "Completed \"Call mum\".")
        #expect(numbered(dashboard) == ["1 Gym", "3 Pay rent", "4 Dentist", "5 Renew passport", "2 Call mum"])
        #expect(dashboard.selectedCard?.title == "Pay rent")
    }

    @Test func tickingADoneCardReopensIt() async throws {
        let world = try await week()
        let dashboard = world.core.dashboardModel()
        await dashboard.load()
        await dashboard.completeSelectedTapped()
        await dashboard.selectLast()
        #expect(dashboard.selectedCard?.urgency == .done)

        await dashboard.completeSelectedTapped()

        #expect(dashboard.status == "Reopened \"Gym\", due Today 10:00.")
        #expect(titles(dashboard).first == "Gym")
    }

    @Test func completingARepeatingCardMovesItToItsNextTime() async throws {
        let world = try TestWorld()
        _ = try await world.core.createReminder(ReminderDraft(
            title: "Stretch", date: day("2026-11-22"), time: time("08:00"), timeZoneID: "America/New_York", recurrence: .daily))
        let dashboard = world.core.dashboardModel()
        await dashboard.load()

        await dashboard.completeSelectedTapped()

        #expect(dashboard.status == "Completed \"Stretch\"; next: Mon 23 Nov 08:00.")
        #expect(dashboard.sections.first?.cards.map(\.timeText) == ["Mon 23 Nov 08:00"])
        #expect(dashboard.selectedCard?.title == "Stretch")
    }

    @Test func aCompletedTimeOfARepeatingReminderIsNotTickedAgain() async throws {
        let world = try TestWorld()
        let stretch = try await world.core.createReminder(ReminderDraft(
            title: "Stretch", date: day("2026-11-22"), time: time("08:00"), timeZoneID: "America/New_York", recurrence: .daily))
        _ = try await world.core.completeReminders(ids: [stretch.id])
        let dashboard = world.core.dashboardModel()
        await dashboard.load()
        await dashboard.selectLast()
        #expect(dashboard.selectedCard?.reminder.isPastOccurrence == true)

        await dashboard.completeSelectedTapped()

        #expect(dashboard.error == "That is a completed time of \"Stretch\"; `u` (undo) takes back a completion.")
        #expect(try await world.allReminders().first?.scheduledAt == instant("2026-11-23T08:00:00-05:00"))
    }

    // MARK: Deleting and undo

    @Test func quickDeleteRemovesAtOnceAndUndoBringsItBackRedoAgain() async throws {
        let world = try await week()
        let dashboard = world.core.dashboardModel()
        await dashboard.load()
        await dashboard.moveSelection(by: 3)

        await dashboard.quickDeleteTapped()
        #expect(dashboard.status == "Deleted \"Dentist\"; `u` (undo) brings it back.")
        #expect(titles(dashboard) == ["Gym", "Call mum", "Pay rent", "Renew passport"])
        #expect(dashboard.selectedCard?.title == "Renew passport")

        await dashboard.undoTapped()
        #expect(dashboard.status == "Undid: Deleted \"Dentist\".")
        #expect(numbered(dashboard) == ["1 Gym", "2 Call mum", "3 Pay rent", "4 Dentist", "5 Renew passport"])

        await dashboard.redoTapped()
        #expect(dashboard.status == "Redid: Deleted \"Dentist\".")
        #expect(try await world.allReminders().map(\.title) == ["Gym", "Call mum", "Pay rent", "Renew passport"])
    }

    @Test func turningToSomethingElseClearsWhatTheLastActionSaid() async throws {
        let dashboard = try await week().core.dashboardModel()
        await dashboard.load()
        await dashboard.completeSelectedTapped()
        #expect(dashboard.status != nil)
        dashboard.messagesDismissed()
        #expect(dashboard.status == nil && dashboard.error == nil)
    }

    @Test func undoWithNothingToUndoSaysSo() async throws {
        let dashboard = try TestWorld().core.dashboardModel()
        await dashboard.load()
        await dashboard.undoTapped()
        #expect(dashboard.error == JournalError.nothingToUndo.message)
    }

    @Test func deleteAsksFirstNamingTheReminderAndCancelKeepsIt() async throws {
        let world = try await week()
        let dashboard = world.core.dashboardModel()
        await dashboard.load()
        await dashboard.moveSelection(by: 1)

        dashboard.deleteTapped()
        #expect(dashboard.confirmation?.title == "Delete \"Call mum\" (due Today 18:30)?")
        #expect(dashboard.confirmation?.message == "`undo` brings it back.")
        #expect(try await world.allReminders().count == 5)

        dashboard.confirmationCancelled()
        #expect(dashboard.confirmation == nil)
        #expect(dashboard.status == "Kept \"Call mum\".")
        #expect(try await world.allReminders().count == 5)

        dashboard.deleteTapped()
        await dashboard.confirmTapped()
        #expect(dashboard.status == "Deleted \"Call mum\"; `u` (undo) brings it back.")
        #expect(try await world.allReminders().map(\.title) == ["Gym", "Pay rent", "Dentist", "Renew passport"])
        #expect(dashboard.selectedCard?.title == "Pay rent")
    }

    // MARK: Reset today

    @Test func resetTodayListsWhatGoesAndRemovesExactlyThat() async throws {
        let world = try await week()
        let habit = try await world.core.createReminder(ReminderDraft(
            title: "Water plants", date: day("2026-11-21"), time: time("19:00"), timeZoneID: "America/New_York", recurrence: .daily))
        let dashboard = world.core.dashboardModel()
        await dashboard.load()

        await dashboard.resetTodayAsked()
        #expect(dashboard.confirmation?.title == "Remove these 3 reminders due today?")
        #expect(dashboard.confirmationCards.map(\.title) == ["Gym", "Call mum", "Pay rent"])
        // Added after the question was asked: not in the list, so it stays.
        try await world.addReminder("Late addition", on: "2026-11-21", at: "21:00")

        await dashboard.confirmTapped()
        #expect(dashboard.status == "Removed 3 reminders due today; `u` (undo) brings them back.")
        #expect(try await world.allReminders().map(\.title).sorted() == ["Dentist", "Late addition", "Renew passport", "Water plants"])
        #expect(try await world.allReminders().contains { $0.id == habit.id })
    }

    @Test func resetTodayWithNothingDueTodaySaysSoWithoutAsking() async throws {
        let world = try TestWorld()
        try await world.addReminder("Dentist", on: "2026-11-23")
        let dashboard = world.core.dashboardModel()
        await dashboard.load()
        await dashboard.resetTodayAsked()
        #expect(dashboard.confirmation == nil)
        #expect(dashboard.status == "No one-time reminders are due today; nothing to remove.")
    }

    // MARK: Narrowing

    @Test func searchKeepsTitlesContainingTheTextIgnoringCaseAndAccentsAndNumbersAfresh() async throws {
        let world = try await week()
        try await world.addReminder("Café with Ana", on: "2026-11-24")
        let dashboard = world.core.dashboardModel()
        await dashboard.load()

        await dashboard.searchChanged("A")
        #expect(numbered(dashboard) == ["1 Call mum", "2 Pay rent", "3 Café with Ana", "4 Renew passport"])
        await dashboard.searchChanged("CAFE")
        #expect(numbered(dashboard) == ["1 Café with Ana"])
        #expect(dashboard.rows.first == .section(title: "To Do", total: 1))
        await dashboard.searchChanged("zebra")
        #expect(rowTexts(dashboard) == ["# To Do (0)", "(Nothing matches \"zebra\".)", "# Completed (0)", "(Nothing matches \"zebra\".)"])
        await dashboard.searchChanged("")
        #expect(titles(dashboard).count == 6)
    }

    @Test func filteringByATagNumbersAfreshAndClearingShowsEveryReminder() async throws {
        let world = try TestWorld()
        let work = try await world.addTag("Work")
        try await world.addReminder("Laundry", on: "2026-11-22")
        try await world.addReminder("Report", on: "2026-11-23", tags: [work])
        let dashboard = world.core.dashboardModel()
        await dashboard.load()
        #expect(numbered(dashboard) == ["1 Laundry", "2 Report"])

        await dashboard.filterTapped(work)
        #expect(numbered(dashboard) == ["1 Report"])
        await dashboard.clearFilterTapped()
        #expect(numbered(dashboard) == ["1 Laundry", "2 Report"])
    }

    @Test func filteringByAListOrAPriorityNumbersAfreshAndKeepsTheOtherFilters() async throws {
        let world = try TestWorld()
        let work = try await world.core.lists.create(named: "Work", colorHex: nil)
        let errands = try await world.addTag("Errands")
        try await world.addReminder("Laundry", on: "2026-11-22", tags: [errands])
        for (title, priority) in [("Report", Priority.high), ("Printer paper", .low)] {
            var draft = ReminderDraft(title: title, date: day("2026-11-23"), time: time("09:00"),
                                      timeZoneID: world.environment.timeZone.identifier, tagIDs: title == "Printer paper" ? [errands.id] : [])
            draft.listID = work.id
            draft.priority = priority
            _ = try await world.core.createReminder(draft)
        }
        let dashboard = world.core.dashboardModel()
        await dashboard.load()
        #expect(try await dashboard.listChoices().map(\.name) == ["Reminders", "Work"])

        await dashboard.listFilterTapped(work)
        #expect(numbered(dashboard) == ["1 Report", "2 Printer paper"])
        #expect(dashboard.filterDescription == "Work")
        await dashboard.filterTapped(errands)
        #expect(numbered(dashboard) == ["1 Printer paper"])
        #expect(dashboard.filterDescription == "Work · #Errands")
        await dashboard.filterTapped(nil)
        #expect(numbered(dashboard) == ["1 Report", "2 Printer paper"])
        #expect(dashboard.filterDescription == "Work")
        await dashboard.filterTapped(errands)
        await dashboard.listFilterTapped(nil)
        #expect(numbered(dashboard) == ["1 Laundry", "2 Printer paper"])

        await dashboard.priorityFilterTapped(Priority.none)
        #expect(numbered(dashboard) == ["1 Laundry"])
        #expect(dashboard.filterDescription == "#Errands · no priority")
        await dashboard.clearFilterTapped()
        #expect(numbered(dashboard) == ["1 Laundry", "2 Report", "3 Printer paper"])
        #expect(dashboard.filterDescription == nil)
    }

    @Test func aReminderAddedWhileNarrowedStartsInTheListTagAndPriorityShownAndAppearsThere() async throws {
        let world = try TestWorld()
        let work = try await world.core.lists.create(named: "Work", colorHex: nil)
        let errands = try await world.addTag("Errands")
        try await world.addReminder("Laundry", on: "2026-11-22")
        let dashboard = world.core.dashboardModel()
        await dashboard.listFilterTapped(work)
        await dashboard.filterTapped(errands)
        await dashboard.priorityFilterTapped(.high)
        #expect(numbered(dashboard).isEmpty)

        let form = world.core.formModel(.add, start: dashboard.newReminderStart)
        await form.load()
        #expect(form.list?.name == "Work")
        #expect(form.priority == .high)
        #expect(form.tagPicker.selectedIDs == [errands.id])
        // What the form starts with is not a change of the user's: Esc closes without asking.
        #expect(!form.hasUnsavedChanges)
        form.title = "Printer paper"
        await form.saveTapped()
        await dashboard.formClosed(form)
        #expect(numbered(dashboard) == ["1 Printer paper"])
        #expect(dashboard.selectedCard?.title == "Printer paper")

        await dashboard.clearFilterTapped()
        let plain = world.core.formModel(.add, start: dashboard.newReminderStart)
        await plain.load()
        #expect(plain.list?.name == "Reminders" && plain.priority == .none && plain.tagPicker.selectedIDs.isEmpty)
    }

    /// An edit saved with nothing changed writes nothing and says so; a tag made in the form and
    /// left unchosen is not stored either.
    @Test func anEditSavedUnchangedWritesNothingAndSaysSo() async throws {
        let world = try TestWorld()
        let laundry = try await world.addReminder("Laundry", on: "2026-11-22")
        let dashboard = world.core.dashboardModel()
        await dashboard.load()
        let steps = try await world.core.listJournal().undoable.count
        world.clock.advance(by: 60)
        let form = world.core.formModel(.edit(laundry))
        await form.load()
        let chores = try #require(form.tagPicker.createAndChoose(named: "Chores"))
        form.tagPicker.deselect(chores.id)
        #expect(!form.hasUnsavedChanges)
        await form.saveTapped()
        #expect(form.outcome == .unchanged(laundry))
        await dashboard.formClosed(form)
        #expect(dashboard.status == "Nothing changed in \"Laundry\".")
        #expect(try await world.core.listJournal().undoable.count == steps)
        #expect(try await world.core.listTags().contains { $0.name == "Chores" } == false)
        #expect(try await world.allReminders().first?.reminder.updatedAt == laundry.reminder.updatedAt)
    }

    // MARK: Live

    @Test func aReminderAnotherProcessAddsAppearsWithoutMovingTheSelectionOrRenumbering() async throws {
        let world = try TestWorld(onDisk: true)
        try await world.addReminder("Dentist", on: "2026-11-23", at: "09:00")
        try await world.addReminder("Renew passport", on: "2027-01-05")
        let dashboard = world.core.dashboardModel(keepsListing: true)
        await dashboard.load()
        await dashboard.moveSelection(by: 1)
        let follower = Task { await dashboard.followStoreChanges() }
        defer { follower.cancel() }

        let other = try world.otherProcessCore()
        _ = try await other.createReminder(ReminderDraft(title: "Gym", date: day("2026-11-22"), time: time("08:00"),
                                                     timeZoneID: "America/New_York"))
        let started = ContinuousClock.now
        while titles(dashboard).count < 3, ContinuousClock.now - started < .seconds(20) {
            try await Task.sleep(for: .milliseconds(10))
        }

        // Seen without a reload; the bound leaves room for a loaded test machine.
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(numbered(dashboard) == ["3 Gym", "1 Dentist", "2 Renew passport"])
        #expect(dashboard.selectedCard?.title == "Renew passport")
        // The numbers on screen are the listing another shell's `done 3` reads.
        #expect(try await other.resolveReminder("3").title == "Gym")
        #expect(try await other.resolveReminder("1").title == "Dentist")
    }

    @Test func whenTheSelectedCardGoesElsewhereTheOneInItsPlaceIsSelected() async throws {
        let world = try TestWorld(onDisk: true)
        try await world.addReminder("Dentist", on: "2026-11-23")
        let passport = try await world.addReminder("Renew passport", on: "2027-01-05")
        try await world.addReminder("Taxes", on: "2027-04-01")
        let dashboard = world.core.dashboardModel()
        await dashboard.load()
        await dashboard.moveSelection(by: 1)

        try await world.otherProcessCore().deleteReminder(id: passport.id)
        await dashboard.load()

        #expect(dashboard.selectedCard?.title == "Taxes")
        #expect(numbered(dashboard) == ["1 Dentist", "3 Taxes"])
    }
}
