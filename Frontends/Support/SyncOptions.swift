import ArgumentParser
import Foundation
import Shared

/// The words and options of `memoss sync …`, declared once: `memoss` checks them before it
/// starts `memoss-sync`, which reads the same words with the same definitions.
package enum SyncOptions {
    /// `sync [NAME…]`: which accounts, and how.
    package struct Run: ParsableArguments {
        @Argument(help: "The accounts to sync (all of them when none is named).") package var names: [String] = []
        @Flag(help: "Say what would change both ways, and change nothing.") package var dryRun = false
        @Flag(help: "Delete many reminders on either side without asking (for scripts; see docs/sync.md).") package var force = false
        @OptionGroup package var timeout: Timeout
        @Flag(help: ArgumentHelp("Say only what changed and what failed (for watch).", visibility: .private))
        package var changesOnly = false

        package init() {}
    }

    /// `sync add NAME URL --user USER [password source]`.
    package struct Add: ParsableArguments {
        @Argument(help: "A name for the account.") package var name: String
        @Argument(help: "The server's address, or the task list's own.") package var url: String
        @Option(help: ArgumentHelp("The user name on the server.", valueName: "user")) package var user: String?
        @Option(help: ArgumentHelp("A command that prints the password (its first line), e.g. 'pass show dav'.", valueName: "cmd"))
        package var passwordCommand: String?
        @Option(help: ArgumentHelp("An environment variable that holds the password.", valueName: "var"))
        package var passwordEnv: String?
        @Flag(help: "Read the password from standard input and keep it in a 0600 file.") package var savePassword = false
        @OptionGroup package var timeout: Timeout

        package init() {}

        package func validate() throws {
            guard user != nil else { throw ValidationError("sync add needs --user USER (the name you sign in to the server with).") }
            let sources = [passwordCommand != nil, passwordEnv != nil, savePassword].filter { $0 }.count
            if sources > 1 { throw ValidationError("Give one of --password-command, --password-env or --save-password.") }
        }
    }

    /// `sync publish ACCOUNT LIST`.
    package struct Publish: ParsableArguments {
        @Argument(help: "The account whose server gets the task list.") package var account: String
        @Argument(help: "The list here to make a task list of, and sync with it.") package var list: String
        @OptionGroup package var timeout: Timeout

        package init() {}
    }

    /// `sync remove NAME`.
    package struct Remove: ParsableArguments {
        @Argument(help: "The account to remove.") package var name: String

        package init() {}
    }

    /// How long a server may take: each request, and the whole sync.
    package struct Timeout: ParsableArguments {
        @Option(help: ArgumentHelp("End each request that takes longer than this many seconds (default 30).", valueName: "seconds"))
        package var timeout: Double = 30
        @Option(help: ArgumentHelp("End the whole sync after this many seconds (default 900); what it did is kept.", valueName: "seconds"))
        package var maxTime: Double = 900

        package init() {}

        package func validate() throws {
            guard timeout > 0, timeout <= 3_600 else { throw ValidationError("--timeout takes seconds from 1 to 3600, e.g. --timeout 10.") }
            guard maxTime >= 1, maxTime <= 86_400 else { throw ValidationError("--max-time takes seconds from 1 to 86400, e.g. --max-time 600.") }
        }
    }

    /// What `sync` says of itself, for both programs' help.
    package static let abstract = "Two-way sync with CalDAV task lists: sync [NAME…], sync add NAME URL --user USER, sync status, "
        + "sync publish ACCOUNT LIST, sync remove NAME."
    /// The longer help of `sync`.
    package static let discussion = """
        sync add finds the task lists at URL (every one of a server's address, or the one a list's own \
        address names), each synced with the list of its name here (made when there is none), and keeps the \
        account; sync publish ACCOUNT LIST makes a task list on the server for a list here; \
        the password comes from --password-command CMD (its first line, e.g. 'pass show dav'), from \
        --password-env VAR, or, with --save-password, is read once from standard input and kept in a 0600 \
        file under $XDG_CONFIG_HOME/memoss. sync (every account, or those named) sends what changed here and \
        receives what changed there; --dry-run only says what would change. Each request ends after --timeout, \
        the whole sync after --max-time. A sync that would delete more than half of an account's reminders \
        (and more than 10) on either side asks first at a terminal, and elsewhere stops unless given --force. \
        man memoss-sync and docs/sync.md tell more.
        """
}
