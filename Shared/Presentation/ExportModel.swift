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
        // Every section from one read of the store, written as it is read.
        let open = ReminderSection(done: false), someday = ReminderSection(done: false, undated: true)
        let done = ReminderSection(done: true, withCompletedTimes: false)
        let openThenDone = completedOnly ? [done] : [open, someday, done]
        let count = Gathered<Int>()
        let counted: @Sendable (Int, Int, Int, Int) -> Void = { pass, _, shown, _ in if pass == 0 { count.add(shown) } }
        switch format {
        case .ics:
            // The VTIMEZONEs come first and cover every reminder: a first pass learns the zones.
            let calendar = CalendarStream(stamp: environment.now(), product: product, write: write)
            try await loadDashboard.stream(openThenDone, tagged: tagID, passes: 2, { pass, _, item, _ in
                if pass == 0 {
                    calendar.note(item.reminder)
                } else {
                    calendar.add(CalendarItem(reminder: item.reminder, tagNames: item.tags.map(\.name)))
                }
            }, ended: counted)
            calendar.end()
        case .csv:
            write(CSVFields.header)
            try await loadDashboard.stream(openThenDone, tagged: tagID, { _, _, item, _ in write(CSVFields.row(item)) }, ended: counted)
        case .json:
            // The dashboard's document: completed first (sorted keys), then to do.
            let stream = JSONShapes.DashboardJSONStream(write: write)
            try await loadDashboard.stream(completedOnly ? [done] : [done, open, someday], tagged: tagID, { _, section, item, _ in
                if section >= 1 { stream.startToDo() }
                stream.add(item)
            }, ended: counted)
            stream.startToDo()
            stream.end()
        }
        return count.all.reduce(0, +)
    }
}
