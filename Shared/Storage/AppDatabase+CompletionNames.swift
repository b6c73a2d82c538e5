import Domain
import Foundation
import GRDB

extension AppDatabase {
    /// The tag names (in a card's order) and list names (the default first, then by name) that Tab
    /// offers at a prompt, read now on the calling thread.
    /// - Throws: `StoreError` when the store cannot be read.
    package func completionNames() throws -> (tagNames: [String], listNames: [String]) {
        try readNow { db in
            (TagRules.sorted(try TagRecord.fetchAll(db).map(\.tag)).map(\.name), try GRDBListRepository.lists(db).map(\.name))
        }
    }
}
