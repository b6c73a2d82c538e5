import ArgumentParser
import CSystem
import Foundation
import SharedSync

/// `memoss-sync`: what `memoss sync` (and `watch --sync-every`) run, in a process of its own so the
/// other commands do not load the HTTP and XML libraries. It takes `memoss sync`'s words and
/// options, checked by `memoss` before it starts this, and speaks as `memoss`.
@main
struct MemossSync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memoss-sync",
        abstract: "The CalDAV sync `memoss sync` runs; use `memoss sync` (see `memoss help sync`).")

    @Option(name: .long) var db: String?
    @Argument var words: [String] = []
    @Option var user: String?
    @Option var passwordCommand: String?
    @Option var passwordEnv: String?
    @Flag var savePassword = false
    @Flag var dryRun = false
    @Option var timeout: Double = 30
    @Flag(help: "Say only what changed and what failed (for watch).") var changesOnly = false

    func run() async throws {
        // Killing `memoss sync` (even with SIGKILL) stops the sync it started.
        if let parent = ProcessInfo.processInfo.environment["MEMOSS_SYNC_PARENT"].flatMap(Int32.init) {
            _ = memoss_die_with_parent(parent)
        }
        let processEnvironment = ProcessInfo.processInfo.environment
        let (environment, _) = MemossCore.liveEnvironment(processEnvironment: processEnvironment)
        let core: MemossCore
        do {
            core = try await MemossCore.open(explicitPath: db, processEnvironment: processEnvironment, environment: environment)
        } catch {
            fail(ErrorMessage.describe(error))
        }
        let accounts = core.syncAccounts(processEnvironment: processEnvironment)
        do {
            switch words.first {
            case "add": try await add(accounts)
            case "remove", "rm":
                try await accounts.remove(name: words[1])
                say("Removed the sync account \(words[1]); the reminders stay here and on the server.")
            case "status": try await status(accounts, core: core)
            default: try await sync(accounts)
            }
            core.finish()
        } catch let error as SyncError {
            fail(error.message.prefix(1).uppercased() + error.message.dropFirst() + ".")
        } catch {
            fail(ErrorMessage.describe(error))
        }
    }

    private func add(_ accounts: SyncAccounts) async throws {
        var source = PasswordSource.none
        if let passwordCommand { source = .command(passwordCommand) }
        if let passwordEnv { source = .variable(passwordEnv) }
        if savePassword {
            guard let secret = Self.readPassword() else { fail("No password on standard input; type it, or pipe it in.") }
            source = .saved(secret)
        }
        let (account, name) = try await accounts.add(name: words[1], url: words[2], user: user ?? "", password: source, timeout: timeout)
        say("Added \(account.name): the task list \(name.map { "\"\(VisibleText.escaped($0))\" " } ?? "")at \(account.collectionURL). "
            + "`memoss sync` sends and receives.")
    }

    private func status(_ accounts: SyncAccounts, core: MemossCore) async throws {
        let all = try await accounts.accounts()
        if all.isEmpty { return say("No sync account yet; `sync add NAME URL --user USER` adds one.") }
        let formatter = CardTimeFormatter(today: core.environment.today, timeZone: core.environment.timeZone)
        for account in all {
            let password = account.passwordCommand.map { "password from `\($0)`" } ?? account.passwordVariable.map { "password from $\($0)" }
                ?? (account.passwordSaved ? "password saved in \(accounts.passwordFile(account: account.name))" : "no password")
            say("\(account.name): \(account.collectionURL) as \(account.user), \(password)")
            let last = account.lastSyncAt.map { "last synced \(formatter.string(for: $0)): \(account.lastOutcome ?? "")" } ?? "not synced yet"
            say("  \(VisibleText.escaped(last))")
        }
    }

    /// Syncs and says how each account went; exits 1 naming the ones that failed.
    private func sync(_ accounts: SyncAccounts) async throws {
        let showsProgress = !changesOnly && isatty(STDERR_FILENO) == 1
        let results = try await accounts.sync(names: words, timeout: timeout, dryRun: dryRun) { account, line in
            guard showsProgress else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[K\(account): \(VisibleText.safe(line))".utf8))
        }
        if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        var failed: [String] = []
        for (account, result) in results {
            switch result {
            case .success(let report):
                let changed = report.received.total + report.sent.total > 0 || !report.conflicts.isEmpty
                if changesOnly && !changed && report.notices.isEmpty { continue }
                say((changesOnly ? "Synced " : "") + VisibleText.safe(report.sentence) + ".")
                if dryRun {
                    // What would change, one line each (the first 50).
                    for change in report.changes.prefix(50) { say("  would \(VisibleText.safe(change))") }
                    if report.changes.count > 50 { say("  and \(report.changes.count - 50) more") }
                }
                for notice in report.notices { say("  \(VisibleText.safe(notice)).") }
            case .failure(let error):
                failed.append("\(account) failed: \(error.message)")
            }
        }
        if !failed.isEmpty { fail("Sync " + failed.joined(separator: "; ") + "; nothing was lost, sync again later.") }
    }

    private func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("memoss: \(VisibleText.safe(message))\n".utf8))
        Foundation.exit(1)
    }

    /// One line from standard input, without echo on a terminal.
    private static func readPassword() -> String? {
        if isatty(STDIN_FILENO) == 1, let typed = getpass("Password: ") { return String(cString: typed) }
        return readLine(strippingNewline: true)
    }
}
