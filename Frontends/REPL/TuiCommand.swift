import ArgumentParser
import FrontSupport
import Foundation
import Shared

extension Memoss {
    /// `memoss tui`: the full screen, run by `memoss-tui` (installed beside `memoss`) in place of
    /// this process, so that no other command loads ncurses.
    struct Tui: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tui",
            abstract: "Open the full screen: the dashboard, the edit sheet and pickers, updated as the store changes (? lists the keys).")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss

        func run() throws {
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("memoss-tui").path
            guard FileManager.default.isExecutableFile(atPath: executable) else {
                throw Refusal(message: "memoss-tui is missing beside memoss (\(executable)); build it with `swift build`, or install both.")
            }
            let arguments = [executable] + ((store.db ?? memoss.store.db).map { ["--db", $0] } ?? [])
            let argv = arguments.map { strdup($0) } + [nil]
            execv(executable, argv)
            throw Refusal(message: "Cannot start memoss-tui (\(String(cString: strerror(errno)))).")
        }
    }
}
