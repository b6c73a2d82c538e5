import Domain
import Foundation
import GRDB

/// A search's listing: every reminder its words find, read once (not once per section) by key
/// from the full-text index, on two connections at once (each half of the ids, so each reads its
/// own pages of the reminder table), then put in each section's order here: SQLite would sort
/// every column of every row.
extension GRDBReminderRepository {
    /// Whether `forEachFound` reads `sections` for `filter`: words to start from, no tag to start
    /// from instead, and every section read whole.
    static func readsFound(_ sections: [ReminderSection], matching filter: ReminderFilter) -> Bool {
        filter.startsFromWords && filter.requiredTag == nil && sections.allSatisfy { $0.limit == nil && !$0.fromEnd }
    }

    package func readsWholeFirst(_ sections: [ReminderSection], matching filter: ReminderFilter) -> Bool {
        Self.readsFound(sections, matching: filter)
    }

    func forEachFound(
        in sections: [ReminderSection], matching filter: ReminderFilter,
        zones noteZones: @escaping @Sendable (Database) throws -> Void,
        _ body: @escaping @Sendable (_ section: Int, ReminderWithTags) throws -> Void,
        ended: @escaping @Sendable (_ section: Int, _ shown: Int, _ total: Int) throws -> Void
    ) async throws {
        let found = FoundRead(sections: sections, filter: filter)
        let hand = { @Sendable (db: Database, tags: TagsByRow, parts: [[ReminderWithTags]]) throws in
            try noteZones(db)
            try found.hand(parts, db, tags: tags, to: body, ended: ended)
        }
        try await database.readInTwo(
            pin: { db in try TagsByRow(db) },
            first: { (db, pinned, partner: Partner<[ReminderWithTags]>) in
                let mine = try found.reminders(.first, db, tags: pinned)
                let others: [ReminderWithTags]
                do {
                    others = try partner.next() ?? []
                } catch is Partner<[ReminderWithTags]>.Unavailable {
                    others = try found.reminders(.second, db, tags: pinned)
                }
                try hand(db, pinned, [mine, others])
            },
            second: { db, pinned, pass in _ = pass(try found.reminders(.second, db, tags: pinned)) },
            alone: { db, pinned in try hand(db, pinned, [try found.reminders(.all, db, tags: pinned)]) },
            betweenStarts: readsInTwoStarted, beforeSecondLooks: secondReadLooks)
    }
}

/// The reads and the order of `forEachFound`.
private struct FoundRead: Sendable {
    let sections: [ReminderSection]
    let filter: ReminderFilter

    /// The parts of a read (`ReminderQuery.foundParts`): halves, as the sorting waits for both.
    enum Part {
        case all, first, second
    }

    /// The reminders the words find (and the filter's other conditions keep) in `part`, with
    /// their tags, in no order.
    func reminders(_ part: Part, _ db: Database, tags: TagsByRow) throws -> [ReminderWithTags] {
        let query = switch part {
        case .all: ReminderQuery.found(matching: filter)
        case .first: ReminderQuery.foundParts(matching: filter)[0]
        case .second: ReminderQuery.foundParts(matching: filter)[1]
        }
        var rows = try ReminderRows(db, sql: query.sqlJoiningLinks(), arguments: query.arguments, tags: tags)
        var reminders: [ReminderWithTags] = []
        while let item = try rows.next() { reminders.append(item) }
        return reminders
    }

    /// Hands the reminders of `parts` on section by section, each in its order, with the completed
    /// times of the repeating ones that go on in a Completed section that shows them. Positions
    /// are sorted, not reminders, and every reminder is read where it lies: each is copied once,
    /// as it is handed on (a copy of each per comparison took a fifth of a big search's time).
    func hand(_ found: [[ReminderWithTags]], _ db: Database, tags: TagsByRow,
              to body: (_ section: Int, ReminderWithTags) throws -> Void,
              ended: (_ section: Int, _ shown: Int, _ total: Int) throws -> Void) throws {
        var parts = found
        var dated: [Int] = [], undated: [Int] = [], done: [Int] = [], goingOn: [UUID] = []
        dated.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        let showsTimes = sections.contains { $0.done && $0.withCompletedTimes }
        // Each reminder is read where it lies (through its part's buffer): a subscript's copy of
        // the whole reminder for each field read took a sixth of this walk's time.
        for number in parts.indices {
            parts[number].withUnsafeBufferPointer { part in
                for index in part.indices {
                    let position = ReminderRows.position(part: number, index: index)
                    if part[index].reminder.isCompleted {
                        done.append(position)
                        continue
                    }
                    if part[index].reminder.scheduledAt == nil { undated.append(position) } else { dated.append(position) }
                    if showsTimes && part[index].reminder.recurrence.isRepeating { goingOn.append(part[index].reminder.id) }
                }
            }
        }
        var completedTimes: [Int] = []
        if showsTimes {
            let times = try Self.completedTimes(of: goingOn, matching: filter, db, tags: tags)
            completedTimes = times.indices.map { ReminderRows.position(part: parts.count, index: $0) }
            parts.append(times)
        }
        let all = parts
        for (index, section) in sections.enumerated() {
            let positions = section.done ? ReminderRows.sorted(done + (section.withCompletedTimes ? completedTimes : []), by: .completed, in: all)
                : section.undated ? ReminderRows.sorted(undated, by: .undated, in: all)
                : ReminderRows.sorted(dated, by: .toDo, in: all)
            for position in positions {
                let (part, item) = ReminderRows.partAndIndex(position)
                try body(index, all[part][item])
            }
            try ended(index, positions.count, positions.count)
        }
    }

    /// The completed times (from the completion log) of the repeating reminders with `ids`, that
    /// the filter keeps (its conditions on each as that time, done then): those of the reminders
    /// the log names (read from its index), a few thousand ids to a statement.
    private static func completedTimes(of found: [UUID], matching filter: ReminderFilter, _ db: Database, tags: TagsByRow) throws -> [ReminderWithTags] {
        guard !found.isEmpty else { return [] }
        let logged = Set(try UUID.fetchAll(db, sql: "SELECT DISTINCT reminderID FROM completion"))
        let ids = found.filter(logged.contains)
        var items: [ReminderWithTags] = []
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(ids.count, start + 5_000)]
            start = chunk.endIndex
            let log = ReminderQuery.completedTimesLog(matching: filter, ids: chunk)
            let sql = """
                SELECT \(ReminderRecord.selection), completion.completedAt AS doneAt, completion.occurrence AS doneOccurrence,
                    \(ReminderQuery.tagRows) FROM \(log.sql)
                """
            var rows = try ReminderRows(db, sql: sql, arguments: log.arguments, tags: tags)
            while let item = try rows.next() { items.append(item) }
        }
        return items
    }
}
