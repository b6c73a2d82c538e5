import Domain
import Foundation

extension JSONShapes {
    /// One reminder in full (`show --json`): the reminder's keys, then `createdAt`, `updatedAt`,
    /// `next` (the times after the current one), `completions` (`occurrence`, `completedAt`, most
    /// recent first) and `sync` (`account`, `href`).
    package struct ReminderInFullJSON: Encodable, Sendable {
        struct CompletionJSON: Encodable, Sendable {
            let occurrence: String
            let completedAt: String
        }

        struct SyncJSON: Encodable, Sendable {
            let account: String
            let href: String
        }

        private enum Keys: String, CodingKey {
            case createdAt, updatedAt, next, completions, sync
        }

        let reminder: ReminderJSON
        let createdAt: String
        let updatedAt: String
        let next: [String]
        let completions: [CompletionJSON]
        let sync: [SyncJSON]

        /// The JSON of `full`, instants in the reminder's zone, its list named as in `lists`.
        package init(_ full: ReminderInFull, lists: ListNames) {
            let zone = full.reminder.timeZone
            reminder = ReminderJSON(full.reminder, lists: lists)
            createdAt = ISO8601Text.string(full.reminder.createdAt, in: zone)
            updatedAt = ISO8601Text.string(full.reminder.updatedAt, in: zone)
            next = full.nextTimes.map { ISO8601Text.string($0, in: zone) }
            completions = full.completions.map {
                CompletionJSON(occurrence: ISO8601Text.string($0.occurrence, in: zone), completedAt: ISO8601Text.string($0.completedAt, in: zone))
            }
            sync = full.syncedWith.map { SyncJSON(account: $0.account, href: $0.href) }
        }

        package func encode(to encoder: any Encoder) throws {
            try reminder.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(updatedAt, forKey: .updatedAt)
            try container.encode(next, forKey: .next)
            try container.encode(completions, forKey: .completions)
            try container.encode(sync, forKey: .sync)
        }
    }
}
