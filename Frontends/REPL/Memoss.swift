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
            List.self, Add.self, Notifications.self, Due.self, Watch.self, CompleteNotification.self, Snooze.self,
        ],
        defaultSubcommand: List.self
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
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}
