import Domain
import Foundation
import Testing
import TestSupport

struct TagUseCasesTests {
    @Test func createdTagIsStoredWithItsValues() async throws {
        let world = try TestWorld()
        let tag = try await world.core.createTag(name: "  Errands ", colorHex: "#14b8a6")
        #expect(try await world.core.listTags() == [tag])
        #expect(tag.name == "Errands")
        #expect(tag.colorHex == "#14B8A6")
        #expect(tag.createdAt == testNow)
    }

    @Test(arguments: ["Work", "work", "WORK", " work "])
    func nameTakenIgnoringCaseIsRefusedNamingTheTagThatHasIt(_ name: String) async throws {
        let world = try TestWorld()
        _ = try await world.addTag("Work")
        await #expect(throws: TagValidationError.duplicateName("Work")) {
            try await world.core.createTag(name: name, colorHex: "#3B82F6")
        }
        #expect(try await world.core.listTags().count == 1)
    }

    @Test func badColourStoresNothing() async throws {
        let world = try TestWorld()
        await #expect(throws: TagValidationError.invalidColor("blue")) {
            try await world.core.createTag(name: "Blue", colorHex: "blue")
        }
        #expect(try await world.core.listTags().isEmpty)
    }

    @Test func tagsAreListedByNameIgnoringCase() async throws {
        let world = try TestWorld()
        for name in ["shopping", "Work", "art", "Bills"] { _ = try await world.addTag(name) }
        #expect(try await world.core.listTags().map(\.name) == ["art", "Bills", "shopping", "Work"])
    }

    @Test func aTagIsFoundByNameIgnoringCaseOrSaysItIsNotThere() async throws {
        let world = try TestWorld()
        let work = try await world.addTag("Work")
        #expect(try await world.core.findTag(named: " wORK ") == work)
        await #expect(throws: TagError.noSuchName("Play")) { try await world.core.findTag(named: "Play") }
        #expect(TagError.noSuchName("Play").message == "No tag named \"Play\". `tags` lists them.")
    }

    @Test func aMistypedTagNameIsRefusedWithTheClosestNamesAndNothingIsCreated() async throws {
        let world = try TestWorld()
        _ = try await world.addTag("Work")
        _ = try await world.addTag("Word games")
        _ = try await world.addTag("Health")

        let error = await #expect(throws: TagError.self) {
            try await world.core.findTag(named: "Wrok", howToCreate: "Use --new-tag Wrok to create it")
        }

        #expect(error?.message == "No tag named \"Wrok\"; did you mean \"Work\"? Use --new-tag Wrok to create it.")
        #expect(try await world.core.listTags().map(\.name) == ["Health", "Word games", "Work"])
    }

    @Test func renameKeepsNamesUniqueButAllowsChangingTheCaseOfItsOwn() async throws {
        let world = try TestWorld()
        let work = try await world.addTag("work")
        _ = try await world.addTag("Home")
        #expect(try await world.core.renameTag(id: work.id, to: "Work").name == "Work")
        await #expect(throws: TagValidationError.duplicateName("Home")) {
            try await world.core.renameTag(id: work.id, to: "HOME")
        }
        #expect(try await world.core.listTags().map(\.name) == ["Home", "Work"])
    }

    @Test func recolourChangesOnlyTheColour() async throws {
        let world = try TestWorld()
        let tag = try await world.addTag("Work", color: "#3B82F6")
        let recoloured = try await world.core.recolorTag(id: tag.id, colorHex: "#eab308")
        #expect(try await world.core.listTags() == [Tag(id: tag.id, name: "Work", colorHex: "#EAB308", createdAt: testNow)])
        #expect(recoloured.colorHex == "#EAB308")
    }

    @Test func reminderAndItsTagsAreLinkedBothWays() async throws {
        let world = try TestWorld()
        let work = try await world.addTag("Work")
        let health = try await world.addTag("Health")
        let reminder = try await world.addReminder("Standing desk", on: "2026-11-22", tags: [work, health])
        #expect(reminder.tags.map(\.name) == ["Health", "Work"])
        #expect(try await world.core.loadDashboard(matching: ReminderFilter(tagID: work.id)).toDo.map(\.id) == [reminder.id])
        #expect(try await world.core.loadDashboard(matching: ReminderFilter(tagID: health.id)).toDo.map(\.id) == [reminder.id])
    }

    @Test func deletingAReminderKeepsItsTags() async throws {
        let world = try TestWorld()
        let work = try await world.addTag("Work")
        let reminder = try await world.addReminder("Report", on: "2026-11-22", tags: [work])
        try await world.core.deleteReminder(id: reminder.id)
        #expect(try await world.core.listTags() == [work])
    }

    @Test func deletingATagClearsItFromItsRemindersAndKeepsThem() async throws {
        let world = try TestWorld()
        let work = try await world.addTag("Work")
        let home = try await world.addTag("Home")
        try await world.addReminder("Report", on: "2026-11-22", tags: [work, home])
        try await world.core.deleteTag(id: work.id)
        let reminders = try await world.allReminders()
        #expect(reminders.map(\.title) == ["Report"])
        #expect(reminders.first?.tags == [home])
        await #expect(throws: TagError.notFound(work.id)) { try await world.core.deleteTag(id: work.id) }
    }

    @Test func reminderCannotCarryATagThatIsGoneAndNothingIsStored() async throws {
        let world = try TestWorld()
        let gone = try await world.addTag("Gone")
        try await world.core.deleteTag(id: gone.id)
        await #expect(throws: TagError.notFound(gone.id)) {
            try await world.addReminder("Orphan", on: "2026-11-22", tags: [gone])
        }
        #expect(try await world.allReminders().isEmpty)
    }

    @Test func defaultTagsAreSeededOnceAndNeverAgainAfterTheyAreDeleted() async throws {
        let world = try TestWorld()
        #expect(try await world.core.seedDefaultTags())
        let seeded = try await world.core.listTags()
        #expect(seeded.map(\.name) == ["Health", "Personal", "Shopping", "Work"])
        #expect(seeded.map(\.colorHex) == ["#EC4899", "#22C55E", "#F97316", "#3B82F6"])

        #expect(try await world.core.seedDefaultTags() == false)
        for tag in seeded { try await world.core.deleteTag(id: tag.id) }
        #expect(try await world.core.seedDefaultTags() == false)
        #expect(try await world.core.listTags().isEmpty)
    }

    @Test func storeThatAlreadyHasTagsIsNotSeeded() async throws {
        let world = try TestWorld()
        _ = try await world.addTag("Mine")
        #expect(try await world.core.seedDefaultTags() == false)
        #expect(try await world.core.listTags().map(\.name) == ["Mine"])
    }

    @Test func filterByTagReturnsExactlyTheTaggedRemindersInBothSections() async throws {
        let world = try TestWorld()
        let work = try await world.addTag("Work")
        let home = try await world.addTag("Home")
        let report = try await world.addReminder("Report", on: "2026-11-23", tags: [work])
        try await world.addReminder("Laundry", on: "2026-11-22", tags: [home])
        try await world.addReminder("Untagged", on: "2026-11-22")
        let meeting = try await world.addReminder("Meeting", on: "2026-11-22", tags: [work, home])
        let done = try await world.addReminder("Invoice", on: "2026-11-24", tags: [work])
        _ = try await world.core.toggleCompletion(id: done.id)

        let dashboard = try await world.core.loadDashboard(matching: ReminderFilter(tagID: work.id))

        #expect(dashboard.toDo.map(\.id) == [meeting.id, report.id])
        #expect(dashboard.completed.map(\.id) == [done.id])
        #expect(dashboard.toDo.first?.tags.map(\.name) == ["Home", "Work"])  // all its tags, not only the filter's
    }
}
