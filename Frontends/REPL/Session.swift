import ArgumentParser
import FrontSupport
import Foundation
import Shared

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
    /// The reminder ids as this prompt's last `list` numbered them, `nil` before it listed
    /// (numbers then name what the store's last listing showed).
    var lastListing: [UUID]?
    /// The token of the listing this prompt stored (or took over from the store), to which its
    /// `add`s add their reminders while it is still the store's.
    var listingToken: ListingToken?
    /// How many commands of a script were refused.
    var refusedCount = 0
    /// Notifications another process delivers that this session has shown.
    let shownNotifications = ShownNotifications()
    /// The words of the command being run, as typed (after the program's name).
    var words: [String] = []

    init(core: MemossCore, console: Console, style: Style, isREPL: Bool) {
        self.core = core
        self.console = console
        self.style = style
        self.isREPL = isREPL
    }

    /// Opens the store the options name; one line and exit 1 when it cannot.
    static func open(store: StoreOptions, before parent: StoreOptions, isREPL: Bool) async -> Session {
        let environment = ProcessInfo.processInfo.environment
        let core: MemossCore
        // A command, or the prompt, does one thing at a time (the prompt's delivery while a line is
        // typed waits on nothing but the store): its reads and writes run on its own thread.
        do { core = try await store.openCore(before: parent, onCallingThread: true) } catch { Output.fail(ErrorMessage.describe(error)) }
        let console = Console(historyFile: isREPL ? StatePaths.historyFile(environment) : nil)
        return Session(core: core, console: console, style: .forStandardOutput(environment), isREPL: isREPL)
    }

    /// Prints a line on standard output.
    func say(_ text: String) {
        Output.say(text)
    }

    /// Prints `label` and menu `items` two spaces apart, on a terminal in lines that break between
    /// items to fit its width.
    func sayMenu(_ label: String, _ items: [String]) {
        guard let width = style.width else { return say(label + items.joined(separator: "  ")) }
        TerminalColumns.menu(label, items, columns: width).forEach(say)
    }

    /// The reminder a typed number or id prefix names.
    func resolve(_ reference: String) async throws -> ReminderWithTags {
        try await core.resolveReminder(reference, listing: lastListing)
    }

    /// The reminders typed numbers (`3`, `5-7`) or id prefixes name, each once; refused whole when one is bad.
    func resolve(_ references: [String]) async throws -> [ReminderWithTags] {
        try await core.resolveReminder(references, listing: lastListing)
    }

    /// Remembers the ids `spool` holds as the numbers the listing just shown gave, in the store
    /// and, at the prompt, here too (a command from the shell ends after its listing). A listing
    /// never waits for another program's write: when one is writing, the numbers are not kept in
    /// the store, and a command from the shell says so.
    func listed(_ spool: ListingSpool) async throws {
        if isREPL { lastListing = try spool.ids() }
        listingToken = try await core.saveListing(spool)
        guard listingToken != nil || isREPL else {
            return Output.warn("another program is writing to the store, so these numbers were not kept: "
                + "numbers still name the list before this one; list again in a moment to use these.")
        }
    }

    /// The number a reminder just added takes at the end of the last listing (kept in the store),
    /// `nil` when it could not be kept.
    func number(added id: UUID) async throws -> Int? {
        // Handed over whole (this copy let go), so the reminder joins its end without copying it.
        var listing = lastListing
        let kept = lastListing != nil
        lastListing = nil
        defer { if kept || isREPL { lastListing = listing } }
        let number = try await core.resolveReminder.number(added: id, listing: &listing, token: listingToken)
        // The store's listing, added to and taken over: its token with it.
        if !kept, isREPL, listing != nil { listingToken = try await core.saveListing.token() }
        return number
    }

    /// Where a refusal of the line being run is said: at a terminal in red, in a script with its
    /// line number, so `memoss < plan.txt` tells which line failed.
    var refusalContext: Output.RefusalContext {
        console.isTerminal ? .prompt(colors: style.colors) : .script(line: console.linesRead)
    }

    /// Reports a refused command on standard error, counted (a script exits 1 at the end).
    func refuse(_ message: String) {
        Output.refuse(message)
        refusedCount += 1
    }

    /// "“Buy milk” (due Tomorrow 09:00)": which reminder a confirmation is about.
    func named(_ reminder: ReminderWithTags) -> String {
        "\"\(VisibleText.escaped(reminder.title))\" (\(timeFormatter.dueSentence(for: reminder.reminder)))"
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
    /// From the shell: opens the store, runs once; a refusal is said by `FrontMain`.
    @MainActor
    func run() async throws {
        let session = await Session.open(store: store, before: memoss.store, isREPL: false)
        session.words = Array(CommandLine.arguments.dropFirst())
        try await execute(in: session)
        session.core.finish()
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

/// The notifications a session has shown, each at its time, from the prompt's loop and from the task that
/// shows what falls due while it waits.
final class ShownNotifications: @unchecked Sendable {
    private let lock = NSLock()
    private var shown = Set<String>()

    /// Records `notification` at its time; true when it was not shown at that time before (one
    /// that fires again, snoozed, keeps its id: it is shown again).
    func insert(_ notification: DeliveredNotification) -> Bool {
        lock.withLock { shown.insert("\(notification.id) \(notification.request.fireAt.timeIntervalSince1970)").inserted }
    }
}
