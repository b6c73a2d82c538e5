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
            subcommands: [Run.self, Add.self, Status.self, Remove.self], defaultSubcommand: Run.self)

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
        let spawned = posix_spawn(&pid, executable, nil, nil, argv, envp)
        guard spawned == 0 else { throw Refusal(message: "Cannot start memoss-sync (\(String(cString: strerror(spawned)))).") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
