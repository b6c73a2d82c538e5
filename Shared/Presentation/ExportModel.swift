import Domain
import Foundation
import ICalendar
import UseCases

/// `export`: reminders written as an iCalendar file of VTODOs, as CSV in the importer's columns,
/// or as the JSON of `list --json`. Everything by default (open ones by due time, then completed
/// ones, most recently completed first), or the completed ones only, narrowed to a tag.
package struct ExportModel: Sendable {
    /// What the file is.
    package enum Format: String, CaseIterable, Sendable {
        case ics, csv, json
    }

    private let loadDashboard: LoadDashboardUseCase
    private let environment: AppEnvironment
    private let product: String

    /// An export of what `loadDashboard` reads; `product` names the program in the calendar's PRODID.
    package init(loadDashboard: LoadDashboardUseCase, environment: AppEnvironment, product: String) {
        self.loadDashboard = loadDashboard
        self.environment = environment
        self.product = product
    }

    /// Writes the export through `write`, in pieces; returns how many reminders it holds.
    package func export(_ format: Format, tagged tagID: UUID?, completedOnly: Bool,
                        write: @escaping @Sendable (String) -> Void) async throws -> Int {
        let sections = completedOnly ? [true] : [false, true]
        switch format {
        case .ics:
            // VTIMEZONEs come first and depend on every reminder, so the items are gathered.
            let items = Gathered<CalendarItem>()
            for done in sections {
                _ = try await loadDashboard.stream(done: done, tagged: tagID, limit: nil) { reminder, _ in
                    items.add(CalendarItem(reminder: reminder.reminder, tagNames: reminder.tags.map(\.name)))
                }
            }
            let all = items.all
            write(CalendarWriter.calendar(all, stamp: environment.now(), product: product))
            return all.count
        case .csv:
            write(CSVExport.header)
            var count = 0
            for done in sections {
                count += try await loadDashboard.stream(done: done, tagged: tagID, limit: nil) { reminder, _ in
                    write(CSVExport.row(reminder))
                }
            }
            return count
        case .json:
            // The dashboard's document: completed first (sorted keys), then to do.
            let stream = JSONShapes.DashboardJSONStream(write: write)
            var count = try await loadDashboard.stream(done: true, tagged: tagID, limit: nil) { reminder, _ in
                stream.add(reminder)
            }
            stream.startToDo()
            if !completedOnly {
                count += try await loadDashboard.stream(done: false, tagged: tagID, limit: nil) { reminder, _ in
                    stream.add(reminder)
                }
            }
            stream.end()
            return count
        }
    }
}

/// Reminders as CSV in the columns `memoss-import` reads (RFC 4180 quoting, CRLF line ends),
/// so an export imports again: the id keeps each reminder itself.
package enum CSVExport {
    package static let header = "id,title,notes,date,time,timezone,repeat,end_date,tags,completed,completed_at\r\n"

    /// One reminder's record: its current occurrence's wall date and time in its zone.
    package static func row(_ item: ReminderWithTags) -> String {
        let reminder = item.reminder
        let local = reminder.localScheduled
        let rule = switch reminder.recurrence {
        case .never: "never"
        case .daily: "daily"
        case .weekly: "weekly"
        // The day is the date's unless a shorter month moved it (day 31 due on 28 February).
        case .monthly(let day): day == local.date.day ? "monthly" : "monthly on the \(RecurrenceRule.ordinal(day))"
        }
        let fields = [reminder.id.uuidString, reminder.title, reminder.notes ?? "", local.date.description,
                      local.time.description, reminder.timeZoneID, rule, reminder.recurrenceEnd?.description ?? "",
                      item.tags.map { $0.name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;") }
                        .joined(separator: ";"), reminder.isCompleted ? "true" : "false",
                      reminder.completedAt.map { completedText.string(from: $0) } ?? ""]
        return fields.map(quoted).joined(separator: ",") + "\r\n"
    }

    /// `2026-12-03T19:00:05.123Z`: to the millisecond, as the store keeps it.
    nonisolated(unsafe) private static let completedText: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter
    }()

    private static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) || field.first == " " || field.last == " "
        else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
