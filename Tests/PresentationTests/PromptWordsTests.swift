import Domain
import Foundation
import Presentation
import Shared
import Storage
import Testing
import TestSupport

/// What a prompt's Tab offers from the store: read at the first Tab, kept while the store stays
/// as it was, read again once this prompt's command or another process changed it.
struct PromptWordsTests {
    @Test func tagNamesAreReadAtTheFirstTabAndKeptWhileTheStoreIsUnchanged() async throws {
        let world = try TestWorld(onDisk: true)
        _ = try await world.core.createTag(name: "Errands", colorHex: "#14B8A6")
        let words = world.core.promptWords()
        let before = world.core.database.transactions.value

        #expect(words.tagNames == ["Errands"])
        #expect(words.listNames.isEmpty == false)
        #expect(words.tagNames == ["Errands"])

        #expect(world.core.database.transactions.value == before + 1)
    }

    @Test func aTagAddedByAnotherProcessIsOfferedAtTheNextTab() async throws {
        let world = try TestWorld(onDisk: true)
        let words = world.core.promptWords()
        #expect(words.tagNames.isEmpty)

        _ = try await world.otherProcessCore().createTag(name: "Garden", colorHex: "#22C55E")

        #expect(words.tagNames == ["Garden"])
    }

    @Test func aTagAddedByAPromptsOwnCommandIsOfferedOnceTheCommandRan() async throws {
        let world = try TestWorld(onDisk: true)
        let words = world.core.promptWords()
        #expect(words.tagNames.isEmpty)

        _ = try await world.core.createTag(name: "Garden", colorHex: "#22C55E")
        words.storeChanged()

        #expect(words.tagNames == ["Garden"])
    }
}
