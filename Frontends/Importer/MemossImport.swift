import ArgumentParser
import CSVReader
import FrontSupport
import Foundation
import Shared

/// `memoss-import [--db PATH] [--dry-run] [--strict] [--allow-past] [--json] [--format csv|ics]
/// [--from TOOL] [--ignore-column NAME …] FILE`:
/// the `memoss-import` program, and `memoss` when it is started under that name.
package struct MemossImport: AsyncParsableCommand {
    /// The command's name, help and version.
    package static let configuration = CommandConfiguration(
        commandName: "memoss-import",
        abstract: "Import reminders from a CSV or iCalendar (.ics) file, each checked by the same rules as the add form.",
        discussion: """
            The header row names the columns, in any order and case: title (required), notes, date \
            (YYYY-MM-DD, or D/M/YYYY with --date-order; no date when empty), time (HH:mm, 9:30 PM, seconds \
            dropped; all day when empty), repeat (any phrase --repeat takes: weekly, every 2 weeks on tue,thu …), end_date, \
            tags (separated by ;), completed (true/false/yes/no/1/0), completed_at (ISO 8601), timezone (IANA; \
            yours when empty), id (a UUID); other tools' \
            names (Due Date, Task, Labels …) are read too, and the exports of Todoist, TickTick, Outlook (Microsoft To Do), \
            Google Tasks and Apple Reminders as they are (recognised by their header, or named with --from); \
            see man memoss-import. Everything is written in one transaction: an interrupted import \
            leaves the store as it was. Importing a file again adds nothing it added before, nor what you \
            deleted since. Exit status: 0 when no row was refused, 1 when some were, 2 when the file or \
            its header could not be used. `memoss undo` takes back a whole import. A file named .ics (or \
            --format ics) is read as an iCalendar file: each VTODO is a reminder (UID, SUMMARY, DESCRIPTION, \
            DUE or DTSTART, RRULE, STATUS/COMPLETED, CATEGORIES); what Memoss cannot represent is refused \
            with its line.
            """,
        version: "memoss-import \(MemossVersion.current)"
    )

    @OptionGroup var store: StoreOptions
    @Flag(help: "Check and count everything, write nothing.") var dryRun = false
    @Flag(help: "Write nothing if any row is refused.") var strict = false
    @Flag(help: "Accept open reminders dated in the past (completed rows always may be).") var allowPast = false
    @Flag(help: "Print the counts and every refusal as JSON.") var json = false
    @Option(help: ArgumentHelp("Put every reminder in this list (created when there is none), whatever the file says.", valueName: "NAME"))
    var list: String?
    @Option(help: ArgumentHelp("csv or ics; by default the file's extension says, and standard input is csv.", valueName: "format"))
    var format: String?
    @Option(help: ArgumentHelp("Between CSV fields: comma, semicolon or tab (by default, the one the header uses most).",
                               valueName: "delimiter"))
    var delimiter: String?
    @Option(help: ArgumentHelp("How numeric dates such as 05/12/2026 are read: dmy (5 December) or mdy (May 12); without it they are refused.",
                               valueName: "order"))
    var dateOrder: String?
    @Option(help: ArgumentHelp("Whose export the CSV is: todoist, ticktick, outlook, google, apple or memoss (by default its header says).",
                               valueName: "tool"))
    var from: String?
    @Option(name: .customLong("ignore-column"), help: ArgumentHelp("Leave this CSV column out, as if the file had none (repeat it for several).",
                                                                  valueName: "name"))
    var ignoredColumns: [String] = []
    @Argument(help: "The CSV or .ics file, or - for standard input.") var file: String

    /// The command before its arguments are read (argument-parser fills them in).
    package init() {}

    /// The delimiter byte asked for, `nil` to find it in the header.
    private var delimiterByte: UInt8? {
        switch delimiter?.lowercased() {
        case ",", "comma": 0x2C
        case ";", "semicolon": 0x3B
        case "\t", "\\t", "tab": 0x09
        default: nil
        }
    }

    /// Refuses values no option takes (usage errors, exit 2).
    package func validate() throws {
        if let format, !["csv", "ics"].contains(format.lowercased()) {
            throw ValidationError("--format must be csv or ics, not \"\(format)\".")
        }
        if let delimiter, delimiterByte == nil {
            throw ValidationError("--delimiter must be comma, semicolon or tab (or , ; \\t), not \"\(delimiter)\".")
        }
        if let dateOrder, TypedInput.DateOrder(rawValue: dateOrder.lowercased()) == nil {
            throw ValidationError("--date-order must be dmy (day first) or mdy (month first), not \"\(dateOrder)\".")
        }
        if let from, ImportSource(rawValue: from.lowercased()) == nil {
            throw ValidationError("--from must be one of \(ImportSource.names), not \"\(from)\".")
        }
        if from != nil, isCalendar {
            throw ValidationError("--from names whose CSV export the file is; an iCalendar file needs none.")
        }
        if let list {
            do { _ = try TagRules.validName(list) } catch { throw ValidationError("--list: " + ListError.invalidName(error).message) }
        }
    }

    /// Whether the file is read as iCalendar.
    private var isCalendar: Bool {
        if let format { return format.lowercased() == "ics" }
        return ["ics", "ical", "icalendar"].contains(URL(fileURLWithPath: file).pathExtension.lowercased())
    }

    /// Runs the command line as the program: usage errors exit with status 2.
    package static func runProgram() async -> Never {
        await FrontMain.run(MemossImport.self, arguments: Array(CommandLine.arguments.dropFirst()), program: "memoss-import")
    }

    /// Imports the file.
    @MainActor
    package func run() async throws {
        Interruption.install()
        let name = file == "-" ? "-" : file
        // A folder opens, but reading it fails; refused before the store is opened (or made).
        var status = stat()
        if file != "-", stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            fail("\(file) is a folder; give the path of a file to import, e.g. memoss-import tasks.csv")
        }
        let core: MemossCore
        do {
            core = try await store.openCore()
        } catch {
            fail(ErrorMessage.describe(error))
        }
        let environment = core.environment
        guard let handle = file == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: file) else {
            fail("cannot read \(file): no such file, or no permission to read it")
        }
        let size = file == "-" ? nil : (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        if isCalendar {
            return try await importCalendar(handle, name: name, core: core, zone: environment.timeZone, size: size)
        }
        let reader = CSVReader(handle, delimiter: delimiterByte)

        let importModel: ImportModel
        let rows: ImportSourceRows
        do {
            guard var headerRecord = try reader.next() else { throw ImportFileError.empty }
            if headerRecord.fields.first?.trimmingWhitespace().uppercased() == "BEGIN:VCALENDAR" {
                fail("\(name) is an iCalendar file; name it .ics or add --format ics; nothing was imported")
            }
            if let first = headerRecord.fields.first?.trimmingWhitespace(), first.hasPrefix("{") || first.hasPrefix("[") {
                fail("\(name) looks like JSON, which memoss-import does not read; export it as CSV or iCalendar "
                    + "(memoss export --format csv) and import that; nothing was imported")
            }
            // Lines some tools write above the header (TickTick's "Date: …", "Version: …").
            while ImportSource.isPreamble(headerRecord.fields) {
                guard let next = try reader.next() else { throw ImportFileError.empty }
                headerRecord = next
            }
            let source = from.flatMap { ImportSource(rawValue: $0.lowercased()) } ?? ImportSource.recognised(headerRecord.fields)
            rows = try ImportSourceRows(source: source, names: headerRecord.fields, ignoring: Set(ignoredColumns),
                                        zone: environment.timeZone, now: environment.now())
            for column in rows.header.unknown {
                warn("\(name):\(headerRecord.line): unknown column \"\(VisibleText.escaped(column))\" is ignored")
            }
            if !rows.leftAside.isEmpty {
                warn("\(name):\(headerRecord.line): read as an export of \(source.displayName); Memoss has no place for "
                    + rows.leftAside.map { "\"\(VisibleText.escaped($0))\"" }.joined(separator: ", ") + ", left aside")
            }
            importModel = core.importModel(header: rows.header, allowPast: allowPast,
                                           dateOrder: dateOrder.flatMap { TypedInput.DateOrder(rawValue: $0.lowercased()) }, list: list, source: name)
        } catch let error as CSVError {
            fail("\(name):\(error.line): \(error.message); nothing was imported")
        } catch let error as ImportFileError {
            fail("\(name): \(error.message); nothing was imported")
        } catch {
            fail("\(ErrorMessage.describe(error)) Nothing was imported.")
        }

        // A regular file is read at disk speed: its rows are written as they come, on another
        // thread. A pipe or a terminal may be slow, so its rows wait for the end, and the store's
        // write lock is not held meanwhile.
        var info = stat()
        importModel.writesWhileReading = fstat(handle.fileDescriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        let progress = Progress(totalBytes: size)
        func take(_ taken: [ImportSourceRows.Row]) {
            for row in taken { importModel.add(row.fields, line: row.line) }
            for refusal in rows.takeRefusals() { importModel.refuse([refusal]) }
        }
        do {
            while let record = try reader.next() {
                take(rows.rows(record.fields, line: record.line))
                progress.update(rows: importModel.rowsRead, bytes: reader.bytesRead)
            }
            take(rows.finish())
        } catch {
            progress.clear()
            fail("\(name):\(error.line): \(error.message); nothing was imported")
        }
        progress.clear()
        if !json, let summary = rows.summary { Output.note(summary) }
        progress.clear()
        try await finish(importModel, name: name, core: core)
    }

    /// Reads a calendar, taking its VTODOs and refusals in file order as they come. A regular file
    /// is read twice from disk (the zones its VTIMEZONEs name, then the items), its rows written
    /// as they come, as a CSV's are; anything else (a pipe) is read whole first, up to 256 MiB.
    @MainActor
    private func importCalendar(_ handle: FileHandle, name: String, core: MemossCore, zone: TimeZone, size: Int?) async throws {
        var info = stat()
        let isRegular = fstat(handle.fileDescriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        let source = CalendarSource(handle)
        if !isRegular {
            let limit = 256 << 20
            guard let data = source.readWhole(limit: limit) else {
                fail("cannot read \(name): \(source.failure ?? "a read error"); nothing was imported")
            }
            if data.count > limit { fail("\(name) is larger than 256 MiB; give it as a file, not through a pipe; nothing was imported") }
        }
        let importModel = core.importModel(header: try ImportModel.Header(ImportModel.Column.allCases.map(\.rawValue)),
                                           allowPast: allowPast, list: list, source: name)
        importModel.writesWhileReading = isRegular
        let progress = Progress(totalBytes: size)
        var syntaxError: ContentLines.SyntaxError?
        do {
            try CalendarReader.read({ source.reader() }, userZone: zone) { entry in
                switch entry {
                case .todo(let todo): importModel.add(todo)
                case .refused(let refusals): importModel.refuse(refusals)
                }
                progress.update(rows: importModel.rowsRead, bytes: source.bytesRead)
            }
        } catch {
            syntaxError = error
        }
        progress.clear()
        // A file that stopped being readable looks cut short to the reader: that is what to say.
        if let failure = source.failure { fail("cannot read \(name): \(failure); nothing was imported") }
        if let syntaxError { fail("\(name):\(syntaxError.line): \(syntaxError.message); nothing was imported") }
        try await finish(importModel, name: name, core: core)
    }

    /// Writes (or, for a dry run or a strict import with refusals, does not write) and reports.
    @MainActor
    private func finish(_ importModel: ImportModel, name: String, core: MemossCore) async throws {
        let refusedAny = importModel.counts.refused > 0
        let keep = !dryRun && !(strict && refusedAny)
        let counts: ImportCounts
        do {
            counts = try await importModel.finish(keep: keep, committing: Interruption.follow)
        } catch {
            fail("\(ErrorMessage.describe(error)) Nothing was imported.")
        }
        report(counts, refusals: importModel.refusals, name: name, written: keep)
        core.finish()
        if refusedAny { throw ExitCode(1) }
    }

    private func report(_ counts: ImportCounts, refusals: [ImportModel.Refusal], name: String, written: Bool) {
        let summary: String
        if written {
            summary = "Imported \(counts.imported), skipped \(counts.skipped) already present, refused \(counts.refused)."
        } else if dryRun {
            summary = "Dry run: would import \(counts.imported), skip \(counts.skipped) already present, refuse \(counts.refused); nothing was written."
        } else {
            summary = "Refused \(counts.refused) with --strict, so nothing was written (would import \(counts.imported), skip \(counts.skipped) already present)."
        }
        if json {
            struct Report: Encodable {
                struct Refusal: Encodable { let line: Int; let field: String; let message: String }
                let file: String, imported: Int, skipped: Int, refused: Int, tagsCreated: Int, listsCreated: Int, written: Bool, dryRun: Bool
                let refusals: [Refusal]
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let report = Report(file: name, imported: counts.imported, skipped: counts.skipped, refused: counts.refused,
                                tagsCreated: counts.tagsCreated, listsCreated: counts.listsCreated, written: written, dryRun: dryRun,
                                refusals: refusals.map { .init(line: $0.line, field: $0.field, message: $0.message) })
            let data = (try? encoder.encode(report)) ?? Data("{}".utf8)
            Output.say(JSONShapes.terminalSafe(JSONShapes.emptiesClosed(data)))
            return
        }
        for refusal in refusals {
            Output.note("\(name):\(refusal.line): \(refusal.field): \(VisibleText.escaped(refusal.message))")
        }
        let created = [counts.tagsCreated > 0 ? "\(counts.tagsCreated) tag\(counts.tagsCreated == 1 ? "" : "s")" : nil,
                       counts.listsCreated > 0 ? "\(counts.listsCreated) list\(counts.listsCreated == 1 ? "" : "s")" : nil].compactMap { $0 }
        Output.say(summary + (created.isEmpty ? "" : (written ? " Created " : " It would create ") + created.joined(separator: " and ") + "."))
    }

    private func warn(_ message: String) {
        Output.warn(message)
    }

    /// Says why the file could not be imported at all; exit status 2.
    private func fail(_ message: String) -> Never {
        Output.fail(message, status: 2)
    }
}

/// The bytes of a calendar for `CalendarReader`: a regular file read from its start at each
/// pass, in pieces; anything else read whole once, then given from memory at each pass.
private final class CalendarSource {
    private let handle: FileHandle
    private var whole: Data?
    /// Bytes given in the current pass.
    private(set) var bytesRead = 0
    /// Why reading stopped early, if it did (the reader then sees the file end there).
    private(set) var failure: String?

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// Reads what is not a regular file into memory: `nil` when it cannot be read, more than
    /// `limit` bytes when it is too long.
    func readWhole(limit: Int) -> Data? {
        do {
            whole = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            failure = SystemError.reason(error) ?? error.localizedDescription
        }
        return whole
    }

    /// A reader from the start of the file.
    func reader() -> ContentLines.Reader {
        bytesRead = 0
        if let whole { return ContentLines.Reader(whole: whole) }
        do { try handle.seek(toOffset: 0) } catch { failure = SystemError.reason(error) ?? error.localizedDescription }
        return ContentLines.Reader { [self] in
            guard failure == nil else { return nil }
            do {
                let piece = try handle.read(upToCount: 1 << 20)
                bytesRead += piece?.count ?? 0
                return piece
            } catch {
                failure = SystemError.reason(error) ?? error.localizedDescription
                return nil
            }
        }
    }
}
