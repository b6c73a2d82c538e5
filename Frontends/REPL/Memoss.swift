import ArgumentParser
import Foundation
import Shared

/// `memoss`: reminders for people who live in a terminal.
@main
struct Memoss: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memoss",
        abstract: "Reminders for people who live in a terminal.",
        discussion: """
            The store is --db PATH, else $MEMOSS_DB, else $XDG_DATA_HOME/memoss/memoss.sqlite \
            (~/.local/share/memoss/memoss.sqlite when XDG_DATA_HOME is not set).
            """,
        subcommands: [
            List.self, Add.self, Edit.self, Delete.self, Rm.self, Done.self, Next.self, History.self, ResetToday.self,
            Tags.self, TagCommand.self, Notifications.self, Due.self, CompleteNotification.self, Snooze.self,
            Watch.self, Repl.self,
        ],
        defaultSubcommand: Repl.self
    )

    /// `--db` given before the command name (`memoss --db PATH list`).
    @OptionGroup var store: StoreOptions

    /// Runs the command line; a usage error exits with status 2, a refusal with 1.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = fullMessage(for: error)
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}
