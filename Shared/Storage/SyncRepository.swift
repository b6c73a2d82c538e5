import Domain
import Foundation
import GRDB

/// A CalDAV account the store syncs with.
package struct SyncAccount: Sendable, Equatable {
    /// The name the user gave it (`memoss sync add NAME URL`).
    package var name: String
    /// The address as the user gave it.
    package var url: String
    /// The task collection found from it first (the default list's, when it was added).
    package var collectionURL: String
    /// Whether it was added by the server's address rather than one collection's, so each sync
    /// looks for the task collections added and removed there.
    package var discovers = false
    package var user: String
    /// A command whose first line of output is the password (`pass show dav`).
    package var passwordCommand: String?
    /// An environment variable that holds the password.
    package var passwordVariable: String?
    /// Whether the password is in a 0600 file under `$XDG_CONFIG_HOME/memoss` (the user asked).
    package var passwordSaved: Bool
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
    /// The address of the collection it is in.
    package var collection: String
    /// Its ETag when last read or written, `nil` when the server did not say.
    package var etag: String?
    /// The resource's text when both sides last agreed (the base of a three-way merge).
    package var base: String

    package init(reminderID: UUID, uid: String, href: String, collection: String, etag: String?, base: String) {
        self.reminderID = reminderID
        self.uid = uid
        self.href = href
        self.collection = collection
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
    /// Resources deleted on the server for reminders deleted here, kept as they were (`gone`).
    package var gone: [SyncItem] = []
    /// The collections' new tokens, by address; a `nil` token clears it.
    package var tokens: [String: String?] = [:]
    /// Resources a move to another collection left behind, to delete on the server.
    package var leftovers: [SyncLeftover] = []
    /// Leftovers the server no longer has (by href).
    package var leftoversDone: [String] = []
    /// Collections the server no longer has (by address): no longer synced, their items forgotten.
    package var goneCollections: [String] = []

    package init() {}

    /// Whether it changes reminders (and so is a command in the undo journal).
    package var changesReminders: Bool { !upserts.isEmpty || !deletions.isEmpty }
}

/// A task collection of an account and the list it is synced with.
package struct SyncCollection: Sendable, Equatable {
    /// Its address.
    package var url: String
    /// The id of the list it is synced with (the default list's id for that one).
    package var listID: UUID
    /// Its name on the server (`displayname`), when it has one.
    package var name: String?
    /// The server's RFC 6578 sync token after the last complete pull, `nil` before the first.
    package var syncToken: String?
    /// The name of its list here.
    package var listName = ""
    /// Whether its list is the default one (whose reminders have no list id).
    package var isDefaultList = false

    package init(url: String, listID: UUID, name: String?, syncToken: String? = nil) {
        self.url = url
        self.listID = listID
        self.name = name
        self.syncToken = syncToken
    }

    /// The `listID` the reminders of its list have.
    package var reminderListID: UUID? { isDefaultList ? nil : listID }
}

/// A resource a reminder's move to another collection left behind, until the server deletes it.
package struct SyncLeftover: Sendable, Equatable {
    package var href: String
    /// The address of the collection it is in.
    package var collection: String
    package var etag: String?
    /// Its text when last agreed: what another client changed there since is merged, not lost.
    package var base: String
    package var reminderID: UUID

    package init(href: String, collection: String, etag: String?, base: String, reminderID: UUID) {
        self.href = href
        self.collection = collection
        self.etag = etag
        self.base = base
        self.reminderID = reminderID
    }
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
                    lastSyncAt, lastOutcome, createdAt, discovers)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [account.name, account.url, account.collectionURL, account.user, account.passwordCommand,
                                 account.passwordVariable, account.passwordSaved, account.lastSyncAt,
                                 account.lastOutcome, account.createdAt, account.discovers])
            return true
        }
    }

    /// The name of the default list.
    package func defaultListName() async throws -> String {
        try await database.read { db in
            try String.fetchOne(db, sql: "SELECT name FROM list WHERE id = ?", arguments: [try ListsByName.defaultID(db)]) ?? ReminderList.defaultName
        }
    }

    /// The collections `name` syncs, with their lists.
    package func collections(account name: String) async throws -> [SyncCollection] {
        try await database.read { db in
            let defaultID = try ListsByName.defaultID(db)
            return try Row.fetchAll(db, sql: """
                SELECT syncCollection.url, syncCollection.listID, syncCollection.name, syncCollection.syncToken, list.name AS listName
                FROM syncCollection JOIN list ON list.id = syncCollection.listID WHERE account = ? ORDER BY url
                """, arguments: [name]).map { row in
                var collection = SyncCollection(url: row["url"], listID: row["listID"], name: row["name"], syncToken: row["syncToken"])
                collection.listName = row["listName"]
                collection.isDefaultList = collection.listID == defaultID
                return collection
            }
        }
    }

    /// Syncs each of `found` (address and name) with a list of account `name`: the default list's
    /// with the collection `defaultURL`, each other with the list of its name, created when
    /// there is none (with ids from `newID`, at `now`); a list another collection of the account
    /// already has is not taken twice (the collection is left out, and said). Returns what each
    /// collection is synced with, and the sentences of those left out.
    package func link(_ found: [(url: String, name: String?)], defaultURL: String?, account name: String, now: Date,
                      newID: @escaping @Sendable () -> UUID) async throws -> (linked: [(collection: SyncCollection, listName: String)], notes: [String]) {
        try await database.write { db in
            var lists = try ListsByName(db)
            var linked: [(SyncCollection, String)] = [], notes: [String] = []
            for collection in found {
                let known = try Row.fetchOne(db, sql: "SELECT 1 FROM syncCollection WHERE account = ? AND url = ?", arguments: [name, collection.url])
                if known != nil { continue }
                let listName = collection.name.flatMap { try? TagRules.validName($0) } ?? String((URL(string: collection.url)?.lastPathComponent ?? "Tasks").prefix(TagRules.maxNameLength))
                let listID: UUID
                if collection.url == defaultURL, let defaultID = lists.defaultID {
                    listID = defaultID
                } else {
                    listID = try lists.findOrCreate(listName, newID: newID, at: now, db).id
                }
                if let other = try String.fetchOne(db, sql: "SELECT url FROM syncCollection WHERE account = ? AND listID = ?", arguments: [name, listID]) {
                    notes.append("left the task list \(collection.url) alone: its list is already synced with \(other)")
                    continue
                }
                try db.execute(sql: "INSERT INTO syncCollection (account, url, listID, name) VALUES (?, ?, ?, ?)",
                               arguments: [name, collection.url, listID, collection.name])
                let shownName = try String.fetchOne(db, sql: "SELECT name FROM list WHERE id = ?", arguments: [listID]) ?? listName
                var linkedCollection = SyncCollection(url: collection.url, listID: listID, name: collection.name)
                linkedCollection.listName = shownName
                linkedCollection.isDefaultList = listID == lists.defaultID
                linked.append((linkedCollection, shownName))
            }
            return (linked, notes)
        }
    }

    /// The collection of account `name` synced with list `listID`, if any.
    package func collection(syncing listID: UUID, account name: String) async throws -> SyncCollection? {
        try await collections(account: name).first { $0.listID == listID }
    }

    /// What a reminder's move left behind on account `name`'s server.
    package func leftovers(account name: String) async throws -> [SyncLeftover] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT href, collection, etag, base, reminderID FROM syncLeftover WHERE account = ? ORDER BY href",
                             arguments: [name])
                .map { SyncLeftover(href: $0["href"], collection: $0["collection"], etag: $0["etag"], base: $0["base"], reminderID: $0["reminderID"]) }
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
    /// How many resources deleted on the server an account keeps for an undo (the oldest go first).
    package static let goneKept = 5_000

    /// The resources a sync deleted on the server for reminders deleted here, as they were (an
    /// `undo` that brings one of those reminders back sends it back to the same place, as it was).
    package func gone(account name: String) async throws -> [SyncItem] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT reminderID, uid, href, collection, base FROM syncGone WHERE account = ?",
                             arguments: [name]).map { row in
                SyncItem(reminderID: row["reminderID"], uid: row["uid"], href: row["href"], collection: row["collection"],
                         etag: nil, base: row["base"])
            }
        }
    }

    package func items(account name: String) async throws -> [SyncItem] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT reminderID, uid, href, collection, etag, base FROM syncItem WHERE account = ?",
                             arguments: [name]).map { row in
                SyncItem(reminderID: row["reminderID"], uid: row["uid"], href: row["href"], collection: row["collection"],
                         etag: row["etag"], base: row["base"])
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
                INSERT OR REPLACE INTO syncItem (account, reminderID, uid, href, collection, etag, base) VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            for item in batch.items {
                // Sent back (an undone delete), it is no more gone.
                try db.execute(sql: "DELETE FROM syncGone WHERE account = ? AND reminderID = ?", arguments: [name, item.reminderID])
                // A resource that moved to another reminder (another client's UID seen again) keeps one row.
                try db.execute(sql: "DELETE FROM syncItem WHERE account = ? AND href = ? AND reminderID <> ?",
                               arguments: [name, item.href, item.reminderID])
                try upsertItem.execute(arguments: [name, item.reminderID, item.uid, item.href, item.collection, item.etag, item.base])
            }
            for leftover in batch.leftovers {
                try db.execute(sql: """
                    INSERT OR REPLACE INTO syncLeftover (account, href, collection, etag, base, reminderID) VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [name, leftover.href, leftover.collection, leftover.etag, leftover.base, leftover.reminderID])
            }
            for href in batch.leftoversDone {
                try db.execute(sql: "DELETE FROM syncLeftover WHERE account = ? AND href = ?", arguments: [name, href])
            }
            for url in batch.goneCollections {
                try db.execute(sql: "DELETE FROM syncItem WHERE account = ? AND collection = ?", arguments: [name, url])
                try db.execute(sql: "DELETE FROM syncCollection WHERE account = ? AND url = ?", arguments: [name, url])
            }
            for id in batch.forgotten {
                try db.execute(sql: "DELETE FROM syncItem WHERE account = ? AND reminderID = ?", arguments: [name, id])
            }
            for item in batch.gone {
                try db.execute(sql: "INSERT OR REPLACE INTO syncGone (account, reminderID, uid, href, collection, base) VALUES (?, ?, ?, ?, ?, ?)",
                               arguments: [name, item.reminderID, item.uid, item.href, item.collection, item.base])
            }
            if !batch.gone.isEmpty {
                try db.execute(sql: """
                    DELETE FROM syncGone WHERE account = ? AND rowid NOT IN (SELECT rowid FROM syncGone WHERE account = ? ORDER BY rowid DESC LIMIT ?)
                    """, arguments: [name, name, Self.goneKept])
            }
            for (url, token) in batch.tokens {
                try db.execute(sql: "UPDATE syncCollection SET syncToken = ? WHERE account = ? AND url = ?", arguments: [token, name, url])
            }
        }
    }

    private static func account(_ row: Row) -> SyncAccount {
        var account = SyncAccount(name: row["name"], url: row["url"], collectionURL: row["collectionURL"], user: row["user"],
                                  passwordCommand: row["passwordCommand"], passwordVariable: row["passwordVariable"],
                                  passwordSaved: row["passwordSaved"], createdAt: row["createdAt"])
        account.discovers = row["discovers"]
        account.lastSyncAt = row["lastSyncAt"]
        account.lastOutcome = row["lastOutcome"]
        return account
    }
}
