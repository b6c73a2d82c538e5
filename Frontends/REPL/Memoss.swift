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
        subcommands: [List.self],
        defaultSubcommand: List.self
    )

    /// `--db` given before the command name (`memoss --db PATH list`).
    @OptionGroup var store: StoreOptions
}
