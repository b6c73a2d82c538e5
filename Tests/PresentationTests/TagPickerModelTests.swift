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

    @Test func creatingATagStoresItAndChoosesItAtOnce() async throws {
        let picker = try await picker()
        picker.newTagName = " Garden "
        picker.newTagColorIndex = 5
        #expect(picker.newTagPreview == TagChip(name: "Garden", colorHex: "#14B8A6"))

        let created = try #require(await picker.createTapped())

        #expect(try await world.core.listTags() == [created])
        #expect(created.colorHex == "#14B8A6")
        #expect(picker.selected == [created])
        #expect(picker.newTagName == "")
        #expect(picker.newTagPreview == nil)
    }

    @Test(arguments: ["", "   "])
    func creationIsDisabledWhileTheNameIsBlank(_ name: String) async throws {
        let picker = try await picker()
        picker.newTagName = name
        #expect(picker.canCreate == false)
        #expect(picker.newTagPreview == nil)
        #expect(await picker.createTapped() == nil)
        #expect(try await world.core.listTags().isEmpty)
    }

    @Test(arguments: ["Work", "work"])
    func duplicateNameIsRefusedWithAMessage(_ name: String) async throws {
        _ = try await world.addTag("Work")
        let picker = try await picker()
        picker.newTagName = name
        await picker.createTapped()
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
}
