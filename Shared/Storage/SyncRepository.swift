import Domain
import Foundation
import GRDB

/// A CalDAV account the store syncs with.
package struct SyncAccount: Sendable, Equatable {
    /// The name the user gave it (`memoss sync add NAME URL`).
    package var name: String
    /// The address as the user gave it.
    package var url: String
    /// The task collection found from it, the one resources are read and written in.
    package var collectionURL: String
    package var user: String
    /// A command whose first line of output is the password (`pass show dav`).
    package var passwordCommand: String?
    /// An environment variable that holds the password.
    package var passwordVariable: String?
    /// Whether the password is in a 0600 file under `$XDG_CONFIG_HOME/memoss` (the user asked).
    package var passwordSaved: Bool
    /// The server's RFC 6578 sync token after the last complete pull, `nil` before the first.
    package var syncToken: String?
    package var lastSyncAt: Date?
    /// What the last sync did or why it failed, one sentence.
    package var lastOutcome: String?
    package var createdAt: Date

    package init(name: String, url: String, collectionURL: String, user: String, passwordCommand: String?,
                 passwordVariable: String?, passwordSaved: Bool, createdAt: Date) {
        self.name = name
        self.url = url
        self.collectionURL = collectionURL
        self.user = user
        self.passwordCommand = passwordCommand
        self.passwordVariable = passwordVariable
        self.passwordSaved = passwordSaved
        self.createdAt = createdAt
    }
}

/// What an account's server holds of one reminder, as both sides last agreed.
package struct SyncItem: Sendable, Equatable {
    package var reminderID: UUID
    /// The resource's UID: the reminder's id, or another client's UID it was created with.
    package var uid: String
    /// The resource's path on the server.
    package var href: String
    /// Its ETag when last read or written, `nil` when the server did not say.
    package var etag: String?
    /// The resource's text when both sides last agreed (the base of a three-way merge).
    package var base: String

    package init(reminderID: UUID, uid: String, href: String, etag: String?, base: String) {
        self.reminderID = reminderID
        self.uid = uid
        self.href = href
        self.etag = etag
        self.base = base
    }
}

/// One step of a sync written to the store in one transaction: reminders changed here, what is
/// known of the server, and the account's token, so a sync killed anywhere leaves the store whole
/// and the next one goes on from what was written.
package struct SyncBatch: Sendable {
    /// Reminders to store (new or replacing the stored one) with their tags' names; tags that do
    /// not exist are created in the palette's colours.
    package var upserts: [(reminder: Reminder, tagNames: [String])] = []
    package var deletions: [UUID] = []
    package var items: [SyncItem] = []
    /// Reminders whose resource the server no longer has.
    package var forgotten: [UUID] = []
    /// The account's new token; `.some(nil)` clears it.
    package var syncToken: String??

    package init() {}

    /// Whether it changes reminders (and so is a command in the undo journal).
    package var changesReminders: Bool { !upserts.isEmpty || !deletions.isEmpty }
}

/// Stores sync accounts and what each server holds.
package struct SyncRepository: Sendable {
    private let database: AppDatabase

    package init(database: AppDatabase) {
        self.database = database
    }

    package func accounts() async throws -> [SyncAccount] {
        try await database.read { db in try Row.fetchAll(db, sql: "SELECT * FROM syncAccount ORDER BY name").map(Self.account) }
    }

    package func account(named name: String) async throws -> SyncAccount? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM syncAccount WHERE name = ?", arguments: [name]).map(Self.account)
        }
    }

    /// Adds `account`; false (and nothing written) when one of that name exists.
    package func add(_ account: SyncAccount) async throws -> Bool {
        try await database.write { db in
            guard try Row.fetchOne(db, sql: "SELECT 1 FROM syncAccount WHERE name = ?", arguments: [account.name]) == nil
            else { return false }
            try db.execute(sql: """
                INSERT INTO syncAccount (name, url, collectionURL, user, passwordCommand, passwordVariable, passwordSaved,
                    syncToken, lastSyncAt, lastOutcome, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [account.name, account.url, account.collectionURL, account.user, account.passwordCommand,
                                 account.passwordVariable, account.passwordSaved, account.syncToken, account.lastSyncAt,
                                 account.lastOutcome, account.createdAt])
            return true
        }
    }

    /// Removes the account and what the store knew of its server; false when there is none.
    package func remove(named name: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM syncItem WHERE account = ?", arguments: [name])
            try db.execute(sql: "DELETE FROM syncAccount WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    /// Records how a sync of `name` ended.
    package func recordOutcome(_ outcome: String, at instant: Date, account name: String) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE syncAccount SET lastSyncAt = ?, lastOutcome = ? WHERE name = ?",
                           arguments: [instant, outcome, name])
        }
    }

    /// What the account's server holds, by reminder.
    package func items(account name: String) async throws -> [SyncItem] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT reminderID, uid, href, etag, base FROM syncItem WHERE account = ?",
                             arguments: [name]).map { row in
                SyncItem(reminderID: row["reminderID"], uid: row["uid"], href: row["href"], etag: row["etag"], base: row["base"])
            }
        }
    }

    /// Every reminder, open and done, with its tags' names in the order lists show them.
    package func allReminders() async throws -> [(reminder: Reminder, tagNames: [String])] {
        try await database.read { db in
            try ReminderRows.remindersWithTags(db, sql: "SELECT reminder.*, \(ReminderRows.tagRowsColumn) FROM reminder")
                .map { ($0.reminder, $0.tags.map(\.name)) }
        }
    }

    /// Writes `batch` for account `name` in one transaction (inside `Journal.record`, its
    /// reminder changes are one undoable command); tags it names that do not exist are created
    /// with ids from `newID`.
    package func apply(_ batch: SyncBatch, account name: String, now: Date, newID: @escaping @Sendable () -> UUID) async throws {
        try await database.write { db in
            var tags = try TagsByName(db)
            for (reminder, names) in batch.upserts {
                let record = ReminderRecord(reminder)
                if try ReminderRecord.exists(db, key: reminder.id) { try record.update(db) } else { try record.insert(db) }
                try ReminderTagRecord.filter(ReminderTagRecord.Columns.reminderID == reminder.id).deleteAll(db)
                var linked = Set<UUID>()
                for name in names {
                    let id = try tags.findOrCreate(name, newID: newID, at: now, db).id
                    if linked.insert(id).inserted { try ReminderTagRecord(reminderID: reminder.id, tagID: id).insert(db) }
                }
            }
            for id in batch.deletions { _ = try ReminderRecord.deleteOne(db, key: id) }
            let upsertItem = try db.cachedStatement(sql: """
                INSERT OR REPLACE INTO syncItem (account, reminderID, uid, href, etag, base) VALUES (?, ?, ?, ?, ?, ?)
                """)
            for item in batch.items {
                // A resource that moved to another reminder (another client's UID seen again) keeps one row.
                try db.execute(sql: "DELETE FROM syncItem WHERE account = ? AND href = ? AND reminderID <> ?",
                               arguments: [name, item.href, item.reminderID])
                try upsertItem.execute(arguments: [name, item.reminderID, item.uid, item.href, item.etag, item.base])
            }
            for id in batch.forgotten {
                try db.execute(sql: "DELETE FROM syncItem WHERE account = ? AND reminderID = ?", arguments: [name, id])
            }
            if let token = batch.syncToken {
                try db.execute(sql: "UPDATE syncAccount SET syncToken = ? WHERE name = ?", arguments: [token, name])
            }
        }
    }

    private static func account(_ row: Row) -> SyncAccount {
        var account = SyncAccount(name: row["name"], url: row["url"], collectionURL: row["collectionURL"], user: row["user"],
                                  passwordCommand: row["passwordCommand"], passwordVariable: row["passwordVariable"],
                                  passwordSaved: row["passwordSaved"], createdAt: row["createdAt"])
        account.syncToken = row["syncToken"]
        account.lastSyncAt = row["lastSyncAt"]
        account.lastOutcome = row["lastOutcome"]
        return account
    }
}
