import Domain
import Foundation
import GRDB

/// The store's lists by name, within one transaction: the one place a name is turned into a list,
/// found by its key (the name without regard to case) or created in the palette's next colour.
/// The list commands, the importer and sync all go through it.
struct ListsByName {
    private var idsByKey: [String: UUID] = [:]
    /// The default list's id: a reminder in it keeps no list id.
    let defaultID: UUID?

    /// The lists of the store `db` reads.
    init(_ db: Database) throws {
        for row in try Row.fetchAll(db, sql: "SELECT id, nameKey FROM list") { idsByKey[row[1]] = row[0] }
        defaultID = try Self.defaultID(db)
    }

    /// The id of the default list, as the store keeps it.
    static func defaultID(_ db: Database) throws -> UUID? {
        try String.fetchOne(db, sql: "SELECT value FROM storeSetting WHERE name = 'defaultList'").flatMap(UUID.init(uuidString:))
    }

    /// The `listID` a reminder in the list named `name` (trimmed) has: found, or created with
    /// `newID()` at `instant` in the next palette colour (`created` says whether).
    mutating func findOrCreate(_ name: String, newID: () -> UUID, at instant: Date, _ db: Database) throws
        -> (id: UUID, listID: UUID?, created: Bool)
    {
        let name = try TagRules.validName(name)
        let key = TagRules.key(for: name)
        if let id = idsByKey[key] { return (id, id == defaultID ? nil : id, false) }
        let list = ReminderList(id: newID(), name: name, colorHex: TagRules.nextColor(existingCount: idsByKey.count), createdAt: instant)
        try ListRecord(list).insert(db)
        idsByKey[key] = list.id
        return (list.id, list.id, true)
    }
}

/// A row of the `list` table.
struct ListRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "list"
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { StoredInstant.encoding }
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { StoredInstant.decoding }

    var id: UUID
    var name: String
    var nameKey: String
    var colorHex: String
    var createdAt: Date

    init(_ list: ReminderList) {
        (id, name, colorHex, createdAt) = (list.id, list.name, list.colorHex, list.createdAt)
        nameKey = TagRules.key(for: list.name)
    }

    func list(defaultID: UUID?) -> ReminderList {
        ReminderList(id: id, name: name, colorHex: colorHex, createdAt: createdAt, isDefault: id == defaultID)
    }
}
