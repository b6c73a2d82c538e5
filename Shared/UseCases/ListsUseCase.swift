import Domain
import Foundation
import Storage

/// The lists: shown with their counts, found by name, created, renamed, recoloured and removed,
/// each change one command of the undo journal.
package struct ListsUseCase: Sendable {
    private let repository: any ListRepository
    private let environment: AppEnvironment

    /// A use case storing through `repository`, with time and ids from `environment`.
    package init(repository: any ListRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// Every list with its counts, the default list first.
    package func summaries() async throws -> [ReminderListSummary] {
        try await repository.summaries()
    }

    /// Every list, the default first.
    package func all() async throws -> [ReminderList] {
        try await repository.allLists()
    }

    /// The list a reminder with `listID` is in.
    package func list(of listID: UUID?) async throws -> ReminderList {
        try await repository.list(of: listID)
    }

    /// The list named `name` (ignoring case); never creates one.
    /// - Throws: `ListError.noSuchName` with the closest names; `StoreError`.
    package func find(named name: String) async throws -> ReminderList {
        if let list = try await repository.list(named: name) { return list }
        let names = try await repository.allLists().map(\.name)
        throw ListError.noSuchName(name, closest: Suggestions.closest(to: name.trimmingWhitespace(), among: names))
    }

    /// Creates a list named `name` (trimmed), coloured `colorHex` or the palette's next colour.
    /// - Throws: `ListError` for a refused or taken name or colour; `StoreError`.
    package func create(named name: String, colorHex: String?) async throws -> ReminderList {
        let name = try Self.validName(name)
        let count = try await repository.allLists().count
        let color = try colorHex.map(Self.validColor) ?? TagRules.nextColor(existingCount: count)
        let list = ReminderList(id: environment.uuid(), name: name, colorHex: color, createdAt: environment.now())
        try await Journal.record("Created list \"\(list.name)\"", at: list.createdAt) { try await repository.insert(list) }
        return list
    }

    /// Renames `list` to `name` (trimmed) and returns it.
    package func rename(_ list: ReminderList, to name: String) async throws -> ReminderList {
        var renamed = list
        renamed.name = try Self.validName(name)
        try await Journal.record("Renamed list \"\(list.name)\" to \"\(renamed.name)\"", at: environment.now()) {
            try await repository.update(renamed)
        }
        return renamed
    }

    /// Gives `list` the colour `colorHex` and returns it.
    package func recolor(_ list: ReminderList, to colorHex: String) async throws -> ReminderList {
        var recolored = list
        recolored.colorHex = try Self.validColor(colorHex)
        try await Journal.record("Changed the colour of list \"\(list.name)\" to \(recolored.colorHex)", at: environment.now()) {
            try await repository.update(recolored)
        }
        return recolored
    }

    /// Removes `list`, moving its reminders to `destination` first; returns how many moved.
    /// - Throws: `ListError.defaultListRemoved` for the default list, `.notEmpty` when it holds
    ///   reminders and no destination is given, `.movedIntoItself`; `StoreError`.
    package func remove(_ list: ReminderList, movingTo destination: ReminderList?) async throws -> Int {
        guard !list.isDefault else { throw ListError.defaultListRemoved(list.name) }
        if destination?.id == list.id { throw ListError.movedIntoItself(list.name) }
        let held = try await repository.summaries().first { $0.list.id == list.id }.map { $0.open + $0.closed } ?? 0
        if held > 0 && destination == nil { throw ListError.notEmpty(list.name, count: held) }
        let summary = destination.map { "Removed list \"\(list.name)\", its reminders moved to \"\($0.name)\"" }
            ?? "Removed list \"\(list.name)\""
        return try await Journal.record(summary, at: environment.now()) {
            try await repository.delete(id: list.id, movingTo: destination)
        }
    }

    private static func validName(_ raw: String) throws(ListError) -> String {
        do { return try TagRules.validName(raw) } catch { throw .invalidName(error) }
    }

    private static func validColor(_ raw: String) throws(ListError) -> String {
        do { return try TagRules.validColor(raw) } catch { throw .invalidColor(raw) }
    }
}
