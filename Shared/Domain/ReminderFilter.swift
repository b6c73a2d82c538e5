import Foundation

/// Which reminders a listing, an export or a reset keeps: those carrying a tag, in a list, of a
/// priority, any of them together; `all` keeps every one.
package struct ReminderFilter: Hashable, Sendable {
    /// Only those carrying this tag.
    package var tagID: UUID?
    /// Only those in this list.
    package var list: ListChoice?
    /// Only those of this priority.
    package var priority: Priority?

    /// A list a reminder is in, as the store keeps it: the default list is no list id.
    package enum ListChoice: Hashable, Sendable {
        /// The store's default list.
        case defaultList
        /// Another list, by id.
        case list(UUID)
    }

    package init(tagID: UUID? = nil, list: ListChoice? = nil, priority: Priority? = nil) {
        self.tagID = tagID
        self.list = list
        self.priority = priority
    }

    /// Every reminder.
    package static let all = ReminderFilter()

    /// Whether it keeps `item` (for a few reminders already read; a listing filters in the store).
    package func keeps(_ item: ReminderWithTags) -> Bool {
        let reminder = item.reminder
        if let tagID, !item.tags.contains(where: { $0.id == tagID }) { return false }
        if let priority, reminder.priority != priority { return false }
        switch list {
        case nil: return true
        case .defaultList: return reminder.listID == nil
        case .list(let id): return reminder.listID == id
        }
    }
}
