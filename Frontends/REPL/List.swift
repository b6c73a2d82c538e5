import ArgumentParser
import FrontSupport
import Foundation
import Shared

extension Memoss {
    /// `memoss list [QUERY…] [--tag NAME] [--list NAME] [--priority LEVEL] [--limit N] [--completed | --all] [--json]`:
    /// the dashboard, To Do then the most recently completed, as numbered cards, written as the
    /// store reads them; with a query (`help query`), only the reminders it selects.
    struct List: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Show the dashboard: what is to do (overdue, today, upcoming), then the 10 most recently done.",
            discussion: """
                The numbers are what edit, delete, rm, done and next take. --completed lists every done one, --all everything; \
                --json always has everything. A query narrows it: list today, list tag:Work due<+7d, list dentist, list NAME \
                (a view saved with view save); help query says more.
                """
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @OptionGroup var filter: FilterOptions
        @Option(help: ArgumentHelp("At most N reminders in each section (the soonest to do, the most recently done).", valueName: "N"))
        var limit: Int?
        @Flag(help: "Only the done reminders, all of them.") var completed = false
        @Flag(help: "Every done reminder, not only the 10 most recent.") var all = false
        @Flag(help: "Print JSON instead of cards (man memoss, JSON, says its shape).") var json = false
        @Argument(help: ArgumentHelp("Only what the query selects: filters, views and words (help query).", valueName: "query"))
        var query: [String] = []

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, e.g. --limit 20.") }
            if json && limit != nil { throw ValidationError("--json lists everything; leave out --limit.") }
        }

        func execute(in session: Session) async throws {
            let dashboard = session.core.dashboardModel()
            let (tag, list, priority) = try await filter.resolved(session.core)
            dashboard.narrow(to: tag)
            dashboard.narrow(toList: list)
            dashboard.narrow(toPriority: priority)
            dashboard.narrow(to: try await session.filter(query), typed: session.typed(query))
            let showing: DashboardModel.Showing = completed ? .completed : all ? .everything : .toDoAndRecent
            try await Self.show(dashboard, showing, limit: limit, json: json, session)
        }

        /// Shows `dashboard` as numbered cards (or JSON), and keeps their numbers.
        @MainActor
        static func show(_ dashboard: DashboardModel, _ showing: DashboardModel.Showing, limit: Int?, json: Bool, _ session: Session) async throws {
            if json { return try await printJSON(dashboard, completed: showing == .completed, session) }
            let output = PagedOutput()
            let text = DashboardText(style: session.style, filter: dashboard.filterDescription, query: dashboard.queryText)
            do {
                defer { output.finish() }
                if dashboard.readsWholeFirst(showing, limit: limit) {
                    // A search's cards are made on the store's thread once it has read them all, and
                    // written on the other core meanwhile. (A listing read as it is written keeps
                    // both cores reading: a third thread would only take turns with them.)
                    let lines = OrderedHandoff<DashboardModel.Line> { text.write($0, to: output) }
                    defer { lines.finish() }
                    try await dashboard.stream(showing, limit: limit) { lines.add($0) }
                } else {
                    try await dashboard.stream(showing, limit: limit) { text.write($0, to: output) }
                }
                text.finish(to: output)
            }
            try await session.listed(text.ids)
        }

        /// Everything as JSON (only the done ones with --completed), written as the store reads
        /// it; the numbers go To Do first, as the cards'.
        @MainActor
        private static func printJSON(_ dashboard: DashboardModel, completed: Bool, _ session: Session) async throws {
            let output = PagedOutput(paging: false)
            let json = JSONShapes.DashboardJSONStream(lists: ListNames(try await session.core.lists.all()), bytes: { output.text(utf8: $0) })
            let done = ListingSpool(), open = ListingSpool()
            // Completed, then To Do, from one read of the store.
            try await dashboard.streamReminders(completed ? .completed : .everythingDoneFirst) { reminder, isDone in
                if isDone {
                    done.add(reminder)
                } else {
                    json.startToDo()
                    open.add(reminder)
                }
                json.add(reminder)
            }
            json.startToDo()
            json.end()
            output.finish()
            try open.add(contentsOf: done)
            try await session.listed(open)
        }
    }
}
