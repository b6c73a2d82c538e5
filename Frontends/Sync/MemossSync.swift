import ArgumentParser
import CSystem
import FrontSupport
import Foundation
import SharedSync

/// `memoss-sync`: what `memoss sync` (and `watch --sync-every`) run, in a process of its own so the
/// other commands do not load the HTTP and XML libraries. It reads `memoss sync`'s words with the
/// same definitions (`SyncOptions`), and speaks as `memoss`.
@main
struct MemossSync: AsyncParsableCommand, RootCommand {
    static let configuration = CommandConfiguration(
        commandName: "memoss-sync", abstract: SyncOptions.abstract, discussion: SyncOptions.discussion,
        subcommands: [Run.self, Add.self, Status.self, Publish.self, Remove.self], defaultSubcommand: Run.self)
    static var optionsBeforeCommand: (any ParsableArguments.Type)? { nil }

    static func main() async {
        // Killing `memoss sync` (even with SIGKILL) stops the sync it started.
        if let parent = ProcessInfo.processInfo.environment["MEMOSS_SYNC_PARENT"].flatMap(Int32.init) {
            _ = memoss_die_with_parent(parent)
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        await FrontMain.run(MemossSync.self, arguments: CommandWords(arguments, root: MemossSync.self).normalized, program: "memoss")
    }

    /// `sync [NAME…]`: syncs and says how each account went; exits 1 naming the ones that failed.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run", shouldDisplay: false)

        @OptionGroup var store: StoreOptions
        @OptionGroup var options: SyncOptions.Run

        func run() async throws {
            try await saying { try await body() }
        }

        private func body() async throws {
            stopPast(options.timeout)
            let (core, accounts) = try await open(store)
            let showsProgress = !options.changesOnly && Output.showsProgress
            // A mass deletion is asked about only where someone can answer.
            let asks = !options.changesOnly && isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1
            let results = try await accounts.sync(names: options.names, options: settings(options.timeout, dryRun: options.dryRun, force: options.force),
                                                  confirm: { asks && ask($0.question) }) { account, line in
                if showsProgress { Output.progress("\(account): \(line)") }
            }
            if showsProgress { Output.progress(nil) }
            var failed: [String] = []
            for (account, result) in results {
                switch result {
                case .success(let report):
                    let changed = report.received.total + report.sent.total > 0 || !report.conflicts.isEmpty
                    if options.changesOnly && !changed && report.notices.isEmpty { continue }
                    Output.say((options.changesOnly ? "Synced " : "") + VisibleText.safe(report.sentence) + ".")
                    if options.dryRun {
                        // What would change, one line each (the first 50).
                        for change in report.changes.prefix(50) { Output.say("  would \(VisibleText.safe(change))") }
                        if report.changes.count > 50 { Output.say("  and \(report.changes.count - 50) more") }
                    }
                    for notice in report.notices { Output.say("  \(VisibleText.safe(notice)).") }
                    for problem in report.problems { Output.say("  \(VisibleText.safe(problem)).") }
                    if !report.problems.isEmpty {
                        failed.append("\(account) did not send \(report.problems.count) change\(report.problems.count == 1 ? "" : "s") (said above); "
                            + "they stay here and are sent at the next sync")
                    }
                case .failure(let error):
                    failed.append("\(account) failed: \(error.message)")
                }
            }
            core.finish()
            if !failed.isEmpty { throw Refusal(message: "Sync " + failed.joined(separator: "; ") + "; nothing was lost, sync again later.") }
        }
    }

    /// `sync publish ACCOUNT LIST`.
    struct Publish: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "publish")

        @OptionGroup var store: StoreOptions
        @OptionGroup var options: SyncOptions.Publish

        func run() async throws {
            try await saying { try await body() }
        }

        private func body() async throws {
            stopPast(options.timeout)
            let (core, accounts) = try await open(store)
            let list = try await core.lists.find(named: options.list)
            let url = try await accounts.publish(list, account: options.account, options: settings(options.timeout))
            Output.say("Made the task list \"\(VisibleText.escaped(list.name))\" at \(VisibleText.escaped(url)); "
                + "`memoss sync` sends its reminders.")
            core.finish()
        }
    }

    /// `sync add NAME URL --user USER`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add")

        @OptionGroup var store: StoreOptions
        @OptionGroup var options: SyncOptions.Add

        func run() async throws {
            try await saying { try await body() }
        }

        private func body() async throws {
            stopPast(options.timeout)
            let (core, accounts) = try await open(store)
            var source = PasswordSource.none
            if let command = options.passwordCommand { source = .command(command) }
            if let variable = options.passwordEnv { source = .variable(variable) }
            if options.savePassword {
                guard let secret = Self.readPassword() else { throw Refusal(message: "No password on standard input; type it, or pipe it in.") }
                source = .saved(secret)
            }
            let (account, linked, notes) = try await accounts.add(name: options.name, url: options.url, user: options.user ?? "",
                                                                  password: source, options: settings(options.timeout))
            Output.say("Added \(account.name), syncing \(linked.count == 1 ? "one task list" : "\(linked.count) task lists"):")
            for (collection, list) in linked {
                Output.say("  \(VisibleText.escaped(collection.name ?? "(no name)")) at \(VisibleText.escaped(collection.url)) with the list \"\(VisibleText.escaped(list))\"")
            }
            for note in notes { Output.note(VisibleText.escaped(note)) }
            if let (collection, list) = linked.first(where: { $0.collection.isDefaultList }), let name = collection.name,
               TagRules.key(for: name) != TagRules.key(for: list) {
                Output.say("New reminders go to \"\(VisibleText.escaped(list))\", synced with \(VisibleText.escaped(name)); "
                    + "`memoss lists rename \"\(VisibleText.escaped(list))\" \"\(VisibleText.escaped(name))\"` names it as the server does.")
            }
            Output.say("`memoss sync` sends and receives.")
            core.finish()
        }

        /// One line from standard input, without echo on a terminal.
        private static func readPassword() -> String? {
            if isatty(STDIN_FILENO) == 1, let typed = getpass("Password: ") { return String(cString: typed) }
            return readLine(strippingNewline: true)
        }
    }

    /// `sync status`.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await saying { try await body() }
        }

        private func body() async throws {
            let (core, accounts) = try await open(store)
            let all = try await accounts.accounts()
            if all.isEmpty { return Output.say("No sync account yet; `sync add NAME URL --user USER` adds one.") }
            let formatter = CardTimeFormatter(today: core.environment.today, timeZone: core.environment.timeZone)
            for account in all {
                let password = account.passwordCommand.map { "password from `\($0)`" } ?? account.passwordVariable.map { "password from $\($0)" }
                    ?? (account.passwordSaved ? "password saved in \(accounts.passwordFile(account: account.name))" : "no password")
                Output.say("\(VisibleText.escaped(account.name)): \(VisibleText.escaped(account.url)) as "
                    + "\(VisibleText.escaped(account.user)), \(VisibleText.escaped(password))")
                for collection in try await accounts.collections(account.name) {
                    Output.say("  \(VisibleText.escaped(collection.name ?? "(no name)")) at \(VisibleText.escaped(collection.url)) "
                        + "with the list \"\(VisibleText.escaped(collection.listName))\"")
                }
                let last = account.lastSyncAt.map { "last synced \(formatter.string(for: $0)): \(account.lastOutcome ?? "")" } ?? "not synced yet"
                Output.say("  \(VisibleText.escaped(last))")
            }
            core.finish()
        }
    }

    /// `sync remove NAME`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", aliases: ["rm"])

        @OptionGroup var store: StoreOptions
        @OptionGroup var options: SyncOptions.Remove

        func run() async throws {
            try await saying { try await body() }
        }

        private func body() async throws {
            let (core, accounts) = try await open(store)
            try await accounts.remove(name: options.name)
            Output.say("Removed the sync account \(options.name); the reminders stay here and on the server.")
            core.finish()
        }
    }
}

/// The store and its sync accounts.
private func open(_ store: StoreOptions) async throws -> (MemossCore, SyncAccounts) {
    let core = try await store.openCore()
    return (core, core.syncAccounts(processEnvironment: ProcessInfo.processInfo.environment))
}

/// The engine's settings from the command line's.
private func settings(_ timeout: SyncOptions.Timeout, dryRun: Bool = false, force: Bool = false) -> SyncSettings {
    SyncSettings(timeout: .milliseconds(Int64(timeout.timeout * 1_000)), maxTime: .milliseconds(Int64(timeout.maxTime * 1_000)),
                 dryRun: dryRun, force: force)
}

/// Asks `question` on standard error; true when the answer read from standard input is yes.
private func ask(_ question: String) -> Bool {
    Output.progress(nil)
    FileHandle.standardError.write(Data(VisibleText.safe(question).utf8))
    guard let answer = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
    return answer == "y" || answer == "yes"
}

/// Ends the process a little after `--max-time`, whatever it is doing: the sync's own deadline
/// ends it before that, with its sentence, unless something on this side (a password command, a
/// store another process keeps locked) holds it. Every write is a transaction, so nothing is left
/// half-done.
private func stopPast(_ timeout: SyncOptions.Timeout) {
    let seconds = timeout.maxTime
    let thread = Thread {
        Thread.sleep(forTimeInterval: seconds + 10)
        Output.refuse("The sync ran past --max-time \(Int(seconds)) s and was stopped; what it did is kept, and the next sync goes on from there.")
        _exit(1)
    }
    thread.start()
}

/// Runs `body`; a `SyncError` is said as a sentence of its own: "Cannot reach dav.example.org: …".
private func saying(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as SyncError {
        // A sentence that ends in a question ("is the server running?") takes no full stop after it.
        let stop = [".", "?", "!"].contains(where: error.message.hasSuffix) ? "" : "."
        throw Refusal(message: error.message.prefix(1).uppercased() + error.message.dropFirst() + stop)
    }
}
