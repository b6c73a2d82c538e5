import Domain
import Foundation
import GRDB

extension AppDatabase {
    /// The tag names (in a card's order) and list names (the default first, then by name) that Tab
    /// offers at a prompt, and how many reminders the stored listing numbers (Tab's numbers before
    /// the prompt has listed), read now on the calling thread.
    /// - Throws: `StoreError` when the store cannot be read.
    package func completionNames() throws -> (tagNames: [String], listNames: [String], listed: Int) {
        try readNow { db in
            (TagRules.sorted(try TagRecord.fetchAll(db).map(\.tag)).map(\.name), try GRDBListRepository.lists(db).map(\.name),
             try Self.storedListingCount(db))
        }
    }

    /// How many reminders the stored listing numbers: those it was written with and those added
    /// since (none in a store older than them); read without reading its ids.
    static func storedListingCount(_ db: Database) throws -> Int {
        let written = try Int.fetchOne(db, sql: "SELECT length(reminderIDs) / 16 FROM lastListing WHERE id = 1") ?? 0
        let added = (try? Int.fetchOne(db, sql: "SELECT count(*) FROM lastListingAdded")) ?? 0
        return written + added
    }
}
