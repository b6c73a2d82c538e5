import Domain
import Foundation
import SharedSync
@testable import Sync
import TestSupport

/// A store in memory (fixed clock, counting UUIDs) with an account `home` on a `MemoryCalDAVServer`.
struct SyncHarness {
    let world: TestWorld
    let server: MemoryCalDAVServer
    let accounts: SyncAccounts

    init(limits: SyncLimits = .standard, password: String? = nil) async throws {
        world = try TestWorld()
        server = MemoryCalDAVServer()
        server.password = password
        accounts = world.core.syncAccounts(processEnvironment: ["DAV_PASS": password ?? ""], transport: server.transport, limits: limits)
        _ = try await accounts.add(name: "home", url: MemoryCalDAVServer.collectionURL, user: "user",
                                   password: password == nil ? .none : .variable("DAV_PASS"), options: SyncSettings())
    }

    /// Syncs `home`; the report, or throws the sentence it failed with.
    @discardableResult
    func sync(_ options: SyncSettings = SyncSettings(), confirm: @escaping @Sendable (MassDeletion) async -> Bool = { _ in false })
        async throws -> SyncReport {
        let results = try await accounts.sync(names: ["home"], options: options, confirm: confirm) { _, _ in }
        switch results[0].result {
        case .success(let report): return report
        case .failure(let error): throw error
        }
    }

    /// The sentence a sync that must fail failed with.
    func failure(_ options: SyncSettings = SyncSettings()) async throws -> SyncError {
        do {
            let report = try await sync(options)
            throw UnexpectedSuccess(report: report)
        } catch let error as SyncError {
            return error
        }
    }

    struct UnexpectedSuccess: Error { var report: SyncReport }

    /// Adds a reminder here, due on `day` of March 2027.
    @discardableResult
    func add(_ title: String, day: Int = 1, notes: String = "", tags: [Tag] = []) async throws -> ReminderWithTags {
        try await world.addReminder(title, on: String(format: "2027-03-%02d", day), notes: notes, tags: tags)
    }

    /// Edits the reminder titled `title` here as the edit form would.
    func edit(_ title: String, _ change: (inout ReminderDraft) -> Void) async throws {
        guard let found = try await reminders()[title] else { throw MissingReminder(title: title) }
        let reminder = found.reminder
        var draft = ReminderDraft(title: reminder.title, notes: reminder.notes ?? "", date: reminder.localScheduled!.date,
                                  time: reminder.localScheduled!.time, timeZoneID: reminder.timeZoneID,
                                  tagIDs: Set(found.tags.map(\.id)), recurrence: reminder.recurrence, recurrenceEnd: reminder.recurrenceEnd)
        change(&draft)
        _ = try await world.core.updateReminder(id: reminder.id, draft)
    }

    /// Deletes the reminder titled `title` here.
    func delete(_ title: String) async throws {
        guard let found = try await reminders()[title] else { throw MissingReminder(title: title) }
        try await world.core.deleteReminder(id: found.reminder.id)
    }

    struct MissingReminder: Error { var title: String }

    /// The titles of the reminders here, sorted.
    func titles() async throws -> [String] { try await world.allReminders().map(\.reminder.title).sorted() }

    /// The reminders here by title.
    func reminders() async throws -> [String: ReminderWithTags] {
        Dictionary(try await world.allReminders().map { ($0.reminder.title, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
