import ArgumentParser
import FrontSupport
import Foundation
import Shared

extension Memoss {
    /// `memoss sync [NAME…] | sync add NAME URL --user U | sync status | sync remove NAME`: checked
    /// here with the definitions `memoss-sync` shares (`SyncOptions`), then run by it.
    struct SyncCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync", abstract: SyncOptions.abstract, discussion: SyncOptions.discussion,
            subcommands: [Run.self, Add.self, Status.self, Publish.self, Remove.self], defaultSubcommand: Run.self)

        /// `sync [NAME…]`.
        struct Run: SessionCommand {
            static let configuration = CommandConfiguration(
                commandName: "run", abstract: "Send what changed here and receive what changed there.", shouldDisplay: false)

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @OptionGroup var options: SyncOptions.Run

            func execute(in session: Session) async throws { try SyncProcess.forward(session) }
        }

        /// `sync add NAME URL --user USER`.
        struct Add: SessionCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Find the task list at URL and keep the account.")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @OptionGroup var options: SyncOptions.Add

            func execute(in session: Session) async throws { try SyncProcess.forward(session) }
        }

        /// `sync status`.
        struct Status: SessionCommand {
            static let configuration = CommandConfiguration(commandName: "status", abstract: "Show each account and how its last sync went.")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss

            func execute(in session: Session) async throws { try SyncProcess.forward(session) }
        }

        /// `sync publish ACCOUNT LIST`.
        struct Publish: SessionCommand {
            static let configuration = CommandConfiguration(
                commandName: "publish", abstract: "Make a task list on the account's server for a list here, and sync the list with it.")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @OptionGroup var options: SyncOptions.Publish

            func execute(in session: Session) async throws { try SyncProcess.forward(session) }
        }

        /// `sync remove NAME`.
        struct Remove: SessionCommand {
            static let configuration = CommandConfiguration(
                commandName: "remove", abstract: "Forget an account; the reminders stay here and on the server.", aliases: ["rm"])

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @OptionGroup var options: SyncOptions.Remove

            func execute(in session: Session) async throws { try SyncProcess.forward(session) }
        }
    }
}

/// Runs `memoss-sync` (installed beside `memoss`), which does the sync in a process of its own so
/// that every other command starts without the HTTP and XML libraries.
enum SyncProcess {
    /// The helper running now (0: none) and a signal received meanwhile, for `forwardSignals`.
    nonisolated(unsafe) private static var child: pid_t = 0
    nonisolated(unsafe) private static var received: Int32 = 0
    /// The signals passed on to the helper first: those a terminal sends and the prompt may catch.
    /// Any other that ends this process (SIGKILL too) ends the helper by its PR_SET_PDEATHSIG.
    private static let forwarded = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Hands the `sync` command the session runs to `memoss-sync`: the words typed after `sync`,
    /// the store in `MEMOSS_DB`, and where refusals are said, so they read as this program's own.
    /// A failure is the helper's exit status, already said.
    @MainActor
    static func forward(_ session: Session) throws {
        guard let store = session.core.storePath else { throw Refusal(message: "A store in memory cannot sync.") }
        let read = CommandWords(session.words, root: Memoss.self)
        let status = try run(Array(read.path.dropFirst()) + session.words[read.start...], store: store)
        if status != 0 { throw ExitCode(status) }
    }

    /// Runs it with `arguments` in this process group (so it can read a password from the
    /// terminal), the standard streams shared; returns its exit status.
    static func run(_ arguments: [String], store: String) throws -> Int32 {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("memoss-sync").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Refusal(message: "memoss-sync is missing beside memoss (\(executable)); build it with `swift build`, or install both.")
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        var environment = ProcessInfo.processInfo.environment
        // It ends when this process ends, however that happens (see memoss_die_with_parent).
        environment["MEMOSS_SYNC_PARENT"] = String(getpid())
        environment["MEMOSS_DB"] = store
        environment[Output.RefusalContext.variable] = Output.context.encoded
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        // A signal that would end this process (or that the prompt catches) reaches the helper too,
        // then acts here as before once the helper has ended.
        let previous = forwardSignals()
        defer { restoreSignals(previous) }
        let spawned = posix_spawn(&pid, executable, nil, nil, argv, envp)
        guard spawned == 0 else { throw Refusal(message: "Cannot start memoss-sync (\(String(cString: strerror(spawned)))).") }
        child = pid
        if received != 0 { kill(pid, received) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        child = 0
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Installs handlers that pass `forwarded` signals on to `child`; returns the actions they replace.
    private static func forwardSignals() -> [(Int32, sigaction)] {
        received = 0
        return forwarded.map { signal in
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                SyncProcess.received = signal
                if SyncProcess.child > 0 { kill(SyncProcess.child, signal) }
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            sigaction(signal, &action, &old)
            return (signal, old)
        }
    }

    /// Puts back the actions `forwardSignals` replaced, and raises a signal received meanwhile so
    /// that it acts as it would have (ends this process, or interrupts the prompt).
    private static func restoreSignals(_ previous: [(Int32, sigaction)]) {
        for (signal, action) in previous {
            var action = action
            sigaction(signal, &action, nil)
        }
        let signal = received
        received = 0
        if signal != 0 { raise(signal) }
    }
}
