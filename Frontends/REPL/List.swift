import ArgumentParser
import Foundation
import Shared

extension Memoss {
    /// `memoss list`: the dashboard, To Do then Completed, as numbered cards.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the dashboard: what is to do (overdue, today, upcoming), then what is done."
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss

        @MainActor
        func run() async throws {
            let dashboard = await store.openCore(before: memoss.store).dashboardModel()
            await dashboard.load()
            if let error = dashboard.error { Terminal.fail(error) }
            print(DashboardText.render(dashboard.sections), terminator: "")
        }
    }
}
