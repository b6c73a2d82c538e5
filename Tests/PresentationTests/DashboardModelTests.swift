import Domain
import Foundation
import Presentation
import Testing
import TestSupport

@MainActor
struct DashboardModelTests {
    @Test func emptyStoreShowsTwoEmptySections() async throws {
        let dashboard = try TestWorld().core.dashboardModel()
        await dashboard.load()
        #expect(dashboard.sections.map(\.title) == ["To Do", "Completed"])
        #expect(dashboard.isEmpty)
        #expect(dashboard.error == nil)
    }

    @Test func cardsShowTitleAndTimeInTheOrderOfTheSections() async throws {
        let world = try TestWorld(now: instant("2026-11-20T08:00:00-05:00"))
        try await world.addReminder("Gym", on: "2026-11-21", at: "10:00")
        try await world.addReminder("Call mum", on: "2026-11-21", at: "18:30")
        try await world.addReminder("Dentist", on: "2026-11-22", at: "09:00")
        try await world.addReminder("Renew passport", on: "2027-01-05", at: "10:00")
        let done = try await world.addReminder("Buy milk", on: "2026-11-25", at: "08:00")
        world.clock.advance(by: 31 * 3_600)  // Saturday 2026-11-21 15:00
        let dashboard = world.core.dashboardModel()
        await dashboard.toggleTapped(done.id)

        let toDo = try #require(dashboard.sections.first)
        #expect(toDo.cards.map(\.title) == ["Gym", "Call mum", "Dentist", "Renew passport"])
        #expect(toDo.cards.map(\.timeText) == ["Today 10:00", "Today 18:30", "Tomorrow 09:00", "Tue 5 Jan 2027 10:00"])
        #expect(toDo.cards.map(\.urgency) == [.overdue, .today, .upcoming, .upcoming])
        #expect(dashboard.sections.last?.cards.map(\.title) == ["Buy milk"])
        #expect(dashboard.sections.last?.cards.first?.timeText == "Wed 25 Nov 08:00")
    }

    @Test func cardShowsAtMostThreeTagsByNameAndCountsTheRest() async throws {
        let world = try TestWorld()
        var tags: [Domain.Tag] = []
        for name in ["Work", "home", "Errands", "Bills", "Art"] { tags.append(try await world.addTag(name)) }
        try await world.addReminder("Five tags", on: "2026-11-22", tags: tags)
        try await world.addReminder("Three tags", on: "2026-11-23", tags: Array(tags.prefix(3)))
        let dashboard = world.core.dashboardModel()
        await dashboard.load()

        let cards = dashboard.cards
        #expect(cards.map { $0.tags.map(\.name) } == [["Art", "Bills", "Errands"], ["Errands", "home", "Work"]])
        #expect(cards.map(\.moreTags) == ["+2", nil])
        #expect(cards.first?.tags.first?.colorHex == "#8B5CF6")
    }

    @Test func filteringByATagShowsOnlyItsRemindersUntilCleared() async throws {
        let world = try TestWorld()
        let work = try await world.addTag("Work")
        try await world.addReminder("Report", on: "2026-11-22", tags: [work])
        try await world.addReminder("Laundry", on: "2026-11-23")
        let dashboard = world.core.dashboardModel()

        await dashboard.filterTapped(work)
        #expect(dashboard.filterTag == work)
        #expect(dashboard.cards.map(\.title) == ["Report"])

        await dashboard.clearFilterTapped()
        #expect(dashboard.cards.map(\.title) == ["Report", "Laundry"])
    }

    @Test func tickingACardMovesItToCompletedAndBack() async throws {
        let world = try TestWorld()
        let reminder = try await world.addReminder("Stretch", on: "2026-11-22")
        let dashboard = world.core.dashboardModel()
        await dashboard.load()

        await dashboard.toggleTapped(reminder.id)
        #expect(dashboard.sections.map(\.cards.count) == [0, 1])
        await dashboard.toggleTapped(reminder.id)
        #expect(dashboard.sections.map(\.cards.count) == [1, 0])
    }

    @Test func resetTodaySaysHowManyWentAndShowsTheRest() async throws {
        let world = try TestWorld(now: instant("2026-11-20T08:00:00-05:00"))
        try await world.addReminder("Today 1", on: "2026-11-21", at: "16:00")
        try await world.addReminder("Today 2", on: "2026-11-21", at: "17:00")
        try await world.addReminder("Tomorrow", on: "2026-11-22", at: "09:00")
        world.clock.advance(by: 31 * 3_600)
        let dashboard = world.core.dashboardModel()

        await dashboard.resetTodayTapped()
        #expect(dashboard.status == "Removed 2 reminders due today.")
        #expect(dashboard.cards.map(\.title) == ["Tomorrow"])

        await dashboard.resetTodayTapped()
        #expect(dashboard.status == "No reminders were due today; nothing was removed.")
    }

    @Test func storageFailureIsOneSentence() async throws {
        let world = try TestWorld(onDisk: true)
        let reminder = try await world.addReminder("Stretch", on: "2026-11-22")
        let dashboard = try world.readOnlyCore().dashboardModel()
        await dashboard.toggleTapped(reminder.id)
        #expect(dashboard.error == "The store cannot be written (check the file's permissions and free space).")
        #expect(try await world.allReminders().map(\.isCompleted) == [false])
    }

    @Test func completedKeepsTheTenMostRecentAndCountsTheRest() async throws {
        let world = try TestWorld()
        for number in 1...12 {
            let reminder = try await world.core.createReminder(ReminderDraft(
                title: "R\(number)", date: day(String(format: "2026-12-%02d", number)), time: time("09:00"), timeZoneID: "America/New_York"))
            _ = try await world.core.completeReminders(ids: [reminder.id])
            world.clock.advance(by: 60)
        }
        let dashboard = world.core.dashboardModel()
        await dashboard.load()
        let completed = try #require(dashboard.sections.last)
        #expect(completed.cards.map(\.title) == (3...12).reversed().map { "R\($0)" })
        #expect(completed.moreText == "and 2 more: `list --completed`")
        dashboard.showing = .everything
        await dashboard.load()
        #expect(dashboard.sections.last?.cards.count == 12)
        #expect(dashboard.sections.last?.moreText == nil)
    }

    /// Narrowed to a tag, Completed counts what it hides among that tag's done reminders and the
    /// completed times of its repeating ones, not the store's.
    @Test func aTagsCompletedSectionCountsOnlyWhatCarriesTheTag() async throws {
        let world = try TestWorld()
        let work = try await world.addTag("Work")
        let home = try await world.addTag("Home")
        for number in 1...13 {
            let tags = number % 3 == 0 ? [home] : number % 3 == 1 ? [work] : [work, home]
            let reminder = try await world.addReminder("R\(number)", on: String(format: "2026-12-%02d", number), tags: tags)
            _ = try await world.core.completeReminders(ids: [reminder.id])
            world.clock.advance(by: 60)
        }
        // A repeating Work reminder ticked twice goes on: its two completed times count; a Home one's do not.
        for (title, tags) in [("Daily work", [work]), ("Daily home", [home])] {
            let habit = try await world.core.createReminder(ReminderDraft(
                title: title, date: day("2026-11-22"), time: time("09:00"), timeZoneID: world.environment.timeZone.identifier,
                tagIDs: Set(tags.map(\.id)), recurrence: .daily))
            for _ in 1...2 { _ = try await world.core.completeReminders(ids: [habit.id], onlyCurrent: true) }
        }
        let dashboard = world.core.dashboardModel()
        await dashboard.filterTapped(work)
        let completed = try #require(dashboard.sections.last)
        // Work: R1, R2, R4, R5, R7, R8, R10, R11, R13 and two times of "Daily work": 11, 10 shown.
        #expect(completed.cards.count == 10)
        #expect(completed.cards.allSatisfy { $0.title.hasPrefix("R") ? Int($0.title.dropFirst())! % 3 != 0 : $0.title == "Daily work" })
        #expect(completed.moreText == "and 1 more: `list --completed`")
        await dashboard.filterTapped(home)
        // Home: R2, R3, R5, R6, R8, R9, R11, R12 and two times of "Daily home": 10, none hidden.
        #expect(dashboard.sections.last?.cards.count == 10)
        #expect(dashboard.sections.last?.moreText == nil)
    }

    /// With a tag, the Completed count is taken from the tag's links less its open reminders once
    /// To Do has been read or counted: the lines stay what counting each reminder says.
    @Test func aTagsHiddenCountsHoldWithAndWithoutALimit() async throws {
        let world = try TestWorld()
        let work = try await world.addTag("Work")
        let home = try await world.addTag("Home")
        // Work: 5 open (one also Home) and 14 done; Home alone: 3 open and 4 done.
        for number in 1...18 {
            let tags = number <= 14 ? [work] : [home]
            let reminder = try await world.addReminder("Done \(number)", on: String(format: "2026-12-%02d", number), tags: tags)
            _ = try await world.core.completeReminders(ids: [reminder.id])
            world.clock.advance(by: 60)
        }
        for number in 1...8 {
            let tags = number <= 4 ? [work] : number == 5 ? [work, home] : [home]
            try await world.addReminder("Open \(number)", on: String(format: "2027-01-%02d", number), tags: tags)
        }
        let dashboard = world.core.dashboardModel()
        func lines(_ tag: Domain.Tag, limit: Int?) async throws -> [String] {
            dashboard.narrow(to: tag)
            let lines = Gathered<String>()
            try await dashboard.stream(.toDoAndRecent, limit: limit) { line in
                switch line {
                case .title(let title): lines.add("# " + title)
                case .card(let card): lines.add(card.title)
                case .empty(let text), .more(let text): lines.add(text)
                }
            }
            return lines.all
        }
        let whole = try await lines(work, limit: nil)
        #expect(whole.filter { $0.hasPrefix("Open") } == ["Open 1", "Open 2", "Open 3", "Open 4", "Open 5"])
        #expect(whole.last == "and 4 more: `list --completed`")
        let limited = try await lines(work, limit: 3)
        #expect(limited == ["# To Do", "Open 1", "Open 2", "Open 3", "and 2 more: `list` without --limit",
                            "# Completed", "Done 14", "Done 13", "Done 12", "and 11 more: `list` without --limit"])
        let homeLines = try await lines(home, limit: 2)
        #expect(homeLines == ["# To Do", "Open 5", "Open 6", "and 2 more: `list` without --limit",
                              "# Completed", "Done 18", "Done 17", "and 2 more: `list` without --limit"])
    }

    @Test(arguments: [(0, nil), (1, "and 1 more: `list --completed`"), (999, "and 999 more: `list --completed`"),
                      (1_000, "and 1,000 more: `list --completed`"), (19_990, "and 19,990 more: `list --completed`"),
                      (1_234_567, "and 1,234,567 more: `list --completed`")] as [(Int, String?)])
    func theMoreLineGroupsThousands(_ hidden: Int, _ expected: String?) {
        #expect(DashboardModel.Section.moreText(hidden: hidden) == expected)
    }

    @Test func theStreamedJSONIsExactlyTheWholeEncoding() async throws {
        let world = try TestWorld()
        let work = try await world.addTag("Work")
        let home = try await world.addTag("Höme \u{202E}")
        try await world.addReminder("Plain", on: "2026-11-23")
        try await world.addReminder("With \"notes\"\nand tags", on: "2026-11-24", notes: "Line 1\nLine 2 \u{7F}", tags: [work, home])
        let done = try await world.addReminder("Done one", on: "2026-11-25", tags: [home])
        _ = try await world.core.completeReminders(ids: [done.id])
        for (toDo, completed) in [(true, true), (true, false), (false, true), (false, false)] {
            let dashboard = try await world.core.loadDashboard()
            let open = toDo ? dashboard.toDo : [], finished = completed ? dashboard.completed : []
            let text = Gathered<String>()
            let lists = ListNames(try await world.core.lists.all())
            let stream = JSONShapes.DashboardJSONStream(lists: lists) { text.add(String(decoding: $0, as: UTF8.self)) }
            finished.forEach(stream.add)
            stream.startToDo()
            open.forEach(stream.add)
            stream.end()
            #expect(text.all.joined() == JSONShapes.encode(JSONShapes.DashboardJSON(toDo: open, completed: finished, lists: lists)) + "\n")
        }
    }
}
