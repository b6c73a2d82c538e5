import ArgumentParser
import Foundation
import Shared

extension Memoss {
    /// `memoss list [--tag NAME] [--json]`: the dashboard, To Do then Completed, as numbered cards.
    struct List: SessionCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the dashboard: what is to do (overdue, today, upcoming), then what is done.",
            discussion: "The numbers are what edit, delete, rm, done and next take."
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Option(help: "Only the reminders carrying this tag.") var tag: String?
        @Flag(help: "Print JSON (see README.md) instead of cards.") var json = false

        func execute(in session: Session) async throws {
            let dashboard = session.core.dashboardModel()
            if let tag {
                await dashboard.filterTapped(try await session.core.findTag(named: tag))
            } else {
                await dashboard.load()
            }
            if let error = dashboard.error { throw Refusal(message: error) }
            try await session.listed(dashboard.cards.map(\.id))
            if json {
                session.say(JSONShapes.encode(JSONShapes.DashboardJSON(
                    toDo: dashboard.sections.first?.cards.map(\.reminder) ?? [],
                    completed: dashboard.sections.last?.cards.map(\.reminder) ?? [])))
            } else {
                FileHandle.standardOutput.write(Data(DashboardText.render(
                    dashboard.sections, style: session.style, filter: dashboard.filterTag?.name).utf8))
            }
        }
    }
}
