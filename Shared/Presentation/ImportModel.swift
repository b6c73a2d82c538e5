import Domain
import Foundation
import ICalendar
import UseCases

/// Imports CSV rows and calendar items the way a person fills the add form: each row's fields are
/// read by `ReminderFieldReader` and accepted or refused by `ReminderRules`, with their messages.
@MainActor
package final class ImportModel {
    /// The columns a header may name, in any order and case.
    package enum Column: String, CaseIterable, Sendable {
        case title, notes, date, time, `repeat`, endDate = "end_date", tags, completed, completedAt = "completed_at", timezone, id
        case status, percentComplete = "percent_complete", priority, list, alarms, calendarUID = "calendar_uid"
    }

    /// What a header row says: where each known column is, and the names it did not know.
    package struct Header: Sendable {
        let index: [Column: Int]
        /// How many columns it names (ignored ones too).
        let count: Int
        /// Unknown column names, each once, in file order.
        package let unknown: [String]

        /// The other names other tools (and people) give the columns, lower case: spreadsheets'
        /// and task apps' exports (Todoist's CSV: CONTENT, DESCRIPTION, DATE, TIMEZONE).
        package static let synonyms: [String: Column] = [
            "due date": .date, "due": .date, "start date": .date, "due day": .date,
            "task": .title, "task name": .title, "content": .title, "name": .title, "subject": .title,
            "description": .notes, "note": .notes,
            "due time": .time, "start time": .time,
            "labels": .tags, "label": .tags, "categories": .tags, "category": .tags, "tag": .tags,
            "list name": .list, "project": .list, "importance": .priority,
            "recurrence": .repeat, "repeats": .repeat, "end date": .endDate, "until": .endDate,
            "done": .completed, "time zone": .timezone, "zone": .timezone, "uid": .id,
            "percent complete": .percentComplete, "percent": .percentComplete, "progress": .percentComplete,
            "alarm": .alarms,
        ]

        /// Reads a header row; throws `ImportFileError.noTitleColumn` when no column is `title` (or
        /// a synonym), `.unmappedDate` when a column it does not know looks like a date (its rows
        /// would otherwise land on the default day), `.duplicateColumn` when two name one column.
        /// Columns named in `ignoring` (any case) are passed over as if absent.
        package init(_ names: [String], ignoring: Set<String> = []) throws {
            var index: [Column: Int] = [:]
            var unknown: [String] = []
            var seen = Set<String>()
            let ignored = Set(ignoring.map { $0.trimmingWhitespace().lowercased() })
            for (position, raw) in names.enumerated() {
                let name = raw.trimmingWhitespace()
                if ignored.contains(name.lowercased()) { continue }
                let key = name.lowercased().replacingOccurrences(of: "_", with: " ")
                if let column = Column(rawValue: name.lowercased()) ?? Self.synonyms[key] {
                    if let earlier = index[column] {
                        throw ImportFileError.duplicateColumn(names[earlier].trimmingWhitespace(), name, column.rawValue)
                    }
                    index[column] = position
                } else if seen.insert(name).inserted {
                    if ["date", "due", "deadline"].contains(where: key.contains) {
                        throw ImportFileError.unmappedDate(name)
                    }
                    unknown.append(name)
                }
            }
            guard index[.title] != nil else { throw ImportFileError.noTitleColumn(names) }
            self.index = index
            self.count = names.count
            self.unknown = unknown
        }
    }

    /// A refused row: the line where its record starts, the field, and the form's message.
    package struct Refusal: Hashable, Sendable {
        /// The physical line the record starts on.
        package let line: Int
        /// The column, e.g. `date`.
        package let field: String
        /// The message, e.g. "Must be in the future".
        package let message: String
    }

    /// The most tags one row may name.
    package static let maxTagsPerRow = TagRules.maxTagsPerReminder
    /// The most different tag names one file may use (each may create a tag).
    package static let maxTagNamesPerFile = 500

    /// Every refusal so far, in file order.
    package private(set) var refusals: [Refusal] = []

    private let header: Header
    private let allowPast: Bool
    private let dateOrder: TypedInput.DateOrder?
    private let environment: AppEnvironment
    private let importer: ImportRemindersUseCase
    private let list: String?
    private var tagKeys = Set<String>()
    private var listKeys = Set<String>()

    /// An import of rows laid out as `header`, through `importer`; every row goes to the list
    /// named `list` when given (created when there is none), else to the list its row names.
    package init(header: Header, allowPast: Bool, dateOrder: TypedInput.DateOrder? = nil, environment: AppEnvironment,
                 importer: ImportRemindersUseCase, list: String? = nil) {
        self.header = header
        self.list = list
        self.allowPast = allowPast
        self.dateOrder = dateOrder
        self.environment = environment
        self.importer = importer
    }

    /// How fields are read at this moment: a date column is a day, without a time.
    private var reader: ReminderFieldReader {
        ReminderFieldReader(now: environment.now(), zone: environment.timeZone, order: dateOrder, datesCarryTime: false)
    }

    /// The counts so far: rows accepted (counted as imported until `finish` says which were
    /// already present) and rows refused.
    package var counts: ImportCounts { importer.currentCounts }

    /// Rows read so far, accepted or refused.
    package var rowsRead: Int { counts.imported + counts.skipped + counts.refused }

    /// Whether accepted rows are written while the file is still read (for a regular file; see
    /// `ImportRemindersUseCase`), not only at `finish`.
    package var writesWhileReading: Bool {
        get { importer.writesWhileReading }
        set { importer.writesWhileReading = newValue }
    }

    /// Takes one record that starts on `line`: refused rows are noted, accepted ones kept for `finish`.
    package func add(_ record: [String], line: Int) {
        // A row with nothing in it (spreadsheets end files with them) is a blank line, not a refusal.
        guard record.contains(where: { !$0.trimmingWhitespace().isEmpty }) else { return }
        var problems: [(String, String)] = []
        func value(_ column: Column) -> String {
            guard let position = header.index[column], position < record.count else { return "" }
            return record[position].trimmingWhitespace()
        }
        func refuse(_ column: Column, _ message: String) { problems.append((column.rawValue, message)) }
        // A field past the header's last is most likely a comma left unquoted: the row is refused,
        // not imported without it (empty ones, as spreadsheets write, are nothing).
        if record.count > header.count, record[header.count...].contains(where: { !$0.trimmingWhitespace().isEmpty }) {
            problems.append(("row", "It has \(record.count) fields where the header names \(header.count); "
                + "put a field that holds a comma in double quotes"))
        }

        // Each column read once (a large import reads a hundred thousand rows).
        let zoneText = value(.timezone), dateText = value(.date), timeText = value(.time), repeatText = value(.repeat)
        let endText = value(.endDate), completedText = value(.completed), completedAtText = value(.completedAt)
        let tagsText = value(.tags), idText = value(.id), statusText = value(.status), percentText = value(.percentComplete)
        let priorityText = value(.priority), listText = value(.list), alarmsText = value(.alarms), uidText = value(.calendarUID)
        func given(_ text: String) -> String? { text.isEmpty ? nil : text }
        let input = ReminderFieldInput(
            title: position(.title).map { $0 < record.count ? record[$0] : "" } ?? "",
            notes: header.index[.notes].map { $0 < record.count ? record[$0] : "" } ?? "",
            date: given(dateText), time: given(timeText), repeatPhrase: given(repeatText), until: given(endText), zone: given(zoneText),
            priority: given(priorityText), alarms: given(alarmsText))
        let (values, fieldProblems) = reader.read(input)
        // An end day of a row that does not repeat is left unused, not refused; an empty title is
        // said by the rules below.
        for problem in fieldProblems where !(problem.field == .until && problem.reason == .needsRepeat) && problem.reason != .required {
            refuse(Column(problem.field), problem.columnMessage)
        }
        let zone = values.zone ?? environment.timeZone
        // Nothing is invented: a row without a date is undated, one without a time is all-day.
        let base = ReminderDraft(item: "", notes: nil, day: nil, time: nil, zoneID: zone.identifier, recurrence: .never, end: nil)
        let draft = values.applied(to: base)
        for problem in values.problems(leavingUndated: dateText.isEmpty, keepingAlarms: true) {
            refuse(Column(problem.field), problem.columnMessage)
        }
        var completed = Self.flag(completedText)
        if completed == nil { refuse(.completed, "Must be true, false, yes, no, 1 or 0") }
        // `completed` says done; a status says done, cancelled (closed, not done) or open.
        let status = StatusInput.word(statusText)
        let isDone = status.flatMap { word in word.closed.map { $0 && word.stage != .cancelled } }
        if status == nil {
            refuse(.status, "Must be \(StatusInput.words)")
        } else if let isDone, !completedText.isEmpty, completed != isDone {
            refuse(.status, "The row says completed is \(completed == true); make status and completed agree, or leave one empty")
        } else if let closed = status?.closed {
            completed = closed
        }
        var percent: Int?
        if !percentText.isEmpty {
            percent = StatusInput.percent(percentText)
            if percent == nil { refuse(.percentComplete, "Must be a number from 0 to 100") }
        }
        // When it was done (an export writes it), which says it is done.
        var completedAt: Date?
        if !completedAtText.isEmpty {
            completedAt = CSVFields.instant(completedAtText)
            if completedAt == nil {
                refuse(.completedAt, "Must be a date and time with its offset, such as 2026-12-03T19:00:05Z")
            } else if completedText.isEmpty {
                completed = true
            } else if completed == false {
                refuse(.completedAt, "The row says completed is false; leave completed_at empty or make it true")
            }
        }
        let tags = checkedTags(CSVFields.tagNames(tagsText).map { $0.trimmingWhitespace() }) { refuse(.tags, $0) }
        let listName = checkedList(list ?? given(listText)) { refuse(.list, $0) }
        var id: UUID?
        if !idText.isEmpty {
            id = UUID(uuidString: idText)
            if id == nil { refuse(.id, "Must be a UUID such as 5F0C3A9E-1B2D-4C3E-8F40-123456789ABC") }
        }
        // The UID a calendar gave it (an export writes it), one line of text.
        if uidText.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            refuse(.calendarUID, "Must be one line of text without control characters, as a calendar's UID is")
        }

        let checked = ReminderRules.evaluate(draft, previously: nil, now: environment.now(), allowingPast: allowPast || completed == true)
        for error in checked.problems { problems.append((error.field.rawValue, Self.message(error))) }
        if problems.isEmpty, let values = checked.values {
            let now = environment.now()
            // Without an id, keyed as a calendar's item of that UID is (`add(_: CalendarTodo)`).
            let (key, rowID) = id.map { (ImportedReminder.key(forID: $0), $0) }
                ?? ImportedReminder.keyAndID(uid: uidText) { ImportedReminder.fingerprint(values, dated: !dateText.isEmpty) }
            var reminder = Reminder(id: rowID, values: values, now: now, completed: completed == true, completedAt: completedAt)
            reminder.stage = status?.stage ?? .none
            reminder.percentComplete = percent
            reminder.calendarUID = ImportedReminder.calendarUID(uidText, of: rowID)
            return keep(reminder, key: key, tags: tags, list: listName)
        }
        importer.refuse()
        refusals += problems.map { Refusal(line: line, field: $0.0, message: $0.1) }
    }

    /// The valid tag names of a row (each problem told to `refuse`) and the keys it adds to the file's.
    private func checkedTags(_ names: [String], refuse: (String) -> Void) -> (names: [String], newKeys: Set<String>) {
        var tagNames: [String] = []
        for name in names where !name.isEmpty {
            do { tagNames.append(try TagRules.validName(name)) } catch { refuse("\(error.message): \"\(name)\"") }
        }
        var newTagKeys = Set<String>()
        for name in tagNames {
            let key = TagRules.key(for: name)
            if !tagKeys.contains(key) { newTagKeys.insert(key) }
        }
        if tagNames.count > Self.maxTagsPerRow {
            refuse("At most \(Self.maxTagsPerRow) tags per row, not \(tagNames.count)")
        } else if tagKeys.count + newTagKeys.count > Self.maxTagNamesPerFile {
            refuse("The file names more than \(Self.maxTagNamesPerFile) different tags; split it, or create tags first with memoss tag add")
        }
        return (tagNames, newTagKeys)
    }

    /// The list a row names, valid (its problem told to `refuse`), its key counted for the file.
    private func checkedList(_ name: String?, refuse: (String) -> Void) -> (name: String, key: String)? {
        guard let name else { return nil }
        do {
            let valid = try TagRules.validName(name)
            let key = TagRules.key(for: valid)
            if !listKeys.contains(key) && listKeys.count >= Self.maxTagNamesPerFile {
                refuse("The file names more than \(Self.maxTagNamesPerFile) different lists; split it, or import each list with --list")
                return nil
            }
            return (valid, key)
        } catch {
            refuse(ListError.invalidName(error).message.dropLast() + ": \"\(name)\"")
            return nil
        }
    }

    /// Takes one VTODO read from a calendar, checked by the same rules as a row; problems are
    /// named by the property they come from (SUMMARY, DUE, RRULE …).
    package func add(_ todo: CalendarTodo) {
        var problems: [(String, String)] = []
        var draft = ReminderDraft(item: todo.title, notes: todo.notes, day: todo.due?.date, time: todo.isAllDay ? nil : todo.due?.time,
                                  zoneID: todo.timeZoneID, recurrence: todo.recurrence, end: todo.recurrenceEnd)
        draft.alarms = todo.alarms
        let tags = checkedTags(todo.categories) { problems.append(("CATEGORIES", $0)) }
        let listName = checkedList(list ?? todo.listName) { problems.append(("X-WR-CALNAME", $0)) }
        let now = environment.now()
        let checked = ReminderRules.evaluate(draft, previously: nil, now: now, allowingPast: allowPast || todo.isCompleted)
        for error in checked.problems {
            let property = switch error.field {
            case .title: "SUMMARY"
            case .notes: "DESCRIPTION"
            case .date, .time: todo.due == nil ? "DUE" : "DUE/DTSTART"
            case .repeat, .endDate: "RRULE"
            case .timeZone: "TZID"
            }
            problems.append((property, Self.message(error)))
        }
        guard problems.isEmpty, let values = checked.values else {
            importer.refuse()
            refusals += problems.map { Refusal(line: todo.line, field: $0.0, message: $0.1) }
            return
        }
        let (key, id) = ImportedReminder.keyAndID(uid: todo.uid) { ImportedReminder.fingerprint(values, dated: todo.due != nil) }
        var reminder = Reminder(id: id, values: values, now: now, completed: todo.isCompleted, completedAt: todo.completedAt)
        reminder.stage = todo.stage
        reminder.percentComplete = todo.isCompleted && todo.stage != .cancelled ? nil : todo.percentComplete
        reminder.priority = todo.priority.map(Priority.init(icalendar:)) ?? .none
        // Its alarms answered or snoozed (a backup's): what was answered does not notify again,
        // and a snooze fires when it was to.
        reminder.alarmsAcknowledgedAt = todo.alarmsAcknowledgedAt
        reminder.alarmsSnoozedUntil = todo.alarmsSnoozedUntil
        // Its UID as the calendar spelt it (an export writes it back).
        reminder.calendarUID = ImportedReminder.calendarUID(todo.uid, of: id)
        // The calendar's own history, when it has one (an export keeps them across a round trip).
        reminder.createdAt = todo.createdAt ?? now
        reminder.updatedAt = todo.modifiedAt ?? reminder.createdAt
        keep(reminder, key: key, tags: tags, list: listName)
    }

    /// What a row or item refused by the form's rules is told: the form's sentence, and for a
    /// past date what lets it in (a backup, or another app's series that keeps its first date).
    private static func message(_ error: ReminderValidationError) -> String {
        error == .notInFuture ? "Must be in the future; --allow-past imports past ones as they are (a backup, an older series)"
            : error.message
    }

    /// Keeps an accepted reminder for `finish`, its new tag names counted for the file. A key seen
    /// before (in the store, deleted since, or earlier in this file) is skipped when written.
    private func keep(_ reminder: Reminder, key: String, tags: (names: [String], newKeys: Set<String>),
                      list: (name: String, key: String)?) {
        tagKeys.formUnion(tags.newKeys)
        if let list { listKeys.insert(list.key) }
        importer.add([ImportedReminder(reminder: reminder, tagNames: tags.names, listName: list?.name, importKey: key)])
    }

    /// Counts a record of a file that is not a reminder Memoss can take (a comment without its task),
    /// with its reasons.
    package func refuse(_ record: [Refusal]) {
        guard !record.isEmpty else { return }
        importer.refuse()
        refusals += record
    }

    /// Counts an item of a calendar the reader refused, with its reasons.
    package func refuse(_ item: [CalendarRefusal]) {
        guard !item.isEmpty else { return }
        importer.refuse()
        refusals += item.map { Refusal(line: $0.line, field: $0.field, message: $0.message) }
    }

    /// Writes the accepted rows and ends the import: kept (committed, notifications replanned once)
    /// or, for a dry run or a strict import with refusals, rolled back. `committing` follows the commit:
    /// the rows are in the store.
    package func finish(keep: Bool, committing: @Sendable (CommitPhase) -> Void = { _ in }) async throws -> ImportCounts {
        try await importer.finish(keep: keep, committing: committing)
    }

    private func position(_ column: Column) -> Int? { header.index[column] }


    /// true/false/yes/no/1/0 in any case; empty is false; anything else `nil`.
    private static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "", "false", "no", "0": false
        case "true", "yes", "1": true
        default: nil
        }
    }
}

extension ImportModel.Column {
    /// The column a field is read from.
    init(_ field: FieldProblem.Field) {
        self = switch field {
        case .title: .title
        case .notes: .notes
        case .date: .date
        case .time: .time
        case .repeat, .times: .repeat
        case .until: .endDate
        case .zone: .timezone
        case .priority: .priority
        case .alarms: .alarms
        }
    }
}

/// Why a CSV file as a whole could not be imported (exit status 2; nothing is written).
package enum ImportFileError: Error, Hashable, Sendable {
    /// The header names no `title` column.
    case noTitleColumn([String])
    /// The file has no header row.
    case empty
    /// A column the importer does not know looks like a date.
    case unmappedDate(String)
    /// Two columns name the same one (the names as written, and the column).
    case duplicateColumn(String, String, String)

    /// The sentence the user reads (after the file's name).
    package var message: String {
        switch self {
        case .noTitleColumn(let names):
            "the header has no title column (it has: \(names.map(VisibleText.escaped).joined(separator: ", "))); name one column title"
        case .empty: "the file is empty; it needs a header row naming at least a title column"
        case .unmappedDate(let name):
            "column \"\(VisibleText.escaped(name))\" looks like a date, but Memoss does not know which; rename it date (the due day) or end_date, or remove it"
        case .duplicateColumn(let first, let second, let column):
            "columns \"\(VisibleText.escaped(first))\" and \"\(VisibleText.escaped(second))\" both mean \(column); remove or rename one"
        }
    }
}
