import Domain
import Foundation
import Storage

/// Rebuilds the pending notifications within the budget of 64: the 14 soonest one-time reminders,
/// then the 50 soonest occurrences of all repeating reminders together.
package struct PlanNotificationsUseCase: Sendable {
    private let reminders: any ReminderRepository
    private let center: any NotificationRepository
    private let environment: AppEnvironment

    /// A planner reading reminders from `reminders` and writing the plan to `center`.
    package init(reminders: any ReminderRepository, center: any NotificationRepository, environment: AppEnvironment) {
        self.reminders = reminders
        self.center = center
        self.environment = environment
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

        var plan: [NotificationRequest] = []
        for reminder in try await reminders.openOneTimeReminders(
            from: start, limit: NotificationBudget.oneTimeSlots + takenCount)
        where plan.count < NotificationBudget.oneTimeSlots && !isTaken(reminder.id.uuidString, reminder.scheduledAt) {
            plan.append(request(reminder, at: reminder.scheduledAt, id: reminder.id.uuidString))
        }

        // Ties between series go to the lower id, as the index orders them.
        let series = try await reminders.recurringRemindersToPlan(
            from: start, now: now, limit: NotificationBudget.recurringSlots + takenCount
        ) { $0.series.nextOccurrence(after: start)?.instant }
            .sorted { $0.id.uuidString < $1.id.uuidString }
        var heap = MinHeap<Candidate>()
        for (index, reminder) in series.enumerated() {
            if let first = Self.firstCandidate(reminder.series, after: start, now: now) {
                heap.insert(Candidate(occurrence: first, index: index))
            }
        }
        var recurringCount = 0
        while recurringCount < NotificationBudget.recurringSlots, let next = heap.popMin() {
            let reminder = series[next.index]
            let id = "\(reminder.id.uuidString)-\(next.occurrence.dayNumber)"
            if !isTaken(id, next.occurrence.instant) {
                plan.append(request(reminder, at: next.occurrence.instant, id: id))
                recurringCount += 1
            }
            if let after = reminder.series.occurrence(following: next.occurrence) {
                heap.insert(Candidate(occurrence: after, index: next.index))
            }
        }
        try await center.replacePlan(with: plan, madeAt: changes)
        return plan
    }

    /// Replans after a change that is already stored. A failure here (the store busy, a concurrent
    /// delete, Ctrl-C) does not make the change untrue: the plan stays marked stale and the next
    /// command that opens the store (or `watch`) completes it, so the command still succeeds.
    package func afterChange() async {
        _ = try? await callAsFunction()
    }

    /// Replans when reminders changed after the last plan (a replan failed or was killed).
    package func catchUpIfStale() async throws {
        if try await center.planIsStale() { try await callAsFunction() }
    }

    /// The first occurrence after `start`; when that is already past, the latest one not after `now`.
    private static func firstCandidate(_ series: RecurrenceSeries, after start: Date, now: Date) -> Occurrence? {
        guard var occurrence = series.nextOccurrence(after: start) else { return nil }
        guard occurrence.instant <= now else { return occurrence }
        while let next = series.occurrence(following: occurrence), next.instant <= now { occurrence = next }
        return occurrence
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
    let index: Int

    /// By instant, nominal date, then series (ties to the lower id). Not `(occurrence, index)`: two
    /// series' occurrences at one instant and date but different wall times (different zones) are
    /// neither less nor equal as occurrences, so a tuple would never reach the index.
    static func < (lhs: Candidate, rhs: Candidate) -> Bool {
        (lhs.occurrence.instant, lhs.occurrence.nominal.date, lhs.index) < (rhs.occurrence.instant, rhs.occurrence.nominal.date, rhs.index)
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
