import ArgumentParser
import FrontSupport
import Foundation
import ImportCommand
import Shared

/// `memoss`: reminders for people who live in a terminal.
@main
struct Memoss: AsyncParsableCommand, RootCommand {
    static let configuration = CommandConfiguration(
        commandName: "memoss",
        abstract: "Reminders for people who live in a terminal.",
        discussion: """
            The store is --db PATH, else $MEMOSS_DB, else $XDG_DATA_HOME/memoss/memoss.sqlite \
            (~/.local/share/memoss/memoss.sqlite when XDG_DATA_HOME is not set). memoss help query: the query \
            language list, search, export, done and rm share (today, tag:Work, due<+7d, words).
            """,
        version: "memoss \(MemossVersion.current)",
        subcommands: [
            List.self, Add.self, Edit.self, Delete.self, Rm.self, Done.self, Cancel.self, Reopen.self, Next.self, History.self,
            ResetToday.self, Undo.self, Redo.self, Tags.self, TagCommand.self, Lists.self, Config.self, Notifications.self, Due.self,
            CompleteNotification.self, Snooze.self, Dismiss.self, Watch.self, Tui.self, Export.self, SyncCommand.self, Repl.self,
            Search.self, Show.self, ViewCommand.self,
        ],
        defaultSubcommand: Repl.self
    )

    /// `--db` given before the command name (`memoss --db PATH list`).
    @OptionGroup var store: StoreOptions
    static var optionsBeforeCommand: (any ParsableArguments.Type)? { StoreOptions.self }

    /// Runs the command line; a usage error exits with status 2, a refusal with 1.
    static func main() async {
        // Installed, memoss-import is a link to this program (Tools/install): started under that
        // name, it is the importer.
        if CommandLine.arguments.first?.split(separator: "/").last == "memoss-import" { await MemossImport.runProgram() }
        Output.program = "memoss"
        let read = CommandWords(Array(CommandLine.arguments.dropFirst()), root: Memoss.self)
        if isHelpAboutQueries(read) { return Output.say(QueryLanguage.help) }
        if let problem = unknownCommand(in: read) { Output.fail(problem, status: 2) }
        await FrontMain.run(Memoss.self, arguments: read.normalized, program: "memoss")
    }

    /// Every command name (aliases too), as typed. Each command's configuration gives its name:
    /// derived from the type's name instead, it costs every start the runtime's protocol lookups.
    static var commandNames: [String] {
        configuration.subcommands.filter { $0 != Repl.self }.flatMap { [$0._commandName] + $0.configuration.aliases }
    }

    /// Whether the words ask `help query`: the query language, which is no command.
    static func isHelpAboutQueries(_ read: CommandWords) -> Bool {
        read.path.isEmpty && Array(read.words.dropFirst(read.start)) == ["help", "query"]
    }

    /// "Unknown command "lsit"; did you mean "list"? …" for a command name that is not one
    /// (also after `help`), `nil` when the words name a command or none.
    static func unknownCommand(in read: CommandWords) -> String? {
        let words = read.words
        guard read.path.isEmpty, read.start < words.count, words.first != "---completion" else { return nil }
        var name = words[read.start]
        if name == "help" {
            guard read.start + 1 < words.count else { return nil }
            name = words[read.start + 1]
        }
        guard !commandNames.contains(name), name != "help" else { return nil }
        return unknownCommandMessage(name, help: "memoss help")
    }

    /// "Unknown command "lsit"; did you mean "list"? Type memoss help for the commands."
    static func unknownCommandMessage(_ name: String, help: String) -> String {
        let suggestion = Suggestions.phrase(for: name, among: commandNames + ["help", "quit"])
        return "Unknown command \"\(VisibleText.escaped(name))\"\(suggestion)\(suggestion.isEmpty ? "; type" : " Type") \(help) for the commands."
    }
}
