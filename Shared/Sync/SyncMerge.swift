import Domain
import Foundation
import ICalendar

/// What sync compares of a reminder, field by field: the parts a person changes independently.
package struct SyncFields: Equatable, Sendable {
    package struct Schedule: Equatable, Sendable {
        /// The wall time due (the nominal one; an all-day item's day at 00:00), `nil` when the resource has no date.
        package var due: LocalDateTime?
        /// Whether it is due all day (`VALUE=DATE`).
        package var isAllDay = false
        package var timeZoneID: String
        package var recurrence: RecurrenceRule
        package var recurrenceEnd: LocalDate?
    }

    package struct Completion: Equatable, Sendable {
        package var isCompleted: Bool
        /// When it was done, to the second, as iCalendar keeps it; `nil` when open, cancelled, or
        /// done by a client that did not say when (no `COMPLETED`).
        package var completedAt: Date?
        /// In progress or cancelled (`STATUS`); none when done (a done reminder keeps the stage it
        /// had, to go back to when reopened, but a VTODO is then COMPLETED).
        package var stage: Reminder.Stage = .none
        /// `PERCENT-COMPLETE`, as said.
        package var percent: Int?

        /// The same status; the times it was done differ only when both sides say one. A to-do
        /// another client marked done without a `COMPLETED` time is done here at no time, and is
        /// the same to-do as one done here at a time, not one changed to send back at every sync.
        package static func == (lhs: Completion, rhs: Completion) -> Bool {
            guard lhs.isCompleted == rhs.isCompleted, lhs.stage == rhs.stage, lhs.percent == rhs.percent else { return false }
            guard let left = lhs.completedAt, let right = rhs.completedAt else { return true }
            return left == right
        }
    }

    package var title: String
    package var notes: String?
    package var schedule: Schedule
    package var completion: Completion
    /// Tag names; compared ignoring case and order.
    package var tags: [String]
    /// The level `PRIORITY` says (another client's exact value is kept in its resource while the
    /// level is unchanged).
    package var priority: Priority
    /// The alarms (normalised) of an open dated reminder; `nil` for a closed or undated one, whose
    /// alarms never notify and which Memoss writes without them: a reminder keeps its own then.
    package var alarms: [Alarm]?
    /// When its alarms were last answered, to the second (`Reminder.alarmsAcknowledgedAt`); said
    /// with the alarms, and merged as the later of both sides (an answer is never taken back).
    package var acknowledged: Date?
    /// When its snoozed notification fires again, to the second (`Reminder.alarmsSnoozedUntil`):
    /// said with the alarms while later than `acknowledged` (an answered snooze is over).
    package var snoozed: Date?

    package init(title: String, notes: String?, schedule: Schedule, completion: Completion, tags: [String], priority: Priority = .none,
                 alarms: [Alarm]? = nil, acknowledged: Date? = nil, snoozed: Date? = nil) {
        self.title = title
        self.notes = notes.flatMap { $0.isEmpty ? nil : $0 }
        self.schedule = schedule
        self.completion = completion
        self.tags = tags
        self.priority = priority
        self.alarms = schedule.due == nil || completion.isCompleted ? nil : alarms.map(Alarm.normalized)
        self.acknowledged = self.alarms == nil ? nil : acknowledged.map(Self.toSecond)
        self.snoozed = self.alarms == nil ? nil : Self.live(snoozed.map(Self.toSecond), acknowledged: self.acknowledged)
    }

    /// A snooze that its answer did not come after.
    private static func live(_ snoozed: Date?, acknowledged: Date?) -> Date? {
        guard let snoozed, acknowledged.map({ snoozed > $0 }) ?? true else { return nil }
        return snoozed
    }

    /// A stored reminder's fields, as a resource can hold them (control characters as `\u{1B}`).
    package init(_ reminder: Reminder, tags: [String]) {
        self.init(
            title: ContentLines.representable(reminder.title), notes: reminder.notes.map(ContentLines.representable),
            schedule: Schedule(due: reminder.localScheduled, isAllDay: reminder.isAllDay, timeZoneID: reminder.timeZoneID,
                               recurrence: reminder.recurrence, recurrenceEnd: reminder.recurrenceEnd),
            completion: Completion(isCompleted: reminder.isCompleted, completedAt: reminder.isDone ? reminder.completedAt.map(Self.toSecond) : nil,
                                   stage: reminder.isDone ? .none : reminder.stage, percent: reminder.isDone ? nil : reminder.percentComplete),
            tags: tags.map(ContentLines.representable), priority: reminder.priority, alarms: reminder.alarms,
            acknowledged: reminder.alarmsAcknowledgedAt, snoozed: reminder.alarmsSnoozedUntil)
    }

    /// A VTODO's fields; categories that could not name a tag (`TagRules`) are left out. Control
    /// characters (which another client should not have written) are kept as Memoss shows and
    /// writes them, `\u{1B}`, and the title and notes trimmed as a reminder keeps them (todoman
    /// ends a description read from standard input with a line break), so both sides compare alike.
    package init(_ todo: CalendarTodo) {
        self.init(
            title: ContentLines.representable(todo.title).trimmingWhitespace(),
            notes: ReminderRules.normalizedNotes(ContentLines.representable(todo.notes)),
            schedule: Schedule(due: todo.due, isAllDay: todo.isAllDay, timeZoneID: todo.timeZoneID, recurrence: todo.recurrence,
                               recurrenceEnd: todo.recurrenceEnd),
            completion: Completion(isCompleted: todo.isCompleted, completedAt: todo.completedAt.map(Self.toSecond),
                                   stage: todo.isCompleted && todo.stage != .cancelled ? .none : todo.stage,
                                   percent: todo.isCompleted && todo.stage != .cancelled ? nil : todo.percentComplete),
            tags: todo.categories.compactMap { try? TagRules.validName(ContentLines.representable($0)) },
            priority: todo.priority.map(Priority.init(icalendar:)) ?? .none, alarms: todo.alarms,
            acknowledged: todo.alarmsAcknowledgedAt, snoozed: todo.alarmsSnoozedUntil)
    }

    static func toSecond(_ instant: Date) -> Date {
        Date(timeIntervalSince1970: (instant.timeIntervalSince1970).rounded(.down))
    }

    private var tagKeys: Set<String> { Set(tags.map(TagRules.key)) }

    package static func == (lhs: SyncFields, rhs: SyncFields) -> Bool {
        lhs.title == rhs.title && lhs.notes == rhs.notes && lhs.schedule == rhs.schedule
            && lhs.completion == rhs.completion && lhs.tagKeys == rhs.tagKeys && lhs.priority == rhs.priority
            && (lhs.saysAlarms ? lhs.alarms == rhs.alarms && lhs.acknowledged == rhs.acknowledged && lhs.snoozed == rhs.snoozed : true)
    }

    /// Whether its alarms count: it is open and dated (a merge may leave a closed one the alarms
    /// the other side had, for its reminder to keep).
    private var saysAlarms: Bool { schedule.due != nil && !completion.isCompleted }

    /// The three-way merge of one reminder: a field changed on one side only takes that side's
    /// value; changed on both sides to different values, the later change (`localIsLater`) wins and
    /// the other value is kept as a line of the notes, so nothing is lost. Tags merge as sets:
    /// what either side added is in, what either side removed is out. Without a base (both sides
    /// created it), every differing field is a conflict.
    package static func merge(base: SyncFields?, local: SyncFields, remote: SyncFields, localIsLater: Bool,
                              conflictLine: (String) -> String) -> (merged: SyncFields, conflicts: [String]) {
        var merged = local
        var kept: [String] = []
        var conflicts: [String] = []
        func pick<T: Equatable>(_ field: WritableKeyPath<SyncFields, T>, _ name: String, _ describe: (T) -> String) {
            let mine = local[keyPath: field], theirs = remote[keyPath: field]
            if mine == theirs { return }
            if let base, mine == base[keyPath: field] { merged[keyPath: field] = theirs; return }
            if let base, theirs == base[keyPath: field] { return }
            conflicts.append(name)
            let loser = localIsLater ? theirs : mine
            merged[keyPath: field] = localIsLater ? mine : theirs
            kept.append("the \(localIsLater ? "server's" : "local") \(name) \(["notes", "alarms"].contains(name) ? "were" : "was") \(describe(loser))")
        }
        pick(\.title, "title") { "\"\($0)\"" }
        pick(\.schedule, "date and repeat", describe)
        pick(\.completion, "status") { $0.stage == .cancelled ? "cancelled" : $0.isCompleted ? "done" : $0.stage == .inProgress ? "in progress" : "open" }
        pick(\.priority, "priority") { $0.word }
        pick(\.notes, "notes") { $0.map { "\"\($0)\"" } ?? "empty" }
        // Alarms: said only while open and dated; a side that says none keeps the other's.
        if local.alarms != nil, remote.alarms != nil {
            let zone = TimeZone(identifier: merged.schedule.timeZoneID) ?? .gmt
            pick(\.alarms, "alarms") { $0.map { Alarm.text($0, zone: zone) } ?? "none" }
        } else {
            merged.alarms = local.alarms ?? remote.alarms
        }
        // Answers: the later of both sides, with the snooze of the side that answered last (a snooze
        // made later replaces the other's, and one answered since is over). A snooze is of its
        // side's due time and state: a side whose time or state the merge does not keep (the other
        // moved or completed it) has none, whatever the clocks say.
        merged.acknowledged = [local.acknowledged, remote.acknowledged].compactMap { $0 }.max()
        func snooze(of side: SyncFields) -> Date? {
            side.schedule == merged.schedule && side.completion == merged.completion ? side.snoozed : nil
        }
        let (mine, theirs) = (snooze(of: local), snooze(of: remote))
        let snoozeFirst = (local.acknowledged ?? .distantPast, mine ?? .distantPast) >= (remote.acknowledged ?? .distantPast, theirs ?? .distantPast)
        merged.snoozed = live(snoozeFirst ? mine : theirs, acknowledged: merged.acknowledged)
        // Tags: a set merge, never a conflict.
        let baseKeys = Set((base?.tags ?? []).map(TagRules.key))
        var names: [String: String] = [:]
        for name in local.tags + remote.tags { names[TagRules.key(for: name)] = names[TagRules.key(for: name)] ?? name }
        let localKeys = Set(local.tags.map(TagRules.key)), remoteKeys = Set(remote.tags.map(TagRules.key))
        let removed = baseKeys.subtracting(localKeys).union(baseKeys.subtracting(remoteKeys))
        let keys = localKeys.union(remoteKeys).subtracting(base == nil ? [] : removed)
        merged.tags = local.tags.filter { keys.contains(TagRules.key(for: $0)) }
            + remote.tags.filter { keys.contains(TagRules.key(for: $0)) && !localKeys.contains(TagRules.key(for: $0)) }
        if !kept.isEmpty {
            let line = conflictLine(kept.joined(separator: "; "))
            merged.notes = [merged.notes, line].compactMap { $0 }.joined(separator: "\n")
        }
        return (merged, conflicts)
    }

    private static func describe(_ schedule: Schedule) -> String {
        let due = schedule.due.map { schedule.isAllDay ? "due \($0.date) all day" : "due \($0.date) \($0.time) \(schedule.timeZoneID)" }
            ?? "without a date"
        return schedule.recurrence == .never ? due : "\(due), \(schedule.recurrence.label)"
    }
}
