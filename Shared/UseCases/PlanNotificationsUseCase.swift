import Domain
import Foundation
import Storage

/// Rebuilds the pending notifications within the budget of 64: the 14 soonest firings of one-time
/// reminders, then the 50 soonest of all repeating reminders together; each alarm of each
/// occurrence is one firing.
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
        let snoozedRequests = try await center.pending().filter(\.isSnoozed)
        let snoozed = Set(snoozedRequests.map(\.id))
        let delivered = try await center.delivered()
        let shown = Set(delivered.map { TakenKey(id: $0.id, fireAt: $0.request.fireAt) })
        func isTaken(_ id: String, _ fireAt: Date) -> Bool {
            snoozed.contains(id) || shown.contains(TakenKey(id: id, fireAt: fireAt))
        }
        let takenCount = snoozed.count + shown.count

        let settings = try await self.settings.settings()
        var plan: [NotificationRequest] = []
        for firing in try await oneTimeFirings(from: start, count: NotificationBudget.oneTimeSlots + takenCount, settings)
        where plan.count < NotificationBudget.oneTimeSlots && !isTaken(firing.id, firing.fireAt) {
            plan.append(request(firing))
        }

        // Each alarm of a series is a stream of firings, one per occurrence, in time order; the
        // heap merges the streams of every series. Ties between series go to the lower id, as the
        // index orders them.
        let series = try await reminders.recurringRemindersToPlan(
            from: start, now: now, limit: NotificationBudget.recurringSlots + takenCount
        ) { Self.nextFiring($0, after: start, settings) }
            .sorted { $0.id.uuidString < $1.id.uuidString }
        var heap = MinHeap<Candidate>()
        for (index, reminder) in series.enumerated() {
            for (position, alarm) in reminder.alarms.enumerated() {
                if let first = Self.firstCandidate(reminder, alarm, after: start, now: now, settings) {
                    heap.insert(Candidate(occurrence: first.occurrence, fireAt: first.fireAt, index: index, alarm: position))
                }
            }
        }
        var recurringCount = 0
        while recurringCount < NotificationBudget.recurringSlots, let next = heap.popMin() {
            let reminder = series[next.index]
            let alarm = reminder.alarms[next.alarm]
            let firing = Firing(reminder: reminder, alarm: alarm, occurrence: next.occurrence, fireAt: next.fireAt, settings)
            if !isTaken(firing.id, firing.fireAt) && !reminder.leavesOut(alarm, fireAt: firing.fireAt) {
                plan.append(request(firing))
                recurringCount += 1
            }
            // An absolute alarm notifies once.
            if case .relative = alarm, let after = reminder.series?.occurrence(following: next.occurrence) {
                heap.insert(Candidate(occurrence: after, fireAt: reminder.fireInstant(of: after, alarm: alarm, settings),
                                      index: next.index, alarm: next.alarm))
            }
        }
        // A snooze made on another device (arrived by a sync), or given back by an undo, fires here
        // too, once: not when this store has it pending or has shown it; late when its time passed
        // meanwhile (a snooze not answered is still waiting to be seen).
        let snoozing = Set(snoozedRequests.map(\.reminderID))
        let shownReminders = Set(delivered.map { ReminderFireAt(reminder: $0.request.reminderID, fireAt: $0.request.fireAt) })
        for reminder in try await reminders.snoozedReminders() {
            guard let until = reminder.liveSnooze, !snoozing.contains(reminder.id),
                  !shownReminders.contains(ReminderFireAt(reminder: reminder.id, fireAt: until)) else { continue }
            let dueAt = reminder.currentOccurrence.map { reminder.fireInstant(of: $0, settings) } ?? until
            plan.append(NotificationRequest(id: "\(reminder.id.uuidString)-snoozed", reminderID: reminder.id, fireAt: until, dueAt: dueAt,
                                            title: reminder.title, body: reminder.notes ?? "",
                                            isRecurring: reminder.recurrence.isRepeating, isSnoozed: true))
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
    /// all known (a setting changed, an import), a snooze arrived by a sync, a repeating reminder
    /// left a full set of slots, or the store changed meanwhile. A snoozed request pending stays as
    /// it is (a whole replan keeps it too), outside the slots.
    private func replanChanged() async throws -> Bool {
        let snapshot = try await center.planSnapshot()
        guard let changed = snapshot.changed, let start = snapshot.deliveredThrough else { return false }
        guard !changed.isEmpty else { return true }
        // Alarms other than the default one: the whole plan is made again (a plan holding an
        // alarm's request orders and fills its slots by more than one firing per occurrence).
        guard !snapshot.pending.contains(where: { !$0.isSnoozed && $0.dueAt != $0.fireAt }) else { return false }
        let snoozed = snapshot.pending.filter(\.isSnoozed), planned = snapshot.pending.filter { !$0.isSnoozed }
        let now = environment.now()
        var reminders: [Reminder] = []
        for id in changed.sorted(by: { $0.uuidString < $1.uuidString }) {
            if let reminder = try await self.reminders.reminder(id: id) { reminders.append(reminder) }
        }
        // Snoozed elsewhere (arrived by a sync) and neither pending nor shown here: the whole plan,
        // which fires it.
        func snoozeIsNew(_ reminder: Reminder) -> Bool {
            guard let until = reminder.liveSnooze else { return false }
            return !snoozed.contains { $0.reminderID == reminder.id }
                && !snapshot.delivered.contains { $0.request.reminderID == reminder.id && $0.request.fireAt == until }
        }
        guard reminders.allSatisfy(\.hasDefaultAlarms), !reminders.contains(where: snoozeIsNew) else { return false }
        let shown = Set(snapshot.delivered.map { TakenKey(id: $0.id, fireAt: $0.request.fireAt) })
        let snoozedIDs = Set(snoozed.map(\.id))
        // As a whole replan: what is shown or snoozed is not planned again, nor what was answered.
        func isTaken(_ reminder: Reminder, _ id: String, _ fireAt: Date) -> Bool {
            snoozedIDs.contains(id) || shown.contains(TakenKey(id: id, fireAt: fireAt)) || reminder.isAnswered(fireAt: fireAt)
        }
        let kept = planned.filter { !changed.contains($0.reminderID) }
        // The settings say when an open reminder notifies: a change that only closed reminders,
        // leaving the one-time slots full, plans nothing new and needs no read of them.
        let fillsSlots = kept.count(where: { !$0.isRecurring }) < NotificationBudget.oneTimeSlots
        let settings = fillsSlots || reminders.contains(where: { !$0.isCompleted }) ? try await self.settings.settings() : .defaults

        // One-time slots: the changed reminders' own firings compete with the kept ones; a slot one
        // of them left is filled by the reminders due after the plan's last.
        let oldOneTime = planned.filter { !$0.isRecurring }
        var oneTime = kept.filter { !$0.isRecurring }
        for reminder in reminders where !reminder.isCompleted && !reminder.recurrence.isRepeating {
            guard let occurrence = reminder.currentOccurrence else { continue }
            let fireAt = reminder.fireInstant(of: occurrence, settings)
            if fireAt >= start, !isTaken(reminder, reminder.id.uuidString, fireAt) {
                oneTime.append(request(Firing(reminder: reminder, alarm: .atDue, occurrence: occurrence, fireAt: fireAt, settings)))
            }
        }
        if fillsSlots {
            // Every reminder due up to the plan's last (a deleted one's requests went with it) is
            // planned or changed, so those after it are read (none when the plan held them all).
            let last = oldOneTime.max(by: Self.oneTimeOrder)
            let count = 2 * NotificationBudget.oneTimeSlots + shown.count + changed.count
            for firing in try await oneTimeFirings(from: last?.fireAt ?? start, count: count, settings) {
                let (reminder, fireAt, id) = (firing.reminder, firing.fireAt, firing.id)
                guard !changed.contains(reminder.id), last.map({ (fireAt, id) > ($0.fireAt, $0.id) }) ?? true,
                      !isTaken(reminder, id, fireAt) else { continue }
                oneTime.append(request(firing))
            }
        }
        oneTime = Array(oneTime.sorted(by: Self.oneTimeOrder).prefix(NotificationBudget.oneTimeSlots))

        // Repeating slots: the changed series' occurrences compete with the kept ones; when one of
        // them left a full set, the kept ones must still come before the old plan's last.
        let oldRecurring = planned.filter(\.isRecurring)
        var recurring = kept.filter(\.isRecurring)
        for reminder in reminders where !reminder.isCompleted && reminder.recurrence.isRepeating {
            guard var next = Self.firstCandidate(reminder, .atDue, after: start, now: now, settings) else { continue }
            var planned = 0
            while planned < NotificationBudget.recurringSlots {
                let id = "\(reminder.id.uuidString)-\(next.occurrence.dayNumber)"
                if !isTaken(reminder, id, next.fireAt) {
                    recurring.append(request(Firing(reminder: reminder, alarm: .atDue, occurrence: next.occurrence, fireAt: next.fireAt, settings)))
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
        let pendingIDs = Set(planned.map(\.id)), planIDs = Set(plan.map(\.id))
        let done = reminders.filter(\.isCompleted).map(\.id)
        // A snoozed request stays but for a reminder done (a whole replan drops those too).
        let removing = planned.filter { changed.contains($0.reminderID) || !planIDs.contains($0.id) }.map(\.id)
            + snoozed.filter { done.contains($0.reminderID) }.map(\.id)
        let adding = plan.filter { changed.contains($0.reminderID) || !pendingIDs.contains($0.id) }
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

    /// The one-time reminders' firings from `start` on, soonest first, at least the first `count`
    /// of them. A reminder with the default alarm notifies at its due time (an all-day one at its
    /// day's notification time, so the all-day ones due up to two days before `start` are read
    /// too), and more are read until no later one can come sooner; every reminder with other
    /// alarms is read, as an alarm can be long before or after the due time. An alarm past when it
    /// was set is left out.
    private func oneTimeFirings(from start: Date, count: Int, _ settings: Settings) async throws -> [Firing] {
        func firings(_ reminders: [Reminder]) -> [Firing] {
            reminders.flatMap { reminder -> [Firing] in
                guard let occurrence = reminder.currentOccurrence else { return [] }
                return reminder.alarms.compactMap { alarm in
                    let firing = Firing(reminder: reminder, alarm: alarm, occurrence: occurrence,
                                        fireAt: reminder.fireInstant(of: occurrence, alarm: alarm, settings), settings)
                    return firing.fireAt >= start && !reminder.leavesOut(alarm, fireAt: firing.fireAt) ? firing : nil
                }
            }
        }
        let withAlarms = firings(try await reminders.openOneTimeRemindersWithAlarms())
        let allDayBefore = firings(try await reminders.openOneTimeAllDayReminders(in: start.addingTimeInterval(-2 * 86_400)..<start)
            .filter(\.hasDefaultAlarms))
        var limit = count + 8
        while true {
            let read = try await reminders.openOneTimeReminders(from: start, limit: limit)
            let all = (firings(read.filter(\.hasDefaultAlarms)) + allDayBefore + withAlarms)
                .sorted { ($0.fireAt, $0.id) < ($1.fireAt, $1.id) }
            // A reminder not read is due after the last one read, and (with the default alarm) notifies no sooner.
            guard read.count == limit, let lastDue = read.last?.scheduledAt, all.count < count || all[count - 1].fireAt > lastDue
            else { return all }
            limit *= 2
        }
    }

    /// When `reminder` next notifies after `start`, by any of its alarms (the planner's index).
    private static func nextFiring(_ reminder: Reminder, after start: Date, _ settings: Settings) -> Date? {
        reminder.alarms.compactMap { alarm in
            switch alarm {
            case .relative(let seconds): reminder.nextFiring(after: start, alarm: seconds, settings)?.fireAt
            case .absolute(let instant): instant > start ? instant : nil
            }
        }.min()
    }

    /// The first firing of `alarm` after `start`; when that is already past, the latest one not
    /// after `now`. An absolute alarm fires once, for the current occurrence.
    private static func firstCandidate(_ reminder: Reminder, _ alarm: Alarm, after start: Date, now: Date, _ settings: Settings)
        -> (occurrence: Occurrence, fireAt: Date)?
    {
        guard case .relative(let seconds) = alarm else {
            guard case .absolute(let instant) = alarm, instant > start, let current = reminder.currentOccurrence else { return nil }
            return (current, instant)
        }
        guard var first = reminder.nextFiring(after: start, alarm: seconds, settings) else { return nil }
        guard first.fireAt <= now else { return first }
        while let next = reminder.series?.occurrence(following: first.occurrence) {
            let fireAt = reminder.fireInstant(of: next, alarm: alarm, settings)
            guard fireAt <= now else { break }
            first = (next, fireAt)
        }
        return first
    }

    private func request(_ firing: Firing) -> NotificationRequest {
        NotificationRequest(id: firing.id, reminderID: firing.reminder.id, fireAt: firing.fireAt, dueAt: firing.dueAt,
                            title: firing.reminder.title, body: firing.reminder.notes ?? "",
                            isRecurring: firing.reminder.recurrence.isRepeating)
    }
}

/// One alarm of one occurrence, as the plan would hold it.
private struct Firing {
    let reminder: Reminder
    let fireAt: Date
    /// When the occurrence notifies at its due time (`Reminder.fireInstant`).
    let dueAt: Date
    /// `<reminder uuid>`, with `-<day>` for a repeating reminder's occurrence, and `-<alarm key>`
    /// for an alarm other than the one at the due time.
    let id: String

    init(reminder: Reminder, alarm: Alarm, occurrence: Occurrence, fireAt: Date, _ settings: Settings) {
        self.reminder = reminder
        self.fireAt = fireAt
        dueAt = reminder.fireInstant(of: occurrence, settings)
        let base = reminder.recurrence.isRepeating ? "\(reminder.id.uuidString)-\(occurrence.dayNumber)" : reminder.id.uuidString
        id = alarm == .atDue ? base : "\(base)-\(alarm.key)"
    }
}

/// A shown notification's occurrence: its id and the time it was for.
private struct TakenKey: Hashable {
    let id: String
    let fireAt: Date
}

/// A reminder's notification at one time, whatever its id (a snooze from another device has its own).
private struct ReminderFireAt: Hashable {
    let reminder: UUID
    let fireAt: Date
}

/// A series' next occurrence waiting in the heap.
private struct Candidate: Comparable {
    let occurrence: Occurrence
    let fireAt: Date
    let index: Int
    /// The alarm's position among its reminder's.
    let alarm: Int

    /// By when it notifies, nominal date, series (ties to the lower id), then alarm. Not `(occurrence,
    /// index)`: two series' occurrences at one instant and date but different wall times (different
    /// zones) are neither less nor equal as occurrences, so a tuple would never reach the index.
    static func < (lhs: Candidate, rhs: Candidate) -> Bool {
        (lhs.fireAt, lhs.occurrence.nominal.date, lhs.index, lhs.alarm) < (rhs.fireAt, rhs.occurrence.nominal.date, rhs.index, rhs.alarm)
    }

    static func == (lhs: Candidate, rhs: Candidate) -> Bool {
        (lhs.fireAt, lhs.occurrence.nominal.date, lhs.index, lhs.alarm) == (rhs.fireAt, rhs.occurrence.nominal.date, rhs.index, rhs.alarm)
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
