import ArgumentParser
import Foundation
import Shared

/// A command refused for a reason the user can act on; the front prints it on one line.
struct Refusal: Error {
    /// The sentence shown.
    let message: String
}

/// An option or argument value that could not be read (a usage error: exit status 2).
struct UsageProblem: Error {
    /// The sentence shown.
    let message: String
}

/// What one run of the front works with: the core, the console, the style and the last listing.
@MainActor
final class Session {
    /// The shared core over the chosen store.
    let core: MemossCore
    /// Where answers come from.
    let console: Console
    /// How output looks.
    let style: Style
    /// Whether this is the interactive REPL (as opposed to one command from the shell).
    let isREPL: Bool
    /// The reminder ids as the last `list` numbered them, `nil` before any listing.
    var lastListing: [UUID]?

    init(core: MemossCore, console: Console, style: Style, isREPL: Bool) {
        self.core = core
        self.console = console
        self.style = style
        self.isREPL = isREPL
    }

    /// Opens the store the options name; one line and exit 1 when it cannot.
    static func open(store: StoreOptions, before parent: StoreOptions, isREPL: Bool) async -> Session {
        let environment = ProcessInfo.processInfo.environment
        let core = await store.openCore(before: parent)
        let console = Console(historyFile: isREPL ? StatePaths.historyFile(environment) : nil)
        return Session(core: core, console: console, style: .forStandardOutput(environment), isREPL: isREPL)
    }

    /// Prints a line on standard output.
    func say(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// The ids numbered by the last listing, or by the dashboard as it is now when nothing was listed.
    func listing() async throws -> [UUID] {
        if let lastListing { return lastListing }
        let dashboard = try await core.loadDashboard()
        return (dashboard.toDo + dashboard.completed).map(\.id)
    }

    /// The reminder a typed number or id prefix names.
    func resolve(_ reference: String) async throws -> ReminderWithTags {
        try await core.resolveReminder(reference, listing: listing())
    }

    /// Asks a yes/no question whose default is no; Ctrl-C or the end of input mean no.
    func confirm(_ question: String) -> Bool {
        switch console.read("\(question) [y/N] ") {
        case .line(let answer): ["y", "yes"].contains(answer.trimmingWhitespace().lowercased())
        case .interrupted, .endOfInput: false
        }
    }

    /// Formats instants as cards do, for the user's today.
    var timeFormatter: CardTimeFormatter {
        CardTimeFormatter(today: core.environment.today, timeZone: core.environment.timeZone)
    }
}

/// A command that runs the same way from the shell and inside the REPL.
protocol SessionCommand: AsyncParsableCommand {
    /// `--db` given after the command name.
    var store: StoreOptions { get }
    /// The root command, for `--db` given before the command name.
    var memoss: Memoss { get }
    /// Does the work; throws `Refusal` (or a core error) when the command is refused.
    @MainActor func execute(in session: Session) async throws
}

extension SessionCommand {
    /// From the shell: opens the store, runs once, and exits 1 with one line when refused.
    @MainActor
    func run() async throws {
        let session = await Session.open(store: store, before: memoss.store, isREPL: false)
        do {
            try await execute(in: session)
        } catch let refusal as Refusal {
            Terminal.fail(refusal.message)
        } catch let problem as UsageProblem {
            Terminal.fail(problem.message, status: 2)
        } catch let error as ExitCode {
            throw error
        } catch {
            Terminal.fail(ErrorMessage.describe(error))
        }
    }
}

/// Where the REPL keeps its state between runs.
enum StatePaths {
    /// `$XDG_STATE_HOME/memoss/history`, else `~/.local/state/memoss/history`.
    static func historyFile(_ environment: [String: String]) -> String {
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return state + "/memoss/history"
    }
}
