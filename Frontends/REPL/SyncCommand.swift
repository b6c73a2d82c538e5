import ArgumentParser
import Foundation
import Shared

extension Memoss {
    /// `memoss sync [NAME…] | sync add NAME URL --user U | sync status | sync remove NAME`.
    struct SyncCommand: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Two-way sync with CalDAV task lists: sync [NAME…], sync add NAME URL --user USER, sync status, sync remove NAME.",
            discussion: """
                sync add finds the task list at URL (a server's address or the list's own) and keeps the account; \
                the password comes from --password-command CMD (its first line, e.g. 'pass show dav'), from \
                --password-env VAR, or, with --save-password, is read once from standard input and kept in a 0600 \
                file under $XDG_CONFIG_HOME/memoss. sync (every account, or those named) sends what changed here and \
                receives what changed there; --dry-run only says what would change. See README.md, "Sync".
                """)

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "Account names to sync; or add NAME URL, status, remove NAME.") var words: [String] = []
        @Option(help: ArgumentHelp("The user name on the server (sync add).", valueName: "user")) var user: String?
        @Option(help: ArgumentHelp("A command that prints the password (sync add).", valueName: "cmd")) var passwordCommand: String?
        @Option(help: ArgumentHelp("An environment variable that holds the password (sync add).", valueName: "var")) var passwordEnv: String?
        @Flag(help: "Read the password from standard input and keep it in a 0600 file (sync add).") var savePassword = false
        @Flag(help: "Say what would change both ways, and change nothing.") var dryRun = false
        @Option(help: ArgumentHelp("Give up on a server that does not answer within this many seconds (default 30).", valueName: "seconds"))
        var timeout: Double = 30

        func validate() throws {
            guard timeout > 0, timeout <= 3_600 else { throw ValidationError("--timeout takes seconds from 1 to 3600, e.g. --timeout 10.") }
            let sources = [passwordCommand != nil, passwordEnv != nil, savePassword].filter { $0 }.count
            if words.first != "add", user != nil || sources > 0 {
                throw ValidationError("--user, --password-command, --password-env and --save-password go with sync add NAME URL.")
            }
            if sources > 1 { throw ValidationError("Give one of --password-command, --password-env or --save-password.") }
            switch words.first {
            case "add":
                guard words.count == 3 else { throw ValidationError("Usage: sync add NAME URL --user USER [--password-command CMD].") }
                guard user != nil else { throw ValidationError("sync add needs --user USER (the name you sign in to the server with).") }
            case "remove", "rm":
                guard words.count == 2 else { throw ValidationError("Usage: sync remove NAME.") }
            case "status":
                guard words.count == 1 else { throw ValidationError("Usage: sync status.") }
            default: break
            }
        }

        func execute(in session: Session) async throws {
            let accounts = session.core.syncAccounts(processEnvironment: ProcessInfo.processInfo.environment)
            do {
                switch words.first {
                case "add": try await add(accounts, session)
                case "remove", "rm":
                    try await accounts.remove(name: words[1])
                    session.say("Removed the sync account \(words[1]); the reminders stay here and on the server.")
                case "status": try await status(accounts, session)
                default: try await Self.syncNow(accounts, names: words, timeout: timeout, dryRun: dryRun, say: session.say)
                }
            } catch let error as SyncError {
                throw Refusal(message: error.message.prefix(1).uppercased() + error.message.dropFirst() + ".")
            }
        }

        @MainActor
        private func add(_ accounts: SyncAccounts, _ session: Session) async throws {
            var source = PasswordSource.none
            if let passwordCommand { source = .command(passwordCommand) }
            if let passwordEnv { source = .variable(passwordEnv) }
            if savePassword {
                guard let secret = Self.readPassword() else { throw Refusal(message: "No password on standard input; type it, or pipe it in.") }
                source = .saved(secret)
            }
            let (account, name) = try await accounts.add(name: words[1], url: words[2], user: user ?? "", password: source, timeout: timeout)
            session.say("Added \(account.name): the task list \(name.map { "\"\(VisibleText.escaped($0))\" " } ?? "")at \(account.collectionURL). "
                + "`memoss sync` sends and receives.")
        }

        @MainActor
        private func status(_ accounts: SyncAccounts, _ session: Session) async throws {
            let all = try await accounts.accounts()
            if all.isEmpty { return session.say("No sync account yet; `sync add NAME URL --user USER` adds one.") }
            let formatter = CardTimeFormatter(today: session.core.environment.today, timeZone: session.core.environment.timeZone)
            for account in all {
                let password = account.passwordCommand.map { "password from `\($0)`" } ?? account.passwordVariable.map { "password from $\($0)" }
                    ?? (account.passwordSaved ? "password saved in \(accounts.passwordFile(account: account.name))" : "no password")
                session.say("\(account.name): \(account.collectionURL) as \(account.user), \(password)")
                let last = account.lastSyncAt.map { "last synced \(formatter.string(for: $0)): \(account.lastOutcome ?? "")" } ?? "not synced yet"
                session.say("  \(VisibleText.escaped(last))")
            }
        }

        /// Syncs and says how each account went; throws a refusal naming the ones that failed.
        @MainActor
        static func syncNow(_ accounts: SyncAccounts, names: [String], timeout: TimeInterval, dryRun: Bool,
                            say: @MainActor (String) -> Void) async throws {
            let showsProgress = isatty(STDERR_FILENO) == 1
            let results = try await accounts.sync(names: names, timeout: timeout, dryRun: dryRun) { account, line in
                guard showsProgress else { return }
                FileHandle.standardError.write(Data("\r\u{1B}[K\(account): \(VisibleText.safe(line))".utf8))
            }
            if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            var failed: [String] = []
            for (account, result) in results {
                switch result {
                case .success(let report):
                    say(VisibleText.safe(report.sentence) + ".")
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
            if !failed.isEmpty { throw Refusal(message: "Sync " + failed.joined(separator: "; ") + "; nothing was lost, sync again later.") }
        }

        /// One line from standard input, without echo on a terminal.
        private static func readPassword() -> String? {
            if isatty(STDIN_FILENO) == 1, let typed = getpass("Password: ") { return String(cString: typed) }
            return readLine(strippingNewline: true)
        }
    }
}
