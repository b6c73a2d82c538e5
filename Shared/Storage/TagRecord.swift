import Domain
import Foundation
import GRDB

/// A row of the `tag` table.
struct TagRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "tag"

    var id: UUID
    var name: String
    var nameKey: String
    var colorHex: String
    var createdAt: Date

    init(_ tag: Tag) {
        id = tag.id
        name = tag.name
        nameKey = TagRules.key(for: tag.name)
        colorHex = tag.colorHex
        createdAt = tag.createdAt
    }

    var tag: Tag { Tag(id: id, name: name, colorHex: colorHex, createdAt: createdAt) }
}

extension TagRecord {
    enum Columns {
        static let nameKey = Column("nameKey")
    }
}

/// A row of the `reminderTag` join table.
struct ReminderTagRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "reminderTag"

    var reminderID: UUID
    var tagID: UUID

    enum Columns {
        static let reminderID = Column("reminderID")
    }
}

/// A tag read together with the reminder it is attached to.
struct TagOfReminder: Decodable, FetchableRecord {
    var reminderID: UUID
    var id: UUID
    var name: String
    var colorHex: String
    var createdAt: Date

    var tag: Tag { Tag(id: id, name: name, colorHex: colorHex, createdAt: createdAt) }
}
