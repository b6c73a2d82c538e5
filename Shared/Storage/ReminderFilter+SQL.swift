import Domain
import Foundation
import GRDB

/// A filter's conditions as SQL on the `reminder` table's row, ready to follow a `WHERE`'s others.
struct FilterSQL {
    /// `" AND (…)"` for each condition, empty for none.
    var condition: String
    /// The condition's arguments, in order.
    var arguments: StatementArguments
}

/// What the rows a filter is applied to are.
enum FilteredRows {
    /// Reminders.
    case reminders
    /// Completed times of repeating reminders that go on: the completion log joined with its
    /// reminder, each due at its occurrence (`completion.occurrence`) and done.
    case completedTimes
}

extension ReminderFilter {
    /// Whether a word must be found (not only not found): the reminders the full-text index
    /// matches are then few enough to start a read from, by key.
    var startsFromWords: Bool { firstFoundWords != nil }

    /// The index of the first condition of words that must be found, which a read can start from.
    private var firstFoundWords: Int? {
        conditions.firstIndex { if case .text(let words) = $0 { !SearchText.isFoundAnywhere(words) } else { false } }
    }

    /// The conditions as SQL on rows of `rows`, but for one condition that carries only `joinedTag`
    /// (a join from the tag's links already selects it) and, with `wordsAsSource`, the words of
    /// `wordsSource` (the reminders a read starts from already meet them).
    func sql(joinedTag: UUID? = nil, wordsAsSource: Bool = false, rows: FilteredRows = .reminders) -> FilterSQL {
        var sql = FilterSQL(condition: "", arguments: [])
        var joinLeft = joinedTag
        let sourceWords = wordsAsSource ? firstFoundWords : nil
        for (index, condition) in conditions.enumerated() where index != sourceWords {
            if case .tagged(let ids) = condition, let tag = joinLeft, ids == [tag] {
                joinLeft = nil
                continue
            }
            let (text, arguments) = Self.sql(condition, rows: rows)
            sql.condition += " AND \(text)"
            sql.arguments += arguments
        }
        return sql
    }

    /// The ids (a column `id`) of the reminders the first words that must be found find, each
    /// once, for a read to start from (`FROM (…) AS found CROSS JOIN reminder ON reminder.id =
    /// found.id`); `nil` when there are no such words. SQLite walks the full-text index's matches
    /// and reads each reminder by its key: no set of ids is searched for every reminder, as
    /// `reminder.id IN (…)` does. The ways a word finds a reminder (its text, a tag's name, its
    /// list's name) are one `UNION`: a reminder found twice is read once.
    ///
    /// A read in parts gives each part its `ids`: each part reads its own range of the reminder
    /// table's pages; the indexes of the words' matches (the text's, the names', a found list's
    /// reminders) are walked in both.
    func wordsSource(ids: ReminderQuery.IDRange? = nil) -> FilterSQL? {
        guard let index = firstFoundWords, case .text(let words) = conditions[index] else { return nil }
        let match = SearchText.prefixMatch(words)
        let inRange = { (key: String) -> (sql: String, arguments: StatementArguments) in
            let (conditions, arguments) = ids?.conditions(on: key) ?? ([], [])
            return (conditions.map { " AND " + $0 }.joined(), arguments)
        }
        let (text, tagged, listed) = (inRange("reminderSearchRow.reminderID"), inRange("link.reminderID"), inRange("inList.id"))
        return FilterSQL(condition: """
            SELECT reminderSearchRow.reminderID AS id FROM reminderText
                CROSS JOIN reminderSearchRow ON reminderSearchRow.searchRow = reminderText.rowid
                WHERE reminderText MATCH ?\(text.sql)
            UNION
            SELECT link.reminderID FROM reminderTag AS link WHERE link.tagID IN (\(Self.named("tag")))\(tagged.sql)
            UNION
            SELECT inList.id FROM reminder AS inList WHERE inList.listID IN (\(Self.named("list")))\(listed.sql)
            UNION
            SELECT inList.id FROM (\(Self.defaultListNamed)) CROSS JOIN reminder AS inList
                WHERE inList.listID IS NULL\(listed.sql)
            """, arguments: [match] + text.arguments + [match] + tagged.arguments + [match] + listed.arguments
                + [match] + listed.arguments)
    }

    /// The default list's id in `hex()`'s spelling (a reminder in it has no `listID`; the store
    /// keeps the id as text, 8-4-4-4-12).
    private static let defaultListHex = "(SELECT replace(value, '-', '') FROM storeSetting WHERE name = 'defaultList')"

    /// The ids of the tags (`kind` "tag") or lists ("list") whose names the words (one argument)
    /// find in the names' full-text index.
    private static func named(_ kind: String) -> String {
        "SELECT ownerID FROM nameSearchRow WHERE kind = '\(kind)' AND searchRow IN (SELECT rowid FROM nameText WHERE nameText MATCH ?)"
    }

    /// One row when the words (one argument) find the default list's name, none otherwise.
    private static let defaultListNamed = """
        SELECT 1 FROM nameSearchRow WHERE kind = 'list' AND hex(ownerID) = \(defaultListHex)
            AND searchRow IN (SELECT rowid FROM nameText WHERE nameText MATCH ?) LIMIT 1
        """

    private static func sql(_ condition: Condition, rows: FilteredRows) -> (String, StatementArguments) {
        let due = rows == .reminders ? "reminder.scheduledAt" : "completion.occurrence"
        switch condition {
        case .text(let words):
            guard !SearchText.isFoundAnywhere(words) else {
                return ("""
                    (instr(reminder.title, ?) > 0 OR instr(coalesce(reminder.notes, ''), ?) > 0 OR EXISTS (SELECT 1
                     FROM reminderTag JOIN tag ON tag.id = reminderTag.tagID
                     WHERE reminderTag.reminderID = reminder.id AND instr(tag.name, ?) > 0)
                     OR EXISTS (SELECT 1 FROM list WHERE instr(list.name, ?) > 0 AND (list.id = reminder.listID
                      OR (reminder.listID IS NULL AND hex(list.id) = \(defaultListHex)))))
                    """, [words, words, words, words])
            }
            let match = SearchText.prefixMatch(words)
            // One set of ids, the union of the four ways a word finds a reminder, which the
            // reminder's key is looked up in: SQLite starts from the matches, not from every row.
            // The default list's reminders are read only when its name matches (the join starts
            // from that match, so no match reads none).
            return ("""
                reminder.id IN (
                  SELECT reminderID FROM reminderSearchRow WHERE searchRow IN (SELECT rowid FROM reminderText WHERE reminderText MATCH ?)
                  UNION SELECT reminderTag.reminderID FROM reminderTag WHERE reminderTag.tagID IN (\(named("tag")))
                  UNION SELECT inList.id FROM reminder AS inList WHERE inList.listID IN (\(named("list")))
                  UNION SELECT inList.id FROM (\(defaultListNamed)) CROSS JOIN reminder AS inList WHERE inList.listID IS NULL)
                """, [match, match, match, match])
        case .tagged(let ids):
            guard !ids.isEmpty else { return ("0", []) }
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            return ("EXISTS (SELECT 1 FROM reminderTag WHERE reminderTag.reminderID = reminder.id AND reminderTag.tagID IN (\(marks)))",
                    StatementArguments(ids))
        case .inList(let lists):
            var parts: [String] = [], arguments: StatementArguments = []
            if lists.contains(.defaultList) { parts.append("reminder.listID IS NULL") }
            let ids = lists.compactMap { list -> UUID? in if case .list(let id) = list { id } else { nil } }
            if !ids.isEmpty {
                parts.append("reminder.listID IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))")
                arguments += StatementArguments(ids)
            }
            return (parts.isEmpty ? "0" : "(" + parts.joined(separator: " OR ") + ")", arguments)
        case .priority(let priorities):
            let values = priorities.map(\.rawValue).sorted().map(String.init).joined(separator: ", ")
            return (priorities.isEmpty ? "0" : "reminder.priority IN (\(values))", [])
        case .due(let from, let before):
            var parts = ["\(due) IS NOT NULL"], arguments: StatementArguments = []
            if let from {
                parts.append("\(due) >= ?")
                arguments += [StoredInstant.milliseconds(from)]
            }
            if let before {
                parts.append("\(due) < ?")
                arguments += [StoredInstant.milliseconds(before)]
            }
            return ("(" + parts.joined(separator: " AND ") + ")", arguments)
        case .dueDays(let from, let before):
            // An all-day reminder's day starts within `Reminder.widestDayGap` of the user's: the
            // widened range reads the due index, and its own day decides.
            var parts = ["\(due) IS NOT NULL"], arguments: StatementArguments = []
            var timed: [String] = [], allDay: [String] = [], timedArguments: StatementArguments = [], allDayArguments: StatementArguments = []
            let day = "\(AllDaySQL.day)(\(due), reminder.timeZoneID)"
            if let from {
                parts.append("\(due) >= ?")
                arguments += [StoredInstant.milliseconds(from.instant.addingTimeInterval(-Reminder.widestDayGap))]
                timed.append("\(due) >= ?")
                timedArguments += [StoredInstant.milliseconds(from.instant)]
                allDay.append("\(day) >= ?")
                allDayArguments += [from.day.daysSinceEpoch]
            }
            if let before {
                parts.append("\(due) < ?")
                arguments += [StoredInstant.milliseconds(before.instant.addingTimeInterval(Reminder.widestDayGap))]
                timed.append("\(due) < ?")
                timedArguments += [StoredInstant.milliseconds(before.instant)]
                allDay.append("\(day) < ?")
                allDayArguments += [before.day.daysSinceEpoch]
            }
            if !timed.isEmpty {
                parts.append("CASE reminder.isAllDay WHEN 0 THEN \(timed.joined(separator: " AND ")) ELSE \(allDay.joined(separator: " AND ")) END")
                arguments += timedArguments + allDayArguments
            }
            return ("(" + parts.joined(separator: " AND ") + ")", arguments)
        case .undated:
            return (rows == .reminders ? "reminder.scheduledAt IS NULL" : "0", [])
        case .overdue(let now):
            guard rows == .reminders else { return ("0", []) }
            return ("""
                (reminder.isCompleted = 0 AND reminder.scheduledAt IS NOT NULL AND reminder.scheduledAt < ?
                 AND CASE reminder.isAllDay WHEN 0 THEN reminder.scheduledAt < ?
                     ELSE \(AllDaySQL.end)(reminder.scheduledAt, reminder.timeZoneID) <= ? END)
                """, StatementArguments(Array(repeating: StoredInstant.milliseconds(now), count: 3)))
        case .status(let statuses):
            guard rows == .reminders else { return (statuses.contains(.done) ? "1" : "0", []) }
            let stage = "reminder.stage", inProgress = Reminder.Stage.inProgress.rawValue, cancelled = Reminder.Stage.cancelled.rawValue
            let parts = Status.allCases.filter(statuses.contains).map { status in
                switch status {
                case .todo: "(reminder.isCompleted = 0 AND \(stage) <> \(inProgress))"
                case .inProgress: "(reminder.isCompleted = 0 AND \(stage) = \(inProgress))"
                case .done: "(reminder.isCompleted = 1 AND \(stage) <> \(cancelled))"
                case .cancelled: "(reminder.isCompleted = 1 AND \(stage) = \(cancelled))"
                }
            }
            return (parts.isEmpty ? "0" : "(" + parts.joined(separator: " OR ") + ")", [])
        case .not(let inner):
            // A condition that cannot be decided (a comparison with no date) does not hold, so its
            // negation does.
            let (text, arguments) = sql(inner, rows: rows)
            return ("NOT coalesce(\(text), 0)", arguments)
        }
    }
}

/// How text is looked for: through the full-text indexes, or, for words the tokenizer cannot
/// split into words, by a scan.
enum SearchText {
    /// Whether `words` are looked for as written, anywhere: they hold a character of a script
    /// written without spaces between words, whose runs `unicode61` keeps as one token (so a word
    /// in the middle of one would not be found), or no letter or digit at all (which it drops).
    static func isFoundAnywhere(_ words: String) -> Bool {
        var hasLetterOrDigit = false
        for scalar in words.unicodeScalars {
            if isWrittenWithoutSpaces(scalar) { return true }
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { hasLetterOrDigit = true }
        }
        return !hasLetterOrDigit
    }

    /// `"word"*` (a phrase of the words, the last one a prefix) as FTS5 reads it, quotes doubled.
    static func prefixMatch(_ words: String) -> String {
        "\"" + words.replacingOccurrences(of: "\"", with: "\"\"") + "\"*"
    }

    private static func isWrittenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF,   // Thai, Lao
             0x1000...0x109F,   // Myanmar
             0x1780...0x17FF,   // Khmer
             0x3005...0x3007,   // 々 〆 〇
             0x3040...0x30FF,   // Hiragana, Katakana
             0x31F0...0x31FF,   // Katakana extensions
             0x3400...0x4DBF,   // CJK extension A
             0x4E00...0x9FFF,   // CJK unified ideographs
             0xF900...0xFAFF,   // CJK compatibility ideographs
             0xFF66...0xFF9F,   // half-width Katakana
             0x20000...0x3FFFF: // CJK extensions B and on
            true
        default:
            false
        }
    }
}

/// The SQL functions that read an all-day reminder's day where it is, from its due instant (the
/// day's start there) and its zone's id, as `Reminder.due` and the dashboard read it. Every
/// connection has them (`AppDatabase.configuration`).
enum AllDaySQL {
    /// `memoss_allDayDay(instant, zone)`: the day, as days since 1970-01-01.
    static let day = "memoss_allDayDay"
    /// `memoss_allDayEnd(instant, zone)`: when that day ends there.
    static let end = "memoss_allDayEnd"

    static func add(to db: Database) {
        db.add(function: DatabaseFunction(day, argumentCount: 2, pure: true) { values in
            try localDay(values).daysSinceEpoch
        })
        db.add(function: DatabaseFunction(end, argumentCount: 2, pure: true) { values in
            let zone = Reminder.zone(String.fromDatabaseValue(values[1]) ?? "")
            return StoredInstant.milliseconds(Reminder.endOfAllDay(try localDay(values), in: zone))
        })
    }

    private static func localDay(_ values: [DatabaseValue]) throws -> LocalDate {
        guard let milliseconds = Int64.fromDatabaseValue(values[0]), let zoneID = String.fromDatabaseValue(values[1]) else {
            throw StoreError.unreadableValue
        }
        return LocalDate(containing: StoredInstant.date(milliseconds: milliseconds), in: Reminder.zone(zoneID))
    }
}
