import Domain
import Foundation
import GRDB

extension AppDatabase {
    /// The schema's history. A migration that has shipped is never edited; changes are new ones.
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "reminder") { t in
                t.column("id", .blob).primaryKey()
                t.column("title", .text).notNull()
                t.column("notes", .text)
                t.column("scheduledAt", .datetime).notNull()
                t.column("timeZoneID", .text).notNull()
                t.column("isCompleted", .boolean).notNull().defaults(to: false)
                t.column("completedAt", .datetime)
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(index: "reminder_on_isCompleted_scheduledAt", on: "reminder",
                          columns: ["isCompleted", "scheduledAt"])
            try db.create(index: "reminder_on_scheduledAt", on: "reminder", columns: ["scheduledAt"])
        }
        migrator.registerMigration("v2") { db in
            try db.create(table: "completion") { t in
                t.column("id", .blob).primaryKey()
                t.column("reminderID", .blob).notNull()
                    .indexed()
                    .references("reminder", onDelete: .cascade)
                t.column("occurrence", .datetime).notNull()
                t.column("completedAt", .datetime).notNull().indexed()
            }
        }
        migrator.registerMigration("v3") { db in
            try db.create(table: "tag") { t in
                t.column("id", .blob).primaryKey()
                t.column("name", .text).notNull()
                // TagRules.key(for: name): names equal but for case share it, so it is unique.
                t.column("nameKey", .text).notNull().unique()
                t.column("colorHex", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "reminderTag") { t in
                t.column("reminderID", .blob).notNull().references("reminder", onDelete: .cascade)
                t.column("tagID", .blob).notNull().references("tag", onDelete: .cascade)
                t.primaryKey(["reminderID", "tagID"])
            }
            // Filtering the dashboard by a tag starts from the tag.
            try db.create(index: "reminderTag_on_tagID_reminderID", on: "reminderTag", columns: ["tagID", "reminderID"])
            // One-off facts about the store, such as whether the default tags were seeded.
            try db.create(table: "storeFlag") { t in
                t.column("name", .text).primaryKey()
            }
        }
        migrator.registerMigration("v4") { db in
            // Readable recurrence: the rule's name, its weekday (1 = Sunday) or day of month,
            // the inclusive end day (YYYY-MM-DD), and the nominal time (HH:mm) when a DST gap
            // moved the current occurrence off it.
            try db.alter(table: "reminder") { t in
                t.add(column: "recurrenceRule", .text).notNull().defaults(to: "never")
                t.add(column: "recurrenceWeekday", .integer)
                t.add(column: "recurrenceDay", .integer)
                t.add(column: "recurrenceEnd", .text)
                t.add(column: "nominalTime", .text)
            }
        }
        migrator.registerMigration("v5") { db in
            // The notification centre: pending requests and delivered notifications.
            try db.create(table: "notificationRequest") { t in
                t.column("id", .text).primaryKey()
                t.column("reminderID", .blob).notNull().indexed().references("reminder", onDelete: .cascade)
                t.column("fireAt", .datetime).notNull().indexed()
                t.column("title", .text).notNull()
                t.column("body", .text).notNull()
                t.column("isRecurring", .boolean).notNull()
                t.column("isSnoozed", .boolean).notNull().defaults(to: false)
            }
            try db.create(table: "deliveredNotification") { t in
                t.column("id", .text).primaryKey()
                t.column("reminderID", .blob).notNull().indexed().references("reminder", onDelete: .cascade)
                t.column("fireAt", .datetime).notNull()
                t.column("title", .text).notNull()
                t.column("body", .text).notNull()
                t.column("isRecurring", .boolean).notNull()
                t.column("isSnoozed", .boolean).notNull().defaults(to: false)
                t.column("deliveredAt", .datetime).notNull()
                t.column("isLate", .boolean).notNull()
            }
            // Named values of the store, such as the instant delivery has run up to.
            try db.create(table: "storeSetting") { t in
                t.column("name", .text).primaryKey()
                t.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v6") { db in
            // Imports: a reminder remembers the row it came from (`id:<uuid>` or `fp:<fingerprint>`),
            // and deleting an imported reminder leaves a tombstone so importing again skips it.
            try db.alter(table: "reminder") { t in t.add(column: "importKey", .text) }
            try db.create(index: "reminder_on_importKey", on: "reminder", columns: ["importKey"], unique: true)
            try db.create(table: "importTombstone") { t in t.column("importKey", .text).primaryKey() }
            try db.execute(sql: """
                CREATE TRIGGER reminder_importTombstone AFTER DELETE ON reminder WHEN old.importKey IS NOT NULL
                BEGIN INSERT OR IGNORE INTO importTombstone (importKey) VALUES (old.importKey); END
                """)
        }
        migrator.registerMigration("v7") { db in
            // The undo journal: each command's changes as a SQLite changeset, in order; `commandID`
            // groups the entries of one command, `revision` is the store revision of its last
            // record, undo or redo (for "what changed since").
            try db.create(table: "journalEntry") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("commandID", .integer).notNull().indexed()
                t.column("summary", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("changes", .blob).notNull()
                t.column("isUndone", .boolean).notNull()
                t.column("revision", .integer).notNull().indexed()
            }
            // The reminder ids in the order the last listing numbered them (16 bytes each).
            try db.create(table: "lastListing") { t in
                t.column("id", .integer).primaryKey().check { $0 == 1 }
                t.column("reminderIDs", .blob).notNull()
            }
            // Undoing an import (or redoing a delete) is not a user deleting an imported reminder.
            try db.execute(sql: "DROP TRIGGER reminder_importTombstone")
            try db.execute(sql: """
                CREATE TRIGGER reminder_importTombstone AFTER DELETE ON reminder
                WHEN old.importKey IS NOT NULL AND NOT EXISTS (SELECT 1 FROM storeFlag WHERE name = 'applyingJournal')
                BEGIN INSERT OR IGNORE INTO importTombstone (importKey) VALUES (old.importKey); END
                """)
        }
        migrator.registerMigration("v8") { db in
            // A gap can move an occurrence past midnight (America/Nuuk: a nominal Saturday 23:30 is
            // due Sunday 00:30), so the nominal date is kept beside the nominal time.
            try db.alter(table: "reminder") { t in t.add(column: "nominalDate", .text) }
            let rows = try Row.fetchAll(db, sql: """
                SELECT id, scheduledAt, timeZoneID, nominalTime FROM reminder WHERE nominalTime IS NOT NULL
                """)
            for row in rows {
                guard let time = LocalTime(hhmm: row["nominalTime"]) else { continue }
                let nominal = ReminderRecord.inferredNominal(
                    time: time, scheduledAt: row["scheduledAt"], timeZoneID: row["timeZoneID"])
                try db.execute(sql: "UPDATE reminder SET nominalDate = ? WHERE id = ?",
                               arguments: [nominal.date.description, row["id"] as DatabaseValue])
            }
        }
        migrator.registerMigration("v9") { db in
            // Whether the notification plan reflects the reminders: every change to a reminder
            // (any process, undo included) counts, in the same transaction as the change; a plan
            // records the count it was made from. A plan left behind by a failed or killed replan
            // is completed by the next command that opens the store.
            try db.create(table: "planState") { t in
                t.column("id", .integer).primaryKey().check { $0 == 1 }
                t.column("changes", .integer).notNull()
                t.column("planned", .integer).notNull()
            }
            try db.execute(sql: "INSERT INTO planState (id, changes, planned) VALUES (1, 0, 0)")
            for event in ["INSERT", "UPDATE", "DELETE"] {
                try db.execute(sql: """
                    CREATE TRIGGER reminder_planState_\(event.lowercased()) AFTER \(event) ON reminder
                    BEGIN UPDATE planState SET changes = changes + 1; END
                    """)
            }
        }
        migrator.registerMigration("v10") { db in
            // The planner's index: for each open repeating reminder, the instant of its first
            // occurrence after the plan cursor (`planState.cursor`), both in ms since 1970, 0 while
            // unknown. Any change to a reminder row (a command, undo, an import) resets its entry
            // to 0 through these triggers; the planner fills in the unknown ones and those the
            // cursor has passed, so choosing the soonest is an indexed query. Not in the undo
            // journal: it is derived from the reminders and follows them.
            try db.execute(sql: """
                CREATE TABLE reminderPlan (
                    reminderID BLOB PRIMARY KEY NOT NULL REFERENCES reminder(id) ON DELETE CASCADE,
                    nextAt INTEGER NOT NULL
                ) WITHOUT ROWID
                """)
            try db.create(index: "reminderPlan_on_nextAt", on: "reminderPlan", columns: ["nextAt"])
            try db.alter(table: "planState") { t in t.add(column: "cursor", .integer).notNull().defaults(to: 0) }
            let isPlanned = "new.isCompleted = 0 AND new.recurrenceRule <> 'never'"
            try db.execute(sql: """
                CREATE TRIGGER reminder_reminderPlan_insert AFTER INSERT ON reminder WHEN \(isPlanned)
                BEGIN INSERT OR REPLACE INTO reminderPlan (reminderID, nextAt) VALUES (new.id, 0); END;
                CREATE TRIGGER reminder_reminderPlan_update AFTER UPDATE ON reminder
                BEGIN
                    DELETE FROM reminderPlan WHERE reminderID = old.id;
                    INSERT OR REPLACE INTO reminderPlan (reminderID, nextAt) SELECT new.id, 0 WHERE \(isPlanned);
                END;
                INSERT INTO reminderPlan (reminderID, nextAt)
                    SELECT id, 0 FROM reminder WHERE isCompleted = 0 AND recurrenceRule <> 'never';
                """)
        }
        migrator.registerMigration("v11") { db in
            // How a journal entry holds its changes (`JournalLog.Kind`): a changeset, or an
            // import's added rows by id.
            try db.alter(table: "journalEntry") { t in t.add(column: "kind", .integer).notNull().defaults(to: 0) }
        }
        migrator.registerMigration("v12") { db in
            // The richer repeat rules. Every column is NULL on the rows already stored, which reads
            // as before: every 1 period, a weekly rule on `recurrenceWeekday`, a monthly one on
            // `recurrenceDay`, no count. A weekday set is a mask (bit w − 1 for weekday w); a
            // monthly nth weekday keeps its weekday in `recurrenceWeekday`; day -1 is the last day.
            try db.alter(table: "reminder") { t in
                t.add(column: "recurrenceInterval", .integer)
                t.add(column: "recurrenceWeekdays", .integer)
                t.add(column: "recurrenceNth", .integer)
                t.add(column: "recurrenceMonth", .integer)
                t.add(column: "recurrenceTimes", .integer)
            }
        }
        migrator.registerMigration("v13") { db in
            // CalDAV sync (`SyncRepository`): the accounts, and per account and reminder the
            // resource it is on the server and the version both sides last agreed on (`base`, the
            // resource's text then), which a three-way merge compares each side with. Not in the
            // undo journal: it describes the server, and undoing a synced change is a local change
            // the next sync sends.
            try db.create(table: "syncAccount") { t in
                t.primaryKey("name", .text).notNull()
                t.column("url", .text).notNull()
                t.column("collectionURL", .text).notNull()
                t.column("user", .text).notNull()
                t.column("passwordCommand", .text)
                t.column("passwordVariable", .text)
                t.column("passwordSaved", .boolean).notNull().defaults(to: false)
                t.column("syncToken", .text)
                t.column("lastSyncAt", .datetime)
                t.column("lastOutcome", .text)
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "syncItem") { t in
                t.column("account", .text).notNull().references("syncAccount", column: "name", onDelete: .cascade)
                t.column("reminderID", .blob).notNull()
                t.column("uid", .text).notNull()
                t.column("href", .text).notNull()
                t.column("etag", .text)
                t.column("base", .text).notNull()
                t.primaryKey(["account", "reminderID"])
            }
            try db.create(index: "syncItem_on_href", on: "syncItem", columns: ["account", "href"], unique: true)
        }
        migrator.registerMigration("v14") { db in
            // The Completed section's order, for done reminders only: its first page is read from
            // this index instead of fetching and sorting every done reminder.
            try db.execute(sql: """
                CREATE INDEX reminder_on_completedAt ON reminder (isCompleted, completedAt DESC, scheduledAt DESC) WHERE isCompleted = 1
                """)
        }
        migrator.registerMigration(compactingMigration) { db in
            // A smaller, faster store (issue 14): the instants of reminders, completions and notifications as
            // integers (milliseconds since 1970, 6 bytes instead of 23 of text, compared and read
            // without parsing); `reminder` and `reminderTag` without rowids (each row found by its
            // key in one search, no second index of ids); no index on `scheduledAt` alone (the
            // one on `isCompleted, scheduledAt` serves). Columns keep their names and order, so
            // the undo journal's changesets still apply once their instants are rewritten too.
            func ms(_ column: String) -> String {
                "unixepoch(substr(\(column), 1, 19)) * 1000 + CAST(substr(\(column), 21, 3) AS INTEGER)"
            }
            try db.execute(sql: """
                CREATE TABLE reminder_v15 (
                    id BLOB PRIMARY KEY NOT NULL, title TEXT NOT NULL, notes TEXT, scheduledAt INTEGER NOT NULL,
                    timeZoneID TEXT NOT NULL, isCompleted BOOLEAN NOT NULL DEFAULT 0, completedAt INTEGER,
                    createdAt INTEGER NOT NULL, updatedAt INTEGER NOT NULL, recurrenceRule TEXT NOT NULL DEFAULT 'never',
                    recurrenceWeekday INTEGER, recurrenceDay INTEGER, recurrenceEnd TEXT, nominalTime TEXT, importKey TEXT,
                    nominalDate TEXT, recurrenceInterval INTEGER, recurrenceWeekdays INTEGER, recurrenceNth INTEGER,
                    recurrenceMonth INTEGER, recurrenceTimes INTEGER
                ) WITHOUT ROWID;
                INSERT INTO reminder_v15
                    SELECT id, title, notes, \(ms("scheduledAt")), timeZoneID, isCompleted, \(ms("completedAt")),
                        \(ms("createdAt")), \(ms("updatedAt")), recurrenceRule, recurrenceWeekday, recurrenceDay,
                        recurrenceEnd, nominalTime, importKey, nominalDate, recurrenceInterval, recurrenceWeekdays,
                        recurrenceNth, recurrenceMonth, recurrenceTimes
                    FROM reminder;
                DROP TABLE reminder;
                ALTER TABLE reminder_v15 RENAME TO reminder;
                CREATE INDEX reminder_on_isCompleted_scheduledAt ON reminder (isCompleted, scheduledAt);
                CREATE UNIQUE INDEX reminder_on_importKey ON reminder (importKey);
                CREATE INDEX reminder_on_completedAt ON reminder (isCompleted, completedAt DESC, scheduledAt DESC) WHERE isCompleted = 1;

                CREATE TABLE completion_v15 (
                    id BLOB PRIMARY KEY NOT NULL, reminderID BLOB NOT NULL REFERENCES reminder(id) ON DELETE CASCADE,
                    occurrence INTEGER NOT NULL, completedAt INTEGER NOT NULL
                );
                INSERT INTO completion_v15 SELECT id, reminderID, \(ms("occurrence")), \(ms("completedAt")) FROM completion;
                DROP TABLE completion;
                ALTER TABLE completion_v15 RENAME TO completion;
                CREATE INDEX completion_on_reminderID ON completion (reminderID);
                CREATE INDEX completion_on_completedAt ON completion (completedAt);

                CREATE TABLE reminderTag_v15 (
                    reminderID BLOB NOT NULL REFERENCES reminder(id) ON DELETE CASCADE,
                    tagID BLOB NOT NULL REFERENCES tag(id) ON DELETE CASCADE,
                    PRIMARY KEY (reminderID, tagID)
                ) WITHOUT ROWID;
                INSERT INTO reminderTag_v15 SELECT reminderID, tagID FROM reminderTag;
                DROP TABLE reminderTag;
                ALTER TABLE reminderTag_v15 RENAME TO reminderTag;
                CREATE INDEX reminderTag_on_tagID_reminderID ON reminderTag (tagID, reminderID);
                """)
            // The notification centre's instants too, so an instant compares equal whichever table
            // it was read from.
            try db.execute(sql: """
                UPDATE notificationRequest SET fireAt = \(ms("fireAt"));
                UPDATE deliveredNotification SET fireAt = \(ms("fireAt")), deliveredAt = \(ms("deliveredAt"));
                """)
            // The triggers went with the old table (v7, v9, v10).
            try db.execute(sql: """
                CREATE TRIGGER reminder_importTombstone AFTER DELETE ON reminder
                WHEN old.importKey IS NOT NULL AND NOT EXISTS (SELECT 1 FROM storeFlag WHERE name = 'applyingJournal')
                BEGIN INSERT OR IGNORE INTO importTombstone (importKey) VALUES (old.importKey); END;
                CREATE TRIGGER reminder_planState_insert AFTER INSERT ON reminder
                BEGIN UPDATE planState SET changes = changes + 1; END;
                CREATE TRIGGER reminder_planState_update AFTER UPDATE ON reminder
                BEGIN UPDATE planState SET changes = changes + 1; END;
                CREATE TRIGGER reminder_planState_delete AFTER DELETE ON reminder
                BEGIN UPDATE planState SET changes = changes + 1; END;
                CREATE TRIGGER reminder_reminderPlan_insert AFTER INSERT ON reminder
                WHEN new.isCompleted = 0 AND new.recurrenceRule <> 'never'
                BEGIN INSERT OR REPLACE INTO reminderPlan (reminderID, nextAt) VALUES (new.id, 0); END;
                CREATE TRIGGER reminder_reminderPlan_update AFTER UPDATE ON reminder
                BEGIN
                    DELETE FROM reminderPlan WHERE reminderID = old.id;
                    INSERT OR REPLACE INTO reminderPlan (reminderID, nextAt)
                        SELECT new.id, 0 WHERE new.isCompleted = 0 AND new.recurrenceRule <> 'never';
                END;
                """)
            try JournalLog.rewriteInstantsAsMilliseconds(db)
        }
        migrator.registerMigration("v16") { db in
            // Imported reminders keep no key (issue 14): a row without an id of its own gets one derived
            // from its key (`ImportedReminder.id(forKey:)`, a version 8 UUID), which stands for the key.
            // Only an `id:` key (the row gave its id) and the keys of rows imported before are kept, so
            // the unique index holds those alone. Deleting a reminder with
            // such an id leaves the tombstone `id:<its id>`, as an `id:` key is written.
            try db.execute(sql: """
                DROP INDEX reminder_on_importKey;
                CREATE UNIQUE INDEX reminder_on_importKey ON reminder (importKey) WHERE importKey IS NOT NULL;
                DROP TRIGGER reminder_importTombstone;
                CREATE TRIGGER reminder_importTombstone AFTER DELETE ON reminder
                WHEN (old.importKey IS NOT NULL OR substr(hex(old.id), 13, 1) = '8')
                    AND NOT EXISTS (SELECT 1 FROM storeFlag WHERE name = 'applyingJournal')
                BEGIN
                    INSERT OR IGNORE INTO importTombstone (importKey) VALUES (coalesce(old.importKey, 'id:'
                        || substr(hex(old.id), 1, 8) || '-' || substr(hex(old.id), 9, 4) || '-' || substr(hex(old.id), 13, 4)
                        || '-' || substr(hex(old.id), 17, 4) || '-' || substr(hex(old.id), 21, 12)));
                END;
                """)
        }
        migrator.registerMigration("v17") { db in
            // Reminders as wide as the calendars they sync with (issue 33): undated ones have no
            // `scheduledAt` (the table is rebuilt without NOT NULL on it; SQLite cannot drop a
            // constraint in place); an all-day one keeps its day's start there and `isAllDay`;
            // `stage` is 1 in progress, 2 cancelled (closed like a done one, `isCompleted` 1);
            // `percentComplete` as another client or the user said it. Columns keep their names and
            // order and the new ones come last, so the undo journal's changesets still apply.
            try db.execute(sql: """
                CREATE TABLE reminder_v17 (
                    id BLOB PRIMARY KEY NOT NULL, title TEXT NOT NULL, notes TEXT, scheduledAt INTEGER,
                    timeZoneID TEXT NOT NULL, isCompleted BOOLEAN NOT NULL DEFAULT 0, completedAt INTEGER,
                    createdAt INTEGER NOT NULL, updatedAt INTEGER NOT NULL, recurrenceRule TEXT NOT NULL DEFAULT 'never',
                    recurrenceWeekday INTEGER, recurrenceDay INTEGER, recurrenceEnd TEXT, nominalTime TEXT, importKey TEXT,
                    nominalDate TEXT, recurrenceInterval INTEGER, recurrenceWeekdays INTEGER, recurrenceNth INTEGER,
                    recurrenceMonth INTEGER, recurrenceTimes INTEGER,
                    isAllDay BOOLEAN NOT NULL DEFAULT 0, stage INTEGER NOT NULL DEFAULT 0, percentComplete INTEGER
                ) WITHOUT ROWID;
                INSERT INTO reminder_v17 (id, title, notes, scheduledAt, timeZoneID, isCompleted, completedAt, createdAt,
                    updatedAt, recurrenceRule, recurrenceWeekday, recurrenceDay, recurrenceEnd, nominalTime, importKey,
                    nominalDate, recurrenceInterval, recurrenceWeekdays, recurrenceNth, recurrenceMonth, recurrenceTimes)
                    SELECT id, title, notes, scheduledAt, timeZoneID, isCompleted, completedAt, createdAt,
                        updatedAt, recurrenceRule, recurrenceWeekday, recurrenceDay, recurrenceEnd, nominalTime, importKey,
                        nominalDate, recurrenceInterval, recurrenceWeekdays, recurrenceNth, recurrenceMonth, recurrenceTimes
                    FROM reminder;
                DROP TABLE reminder;
                ALTER TABLE reminder_v17 RENAME TO reminder;
                CREATE INDEX reminder_on_isCompleted_scheduledAt ON reminder (isCompleted, scheduledAt);
                CREATE UNIQUE INDEX reminder_on_importKey ON reminder (importKey) WHERE importKey IS NOT NULL;
                CREATE INDEX reminder_on_completedAt ON reminder (isCompleted, completedAt DESC, scheduledAt DESC) WHERE isCompleted = 1;
                CREATE TRIGGER reminder_importTombstone AFTER DELETE ON reminder
                WHEN (old.importKey IS NOT NULL OR substr(hex(old.id), 13, 1) = '8')
                    AND NOT EXISTS (SELECT 1 FROM storeFlag WHERE name = 'applyingJournal')
                BEGIN
                    INSERT OR IGNORE INTO importTombstone (importKey) VALUES (coalesce(old.importKey, 'id:'
                        || substr(hex(old.id), 1, 8) || '-' || substr(hex(old.id), 9, 4) || '-' || substr(hex(old.id), 13, 4)
                        || '-' || substr(hex(old.id), 17, 4) || '-' || substr(hex(old.id), 21, 12)));
                END;
                CREATE TRIGGER reminder_planState_insert AFTER INSERT ON reminder
                BEGIN UPDATE planState SET changes = changes + 1; END;
                CREATE TRIGGER reminder_planState_update AFTER UPDATE ON reminder
                BEGIN UPDATE planState SET changes = changes + 1; END;
                CREATE TRIGGER reminder_planState_delete AFTER DELETE ON reminder
                BEGIN UPDATE planState SET changes = changes + 1; END;
                CREATE TRIGGER reminder_reminderPlan_insert AFTER INSERT ON reminder
                WHEN new.isCompleted = 0 AND new.recurrenceRule <> 'never' AND new.scheduledAt IS NOT NULL
                BEGIN INSERT OR REPLACE INTO reminderPlan (reminderID, nextAt) VALUES (new.id, 0); END;
                CREATE TRIGGER reminder_reminderPlan_update AFTER UPDATE ON reminder
                BEGIN
                    DELETE FROM reminderPlan WHERE reminderID = old.id;
                    INSERT OR REPLACE INTO reminderPlan (reminderID, nextAt)
                        SELECT new.id, 0 WHERE new.isCompleted = 0 AND new.recurrenceRule <> 'never' AND new.scheduledAt IS NOT NULL;
                END;
                """)
            // A journal entry made by a sync names its account: `undo` is the user's own and passes
            // over it (`undo --sync` takes it back when asked by name).
            try db.alter(table: "journalEntry") { t in t.add(column: "origin", .text) }
            // Settings the user sets once (the time of day all-day reminders are notified at). When
            // all-day reminders notify is in the planner's index of next firings: any change (undo's
            // too) has it worked out again, and the plan made again.
            try db.create(table: "setting") { t in
                t.primaryKey("name", .text).notNull()
                t.column("value", .text).notNull()
            }
            for event in ["INSERT", "UPDATE", "DELETE"] {
                try db.execute(sql: """
                    CREATE TRIGGER setting_replan_\(event.lowercased()) AFTER \(event) ON setting
                    BEGIN UPDATE reminderPlan SET nextAt = 0; UPDATE planState SET changes = changes + 1; END
                    """)
            }
        }
        migrator.registerMigration("lists1") { db in
            // Priorities and lists (issue 34). Every reminder is in one list: `listID` NULL is the
            // store's default list, the one it starts with ("Reminders"), whose id `storeSetting`
            // keeps; so no row is rewritten here, and a changeset of the undo journal from before
            // (which has no listID) puts a reminder back in the default list. `priority` is
            // `Priority`'s raw value; the due index carries it, so To Do is ordered by due time, then
            // higher priority first, straight from the index.
            try db.execute(sql: """
                CREATE TABLE list (
                    id BLOB PRIMARY KEY NOT NULL, name TEXT NOT NULL, nameKey TEXT NOT NULL UNIQUE,
                    colorHex TEXT NOT NULL, createdAt INTEGER NOT NULL
                ) WITHOUT ROWID;
                ALTER TABLE reminder ADD COLUMN listID BLOB REFERENCES list(id);
                ALTER TABLE reminder ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
                DROP INDEX reminder_on_isCompleted_scheduledAt;
                CREATE INDEX reminder_on_isCompleted_scheduledAt ON reminder (isCompleted, scheduledAt, priority DESC);
                CREATE INDEX reminder_on_listID ON reminder (listID, isCompleted, scheduledAt) WHERE listID IS NOT NULL;
                """)
            // The default list's id is not seen by the user nor sent anywhere: a random one.
            let id = UUID()
            // It is as old as the store's oldest reminder (or 1970 in a new store).
            try db.execute(sql: """
                INSERT INTO list (id, name, nameKey, colorHex, createdAt)
                SELECT ?, ?, ?, ?, coalesce(min(createdAt), 0) FROM reminder
                """, arguments: [id, ReminderList.defaultName, TagRules.key(for: ReminderList.defaultName), "#3B82F6"])
            try db.execute(sql: "INSERT OR REPLACE INTO storeSetting (name, value) VALUES ('defaultList', ?)", arguments: [id.text])
            // A sync account syncs several task lists (collections), each with one list here, and
            // its own sync token; an account from before syncs its one collection with the default
            // list, as it did. Each resource is in a collection; `syncLeftover` holds the resources
            // a move to another collection left behind until the server deletes them. `discovers`:
            // the account was added by its server's address (not a collection's), so each sync
            // looks for collections added or removed there.
            try db.execute(sql: """
                CREATE TABLE syncCollection (
                    account TEXT NOT NULL REFERENCES syncAccount(name) ON DELETE CASCADE,
                    url TEXT NOT NULL,
                    listID BLOB NOT NULL REFERENCES list(id) ON DELETE CASCADE,
                    name TEXT,
                    syncToken TEXT,
                    PRIMARY KEY (account, url)
                ) WITHOUT ROWID;
                CREATE UNIQUE INDEX syncCollection_on_listID ON syncCollection (account, listID);
                CREATE INDEX syncCollection_on_list ON syncCollection (listID);
                INSERT INTO syncCollection (account, url, listID, syncToken) SELECT name, collectionURL, ?, syncToken FROM syncAccount;
                ALTER TABLE syncItem ADD COLUMN collection TEXT NOT NULL DEFAULT '';
                UPDATE syncItem SET collection = (SELECT collectionURL FROM syncAccount WHERE syncAccount.name = syncItem.account);
                ALTER TABLE syncAccount ADD COLUMN discovers BOOLEAN NOT NULL DEFAULT 0;
                CREATE TABLE syncLeftover (
                    account TEXT NOT NULL REFERENCES syncAccount(name) ON DELETE CASCADE,
                    href TEXT NOT NULL,
                    collection TEXT NOT NULL,
                    etag TEXT,
                    base TEXT NOT NULL,
                    reminderID BLOB NOT NULL,
                    PRIMARY KEY (account, href)
                );
                """, arguments: [id])
        }
        migrator.registerMigration("search1") { db in
            // Search (issue 36): an FTS5 index of each reminder's title and notes, and one of the names
            // reminders are filed under (a tag's or a list's, told apart by `kind`), both kept in step with their rows by triggers in the same transactions as every change
            // (commands, imports, undo and redo, sync). FTS5 keys rows by integers, and reminders and
            // tags by 16-byte ids, so each indexed row gets an integer `searchRow`; the index reads its
            // text through a view (`rebuild` and `integrity-check` work), and a trigger removing a row
            // from the index gives it the old text, as an external-content index needs. `unicode61`
            // with `remove_diacritics 2` folds case and accents. Not in the undo journal: derived
            // from the rows, it follows them.
            try db.execute(sql: """
                CREATE TABLE reminderSearchRow (searchRow INTEGER PRIMARY KEY, reminderID BLOB NOT NULL UNIQUE);
                CREATE VIEW reminderSearchSource AS
                    SELECT reminderSearchRow.searchRow AS searchRow, reminder.title AS title, reminder.notes AS notes
                    FROM reminderSearchRow JOIN reminder ON reminder.id = reminderSearchRow.reminderID;
                CREATE VIRTUAL TABLE reminderText USING fts5(title, notes, content = 'reminderSearchSource',
                    content_rowid = 'searchRow', tokenize = 'unicode61 remove_diacritics 2');
                CREATE TRIGGER reminder_search_insert AFTER INSERT ON reminder
                BEGIN
                    INSERT INTO reminderSearchRow (reminderID) VALUES (new.id);
                    INSERT INTO reminderText (rowid, title, notes)
                        SELECT searchRow, new.title, new.notes FROM reminderSearchRow WHERE reminderID = new.id;
                END;
                CREATE TRIGGER reminder_search_update AFTER UPDATE OF id, title, notes ON reminder
                WHEN old.id IS NOT new.id OR old.title IS NOT new.title OR old.notes IS NOT new.notes
                BEGIN
                    INSERT INTO reminderText (reminderText, rowid, title, notes)
                        SELECT 'delete', searchRow, old.title, old.notes FROM reminderSearchRow WHERE reminderID = old.id;
                    UPDATE reminderSearchRow SET reminderID = new.id WHERE reminderID = old.id;
                    INSERT INTO reminderText (rowid, title, notes)
                        SELECT searchRow, new.title, new.notes FROM reminderSearchRow WHERE reminderID = new.id;
                END;
                CREATE TRIGGER reminder_search_delete AFTER DELETE ON reminder
                BEGIN
                    INSERT INTO reminderText (reminderText, rowid, title, notes)
                        SELECT 'delete', searchRow, old.title, old.notes FROM reminderSearchRow WHERE reminderID = old.id;
                    DELETE FROM reminderSearchRow WHERE reminderID = old.id;
                END;
                INSERT INTO reminderSearchRow (reminderID) SELECT id FROM reminder ORDER BY id;
                INSERT INTO reminderText (reminderText) VALUES ('rebuild');

                CREATE TABLE nameSearchRow (searchRow INTEGER PRIMARY KEY, kind TEXT NOT NULL, ownerID BLOB NOT NULL,
                    UNIQUE (kind, ownerID));
                CREATE VIEW nameSearchSource AS
                    SELECT nameSearchRow.searchRow AS searchRow, tag.name AS name
                    FROM nameSearchRow JOIN tag ON nameSearchRow.kind = 'tag' AND tag.id = nameSearchRow.ownerID
                    UNION ALL
                    SELECT nameSearchRow.searchRow AS searchRow, list.name AS name
                    FROM nameSearchRow JOIN list ON nameSearchRow.kind = 'list' AND list.id = nameSearchRow.ownerID;
                CREATE VIRTUAL TABLE nameText USING fts5(name, content = 'nameSearchSource', content_rowid = 'searchRow',
                    tokenize = 'unicode61 remove_diacritics 2');
                \(nameSearchTriggers(on: "tag"))
                \(nameSearchTriggers(on: "list"))
                INSERT INTO nameSearchRow (kind, ownerID) SELECT 'tag', id FROM tag;
                INSERT INTO nameSearchRow (kind, ownerID) SELECT 'list', id FROM list;
                INSERT INTO nameText (nameText) VALUES ('rebuild');
                """)
            // Saved views (`view save NAME QUERY`): a query under a name, in the undo journal.
            try db.execute(sql: "CREATE TABLE savedView (name TEXT PRIMARY KEY NOT NULL COLLATE NOCASE, query TEXT NOT NULL)")
        }
        migrator.registerMigration("plan2") { db in
            // The reminders changed since the plan was last made, one row per change numbered as
            // `planState.changes` counts it, so a write replans only what it changed: the queue
            // holds every unplanned change exactly when its rows number `changes - planned`. A
            // setting's change, or more than a plan's worth (an import), is not queued, and the
            // plan is then made whole again.
            let queue = { (id: String) in
                """
                INSERT INTO replanQueue (change, reminderID) SELECT changes, \(id) FROM planState
                    WHERE changes - planned <= \(NotificationBudget.pendingCap);
                """
            }
            try db.execute(sql: """
                CREATE TABLE replanQueue (change INTEGER PRIMARY KEY NOT NULL, reminderID BLOB NOT NULL);
                DROP TRIGGER reminder_planState_insert;
                DROP TRIGGER reminder_planState_update;
                DROP TRIGGER reminder_planState_delete;
                CREATE TRIGGER reminder_planState_insert AFTER INSERT ON reminder
                BEGIN UPDATE planState SET changes = changes + 1; \(queue("new.id")) END;
                CREATE TRIGGER reminder_planState_update AFTER UPDATE ON reminder
                BEGIN UPDATE planState SET changes = changes + 1; \(queue("new.id")) END;
                CREATE TRIGGER reminder_planState_delete AFTER DELETE ON reminder
                BEGIN UPDATE planState SET changes = changes + 1; \(queue("old.id")) END;
                """)
        }
        migrator.registerMigration("alarms1") { db in
            // Alarms per reminder (issue 35): `reminder.alarms` is `AlarmColumn`'s text, NULL for the
            // default one at the due time, so no row is rewritten and a changeset of the undo journal
            // from before (which has no alarms) leaves a reminder with the default. A notification
            // keeps the due time of the occurrence it is about (`dueAt`, NULL for one planned before,
            // whose due time is its `fireAt`): an alarm before the due time says when it is due, and
            // completing from it completes that occurrence.
            try db.execute(sql: """
                ALTER TABLE reminder ADD COLUMN alarms TEXT;
                CREATE INDEX reminder_with_alarms ON reminder (scheduledAt) WHERE alarms IS NOT NULL AND isCompleted = 0;
                ALTER TABLE notificationRequest ADD COLUMN dueAt INTEGER;
                ALTER TABLE deliveredNotification ADD COLUMN dueAt INTEGER;
                """)
        }
        migrator.registerMigration("acknowledged1") { db in
            // When a reminder's alarms were last answered, here or on another device (RFC 9074's
            // ACKNOWLEDGED, issue 35): NULL for never, so no row is rewritten.
            try db.execute(sql: "ALTER TABLE reminder ADD COLUMN alarmsAcknowledgedAt INTEGER")
        }
        migrator.registerMigration("afterDone1") { db in
            // A repeat counted from completion ("every 3 days after done", issue 35): 1, else NULL.
            try db.execute(sql: "ALTER TABLE reminder ADD COLUMN recurrenceAfterDone INTEGER")
        }
        migrator.registerMigration("snoozed1") { db in
            // When a snoozed notification fires again, here or on another device (RFC 9074's snooze
            // alarm, issue 35); NULL for none. Indexed where set, so the planner reads only those.
            try db.execute(sql: """
                ALTER TABLE reminder ADD COLUMN alarmsSnoozedUntil INTEGER;
                CREATE INDEX reminder_snoozed ON reminder (alarmsSnoozedUntil) WHERE alarmsSnoozedUntil IS NOT NULL;
                """)
        }
        migrator.registerMigration("listingAdded1") { db in
            // The reminders added after the last listing, by the number each took (issue 38): an
            // `add` no longer writes the whole listing again.
            try db.execute(sql: "CREATE TABLE lastListingAdded (number INTEGER PRIMARY KEY, reminderID BLOB NOT NULL)")
        }
        migrator.registerMigration("allDayOpen1") { db in
            // The open one-time all-day reminders by day (issue 38): the planner reads those of the
            // two days before a plan's start (they notify at their day's notification time) without
            // looking at every reminder due then.
            try db.execute(sql: """
                CREATE INDEX reminder_allDay_open ON reminder (scheduledAt)
                    WHERE isAllDay AND isCompleted = 0 AND recurrenceRule = 'never'
                """)
        }
        migrator.registerMigration("passedUntil1") { db in
            // Where a repeating reminder's completion moved it to (issue 36's history): the times of
            // its series between the one completed and this were passed over (a late `done`), due
            // and not done. NULL for a one-time reminder, and for the completions logged before.
            try db.execute(sql: "ALTER TABLE completion ADD COLUMN passedUntil INTEGER")
        }
        migrator.registerMigration("syncGone1") { db in
            // The resource a sync deleted on the server for a reminder deleted here, as it was (its
            // UID, address and text): an `undo` that brings the reminder back sends it back as it
            // was, another client's properties and UID included, not as a new to-do of Memoss's.
            try db.execute(sql: """
                CREATE TABLE syncGone (
                    account TEXT NOT NULL REFERENCES syncAccount(name) ON DELETE CASCADE, reminderID BLOB NOT NULL,
                    uid TEXT NOT NULL, href TEXT NOT NULL, collection TEXT NOT NULL, base TEXT NOT NULL,
                    PRIMARY KEY (account, reminderID))
                """)
        }
        migrator.registerMigration("listingToken1") { db in
            // Which listing the stored one is (a new token for each written whole): a prompt or a
            // full screen adds its cards to it only while it is still its own.
            try db.execute(sql: """
                ALTER TABLE lastListing ADD COLUMN token INTEGER;
                UPDATE lastListing SET token = abs(random() % 9223372036854775806) + 1;
                """)
        }
        migrator.registerMigration("notificationText1") { db in
            // A reminder renamed (or its notes changed) is so in its notifications too: a snoozed
            // one and one waiting for an answer are not planned again, and kept the old text.
            try db.execute(sql: """
                CREATE TRIGGER reminder_notificationText AFTER UPDATE OF title, notes ON reminder
                BEGIN
                    UPDATE notificationRequest SET title = new.title, body = coalesce(new.notes, '')
                        WHERE reminderID = new.id AND (title IS NOT new.title OR body IS NOT coalesce(new.notes, ''));
                    UPDATE deliveredNotification SET title = new.title, body = coalesce(new.notes, '')
                        WHERE reminderID = new.id AND (title IS NOT new.title OR body IS NOT coalesce(new.notes, ''));
                END
                """)
        }
        migrator.registerMigration("movedDueAnswers1") { db in
            // A reminder moved to another time (by an edit here, a sync, or a redo) answers its
            // notifications shown and waiting for an answer, and its snoozed ones: they are about a
            // time it no longer has, and a snoozed one kept its new time's notification from being
            // planned. In the same change, so an undo gives the shown ones back (not deleted while it
            // applies its entry) and the reminder's snooze, which the planner plans from.
            try db.execute(sql: """
                CREATE TRIGGER reminder_movedDueAnswers AFTER UPDATE OF scheduledAt ON reminder
                WHEN old.scheduledAt IS NOT new.scheduledAt
                BEGIN
                    DELETE FROM deliveredNotification WHERE reminderID = new.id
                        AND NOT EXISTS (SELECT 1 FROM storeFlag WHERE name = 'undoingJournal');
                    DELETE FROM notificationRequest WHERE reminderID = new.id AND isSnoozed = 1;
                END
                """)
        }
        migrator.registerMigration("calendarUID1") { db in
            // The UID a calendar gave an imported item when it is not the reminder's id's text (a UID
            // that is no UUID, a UUID in lower case): an export writes it back, so the app it came
            // from sees its own item, not a new one. NULL for the rest, so no row is rewritten.
            try db.execute(sql: "ALTER TABLE reminder ADD COLUMN calendarUID TEXT")
        }
        return migrator
    }

    /// The triggers that keep `nameText` in step with the names of table `table` (`tag` or
    /// `list`), its rows told apart in `nameSearchRow` by `kind` = the table's name. Part of
    /// migration search1, so as fixed as it once it has shipped.
    private static func nameSearchTriggers(on table: String) -> String {
        """
        CREATE TRIGGER \(table)_search_insert AFTER INSERT ON \(table)
        BEGIN
            INSERT INTO nameSearchRow (kind, ownerID) VALUES ('\(table)', new.id);
            INSERT INTO nameText (rowid, name)
                SELECT searchRow, new.name FROM nameSearchRow WHERE kind = '\(table)' AND ownerID = new.id;
        END;
        CREATE TRIGGER \(table)_search_update AFTER UPDATE OF id, name ON \(table)
        WHEN old.id IS NOT new.id OR old.name IS NOT new.name
        BEGIN
            INSERT INTO nameText (nameText, rowid, name)
                SELECT 'delete', searchRow, old.name FROM nameSearchRow WHERE kind = '\(table)' AND ownerID = old.id;
            UPDATE nameSearchRow SET ownerID = new.id WHERE kind = '\(table)' AND ownerID = old.id;
            INSERT INTO nameText (rowid, name)
                SELECT searchRow, new.name FROM nameSearchRow WHERE kind = '\(table)' AND ownerID = new.id;
        END;
        CREATE TRIGGER \(table)_search_delete AFTER DELETE ON \(table)
        BEGIN
            INSERT INTO nameText (nameText, rowid, name)
                SELECT 'delete', searchRow, old.name FROM nameSearchRow WHERE kind = '\(table)' AND ownerID = old.id;
            DELETE FROM nameSearchRow WHERE kind = '\(table)' AND ownerID = old.id;
        END;
        """
    }
}
