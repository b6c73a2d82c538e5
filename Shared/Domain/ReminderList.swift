import Foundation

/// A list of reminders (Nextcloud's "Personal", "Work", "Shopping"): every reminder is in exactly
/// one, and a synced list is one CalDAV collection.
package struct ReminderList: Identifiable, Hashable, Sendable {
    /// The list's identity.
    package var id: UUID
    /// The name: trimmed, 1–40 characters, unique without regard to case.
    package var name: String
    /// The colour as `#RRGGBB`, from the tags' palette unless chosen.
    package var colorHex: String
    /// When it was created.
    package var createdAt: Date
    /// Whether new reminders go to it unless told otherwise: the list a store starts with.
    package var isDefault: Bool

    /// Creates a list from all its values.
    package init(id: UUID, name: String, colorHex: String, createdAt: Date, isDefault: Bool = false) {
        self.id = id
        self.name = name
        self.colorHex = colorHex
        self.createdAt = createdAt
        self.isDefault = isDefault
    }

    /// The `listID` a reminder in it has: `nil` in the default list.
    package var reminderListID: UUID? { isDefault ? nil : id }

    /// The filter's choice of it.
    package var choice: ReminderFilter.ListChoice { isDefault ? .defaultList : .list(id) }

    /// The name of the list a store starts with, where reminders go unless told otherwise.
    package static let defaultName = "Reminders"
}

/// A list with how many reminders it holds, as `lists` shows it.
package struct ReminderListSummary: Hashable, Sendable {
    package var list: ReminderList
    /// Its open reminders.
    package var open: Int
    /// Its done (and cancelled) reminders.
    package var closed: Int

    package init(list: ReminderList, open: Int, closed: Int) {
        self.list = list
        self.open = open
        self.closed = closed
    }
}

/// Why a list command could not do what it was asked.
package enum ListError: Error, Hashable, Sendable, UserFacingError {
    /// No list has this name; carries the closest names there are.
    case noSuchName(String, closest: [String])
    /// The name is refused (empty, too long, or taken).
    case invalidName(TagValidationError)
    /// The colour is not `#RRGGBB`.
    case invalidColor(String)
    /// The default list cannot be removed.
    case defaultListRemoved(String)
    /// The list has reminders, and no list was named to move them to.
    case notEmpty(String, count: Int)
    /// Moving a list's reminders into itself.
    case movedIntoItself(String)

    /// The sentence the user reads.
    package var message: String {
        switch self {
        case .noSuchName(let name, let closest):
            "No list named \"\(VisibleText.escaped(name))\""
                + (closest.isEmpty ? "; `lists` shows them." : "; did you mean " + closest.map { "\"\(VisibleText.escaped($0))\"" }.joined(separator: " or ") + "?")
        case .invalidName(let error):
            error.message.replacingOccurrences(of: "Tag name", with: "List name").replacingOccurrences(of: "A tag named", with: "A list named") + "."
        case .invalidColor(let raw): "Colour \"\(VisibleText.escaped(raw))\" is not valid; write it as #RRGGBB, e.g. #22C55E."
        case .defaultListRemoved(let name):
            "\"\(VisibleText.escaped(name))\" is where new reminders go, so it stays; rename it if you like."
        case .notEmpty(let name, let count):
            "\"\(VisibleText.escaped(name))\" holds \(count) reminder\(count == 1 ? "" : "s"); say where they go with --move-to LIST, or move them first."
        case .movedIntoItself(let name): "--move-to names \"\(VisibleText.escaped(name))\" itself; name another list."
        }
    }
}

/// The names of a store's lists by the `listID` reminders carry, for what writes a reminder's list
/// by name (JSON, CSV, a calendar).
package struct ListNames: Hashable, Sendable {
    private var names: [UUID: String] = [:]
    private var defaultName = ReminderList.defaultName

    /// The names of `lists`.
    package init(_ lists: [ReminderList]) {
        for list in lists {
            if list.isDefault { defaultName = list.name } else { names[list.id] = list.name }
        }
    }

    /// The name of the list a reminder with `listID` is in.
    package func name(of listID: UUID?) -> String {
        listID.flatMap { names[$0] } ?? defaultName
    }
}
