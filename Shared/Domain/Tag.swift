import Foundation

/// A coloured label a reminder can carry; reminders and tags are many-to-many.
package struct Tag: Identifiable, Hashable, Sendable {
    /// The tag's identity.
    package var id: UUID
    /// The name: trimmed, 1–40 characters, unique without regard to case.
    package var name: String
    /// The colour as `#RRGGBB`, upper case.
    package var colorHex: String
    /// When it was created.
    package var createdAt: Date

    /// Creates a tag from all its values.
    package init(id: UUID, name: String, colorHex: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.colorHex = colorHex
        self.createdAt = createdAt
    }
}

/// A reminder read together with its tags, sorted by name.
@dynamicMemberLookup
package struct ReminderWithTags: Identifiable, Hashable, Sendable {
    /// The reminder.
    package var reminder: Reminder
    /// Its tags, sorted by name.
    package var tags: [Tag]
    /// Whether this stands for a completed time of a repeating reminder that goes on (the
    /// reminder read as that occurrence, done then), not for the reminder itself.
    package var isPastOccurrence = false

    /// Pairs a reminder with its tags (sorted here, whatever order they come in).
    package init(reminder: Reminder, tags: [Tag]) {
        self.reminder = reminder
        self.tags = TagRules.sorted(tags)
    }

    /// Pairs a reminder with its tags already in `TagRules.sorted` order.
    package init(reminder: Reminder, sortedTags: [Tag]) {
        self.reminder = reminder
        self.tags = sortedTags
    }

    /// The reminder's id.
    package var id: UUID { reminder.id }

    /// The reminder's values, read through.
    package subscript<Value>(dynamicMember keyPath: KeyPath<Reminder, Value>) -> Value {
        reminder[keyPath: keyPath]
    }
}
