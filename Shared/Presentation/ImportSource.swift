import Domain
import Foundation

/// The tools whose CSV exports `memoss-import` reads as they write them, recognised by their header
/// row or named with `--from`: each file's rows are put into Memoss's own columns
/// (`ImportSourceRows`), and the importer then reads them as it reads its own.
package enum ImportSource: String, CaseIterable, Sendable {
    /// Memoss's own columns, and spreadsheets' (with the other names `ImportModel.Header` knows).
    case memoss
    /// Todoist's "Export as a template" CSV: TYPE rows (task, note, section), CONTENT, DESCRIPTION,
    /// PRIORITY, DATE in DATE_LANG, TIMEZONE, DEADLINE.
    case todoist
    /// TickTick's backup CSV: a preamble, then Folder Name, List Name, Title, Kind, Tags, Content,
    /// Start Date, Due Date, Repeat (an RRULE), Priority, Status, Completed Time, Timezone, Is All Day.
    case ticktick
    /// Microsoft To Do's tasks as Outlook exports them: Subject, Start Date, Due Date, Date
    /// Completed, % Complete, Categories, Notes, Priority, Status.
    case outlook
    /// Google Tasks as its API gives them, one column per field: title, notes, due, status,
    /// completed, updated, list.
    case google
    /// Apple Reminders as exporting scripts write them: Title, Notes, Due Date, Completed,
    /// Completion Date, Priority, Flagged, List.
    case apple

    /// How the tool is called, for messages.
    package var displayName: String {
        switch self {
        case .memoss: "Memoss"
        case .todoist: "Todoist"
        case .ticktick: "TickTick"
        case .outlook: "Microsoft To Do/Outlook"
        case .google: "Google Tasks"
        case .apple: "Apple Reminders"
        }
    }

    /// The names `--from` takes.
    package static let names = allCases.map(\.rawValue).joined(separator: ", ")

    /// The source a header row says: its column names, in any case.
    package static func recognised(_ names: [String]) -> ImportSource {
        let keys = Set(names.map(key))
        if keys.isSuperset(of: ["type", "content"]) { return .todoist }
        if keys.isSuperset(of: ["folder name", "list name", "title"]) { return .ticktick }
        if keys.isSuperset(of: ["subject", "due date"]), keys.contains("reminder on/off") || keys.contains("date completed") { return .outlook }
        if keys.isSuperset(of: ["title", "updated"]), keys.contains("due") || keys.contains("status") { return .google }
        if keys.contains("title"), keys.contains("completion date") || keys.contains("flagged") { return .apple }
        return .memoss
    }

    /// Whether a record before the header is one of the lines a tool writes above it (TickTick's
    /// `"Date: 2026-06-15+0000"`, `"Version: 7.2"`, `"Status: …"`).
    package static func isPreamble(_ record: [String]) -> Bool {
        guard let first = record.first, record.dropFirst().allSatisfy({ $0.trimmingWhitespace().isEmpty }),
              let colon = first.firstIndex(of: ":") else { return false }
        let word = first[..<colon].trimmingWhitespace()
        return !word.isEmpty && word.count <= 20 && word.allSatisfy { $0.isLetter || $0 == " " }
    }

    /// A column name as compared: trimmed, lower case, `_` as a space.
    static func key(_ name: String) -> String {
        name.trimmingWhitespace().lowercased().replacingOccurrences(of: "_", with: " ")
    }

    /// The columns each tool writes that Memoss reads, by key; the others are said to be left aside.
    var readColumns: Set<String> {
        switch self {
        case .memoss: []
        case .todoist: ["type", "content", "description", "priority", "date", "date lang", "timezone", "deadline", "deadline lang"]
        case .ticktick: ["list name", "title", "kind", "tags", "content", "start date", "due date", "repeat", "priority", "status",
                         "completed time", "timezone", "is all day", "is floating"]
        case .outlook: ["subject", "start date", "due date", "date completed", "% complete", "categories", "notes", "priority", "status"]
        case .google: ["title", "notes", "due", "status", "completed", "list", "deleted"]
        case .apple: ["title", "notes", "due date", "completed", "completion date", "priority", "list", "list name"]
        }
    }
}

/// Rows of another tool's export in Memoss's own columns (`ImportModel.Column`), record by record:
/// what each column of the tool means for a reminder, its dates and times read as the tool writes
/// them. A record that is no reminder is left out (a Todoist section or blank row), joins the one
/// before (a Todoist comment), or is refused with why (a TickTick note).
package final class ImportSourceRows {
    /// One row in Memoss's columns, and the line its record starts on.
    package struct Row: Sendable {
        /// The fields, in `ImportModel.Column.allCases` order.
        package let fields: [String]
        /// The line of the file.
        package let line: Int
    }

    /// The tool.
    package let source: ImportSource
    /// The header the rows are read with: Memoss's own columns for another tool's file, the file's
    /// own for Memoss's (and spreadsheets').
    package let header: ImportModel.Header
    /// The tool's columns Memoss has no place for, as the file names them, in file order.
    package let leftAside: [String]
    /// Records that are not reminders and are not kept, with why.
    package private(set) var refusals: [ImportModel.Refusal] = []

    private let positions: [String: Int]
    private let zone: TimeZone
    private let now: Date
    private var pending: (fields: [String], line: Int)?
    private var section: String?
    private var counts = (comments: 0, sections: 0, deadlinesLeft: 0, startDatesLeft: 0)

    /// Rows of a file of `source` whose header row is `names`, columns named in `ignoring` left out;
    /// dates and times without a zone of their own are read in `zone`, relative ones at `now`.
    /// Throws `ImportFileError` when the header cannot be used.
    package init(source: ImportSource, names: [String], ignoring: Set<String> = [], zone: TimeZone, now: Date) throws {
        self.source = source
        self.zone = zone
        self.now = now
        let ignored = Set(ignoring.map(ImportSource.key))
        var positions: [String: Int] = [:]
        for (index, name) in names.enumerated() where !ignored.contains(ImportSource.key(name)) {
            if positions[ImportSource.key(name)] == nil { positions[ImportSource.key(name)] = index }
        }
        self.positions = positions
        if source == .memoss {
            header = try ImportModel.Header(names, ignoring: ignoring)
            leftAside = []
            return
        }
        header = try ImportModel.Header(ImportModel.Column.allCases.map(\.rawValue))
        let read = source.readColumns
        leftAside = names.filter { !$0.trimmingWhitespace().isEmpty && !read.contains(ImportSource.key($0)) && !ignored.contains(ImportSource.key($0)) }
        let title = source == .todoist ? "content" : source == .outlook ? "subject" : "title"
        guard positions[title] != nil else { throw ImportFileError.noTitleColumn(names) }
    }

    /// The rows `record` (starting on `line`) gives: usually itself, in Memoss's columns; none for a
    /// record that is no reminder, or one held until the records that belong to it are read.
    package func rows(_ record: [String], line: Int) -> [Row] {
        guard source != .memoss else { return [Row(fields: record, line: line)] }
        let field = { (name: String) -> String in
            guard let index = self.positions[name], index < record.count else { return "" }
            return record[index].trimmingWhitespace()
        }
        switch source {
        case .memoss: return [Row(fields: record, line: line)]
        case .todoist: return todoist(field, line: line)
        case .ticktick: return ticktick(field, line: line).map { [$0] } ?? []
        case .outlook: return [outlook(field, line: line)]
        case .google: return google(field, line: line).map { [$0] } ?? []
        case .apple: return [apple(field, line: line)]
        }
    }

    /// The refusals since the last call, each one record's, in file order.
    package func takeRefusals() -> [ImportModel.Refusal] {
        defer { refusals = [] }
        return refusals
    }

    /// The rows held back to the end of the file (Todoist's last task, waiting for its comments).
    package func finish() -> [Row] {
        defer { pending = nil }
        return pending.map { [Row(fields: $0.fields, line: $0.line)] } ?? []
    }

    /// What was made of the file's own ways, for the report: "Read as an export of Todoist: 3 comments
    /// added to their tasks' notes; 2 sections made lists."; `nil` for Memoss's own columns.
    package var summary: String? {
        guard source != .memoss else { return nil }
        var parts: [String] = []
        if counts.comments > 0 { parts.append("\(counts.comments) comment\(counts.comments == 1 ? "" : "s") added to their tasks' notes") }
        if counts.sections > 0 { parts.append("\(counts.sections) section\(counts.sections == 1 ? "" : "s") made lists") }
        if counts.deadlinesLeft > 0 {
            parts.append("\(counts.deadlinesLeft) deadline\(counts.deadlinesLeft == 1 ? "" : "s") of tasks with a DATE left out (the DATE is the due day)")
        }
        if counts.startDatesLeft > 0 {
            parts.append("\(counts.startDatesLeft) Start Date\(counts.startDatesLeft == 1 ? "" : "s") left out (Memoss keeps the Due Date)")
        }
        return "Read as an export of \(source.displayName)" + (parts.isEmpty ? "." : ": " + parts.joined(separator: "; ") + ".")
    }

    // MARK: The tools

    /// Memoss's columns, empty.
    private func blank() -> [String] { Array(repeating: "", count: ImportModel.Column.allCases.count) }

    private static let index: [ImportModel.Column: Int] = Dictionary(uniqueKeysWithValues: ImportModel.Column.allCases.enumerated().map { ($1, $0) })

    private func set(_ fields: inout [String], _ column: ImportModel.Column, _ value: String) {
        if let position = Self.index[column] { fields[position] = value }
    }

    private func refuse(_ line: Int, _ field: String, _ message: String) {
        refusals.append(ImportModel.Refusal(line: line, field: field, message: message))
    }

    /// TYPE task, note (a comment on the task above), section (the tasks below go to its list), meta
    /// and blank rows.
    private func todoist(_ field: (String) -> String, line: Int) -> [Row] {
        switch field("type").lowercased() {
        case "task":
            let held = finish()
            var fields = blank()
            var title: [Substring] = [], labels: [String] = []
            for word in field("content").split(separator: " ", omittingEmptySubsequences: false) {
                if word.count > 1, word.hasPrefix("@") { labels.append(String(word.dropFirst())) } else { title.append(word) }
            }
            set(&fields, .title, title.joined(separator: " ").trimmingWhitespace())
            set(&fields, .tags, labels.map { $0.replacingOccurrences(of: ";", with: "\\;") }.joined(separator: ";"))
            set(&fields, .notes, field("description"))
            set(&fields, .priority, ["1": "high", "2": "medium", "3": "low", "4": "none"][field("priority")] ?? field("priority"))
            if let section { set(&fields, .list, section) }
            let zoneName = field("timezone")
            let rowZone = TimeZone(identifier: zoneName) ?? zone
            set(&fields, .timezone, zoneName)
            var dateText = field("date"), language = field("date lang")
            if dateText.isEmpty, !field("deadline").isEmpty {
                dateText = field("deadline")
                language = field("deadline lang")
            } else if !field("deadline").isEmpty {
                counts.deadlinesLeft += 1
            }
            if !dateText.isEmpty {
                switch TodoistDates.read(dateText, now: now, zone: rowZone) {
                case .success(let due):
                    set(&fields, .date, due.date.description)
                    set(&fields, .time, due.time?.description ?? "")
                    set(&fields, .repeat, due.repeatPhrase ?? "")
                    set(&fields, .endDate, due.until?.description ?? "")
                case .failure(let failure):
                    let english = language.isEmpty || language.lowercased().hasPrefix("en")
                    refuse(line, "DATE", failure.message.prefix(1).uppercased() + failure.message.dropFirst()
                        + (english ? "" : "; it is in Todoist's language \"\(language)\", and Memoss reads Todoist's dates in English "
                            + "(set Todoist's language to English before exporting)"))
                    return held
                }
            }
            pending = (fields, line)
            return held
        case "note":
            let text = Self.attachmentsNamed(field("content"))
            guard var held = pending else {
                refuse(line, "TYPE", "A comment with no task above it (after a section or at the start) is left out")
                return []
            }
            guard let position = Self.index[.notes] else { return [] }
            held.fields[position] += (held.fields[position].isEmpty ? "" : "\n\n") + text
            pending = held
            counts.comments += 1
            return []
        case "section":
            let held = finish()
            let name = field("content")
            section = name.isEmpty ? nil : name
            if !name.isEmpty { counts.sections += 1 }
            return held
        case "", "meta":
            return []
        case let other:
            refuse(line, "TYPE", "\"\(VisibleText.escaped(other))\" is not a Todoist row (task, note or section)")
            return []
        }
    }

    /// A comment's attached files (`[[file {"file_name": …, "file_url": …}]]`) as their name and address.
    private static func attachmentsNamed(_ text: String) -> String {
        var result = text
        while let start = result.range(of: "[[file "), let end = result.range(of: "}]]", range: start.upperBound..<result.endIndex) {
            let json = result[start.upperBound..<result.index(end.lowerBound, offsetBy: 1)]
            let file = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
            let name = file?["file_name"] as? String ?? "a file"
            let address = file?["file_url"] as? String
            result.replaceSubrange(start.lowerBound..<end.upperBound, with: "[file: \(name)\(address.map { " " + $0 } ?? "")]")
        }
        return result
    }

    /// TickTick: dates as instants with their offset (`2026-12-26T00:00:00+0000`) in the row's
    /// Timezone, all day when Is All Day; Status 0 open, 1 and 2 done, -1 won't do (cancelled);
    /// Priority 0, 1, 3, 5; a NOTE (not a task) refused.
    private func ticktick(_ field: (String) -> String, line: Int) -> Row? {
        if field("kind").uppercased() == "NOTE" {
            refuse(line, "Kind", "A TickTick note is not a task; it is left out")
            return nil
        }
        var fields = blank()
        set(&fields, .title, field("title"))
        set(&fields, .notes, field("content"))
        set(&fields, .tags, field("tags").split(separator: ",").map { $0.trimmingWhitespace().replacingOccurrences(of: ";", with: "\\;") }
            .joined(separator: ";"))
        set(&fields, .list, field("list name"))
        let zoneName = field("timezone")
        let rowZone = TimeZone(identifier: zoneName) ?? zone
        let floating = Self.yes(field("is floating"))
        set(&fields, .timezone, floating ? "" : zoneName)
        let due = field("due date").isEmpty ? field("start date") : field("due date")
        if !due.isEmpty {
            if let instant = Self.instant(due) {
                let local = LocalDateTime(of: instant, in: rowZone)
                if Self.yes(field("is all day")) {
                    // The day's start in the row's zone, or midnight UTC as some exports write it.
                    let utc = LocalDateTime(of: instant, in: .gmt)
                    let day = local.time == .midnight || utc.time != .midnight ? local.date : utc.date
                    set(&fields, .date, day.description)
                } else {
                    set(&fields, .date, local.date.description)
                    set(&fields, .time, local.time.description)
                }
            } else {
                set(&fields, .date, due)
            }
        }
        set(&fields, .repeat, field("repeat"))
        set(&fields, .priority, ["0": "none", "1": "low", "3": "medium", "5": "high"][field("priority")] ?? field("priority"))
        let status = field("status")
        set(&fields, .status, ["0": "todo", "1": "done", "2": "done", "-1": "cancelled"][status] ?? status)
        if ["1", "2"].contains(status), let done = Self.instant(field("completed time")) {
            set(&fields, .completedAt, Self.isoText(done))
        }
        return Row(fields: fields, line: line)
    }

    /// Outlook's tasks: the Due Date (Start Date left out), numeric dates as Outlook's locale writes
    /// them (`--date-order` says which), Status and % Complete, High/Normal/Low, Categories by `;`.
    private func outlook(_ field: (String) -> String, line: Int) -> Row {
        var fields = blank()
        set(&fields, .title, field("subject"))
        set(&fields, .notes, field("notes"))
        set(&fields, .tags, field("categories").split(separator: ";").map { $0.trimmingWhitespace() }.joined(separator: ";"))
        set(&fields, .date, field("due date"))
        if !field("start date").isEmpty { counts.startDatesLeft += 1 }
        let status = field("status").lowercased()
        let word = ["not started": "todo", "in progress": "in-progress", "completed": "done", "waiting on someone else": "todo",
                    "deferred": "todo"][status] ?? status
        set(&fields, .status, !field("date completed").isEmpty && word.isEmpty ? "done" : word)
        let percent = field("% complete")
        // Outlook writes "0%" for an open task, which says nothing.
        if word == "in-progress" || !(["0", "0%", "0.00", "100%", "100", "1"].contains(percent)) { set(&fields, .percentComplete, percent) }
        set(&fields, .priority, ["high": "high", "normal": "none", "low": "low"][field("priority").lowercased()] ?? field("priority"))
        return Row(fields: fields, line: line)
    }

    /// Google Tasks: `due` a day written as midnight UTC (the API keeps no time), `status`
    /// needsAction or completed, `completed` an instant; a deleted task refused.
    private func google(_ field: (String) -> String, line: Int) -> Row? {
        if Self.yes(field("deleted")) {
            refuse(line, "deleted", "A task deleted in Google Tasks is left out")
            return nil
        }
        var fields = blank()
        set(&fields, .title, field("title"))
        set(&fields, .notes, field("notes"))
        let due = field("due")
        set(&fields, .date, due.count >= 10 && due.dropFirst(10).first == "T" ? String(due.prefix(10)) : due)
        let status = field("status")
        set(&fields, .status, ["needsaction": "todo", "completed": "done"][status.lowercased()] ?? status)
        if let done = Self.instant(field("completed")) { set(&fields, .completedAt, Self.isoText(done)) }
        set(&fields, .list, field("list"))
        return Row(fields: fields, line: line)
    }

    /// Apple Reminders: dates `YYYY-MM-DD HH:MM` in the user's zone (or with an offset), Completed
    /// yes or no, Priority a word or EventKit's number.
    private func apple(_ field: (String) -> String, line: Int) -> Row {
        var fields = blank()
        set(&fields, .title, field("title"))
        set(&fields, .notes, field("notes"))
        let due = field("due date")
        if let (day, clock) = dayAndTime(due) {
            set(&fields, .date, day)
            set(&fields, .time, clock)
        } else {
            set(&fields, .date, due)
        }
        set(&fields, .completed, field("completed"))
        let done = field("completion date")
        if let instant = Self.instant(done) {
            set(&fields, .completedAt, Self.isoText(instant))
        } else if let (day, clock) = dayAndTime(done), let date = LocalDate(iso: day), let time = LocalTime(hhmm: clock.isEmpty ? "00:00" : clock) {
            set(&fields, .completedAt, Self.isoText(LocalDateTime(date: date, time: time).resolved(in: zone)))
        } else {
            set(&fields, .completedAt, done)
        }
        set(&fields, .priority, field("priority"))
        set(&fields, .list, field("list name").isEmpty ? field("list") : field("list name"))
        return Row(fields: fields, line: line)
    }

    // MARK: Dates and flags

    /// The day and time (`HH:mm`, empty for none) of `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]`, or an
    /// instant with its offset read in the user's zone; `nil` for anything else.
    private func dayAndTime(_ text: String) -> (String, String)? {
        if let instant = Self.instant(text) {
            let local = LocalDateTime(of: instant, in: zone)
            return (local.date.description, local.time.description)
        }
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        guard let first = parts.first, LocalDate(iso: first) != nil else { return nil }
        guard parts.count == 2 else { return (first, "") }
        guard let clock = TypedInput.time(parts[1]) else { return nil }
        return (first, clock.description)
    }

    /// An instant written with its offset: `2026-12-26T00:00:00+0000`, `+00:00`, `Z`, with or without
    /// fractions of a second; `nil` for anything else.
    static func instant(_ text: String) -> Date? {
        var text = text.trimmingWhitespace()
        guard text.count >= 20, text.dropFirst(10).first == "T" else { return nil }
        // ±HHMM as ±HH:MM.
        if let sign = text.dropLast(4).last, sign == "+" || sign == "-", text.suffix(4).allSatisfy(\.isNumber) {
            text.insert(":", at: text.index(text.endIndex, offsetBy: -2))
        }
        return CSVFields.instant(text)
    }

    /// `2026-12-03T19:00:05Z`, as the importer's completed_at column reads it.
    private static func isoText(_ instant: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// `true`, `yes`, `y` or `1`, any case.
    private static func yes(_ text: String) -> Bool { ["true", "yes", "y", "1"].contains(text.lowercased()) }
}
