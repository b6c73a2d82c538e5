import Domain
import Foundation
import GRDB
import Shared
import Storage

/// A fresh core over real SQLite in memory, with a fixed clock, counting UUIDs and a fixed zone.
package struct TestWorld: Sendable {
    /// The clock the core reads; tests move it to let time pass.
    package let clock: TestClock
    /// The environment handed to the core.
    package let environment: AppEnvironment
    /// The core under test.
    package let core: MemossCore
    private let queue: DatabaseQueue

    /// A new, empty world at `now` in `timeZone`.
    package init(now: Date = testNow, timeZone: TimeZone = newYork) throws {
        let clock = TestClock(now)
        let uuids = CountingUUIDs()
        environment = AppEnvironment(now: { clock.now }, uuid: { uuids.next() }, timeZone: timeZone)
        self.clock = clock
        queue = try DatabaseQueue(configuration: AppDatabase.configuration)
        core = MemossCore(database: try AppDatabase(queue), storePath: nil, environment: environment)
    }

    /// Makes every later write fail as a read-only store does (SQLite's `query_only`).
    package func makeStoreReadOnly() throws {
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 1") }
    }

    /// Creates a reminder through the create use case, due on `date` at `time` in the world's zone.
    @discardableResult
    package func addReminder(_ title: String, on date: String, at time: String = "09:00", notes: String = "")
        async throws -> Reminder
    {
        try await core.createReminder(ReminderDraft(
            title: title, notes: notes, date: day(date), time: TestSupport.time(time),
            timeZoneID: environment.timeZone.identifier
        ))
    }

    /// Every reminder in the store, To Do first, as the dashboard reads them.
    package func allReminders() async throws -> [Reminder] {
        let dashboard = try await core.loadDashboard()
        return dashboard.toDo + dashboard.completed
    }
}
