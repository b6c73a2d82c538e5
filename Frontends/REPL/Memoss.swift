import ArgumentParser
import CSystem
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
        version: "memoss \(MemossVersion.current)",
        subcommands: [
            List.self, Add.self, Edit.self, Delete.self, Rm.self, Done.self, Reopen.self, Next.self, History.self,
            ResetToday.self, Undo.self, Redo.self, Tags.self, TagCommand.self, Notifications.self, Due.self,
            CompleteNotification.self, Snooze.self, Watch.self, Export.self, SyncCommand.self, Repl.self,
        ],
        defaultSubcommand: Repl.self
    )

    /// `--db` given before the command name (`memoss --db PATH list`).
    @OptionGroup var store: StoreOptions

    /// Runs the command line; a usage error exits with status 2, a refusal with 1.
    static func main() async {
        // Freed memory goes back to the system past 128 KiB, as glibc starts: its threshold grows
        // with the biggest block freed (SQLite's sorters), and a listing's second reading thread
        // has a heap of its own (`list --json` of 300,000 reminders: peak 63 → 57 MiB).
        memoss_trim_malloc_past(128 * 1024)
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let problem = CommandLine.unknownCommand(in: arguments) { Terminal.fail(problem, status: 2) }
        do {
            var command = try parseAsRoot(CommandLine.normalized(arguments))
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
            // argument-parser quotes what was typed: nothing raw reaches the terminal.
            let message = VisibleText.safe(fullMessage(for: error), keepingLineBreaks: true)
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }

    /// Every command name (aliases too), as typed. Each command's configuration gives its name:
    /// derived from the type's name instead, it cost every start about 1 ms of protocol lookups.
    static var commandNames: [String] {
        configuration.subcommands.filter { $0 != Repl.self }.flatMap { [$0._commandName] + $0.configuration.aliases }
    }
}

extension CommandLine {
    /// The options that take a value, in every command.
    static let valueOptions: Set<String> = ["--db", "--date", "--time", "--date-order", "--repeat", "--times", "--until", "--tag", "--new-tag",
                                            "--notes", "--title", "--count", "--limit", "--exec", "--format", "-o",
                                            "--user", "--password-command", "--password-env", "--timeout", "--sync-every"]

    /// The words with option values attached (`--notes=-5 °C`) and the other arguments after
    /// `--`, so a word that begins with a dash and is not an option is a value, not a flag:
    /// `add "-check logs"` adds a reminder titled "-check logs".
    static func normalized(_ words: [String]) -> [String] {
        guard let commandIndex = commandIndex(in: words) else { return words }
        var options = Array(words[...commandIndex]), values: [String] = []
        var index = commandIndex + 1
        while index < words.count {
            let word = words[index]
            if word == "--" {
                values += words[(index + 1)...]
                break
            } else if valueOptions.contains(word), index + 1 < words.count {
                options.append("\(word)=\(words[index + 1])")
                index += 1
            } else if word.hasPrefix("--") || word == "-h" {
                options.append(word)
            } else {
                values.append(word)
            }
            index += 1
        }
        return values.isEmpty ? options : options + ["--"] + values
    }

    /// "Unknown command "lsit"; did you mean "list"? …" for a command name that is not one
    /// (also after `help`), `nil` when the words name a command or none.
    static func unknownCommand(in words: [String]) -> String? {
        guard let index = commandIndex(in: words) else { return nil }
        var name = words[index]
        if name == "help" {
            guard index + 1 < words.count else { return nil }
            name = words[index + 1]
        }
        guard !Memoss.commandNames.contains(name), name != "help" else { return nil }
        return unknownCommandMessage(name, help: "memoss help")
    }

    /// "Unknown command "lsit"; did you mean "list"? Type memoss help for the commands."
    static func unknownCommandMessage(_ name: String, help: String) -> String {
        let suggestion = Suggestions.phrase(for: name, among: Memoss.commandNames + ["help", "quit"])
        return "Unknown command \"\(VisibleText.escaped(name))\"\(suggestion)\(suggestion.isEmpty ? "; type" : " Type") \(help) for the commands."
    }

    /// Where the command name stands: the first word that is not an option before it.
    private static func commandIndex(in words: [String]) -> Int? {
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--db" { index += 2; continue }
            if word.hasPrefix("-") { index += 1; continue }
            return index
        }
        return nil
    }
}
