import Domain
import Foundation
import GRDB

/// The notification centre over the SQLite store.
package struct GRDBNotificationRepository: NotificationRepository {
    private static let watermark = "notificationsDeliveredThrough"
    private let database: AppDatabase

    /// A centre writing to `database`.
    package init(database: AppDatabase) {
        self.database = database
    }

    package func pending() async throws -> [NotificationRequest] {
        try await database.read { try Self.pending($0) }
    }

    package func delivered() async throws -> [DeliveredNotification] {
        try await database.read { try Self.delivered($0) }
    }

    package func reminderChangeCount() async throws -> Int64 {
        try await database.read { db in try Int64.fetchOne(db.kept("SELECT changes FROM planState")) ?? 0 }
    }

    package func planIsStale() async throws -> Bool {
        try await database.read { db in
            try Bool.fetchOne(db.kept("SELECT changes > planned FROM planState")) ?? false
        }
    }

    package func answer(_ id: String, reminderID: UUID, at instant: Date, snooze: NotificationRequest?) async throws {
        try await database.write { db in
            _ = try DeliveredNotificationRecord.deleteAll(db, keys: [id])
            _ = try NotificationRequestRecord.deleteAll(db, keys: [id])
            if let snooze {
                try NotificationRequestRecord(snooze).upsert(db)
                try Self.enforceCap(db)
            }
            try Self.acknowledge(reminderID: reminderID, at: instant, snoozedUntil: snooze?.fireAt, db)
        }
    }

    /// The answer recorded on the reminder (see `answer`).
    private static func acknowledge(reminderID: UUID, at instant: Date, snoozedUntil: Date?, _ db: Database) throws {
        // Up to the whole second at or after it, as iCalendar carries it to another device.
        let instant = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.up))
        try db.kept("""
            UPDATE reminder SET alarmsAcknowledgedAt = ?1 WHERE id = ?2 AND (alarmsAcknowledgedAt IS NULL OR alarmsAcknowledgedAt < ?1)
            """).execute(arguments: [StoredInstant.milliseconds(instant), reminderID])
        // A new snooze replaces the last; one answered is over.
        try db.kept("""
            UPDATE reminder SET alarmsSnoozedUntil = ?1 WHERE id = ?2 AND alarmsSnoozedUntil IS NOT ?1
                AND (?1 IS NOT NULL OR alarmsSnoozedUntil <= alarmsAcknowledgedAt)
            """).execute(arguments: [snoozedUntil.map(StoredInstant.milliseconds), reminderID])
        try removeAnswered(db)
    }

    package func replacePlan(with planned: [NotificationRequest], madeAt changes: Int64) async throws {
        try await database.write { db in
            try Self.markPlanned(db, madeAt: changes)
            try NotificationRequestRecord.filter(NotificationRequestRecord.Columns.isSnoozed == false).deleteAll(db)
            // A plan is computed from reads made before this write: a reminder deleted meanwhile (by
            // another command or process) gets none. Its change leaves the plan marked stale. A
            // snoozed request (the only kind left) keeps its time over the plan's.
            let exists = try db.cachedStatement(sql: "SELECT 1 FROM reminder WHERE id = ?")
            // A snooze from another device is not planned when this store has one pending or shown
            // (made here, or delivered, since the plan's reads).
            let snoozeTaken = try db.cachedStatement(sql: """
                SELECT EXISTS (SELECT 1 FROM notificationRequest WHERE reminderID = ?1 AND isSnoozed = 1)
                    OR EXISTS (SELECT 1 FROM deliveredNotification WHERE reminderID = ?1 AND fireAt = ?2)
                """)
            for request in planned where try Bool.fetchOne(exists, arguments: [request.reminderID]) ?? false {
                if request.isSnoozed,
                   try Bool.fetchOne(snoozeTaken, arguments: [request.reminderID, StoredInstant.milliseconds(request.fireAt)]) ?? false {
                    continue
                }
                try NotificationRequestRecord(request).insertIgnoringConflictKept(db)
            }
            // Looked up per notification row, so the cost follows the plan, not the done reminders.
            let done = "EXISTS (SELECT 1 FROM reminder WHERE reminder.id = reminderID AND reminder.isCompleted = 1)"
            try db.execute(sql: "DELETE FROM notificationRequest WHERE \(done)")
            try db.execute(sql: "DELETE FROM deliveredNotification WHERE \(done)")
            try Self.removeAnswered(db)
            try Self.enforceCap(db)
        }
    }

    package func nextRound() async throws -> Date? {
        try await database.read { db in
            let row = try Row.fetchOne(db.kept("""
                SELECT changes > planned AS stale, (SELECT min(fireAt) FROM notificationRequest) AS next FROM planState
                """))
            let stale: Bool? = row?["stale"], next: Int64? = row?["next"]
            if stale == true { return .distantPast }
            return next.map(StoredInstant.date(milliseconds:))
        }
    }

    package func planSnapshot() async throws -> PlanSnapshot {
        try await database.read { db in
            let state = try Row.fetchOne(db.kept("SELECT changes, planned FROM planState"))
            let changes: Int64 = state?["changes"] ?? 0, planned: Int64 = state?["planned"] ?? 0
            let queued = try UUID.fetchAll(db.kept("SELECT reminderID FROM replanQueue WHERE change > ? ORDER BY change"),
                                           arguments: [planned])
            return PlanSnapshot(
                pending: try Self.pending(db), pendingDigest: try Self.pendingDigest(db), delivered: try Self.delivered(db), deliveredThrough: try Self.deliveredThrough(db),
                changes: changes, planned: planned, changed: Int64(queued.count) == changes - planned ? Set(queued) : nil)
        }
    }

    package func amendPlan(removing: [String], adding: [NotificationRequest], doneReminders: [UUID],
                           over snapshot: PlanSnapshot) async throws -> Bool {
        try await database.write { db in
            let state = try Row.fetchOne(db.kept("SELECT changes, planned FROM planState"))
            let changes: Int64? = state?["changes"], planned: Int64? = state?["planned"]
            guard changes == snapshot.changes, planned == snapshot.planned,
                  try Self.deliveredThrough(db) == snapshot.deliveredThrough, try Self.pendingDigest(db) == snapshot.pendingDigest
            else { return false }
            try NotificationRequestRecord.deleteAll(db, keys: removing)
            let exists = try db.cachedStatement(sql: "SELECT 1 FROM reminder WHERE id = ?")
            for request in adding where try Bool.fetchOne(exists, arguments: [request.reminderID]) ?? false {
                try NotificationRequestRecord(request).insertIgnoringConflictKept(db)
            }
            _ = try DeliveredNotificationRecord.filter(doneReminders.contains(DeliveredNotificationRecord.Columns.reminderID))
                .deleteAll(db)
            // A plan (and an undo or redo) leaves no notification its reminder's answer came after,
            // and an answer moves only with a change of its reminder's row: only the changed
            // reminders can have one now.
            if let changed = snapshot.changed { try Self.removeAnswered(db, of: changed) } else { try Self.removeAnswered(db) }
            try Self.enforceCap(db)
            try Self.markPlanned(db, madeAt: snapshot.changes)
            return true
        }
    }

    package func deliver(dueAt now: Date) async throws -> [DeliveredNotification] {
        try await database.write { db in
            try Self.removeAnswered(db)
            let due = try NotificationRequestRecord
                .filter(NotificationRequestRecord.Columns.fireAt <= StoredInstant.milliseconds(now))
                .order(NotificationRequestRecord.Columns.fireAt, Column("id"))
                .fetchAll(db)
            return try due.map { record in
                let delivered = DeliveredNotification(
                    request: record.request, deliveredAt: now,
                    isLate: now.timeIntervalSince(record.fireAt) > NotificationBudget.lateAfter)
                try record.delete(db)
                try DeliveredNotificationRecord(delivered).upsert(db)
                return delivered
            }
        }
    }

    package func deliveredThrough() async throws -> Date? {
        try await database.read { try Self.deliveredThrough($0) }
    }

    package func setDeliveredThrough(_ instant: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO storeSetting (name, value) VALUES (?, ?)",
                           arguments: [Self.watermark, String(instant.timeIntervalSince1970)])
        }
    }

    package func numbering() async throws -> [String]? {
        try await database.read { db in
            try String.fetchOne(db.kept("SELECT value FROM storeSetting WHERE name = ?"), arguments: [Self.numberingSetting])
        }.map { $0.isEmpty ? [] : $0.split(separator: "\n").map(String.init) }
    }

    package func saveNumbering(_ ids: [String]) async throws -> Bool {
        let value = ids.joined(separator: "\n")
        guard try await numbering().map({ $0.joined(separator: "\n") }) != value else { return true }
        return try await database.writeIfFree { db in
            try db.kept("INSERT OR REPLACE INTO storeSetting (name, value) VALUES (?, ?)").execute(arguments: [Self.numberingSetting, value])
        } != nil
    }

    /// The `storeSetting` that keeps the last numbering of notifications, ids by line breaks.
    private static let numberingSetting = "notificationNumbering"

    private static func pending(_ db: Database) throws -> [NotificationRequest] {
        try NotificationRequestRecord.fetchAll(db.kept("SELECT * FROM notificationRequest ORDER BY fireAt, id")).map(\.request)
    }

    private static func pendingDigest(_ db: Database) throws -> String {
        try String.fetchOne(db.kept("""
            SELECT coalesce(group_concat(id || ' ' || fireAt || ' ' || isSnoozed, ','), '')
            FROM (SELECT id, fireAt, isSnoozed FROM notificationRequest ORDER BY fireAt, id)
            """)) ?? ""
    }

    private static func delivered(_ db: Database) throws -> [DeliveredNotification] {
        try DeliveredNotificationRecord.fetchAll(db.kept("SELECT * FROM deliveredNotification ORDER BY fireAt, id")).map(\.notification)
    }

    private static func deliveredThrough(_ db: Database) throws -> Date? {
        try String.fetchOne(db.kept("SELECT value FROM storeSetting WHERE name = ?"), arguments: [watermark])
            .flatMap { Double($0) }.map(Date.init(timeIntervalSince1970:))
    }

    /// Records that the plan reflects the reminders up to change `changes`, and forgets those
    /// changes' queued reminders.
    private static func markPlanned(_ db: Database, madeAt changes: Int64) throws {
        try db.kept("UPDATE planState SET planned = max(planned, ?)").execute(arguments: [changes])
        try db.kept("DELETE FROM replanQueue WHERE change <= ?").execute(arguments: [changes])
    }

    /// Removes the notifications, pending or shown, that their reminder's answer came after
    /// (`Reminder.isAnswered`): one answered on another device is closed here after a sync. Undo
    /// and redo, which put notification rows back as they were, end with it too.
    static func removeAnswered(_ db: Database) throws {
        for table in ["notificationRequest", "deliveredNotification"] {
            try db.kept("""
                DELETE FROM \(table) WHERE EXISTS (SELECT 1 FROM reminder WHERE reminder.id = \(table).reminderID
                    AND reminder.alarmsAcknowledgedAt >= \(table).fireAt)
                """).execute()
        }
    }

    /// `removeAnswered` for the notifications of `reminders` alone.
    private static func removeAnswered(_ db: Database, of reminders: Set<UUID>) throws {
        for table in ["notificationRequest", "deliveredNotification"] {
            let statement = try db.kept("""
                DELETE FROM \(table) WHERE reminderID = ?1 AND EXISTS (SELECT 1 FROM reminder WHERE reminder.id = ?1
                    AND reminder.alarmsAcknowledgedAt >= \(table).fireAt)
                """)
            for id in reminders { try statement.execute(arguments: [id]) }
        }
    }

    /// Keeps only the `pendingCap` soonest pending requests, as iOS does.
    private static func enforceCap(_ db: Database) throws {
        try db.kept("""
            DELETE FROM notificationRequest WHERE id NOT IN (
                SELECT id FROM notificationRequest ORDER BY fireAt, id LIMIT ?)
            """).execute(arguments: [NotificationBudget.pendingCap])
    }
}
