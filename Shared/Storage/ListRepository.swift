import Domain
import Foundation

/// Stores lists. A reminder in the default list has no list id (`Reminder.listID` is `nil`).
package protocol ListRepository: Sendable {
    /// Every list with its counts, the default list first, then by name ignoring case.
    func summaries() async throws -> [ReminderListSummary]
    /// Every list, in the order of `summaries`.
    func allLists() async throws -> [ReminderList]
    /// The list with this id, if any.
    func list(id: UUID) async throws -> ReminderList?
    /// The list a reminder with `listID` is in (`nil`: the default list).
    func list(of listID: UUID?) async throws -> ReminderList
    /// The list whose name equals `name` ignoring case, if any.
    func list(named name: String) async throws -> ReminderList?
    /// Adds a list; throws `ListError.invalidName(.duplicateName)` when its name is taken.
    func insert(_ list: ReminderList) async throws
    /// Replaces a list's name and colour; throws `ListError.invalidName(.duplicateName)` when
    /// another list has the name.
    func update(_ list: ReminderList) async throws
    /// Moves the reminders of list `id` to `destination` (`nil`: leaves them, and refuses when
    /// there are any), then removes the list; returns how many moved.
    func delete(id: UUID, movingTo destination: ReminderList?) async throws -> Int
    /// The list named `name`: the one there is (ignoring case), else a new one in the palette's
    /// next colour with an id from `newID`, at `instant`.
    func findOrCreate(named name: String, newID: @escaping @Sendable () -> UUID, at instant: Date) async throws -> ReminderList
}
