import Domain
import Foundation
import GRDB

/// A row of the `completion` table: the completion log.
struct CompletionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "completion"
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { StoredInstant.encoding }
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { StoredInstant.decoding }

    var id: UUID
    var reminderID: UUID
    var occurrence: Date
    var completedAt: Date
    var passedUntil: Date?

    init(_ completion: Completion) {
        id = completion.id
        reminderID = completion.reminderID
        occurrence = completion.occurrence
        completedAt = completion.completedAt
        passedUntil = completion.passedUntil
    }

    var completion: Completion {
        Completion(id: id, reminderID: reminderID, occurrence: occurrence, completedAt: completedAt, passedUntil: passedUntil)
    }
}

extension CompletionRecord {
    enum Columns {
        static let reminderID = Column("reminderID")
        static let occurrence = Column("occurrence")
        static let passedUntil = Column("passedUntil")
    }
}

/// A completion read together with the title of its reminder.
struct CompletionWithTitle: Decodable, FetchableRecord {
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { StoredInstant.decoding }
    var id: UUID
    var reminderID: UUID
    var occurrence: Date
    var completedAt: Date
    var title: String
    var isAllDay: Bool
    var timeZoneID: String

    var entry: DayHistory.Entry {
        DayHistory.Entry(
            completion: Completion(id: id, reminderID: reminderID, occurrence: occurrence, completedAt: completedAt),
            title: title, allDayZoneID: isAllDay ? timeZoneID : nil
        )
    }
}
