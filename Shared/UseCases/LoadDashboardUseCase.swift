import Domain
import Foundation
import Storage

/// Reads the reminders for the dashboard: To Do (overdue, today, upcoming) and Completed.
package struct LoadDashboardUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment

    /// A use case reading through `repository`, grouping by the clock and zone of `environment`.
    package init(repository: any ReminderRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// The dashboard as of now, from one read of the store; only the reminders `filter` keeps
    /// (filtered in the store). `completedLimit` keeps only the most recently completed ones
    /// (counting the rest).
    package func callAsFunction(matching filter: ReminderFilter = .all, completedLimit: Int? = nil) async throws -> Dashboard {
        let open = Gathered<ReminderWithTags>(), done = Gathered<ReminderWithTags>(), total = Gathered<Int>()
        let sections = [ReminderSection(done: false), ReminderSection(done: false, undated: true),
                        ReminderSection(done: true, limit: completedLimit, countsAll: true)]
        try await repository.forEachReminder(in: sections, matching: filter) { section, reminder in
            section < 2 ? open.add(reminder) : done.add(reminder)
        } ended: { section, _, all in
            if section == 2 { total.add(all) }
        }
        return Dashboard(open: open.all, completed: done.all, completedTotal: total.all.first,
                         now: environment.now(), timeZone: environment.timeZone)
    }

    /// Passes each reminder of each of `sections` in turn (To Do, soonest first; done ones, most
    /// recently completed first) that `filter` keeps, with its group (`nil` for a done
    /// one), to `body` as the store reads them, and the end of each section, with how many it
    /// passed and holds, to `ended`; all in one read of the store, so every section shows the
    /// same moment. With `zones`, the zones of the reminders the sections hold come first.
    package func stream(
        _ sections: [ReminderSection], matching filter: ReminderFilter,
        zones: (@Sendable ([ZoneSpan]) throws -> Void)? = nil,
        _ body: @escaping @Sendable (_ section: Int, ReminderWithTags, Dashboard.Group?) throws -> Void,
        ended: @escaping @Sendable (_ section: Int, _ shown: Int, _ total: Int) throws -> Void = { _, _, _ in }
    ) async throws {
        let grouping = Dashboard.Grouping(now: environment.now(), timeZone: environment.timeZone)
        // The store reads To Do by due instant; the cards go in their groups' order. The first N
        // are read with as many more as could be out of that order, and cut to N once in order.
        var read = sections
        let limited = sections.indices.filter { !sections[$0].done && !sections[$0].undated && !sections[$0].fromEnd && sections[$0].limit != nil }
        if !limited.isEmpty {
            let more = try await repository.openAllDayCount(in: grouping.outOfOrderAllDay)
            for index in limited { read[index].limit = (sections[index].limit ?? 0) + more }
        }
        let order = Held(sections.map { $0.done || $0.undated ? nil : Dashboard.GroupOrder<ReminderWithTags>(grouping) },
                         limits: sections.map(\.limit))
        try await repository.forEachReminder(in: read, matching: filter, zones: zones, { section, reminder in
            guard !sections[section].done else { return try body(section, reminder, nil) }
            let group = grouping.group(of: reminder.reminder)
            try order.take(reminder, group: group, in: section) { try body(section, $0, $1) }
        }, ended: { section, shown, total in
            try order.flush(section) { try body(section, $0, $1) }
            try ended(section, min(shown, sections[section].limit ?? shown), total)
        })
    }

    /// Whether `stream` reads every reminder of `sections` before it passes the first on.
    package func readsWholeFirst(_ sections: [ReminderSection], matching filter: ReminderFilter) -> Bool {
        repository.readsWholeFirst(sections, matching: filter)
    }

    /// Each section's `Dashboard.GroupOrder` (`nil` for a section read in its own order), for the
    /// store's callbacks, which come one at a time.
    private final class Held: @unchecked Sendable {
        private let lock = NSLock()
        private var orders: [Dashboard.GroupOrder<ReminderWithTags>?]
        /// How many each section may still pass on (`nil`: all).
        private var left: [Int?]

        init(_ orders: [Dashboard.GroupOrder<ReminderWithTags>?], limits: [Int?]) {
            self.orders = orders
            left = limits
        }

        func take(_ reminder: ReminderWithTags, group: Dashboard.Group, in section: Int,
                  _ emit: (ReminderWithTags, Dashboard.Group) throws -> Void) throws {
            lock.lock()
            defer { lock.unlock() }
            guard orders[section] != nil else { return try emit(reminder, group) }
            try orders[section]?.take(reminder, group: group, dueAt: reminder.reminder.scheduledAt) { try pass($0, $1, section, emit) }
        }

        func flush(_ section: Int, _ emit: (ReminderWithTags, Dashboard.Group) throws -> Void) throws {
            lock.lock()
            defer { lock.unlock() }
            try orders[section]?.flush { try pass($0, $1, section, emit) }
        }

        private func pass(_ reminder: ReminderWithTags, _ group: Dashboard.Group, _ section: Int,
                          _ emit: (ReminderWithTags, Dashboard.Group) throws -> Void) throws {
            if let count = left[section] {
                guard count > 0 else { return }
                left[section] = count - 1
            }
            try emit(reminder, group)
        }
    }
}
