import Domain
import Foundation
import GRDB

/// The listing: every section of the dashboard, read on two connections at once: To Do in two
/// parts when it may hold thousands, else Completed beside the other sections.
extension GRDBReminderRepository {
    package func forEachReminder(
        in sections: [ReminderSection], matching filter: ReminderFilter,
        zones: (@Sendable ([ZoneSpan]) throws -> Void)?,
        _ body: @escaping @Sendable (_ section: Int, ReminderWithTags) throws -> Void,
        ended: @escaping @Sendable (_ section: Int, _ shown: Int, _ total: Int) throws -> Void
    ) async throws {
        let read = SectionsRead(sections: sections, filter: filter, body: body, ended: ended)
        // What every read starts with: the tags by row; then the zones when asked for (in the
        // first connection's read, after the second has started sorting its part).
        let start = { @Sendable (db: Database) throws -> TagsByRow in try TagsByRow(db) }
        let noteZones = { @Sendable (db: Database) throws in
            if let zones { try zones(Self.zoneSpans(of: sections, matching: filter, db)) }
        }
        if Self.readsFound(sections, matching: filter) {
            return try await forEachFound(in: sections, matching: filter, zones: noteZones, body, ended: ended)
        }
        // Every section on one connection.
        let whole = { @Sendable (db: Database, tags: TagsByRow) throws in
            try noteZones(db)
            try read.sections(from: 0, db, tags: tags, openCount: nil)
        }
        // A filter of words, days or statuses selects few: its sections are read in turn (Completed
        // on a second connection). A tag, a list or a priority may keep thousands: To Do is read in two.
        guard Self.mayKeepMany(filter), let toDo = sections.firstIndex(where: { !$0.done && !$0.undated }),
              sections[toDo].limit == nil else {
            // Few: read section by section; with Completed last and no limits (a search), Completed
            // is read (and sorted) on a second connection meanwhile and handed on after the others.
            let last = sections.count - 1
            guard last > 0, sections[last].done, sections.allSatisfy({ $0.limit == nil }) else {
                return try await database.read { db in try whole(db, try start(db)) }
            }
            return try await database.readInTwo(
                pin: start,
                first: { (db, tags, partner: Partner<ReminderWithTags>) in
                    try noteZones(db)
                    try read.sections(from: 0, upTo: last, db, tags: tags, openCount: nil)
                    var count = 0
                    do {
                        while let item = try partner.next() {
                            count += 1
                            try body(last, item)
                        }
                    } catch is Partner<ReminderWithTags>.Unavailable {
                        // The second read could not start on this read's state: Completed is read here.
                        return try read.sections(from: last, db, tags: tags, openCount: nil)
                    }
                    try ended(last, count, count)
                },
                second: { db, tags, pass in
                    var rows = try read.rows(of: last, db, tags: tags)
                    while let item = try rows.next(), pass(item) {}
                },
                alone: whole,
                betweenStarts: readsInTwoStarted, beforeSecondLooks: secondReadLooks)
        }
        // All of To Do: its two parts of `ReminderQuery.toDoParts` are read at once on two
        // connections (two cores), each sorted by SQLite, and merged here. The sections before it
        // (Completed, for JSON) are read first on the first connection while the second sorts its
        // part; those after it follow on the first connection, all in its read.
        let parts = ReminderQuery.toDoParts(matching: filter)
        let secondLinks = Handoff<TagLinks>()
        try await database.readInTwo(
            pin: start,
            first: { (db, tags, partner: Partner<ReminderWithTags>) in
                // The second part's tag links, read here while the second connection sorts its
                // part (its rows need them only once sorted); first, so the second never waits
                // for a read that failed before giving them.
                secondLinks.give { try TagLinks(db, ids: parts[1].ids, tagged: filter.requiredTag, tags: tags) }
                try noteZones(db)
                try read.sections(from: 0, upTo: toDo, db, tags: tags, openCount: nil)
                var mine = try ReminderRows(db, query: parts[0].query, tags: tags, links: TagLinks(db, ids: parts[0].ids, tagged: filter.requiredTag, tags: tags))
                var own = try mine.next()
                // The second read says at its first row whether it started on this read's state;
                // when it did not, the rest is read here (what was handed on stays handed on once).
                var other: ReminderWithTags?
                do {
                    other = try partner.next()
                } catch is Partner<ReminderWithTags>.Unavailable {
                    return try read.sections(from: toDo, db, tags: tags, openCount: nil)
                }
                var count = 0
                while own != nil || other != nil {
                    count += 1
                    if let item = own, other.map({ ReminderRows.precedes(item, $0) }) ?? true {
                        try body(toDo, item)
                        own = try mine.next()
                    } else if let item = other {
                        try body(toDo, item)
                        other = try partner.next()
                    }
                }
                try ended(toDo, count, count)
                try read.sections(from: toDo + 1, db, tags: tags, openCount: count)
            },
            second: { db, tags, pass in
                var rows = try ReminderRows(db, query: parts[1].query, tags: tags, laterLinks: { try secondLinks.take() })
                while let item = try rows.next(), pass(item) {}
            },
            alone: whole,
            betweenStarts: readsInTwoStarted, beforeSecondLooks: secondReadLooks)
    }

    /// Whether `filter` has only conditions that may keep thousands of reminders (a tag, a list, a priority).
    private static func mayKeepMany(_ filter: ReminderFilter) -> Bool {
        filter.conditions.allSatisfy { condition in
            switch condition {
            case .tagged, .inList, .priority: true
            default: false
            }
        }
    }

    /// The zones of the reminders `sections` hold that `filter` selects, from one pass over the
    /// table (no reminder decoded): the dated open ones of a To Do section, every done one of a
    /// Completed section (limits aside: a zone too many is harmless, one missing is not).
    static func zoneSpans(of sections: [ReminderSection], matching filter: ReminderFilter, _ db: Database) throws -> [ZoneSpan] {
        var stages: [String] = []
        if sections.contains(where: { !$0.done && !$0.undated }) { stages.append("+reminder.isCompleted = 0") }
        if sections.contains(where: \.done) { stages.append("+reminder.isCompleted = 1") }
        guard !stages.isEmpty else { return [] }
        let narrowed = filter.sql()
        let goesOn = "reminder.isCompleted = 0 AND reminder.recurrenceRule <> 'never'"
        let rows = try Row.fetchAll(db, sql: """
            SELECT reminder.timeZoneID, min(reminder.scheduledAt), max(reminder.scheduledAt),
                max(CASE WHEN \(goesOn) AND reminder.recurrenceEnd IS NULL THEN reminder.scheduledAt END),
                max(CASE WHEN \(goesOn) THEN reminder.recurrenceEnd END)
            FROM reminder WHERE +reminder.scheduledAt IS NOT NULL AND NOT reminder.isAllDay
                AND (\(stages.joined(separator: " OR ")))\(narrowed.condition)
            GROUP BY reminder.timeZoneID
            """, arguments: narrowed.arguments)
        return rows.map { row in
            ZoneSpan(timeZoneID: row[0], earliest: StoredInstant.date(milliseconds: row[1]),
                     latest: StoredInstant.date(milliseconds: row[2]),
                     latestGoingOn: (row[3] as Int64?).map(StoredInstant.date(milliseconds:)),
                     lastEnd: (row[4] as String?).flatMap(LocalDate.init(iso:)))
        }
    }

    /// How many reminders `section` holds that `filter` selects. `openCount`, when known, is how
    /// many open ones (dated and undated) it selects; counting done ones then reads less.
    fileprivate static func count(_ section: ReminderSection, matching filter: ReminderFilter, openCount: Int?, _ db: Database) throws -> Int {
        guard section.done else {
            let query = section.undated ? try ReminderQuery.undated(matching: filter, limit: nil, db) : ReminderQuery.open(matching: filter)
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(query.idsSQL))", arguments: query.arguments) ?? 0
        }
        let doneReminders: Int
        if let tagID = filter.requiredTag, filter.isAtMostOneTag, let openCount {
            // A tag's done reminders are its links less its open ones: counted from the tag's
            // index alone, instead of reading every reminder of the tag again.
            let links = try Int.fetchOne(db, sql: "SELECT count(*) FROM reminderTag WHERE tagID = ?", arguments: [tagID]) ?? 0
            doneReminders = max(0, links - openCount)
        } else {
            let query = ReminderQuery.doneForCounting(matching: filter)
            doneReminders = try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(query.idsSQL))", arguments: query.arguments) ?? 0
        }
        guard section.withCompletedTimes else { return doneReminders }
        // The completed times of repeating ones that go on, counted apart (no sort).
        let log = ReminderQuery.completedTimesLog(matching: filter)
        let completedTimes = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(log.sql)", arguments: log.arguments) ?? 0
        return doneReminders + completedTimes
    }
}

/// The sections of one `forEachReminder(in:…)` read, each read on the connection given, in turn.
private struct SectionsRead: Sendable {
    let sections: [ReminderSection]
    let filter: ReminderFilter
    let body: @Sendable (_ section: Int, ReminderWithTags) throws -> Void
    let ended: @Sendable (_ section: Int, _ shown: Int, _ total: Int) throws -> Void

    /// Reads the sections from `start` on, up to `end` (else to the last). `openCount` is how many
    /// open reminders the filter selects, when a section before has read or counted them all.
    func sections(from start: Int, upTo end: Int? = nil, _ db: Database, tags: TagsByRow, openCount: Int?) throws {
        // How many open reminders the filter selects, dated and undated, once both are known.
        var openCounts: [Bool: Int] = openCount.map { [false: $0] } ?? [:]
        for index in start..<(end ?? sections.count) {
            let section = sections[index]
            var rows = try rows(of: index, db, tags: tags)
            let shown = try rows.passAll { try body(index, $0) }
            var total: Int? = shown
            if let limit = section.limit, shown >= limit {
                let openCount = openCounts.count == 2 ? openCounts.values.reduce(0, +) : nil
                total = section.countsAll
                    ? try GRDBReminderRepository.count(section, matching: filter, openCount: section.done ? openCount : nil, db) : nil
            }
            if !section.done { openCounts[section.undated] = total }
            try ended(index, shown, total ?? shown)
        }
    }

    /// The reminders of the section at `index`, in its order.
    func rows(of index: Int, _ db: Database, tags: TagsByRow) throws -> ReminderRows {
        let section = sections[index]
        let sql: String, arguments: StatementArguments
        if section.fromEnd, let limit = section.limit {
            (sql, arguments) = ReminderQuery.last(limit, of: section, filter)
        } else if section.done && section.withCompletedTimes {
            (sql, arguments) = ReminderQuery.completedTimes(matching: filter, limit: section.limit, alsoSelecting: ReminderQuery.tagRows)
        } else {
            var query = section.done ? ReminderQuery.completed(matching: filter)
                : section.undated ? try ReminderQuery.undated(matching: filter, limit: section.limit, db)
                : ReminderQuery.toDo(matching: filter, limit: section.limit)
            if section.done, let limit = section.limit { query.order += " LIMIT \(max(0, limit))" }
            (sql, arguments) = (query.sql(alsoSelecting: ReminderQuery.tagRows), query.arguments)
        }
        return try ReminderRows(db, sql: sql, arguments: arguments, tags: tags)
    }
}
