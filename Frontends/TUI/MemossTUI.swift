import ArgumentParser
import FrontSupport
import Foundation
import Shared

/// `memoss-tui` (what `memoss tui` runs): the full-screen front over the same view-models as the prompt.
@main
struct MemossTUI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memoss-tui",
        abstract: "The full screen: the dashboard, the edit sheet, pickers and questions, kept up to date as the store changes.",
        discussion: "Keys are listed by ? on the screen and in docs/tui.md. The store is chosen as for every memoss command.",
        version: "memoss \(MemossVersion.current)"
    )

    @OptionGroup var store: StoreOptions

    static func main() async {
        await FrontMain.run(MemossTUI.self, arguments: Array(CommandLine.arguments.dropFirst()), program: "memoss")
    }

    @MainActor
    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        // Notifications are replanned once a change is drawn; the last replan ends before the program does.
        let core = try await store.openCore().replanningAfterChanges()
        let wakeup = Wakeup()
        let terminal = try Terminal.start(environment: environment, wakeOnResize: wakeup.write)
        defer {
            terminal.stop()
            core.finish()
        }
        let dashboard = core.dashboardModel(keepsListing: true)
        // A few screenfuls of the soonest to start; more are read as the selection nears the end.
        dashboard.window = max(100, terminal.rows * 4)
        dashboard.moreHints = (limited: "keep scrolling", recent: "c shows them all")
        await dashboard.load()
        let due = core.dueNotificationModel()
        let following = [Task { await dashboard.followStoreChanges() }, Task { await due.follow() }]
        defer { following.forEach { $0.cancel() } }
        let screen = Screen(terminal: terminal, wakeup: wakeup) { Task { await core.changesDrawn() } }
        await screen.present(DashboardLayer(dashboard: dashboard, due: due, core: core))
        await core.replansFinished()
    }
}
