import Domain
import Foundation
import Storage

/// Rebuilds the pending notifications within the budget of 64: the 14 soonest one-time reminders,
/// then the 50 soonest occurrences of all repeating reminders together.
package struct PlanNotificationsUseCase: Sendable {
    private let reminders: any ReminderRepository
    private let center: any NotificationRepository
    private let settings: any SettingRepository
    private let environment: AppEnvironment
    private let later: ReplanQueue?

    /// A planner reading reminders from `reminders` (and when all-day ones notify from
    /// `settings`) and writing the plan to `center`; with `later`, a replan after a change waits
    /// there to be started (once the change is drawn).
    package init(reminders: any ReminderRepository, center: any NotificationRepository, settings: any SettingRepository,
                 environment: AppEnvironment, later: ReplanQueue? = nil) {
        self.reminders = reminders
        self.center = center
        self.settings = settings
        self.environment = environment
        self.later = later
    }

    /// Replaces the plan with what falls from `start` on (by default the instant delivery has run up
    /// to, which the first plan of a store sets to now), skipping what is already delivered or
    /// snoozed; returns the planned requests.
    ///
    /// Repeating reminders are merged with a heap of each series' next occurrence, so the cost
    /// grows with the 50 slots, not with the length of any series. Only series whose first
    /// candidate is among the 50 soonest can fill a slot, and the store keeps each open series'
    /// first occurrence after `start` indexed, so only those are read: a change to one reminder
    /// costs the same in a store of ten or a hundred thousand. When `start` is in the past
    /// (catching up), a series contributes only its latest missed occurrence.
    @discardableResult
    package func callAsFunction(from start: Date? = nil) async throws -> [NotificationRequest] {
        let now = environment.now()
        let changes = try await center.reminderChangeCount()
        var watermark = try await center.deliveredThrough()
        if watermark == nil {
            try await center.setDeliveredThrough(now)
            watermark = now
        }
        let start = start ?? watermark ?? now
        // What is already shown or snoozed is not planned again: a snoozed request keeps its id
        // whatever its time; a shown one only its occurrence (same id, same time), so a reminder
        // moved after it notified notifies again at its new time.
        let snoozed = Set(try await center.pending().filter(\.isSnoozed).map(\.id))
        let shown = Set(try await center.delivered().map { TakenKey(id: $0.id, fireAt: $0.request.fireAt) })
        func isTaken(_ id: String, _ fireAt: Date) -> Bool {
            snoozed.contains(id) || shown.contains(TakenKey(id: id, fireAt: fireAt))
        }
        let takenCount = snoozed.count + shown.count

        let settings = try await self.settings.settings()
        var plan: [NotificationRequest] = []
        for (reminder, fireAt) in try await oneTimeFirings(from: start, count: NotificationBudget.oneTimeSlots + takenCount, settings)
        where plan.count < NotificationBudget.oneTimeSlots && !isTaken(reminder.id.uuidString, fireAt) {
            plan.append(request(reminder, at: fireAt, id: reminder.id.uuidString))
        }

        // Ties between series go to the lower id, as the index orders them.
        let series = try await reminders.recurringRemindersToPlan(
            from: start, now: now, limit: NotificationBudget.recurringSlots + takenCount
        ) { $0.nextFiring(after: start, settings)?.fireAt }
            .sorted { $0.id.uuidString < $1.id.uuidString }
        var heap = MinHeap<Candidate>()
        for (index, reminder) in series.enumerated() {
            if let first = Self.firstCandidate(reminder, after: start, now: now, settings) {
                heap.insert(Candidate(occurrence: first.occurrence, fireAt: first.fireAt, index: index))
            }
        }
        var recurringCount = 0
        while recurringCount < NotificationBudget.recurringSlots, let next = heap.popMin() {
            let reminder = series[next.index]
            let id = "\(reminder.id.uuidString)-\(next.occurrence.dayNumber)"
            if !isTaken(id, next.fireAt) {
                plan.append(request(reminder, at: next.fireAt, id: id))
                recurringCount += 1
            }
            if let after = reminder.series?.occurrence(following: next.occurrence) {
                heap.insert(Candidate(occurrence: after, fireAt: reminder.fireInstant(of: after, settings), index: next.index))
            }
        }
        try await center.replacePlan(with: plan, madeAt: changes)
        return plan
    }

    /// Replans after a change that is already stored: the reminders changed since the plan was made,
    /// alone (see `replanChanged()`), else the whole plan; with a `ReplanQueue`, it leaves that
    /// there and returns. A failure here (the store busy, a concurrent delete, Ctrl-C) does not make
    /// the change untrue: the plan stays marked stale and the next command that opens the store (or
    /// `watch`) completes it, so the command still succeeds.
    package func afterChange() async {
        guard let later else {
            await replanAfterChange()
            return
        }
        await later.ask { await self.replanAfterChange() }
    }

    /// The changed reminders' replan when it can be made alone, else the whole plan's.
    private func replanAfterChange() async {
        if (try? await replanChanged()) == true { return }
        _ = try? await callAsFunction()
    }

    /// Replans when reminders changed after the last plan (a replan failed or was killed).
    package func catchUpIfStale() async throws {
        guard try await center.planIsStale() else { return }
        if try await replanChanged() { return }
        try await callAsFunction()
    }

    /// Amends the plan for the reminders changed since it was made, reading and writing only
    /// theirs (and, when one of them leaves a one-time slot, the reminders due next), whatever time
    /// has passed since the last delivery: what fell due meanwhile stays planned as it was, for the
    /// deliverer to catch up. The result is the plan `callAsFunction()` makes from the same
    /// start. False, with nothing written, when only a whole replan can say it: the changes are not
    /// all known (a setting changed, an import), a snoozed request is pending, a repeating reminder
    /// left a full set of slots, or the store changed meanwhile.
    private func replanChanged() async throws -> Bool {
        let snapshot = try await center.planSnapshot()
        guard let changed = snapshot.changed, let start = snapshot.deliveredThrough,
              !snapshot.pending.contains(where: \.isSnoozed) else { return false }
        guard !changed.isEmpty else { return true }
        let now = environment.now()
        let settings = try await self.settings.settings()
        var reminders: [Reminder] = []
        for id in changed.sorted(by: { $0.uuidString < $1.uuidString }) {
            if let reminder = try await self.reminders.reminder(id: id) { reminders.append(reminder) }
        }
        let shown = Set(snapshot.delivered.map { TakenKey(id: $0.id, fireAt: $0.request.fireAt) })
        func isTaken(_ id: String, _ fireAt: Date) -> Bool { shown.contains(TakenKey(id: id, fireAt: fireAt)) }
        let kept = snapshot.pending.filter { !changed.contains($0.reminderID) }

        // One-time slots: the changed reminders' own firings compete with the kept ones; a slot one
        // of them left is filled by the reminders due after the plan's last.
        let oldOneTime = snapshot.pending.filter { !$0.isRecurring }
        var oneTime = kept.filter { !$0.isRecurring }
        for reminder in reminders where !reminder.isCompleted && !reminder.recurrence.isRepeating {
            guard let occurrence = reminder.currentOccurrence else { continue }
            let fireAt = reminder.fireInstant(of: occurrence, settings)
            if fireAt >= start, !isTaken(reminder.id.uuidString, fireAt) { oneTime.append(request(reminder, at: fireAt, id: reminder.id.uuidString)) }
        }
        if kept.count(where: { !$0.isRecurring }) < NotificationBudget.oneTimeSlots {
            // Every reminder due up to the plan's last (a deleted one's requests went with it) is
            // planned or changed, so those after it are read (none when the plan held them all).
            let last = oldOneTime.max(by: Self.oneTimeOrder)
            let count = 2 * NotificationBudget.oneTimeSlots + shown.count + changed.count
            for (reminder, fireAt) in try await oneTimeFirings(from: last?.fireAt ?? start, count: count, settings) {
                let id = reminder.id.uuidString
                guard !changed.contains(reminder.id), last.map({ (fireAt, id) > ($0.fireAt, $0.id) }) ?? true,
                      !isTaken(id, fireAt) else { continue }
                oneTime.append(request(reminder, at: fireAt, id: id))
            }
        }
        oneTime = Array(oneTime.sorted(by: Self.oneTimeOrder).prefix(NotificationBudget.oneTimeSlots))

        // Repeating slots: the changed series' occurrences compete with the kept ones; when one of
        // them left a full set, the kept ones must still come before the old plan's last.
        let oldRecurring = snapshot.pending.filter(\.isRecurring)
        var recurring = kept.filter(\.isRecurring)
        for reminder in reminders where !reminder.isCompleted && reminder.recurrence.isRepeating {
            guard var next = Self.firstCandidate(reminder, after: start, now: now, settings) else { continue }
            var planned = 0
            while planned < NotificationBudget.recurringSlots {
                let id = "\(reminder.id.uuidString)-\(next.occurrence.dayNumber)"
                if !isTaken(id, next.fireAt) {
                    recurring.append(request(reminder, at: next.fireAt, id: id))
                    planned += 1
                }
                guard let after = reminder.series?.occurrence(following: next.occurrence) else { break }
                next = (after, reminder.fireInstant(of: after, settings))
            }
        }
        recurring = Array(recurring.sorted(by: Self.recurringOrder).prefix(NotificationBudget.recurringSlots))
        // A deleted reminder's requests went with it: a plan with fewer than a full set may have
        // lost them (and what came after them was not planned).
        let full = oldRecurring.count == NotificationBudget.recurringSlots
        if full ? kept.count(where: \.isRecurring) < oldRecurring.count : reminders.count < changed.count {
            guard recurring.count == NotificationBudget.recurringSlots, let last = recurring.last,
                  let oldLast = oldRecurring.max(by: Self.recurringOrder), !Self.recurringOrder(oldLast, last) else { return false }
        }

        let plan = oneTime + recurring
        let pendingIDs = Set(snapshot.pending.map(\.id)), planIDs = Set(plan.map(\.id))
        let removing = snapshot.pending.filter { changed.contains($0.reminderID) || !planIDs.contains($0.id) }.map(\.id)
        let adding = plan.filter { changed.contains($0.reminderID) || !pendingIDs.contains($0.id) }
        let done = reminders.filter(\.isCompleted).map(\.id)
        return try await center.amendPlan(removing: removing, adding: adding, doneReminders: done, over: snapshot)
    }

    /// One-time requests in plan order: by when they notify, ties to the lower id.
    private static func oneTimeOrder(_ lhs: NotificationRequest, _ rhs: NotificationRequest) -> Bool {
        (lhs.fireAt, lhs.id) < (rhs.fireAt, rhs.id)
    }

    /// Repeating requests in plan order (as the heap pops them): by when they notify, nominal date
    /// (`<id>-<YYYYMMDD>`), then the lower reminder id.
    private static func recurringOrder(_ lhs: NotificationRequest, _ rhs: NotificationRequest) -> Bool {
        (lhs.fireAt, lhs.id.suffix(8), lhs.reminderID.uuidString) < (rhs.fireAt, rhs.id.suffix(8), rhs.reminderID.uuidString)
    }

    /// The one-time reminders that notify from `start` on, soonest first, at least the first
    /// `count` of them (an all-day one notifies after its day starts, so the reminders due up to two
    /// days before `start` are read too, and more are read until no later one can come sooner).
    private func oneTimeFirings(from start: Date, count: Int, _ settings: Settings) async throws -> [(Reminder, Date)] {
        var limit = count + 8
        while true {
            let read = try await reminders.openOneTimeReminders(from: start.addingTimeInterval(-2 * 86_400), limit: limit)
            let firings = read.compactMap { reminder -> (Reminder, Date)? in
                guard let occurrence = reminder.currentOccurrence else { return nil }
                let fireAt = reminder.fireInstant(of: occurrence, settings)
                return fireAt >= start ? (reminder, fireAt) : nil
            }.sorted { ($0.1, $0.0.id.uuidString) < ($1.1, $1.0.id.uuidString) }
            // A reminder not read is due after the last one read, and notifies no sooner.
            guard read.count == limit, let lastDue = read.last?.scheduledAt, firings.count < count || firings[count - 1].1 > lastDue
            else { return firings }
            limit *= 2
        }
    }

    /// The first firing after `start`; when that is already past, the latest one not after `now`.
    private static func firstCandidate(_ reminder: Reminder, after start: Date, now: Date, _ settings: Settings)
        -> (occurrence: Occurrence, fireAt: Date)?
    {
        guard var first = reminder.nextFiring(after: start, settings) else { return nil }
        guard first.fireAt <= now else { return first }
        while let next = reminder.series?.occurrence(following: first.occurrence) {
            let fireAt = reminder.fireInstant(of: next, settings)
            guard fireAt <= now else { break }
            first = (next, fireAt)
        }
        return first
    }

    private func request(_ reminder: Reminder, at instant: Date, id: String) -> NotificationRequest {
        NotificationRequest(id: id, reminderID: reminder.id, fireAt: instant, title: reminder.title,
                            body: reminder.notes ?? "", isRecurring: reminder.recurrence.isRepeating)
    }
}

/// A shown notification's occurrence: its id and the time it was for.
private struct TakenKey: Hashable {
    let id: String
    let fireAt: Date
}

/// A series' next occurrence waiting in the heap.
private struct Candidate: Comparable {
    let occurrence: Occurrence
    let fireAt: Date
    let index: Int

    /// By when it notifies, nominal date, then series (ties to the lower id). Not `(occurrence,
    /// index)`: two series' occurrences at one instant and date but different wall times (different
    /// zones) are neither less nor equal as occurrences, so a tuple would never reach the index.
    static func < (lhs: Candidate, rhs: Candidate) -> Bool {
        (lhs.fireAt, lhs.occurrence.nominal.date, lhs.index) < (rhs.fireAt, rhs.occurrence.nominal.date, rhs.index)
    }

    static func == (lhs: Candidate, rhs: Candidate) -> Bool {
        (lhs.fireAt, lhs.occurrence.nominal.date, lhs.index) == (rhs.fireAt, rhs.occurrence.nominal.date, rhs.index)
    }
}

/// A binary min-heap: insert and pop the smallest in O(log n).
private struct MinHeap<Element: Comparable> {
    private var items: [Element] = []

    mutating func insert(_ item: Element) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popMin() -> Element? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let smallest = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallestChild = parent
            if left < items.count, items[left] < items[smallestChild] { smallestChild = left }
            if right < items.count, items[right] < items[smallestChild] { smallestChild = right }
            if smallestChild == parent { return smallest }
            items.swapAt(parent, smallestChild)
            parent = smallestChild
        }
    }
}
