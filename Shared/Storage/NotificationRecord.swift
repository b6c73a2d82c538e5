import Domain
import Foundation
import GRDB

/// A row of the `notificationRequest` table: a pending request.
struct NotificationRequestRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "notificationRequest"
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { StoredInstant.encoding }
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { StoredInstant.decoding }

    var id: String
    var reminderID: UUID
    var fireAt: Date
    var dueAt: Date?
    var title: String
    var body: String
    var isRecurring: Bool
    var isSnoozed: Bool

    init(_ request: NotificationRequest) {
        id = request.id
        reminderID = request.reminderID
        fireAt = request.fireAt
        dueAt = request.dueAt == request.fireAt ? nil : request.dueAt
        title = request.title
        body = request.body
        isRecurring = request.isRecurring
        isSnoozed = request.isSnoozed
    }

    var request: NotificationRequest {
        NotificationRequest(id: id, reminderID: reminderID, fireAt: fireAt, dueAt: dueAt, title: title, body: body,
                            isRecurring: isRecurring, isSnoozed: isSnoozed)
    }

    enum Columns {
        static let fireAt = Column("fireAt")
        static let isSnoozed = Column("isSnoozed")
        static let reminderID = Column("reminderID")
    }
}

/// A row of the `deliveredNotification` table.
struct DeliveredNotificationRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "deliveredNotification"
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { StoredInstant.encoding }
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { StoredInstant.decoding }

    var id: String
    var reminderID: UUID
    var fireAt: Date
    var dueAt: Date?
    var title: String
    var body: String
    var isRecurring: Bool
    var isSnoozed: Bool
    var deliveredAt: Date
    var isLate: Bool

    init(_ notification: DeliveredNotification) {
        let request = NotificationRequestRecord(notification.request)
        id = request.id
        reminderID = request.reminderID
        fireAt = request.fireAt
        dueAt = request.dueAt
        title = request.title
        body = request.body
        isRecurring = request.isRecurring
        isSnoozed = request.isSnoozed
        deliveredAt = notification.deliveredAt
        isLate = notification.isLate
    }

    var notification: DeliveredNotification {
        DeliveredNotification(
            request: NotificationRequest(id: id, reminderID: reminderID, fireAt: fireAt, dueAt: dueAt, title: title, body: body,
                                         isRecurring: isRecurring, isSnoozed: isSnoozed),
            deliveredAt: deliveredAt, isLate: isLate)
    }

    enum Columns {
        static let fireAt = Column("fireAt")
        static let reminderID = Column("reminderID")
    }
}
