import Domain
import Foundation
import Presentation
import Testing
import TestSupport

@MainActor
struct TagPickerModelTests {
    let world: TestWorld

    init() throws {
        world = try TestWorld()
    }

    private func picker() async throws -> TagPickerModel {
        let form = world.core.formModel(.add)
        await form.load()
        return form.tagPicker
    }

    @Test func tagsAreSplitIntoChosenAndNotChosenByName() async throws {
        let work = try await world.addTag("Work")
        let art = try await world.addTag("art")
        let home = try await world.addTag("Home")
        let picker = try await picker()
        #expect(picker.allTags == [art, home, work])
        #expect(picker.selected.isEmpty)

        picker.select(work.id)
        picker.select(art.id)
        #expect(picker.selected == [art, work])
        #expect(picker.unselected == [home])

        picker.deselect(art.id)
        #expect(picker.selected == [work])
        #expect(picker.unselected == [art, home])
    }

    /// A tag made in the form is chosen at once and stored with the reminder, in the same
    /// command (`undo` takes both back); the form discarded, it is never stored.
    @Test func aTagMadeInTheFormIsChosenAtOnceAndStoredWithTheReminder() async throws {
        let form = world.core.formModel(.add)
        await form.load()
        let picker = form.tagPicker
        picker.newTagName = " Garden "
        picker.newTagColorIndex = 5
        #expect(picker.newTagPreview == TagChip(name: "Garden", colorHex: "#14B8A6"))

        let created = try #require(picker.createTapped())

        #expect(try await world.core.listTags().isEmpty)
        #expect(created.colorHex == "#14B8A6")
        #expect(picker.selected == [created])
        #expect(picker.newTagName == "")
        #expect(picker.newTagPreview == nil)

        form.title = "Compost"
        await form.saveTapped()
        #expect(try await world.core.listTags() == [created])
        #expect(try await world.allReminders().map(\.tags) == [[created]])
        let steps = try await world.core.listJournal().undoable.count
        _ = try await world.core.undo()
        #expect(try await world.core.listTags().isEmpty)
        #expect(try await world.allReminders().isEmpty)
        #expect(try await world.core.listJournal().undoable.count == steps - 1)
    }

    /// Made and then not chosen, or made in a form never saved: no tag is stored.
    @Test func aTagMadeAndLeftOrInAFormNotSavedIsNeverStored() async throws {
        let form = world.core.formModel(.add)
        await form.load()
        let kept = try #require(form.tagPicker.createAndChoose(named: "Kept"))
        let left = try #require(form.tagPicker.createAndChoose(named: "Left"))
        #expect(left.colorHex == TagRules.nextColor(existingCount: 1))
        form.tagPicker.deselect(left.id)
        form.title = "Errand"
        await form.saveTapped()
        #expect(try await world.core.listTags().map(\.name) == ["Kept"])
        #expect(try await world.allReminders().map(\.tags) == [[kept]])

        let discarded = world.core.formModel(.add)
        await discarded.load()
        #expect(discarded.tagPicker.createAndChoose(named: "Never") != nil)
        #expect(try await world.core.listTags().map(\.name) == ["Kept"])
    }

    /// A tag made here that another program stores meanwhile under the same name is that one once
    /// the picker reads the store again, still chosen: saved, the reminder has it, and no second tag.
    @Test func aTagMadeHereAndStoredElsewhereMeanwhileIsTheStoredOne() async throws {
        let form = world.core.formModel(.add)
        await form.load()
        _ = try #require(form.tagPicker.createAndChoose(named: "Garden"))
        let theirs = try await world.addTag("garden")
        try await form.tagPicker.load()
        #expect(form.tagPicker.selected == [theirs])
        #expect(form.tagPicker.new.isEmpty)
        form.title = "Compost"
        await form.saveTapped()
        #expect(try await world.core.listTags() == [theirs])
        #expect(try await world.allReminders().map(\.tags) == [[theirs]])
    }

    /// A typed name finds the tag there is, whatever its case; a name no tag can have is refused.
    @Test func theFormsNewTagIsTheExistingOneWhateverItsCase() async throws {
        let work = try await world.addTag("Work")
        let picker = try await picker()
        #expect(picker.createAndChoose(named: "  wORK ") == work)
        #expect(picker.new.isEmpty)
        #expect(picker.createAndChoose(named: String(repeating: "x", count: TagRules.maxNameLength + 1)) == nil)
        #expect(picker.creationError == TagValidationError.nameTooLong.message)
        #expect(try await world.core.listTags() == [work])
    }

    @Test(arguments: ["", "   "])
    func creationIsDisabledWhileTheNameIsBlank(_ name: String) async throws {
        let picker = try await picker()
        picker.newTagName = name
        #expect(picker.canCreate == false)
        #expect(picker.newTagPreview == nil)
        #expect(picker.createTapped() == nil)
        #expect(try await world.core.listTags().isEmpty)
    }

    @Test(arguments: ["Work", "work"])
    func duplicateNameIsRefusedWithAMessage(_ name: String) async throws {
        _ = try await world.addTag("Work")
        let picker = try await picker()
        picker.newTagName = name
        picker.createTapped()
        #expect(picker.creationError == "A tag named \"Work\" already exists")
        #expect(picker.selected.isEmpty)
        #expect(try await world.core.listTags().count == 1)

        picker.newTagName = "Workshop"
        #expect(picker.creationError == nil)
    }

    @Test func aTypedNameFindsItsTagIgnoringCase() async throws {
        let work = try await world.addTag("Work")
        let picker = try await picker()
        #expect(picker.tag(named: "WORK") == work)
        #expect(picker.tag(named: "Play") == nil)
    }

    @Test func aTypedLineSaysTheTagsThereAreAndTheTagsToMake() {
        for (line, chosen, new) in [("Health, Home +Errands +Word games 3", "Health, Home", ["Errands", "Word games 3"]),
                                    ("+Garden 5", "", ["Garden 5"]),
                                    ("C++ 2", "C++ 2", []),
                                    ("Home,+Errands, +Garden", "Home", ["Errands", "Garden"]),
                                    ("Home + ", "Home", []),
                                    // A comma ends a tag to make: the names after it are tags there are.
                                    ("Health, +Big one 2, Work", "Health, Work", ["Big one 2"]),
                                    ("+Errand2 4, Work", "Work", ["Errand2 4"]),
                                    // Inside quotes a comma or a + is the name's.
                                    ("\"Q1,Q2\", +New", "\"Q1,Q2\"", ["New"]),
                                    ("\"Word games\" \"A +B\"", "\"Word games\" \"A +B\"", []),
                                    // A new tag's name in quotes is made without them; a lone quote is a character.
                                    ("+\"Q1,Q2\" 3, Work", "Work", ["Q1,Q2 3"]),
                                    ("5\" floppy, +New", "5\" floppy", ["New"])] {
            let parts = TagPickerModel.typedParts(line)
            #expect(parts.chosen == chosen, "\(line)")
            #expect(parts.new == new, "\(line)")
        }
    }
}
