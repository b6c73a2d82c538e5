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
            guard let store = session.core.storePath else { throw Refusal(message: "A store in memory cannot sync.") }
            var arguments = ["--db", store, "--timeout", String(timeout)]
            if let user { arguments += ["--user", user] }
            if let passwordCommand { arguments += ["--password-command", passwordCommand] }
            if let passwordEnv { arguments += ["--password-env", passwordEnv] }
            if savePassword { arguments.append("--save-password") }
            if dryRun { arguments.append("--dry-run") }
            arguments += ["--"] + words
            // At the prompt the child's refusal becomes the prompt's (counted, and numbered in a script).
            let (status, refusal) = try SyncProcess.run(arguments, capturingErrors: session.isREPL)
            guard status == 0 else {
                if session.isREPL { throw Refusal(message: refusal) }
                throw ExitCode(status)
            }
        }
    }
}

/// Runs `memoss-sync` (installed beside `memoss`), which does the sync in a process of its own so
/// that every other command starts without the HTTP and XML libraries.
enum SyncProcess {
    /// Runs it with `arguments` in this process group (so it can read a password from the
    /// terminal), standard input and output shared; returns its status and, with
    /// `capturingErrors`, what it said on standard error without its `memoss: ` (else it is shown).
    static func run(_ arguments: [String], capturingErrors: Bool) throws -> (status: Int32, errors: String) {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("memoss-sync").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Refusal(message: "memoss-sync is missing beside memoss (\(executable)); build it with `swift build`, or install both.")
        }
        var ends: [Int32] = [-1, -1]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if capturingErrors {
            guard pipe(&ends) == 0 else { throw Refusal(message: "Cannot start memoss-sync (no pipe).") }
            posix_spawn_file_actions_adddup2(&actions, ends[1], STDERR_FILENO)
            posix_spawn_file_actions_addclose(&actions, ends[0])
            posix_spawn_file_actions_addclose(&actions, ends[1])
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        // It ends when this process ends, however that happens (see memoss_die_with_parent).
        var environment = ProcessInfo.processInfo.environment
        environment["MEMOSS_SYNC_PARENT"] = String(getpid())
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        if capturingErrors { close(ends[1]) }
        guard spawned == 0 else {
            if capturingErrors { close(ends[0]) }
            throw Refusal(message: "Cannot start memoss-sync (\(String(cString: strerror(spawned)))).")
        }
        var errors = Data()
        if capturingErrors {
            let reader = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                errors.append(chunk)
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let text = String(decoding: errors, as: UTF8.self).split(separator: "\n").map {
            $0.hasPrefix("memoss: ") ? String($0.dropFirst(8)) : String($0)
        }.joined(separator: " ")
        return (code, text)
    }
}
