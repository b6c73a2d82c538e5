import ArgumentParser
import Foundation
import Shared

extension Memoss {
    /// `memoss list [--tag NAME] [--completed | --all] [--json]`: the dashboard, To Do then the most
    /// recently completed, as numbered cards.
    struct List: SessionCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the dashboard: what is to do (overdue, today, upcoming), then the 10 most recently done.",
            discussion: "The numbers are what edit, delete, rm, done and next take. --completed lists every done one, --all everything; --json always has everything."
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Option(help: "Only the reminders carrying this tag.") var tag: String?
        @Flag(help: "Only the done reminders, all of them.") var completed = false
        @Flag(help: "Every done reminder, not only the 10 most recent.") var all = false
        @Flag(help: "Print JSON (see README.md) instead of cards.") var json = false

        func execute(in session: Session) async throws {
            let dashboard = session.core.dashboardModel()
            if completed || all || json { dashboard.completedLimit = nil }
            if let tag {
                await dashboard.filterTapped(try await session.core.findTag(named: tag))
            } else {
                await dashboard.load()
            }
            if let error = dashboard.error { throw Refusal(message: error) }
            let sections = completed ? Array(dashboard.sections.suffix(1)) : dashboard.sections
            try await session.listed(sections.flatMap(\.cards).map(\.id))
            if json {
                session.say(JSONShapes.encode(JSONShapes.DashboardJSON(
                    toDo: completed ? [] : dashboard.sections.first?.cards.map(\.reminder) ?? [],
                    completed: dashboard.sections.last?.cards.map(\.reminder) ?? [])))
            } else {
                Pager.show(DashboardText.render(sections, style: session.style, filter: dashboard.filterTag?.name))
            }
        }
    }
}
