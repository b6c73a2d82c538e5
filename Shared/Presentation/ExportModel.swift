import Domain
import Foundation
import ICalendar
import UseCases

/// `export`: reminders written as an iCalendar file of VTODOs, as CSV in the importer's columns,
/// or as the JSON of `list --json`. Everything by default (open ones by due time, then completed
/// ones, most recently completed first), or the completed ones only, narrowed by a query (a tag,
/// a list, a priority, words…). A calendar of one list is named after it (`X-WR-CALNAME`); a
/// calendar of every list names the list of each reminder not in the default one (`X-MEMOSS-LIST`).
package struct ExportModel: Sendable {
    /// What the file is.
    package enum Format: String, CaseIterable, Sendable {
        case ics, csv, json
    }

    private let loadDashboard: LoadDashboardUseCase
    private let lists: ListsUseCase
    private let environment: AppEnvironment
    private let product: String

    /// An export of what `loadDashboard` reads, lists named by `lists`; `product` names the
    /// program in the calendar's PRODID.
    package init(loadDashboard: LoadDashboardUseCase, lists: ListsUseCase, environment: AppEnvironment, product: String) {
        self.loadDashboard = loadDashboard
        self.lists = lists
        self.environment = environment
        self.product = product
    }

    /// Writes the export through `write`, in pieces of UTF-8; returns how many reminders it holds.
    package func export(_ format: Format, matching filter: ReminderFilter, completedOnly: Bool,
                        write: @escaping @Sendable ([UInt8]) -> Void) async throws -> Int {
        let all = try await lists.all()
        let names = ListNames(all)
        let oneList = filter.requiredList.flatMap { choice in all.first { $0.choice == choice } }
        // Every section from one read of the store, written as it is read.
        let open = ReminderSection(done: false), someday = ReminderSection(done: false, undated: true)
        let done = ReminderSection(done: true, withCompletedTimes: false)
        let openThenDone = completedOnly ? [done] : [open, someday, done]
        let count = Gathered<Int>()
        let counted: @Sendable (Int, Int, Int) -> Void = { _, shown, _ in count.add(shown) }
        switch format {
        case .ics:
            // The VTIMEZONEs come first and cover every reminder: the read passes the zones first.
            let calendar = CalendarStream(stamp: environment.now(), product: product, name: oneList?.name, write: write)
            try await loadDashboard.stream(openThenDone, matching: filter, zones: { calendar.note($0) }, { _, item, _ in
                var calendarItem = CalendarItem(reminder: item.reminder, tagNames: item.tags.map(\.name))
                if oneList == nil, item.listID != nil { calendarItem.listName = names.name(of: item.listID) }
                calendar.add(calendarItem)
            }, ended: counted)
            calendar.end()
        case .csv:
            write(Array(CSVFields.header.utf8))
            try await loadDashboard.stream(openThenDone, matching: filter, { _, item, _ in
                write(Array(CSVFields.row(item, lists: names).utf8))
            }, ended: counted)
        case .json:
            // The dashboard's document: completed first (sorted keys), then to do.
            let stream = JSONShapes.DashboardJSONStream(lists: names, bytes: write)
            try await loadDashboard.stream(completedOnly ? [done] : [done, open, someday], matching: filter, { section, item, _ in
                if section >= 1 { stream.startToDo() }
                stream.add(item)
            }, ended: counted)
            stream.startToDo()
            stream.end()
        }
        return count.all.reduce(0, +)
    }
}
