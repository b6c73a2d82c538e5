import Domain
import Foundation
import Shared
import Storage
import Testing
import TestSupport

/// The one find-or-create of tags: a sync, an import and the form's `+Name` find a tag by its name
/// without regard to case, or create it in the palette's next colour with the environment's id and time.
struct TagsByNameTests {
    private let world: TestWorld

    init() throws {
        world = try TestWorld()
    }

    private func tags() async throws -> [Domain.Tag] {
        try await world.core.listTags()
    }

    @Test func aSyncedReminderFindsTagsByNameAndCreatesTheRestWithTheEnvironmentsIDs() async throws {
        _ = try await world.core.seedDefaultTags()
        let before = try await tags()
        let reminder = Reminder(id: world.environment.uuid(), title: "Dig", notes: nil, scheduledAt: testNow.addingTimeInterval(3_600),
                                timeZoneID: newYork.identifier, isCompleted: false, completedAt: nil, createdAt: testNow,
                                updatedAt: testNow)
        var batch = SyncBatch()
        batch.upserts = [(reminder, ["work", "Garden", "GARDEN"])]
        let repository = SyncRepository(database: world.core.database)
        try await repository.apply(batch, account: "home", now: testNow, newID: world.environment.uuid)

        let after = try await tags()
        #expect(after.count == before.count + 1)
        let garden = try #require(after.first { $0.name == "Garden" })
        // The seeded tags took ids 1–4 and the reminder 5: the new tag is the next the environment gives.
        #expect(garden.id == UUID(uuidString: "00000000-0000-0000-0000-000000000006"))
        #expect(garden.createdAt == testNow)
        #expect(garden.colorHex == TagRules.nextColor(existingCount: before.count))
        let stored = try #require(try await world.allReminders().first)
        #expect(stored.tags.map(\.name) == ["Garden", "Work"])
    }
}
