import Foundation

/// A reminder with everything kept about it, as `show` tells it: its tags, the times after the
/// current one, its completions and the sync accounts it is on.
package struct ReminderInFull: Hashable, Sendable {
    /// The reminder and its tags.
    package var reminder: ReminderWithTags
    /// The occurrences after its current one (a repeating open reminder's), at most three.
    package var nextTimes: [Date]
    /// Its completions, most recent first.
    package var completions: [Completion]
    /// The sync accounts it is on, and where.
    package var syncedWith: [SyncPlace]

    /// A reminder in full from its parts.
    package init(reminder: ReminderWithTags, nextTimes: [Date], completions: [Completion], syncedWith: [SyncPlace]) {
        self.reminder = reminder
        self.nextTimes = nextTimes
        self.completions = completions
        self.syncedWith = syncedWith
    }
}

/// Where a reminder is on a sync account's server.
package struct SyncPlace: Hashable, Sendable {
    /// The account's name.
    package var account: String
    /// The resource's path on the server.
    package var href: String

    /// A place from its parts.
    package init(account: String, href: String) {
        self.account = account
        self.href = href
    }
}
