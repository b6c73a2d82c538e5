import ArgumentParser
import CSystem
import Foundation

/// How every front starts: its command line parsed by the root command's definitions, the
/// command run, and any failure said once, with the exit status `Failure` gives it.
package enum FrontMain {
    /// Runs `root` on `arguments` (the words after the program's name) as `program` says its
    /// errors (`memoss`, `memoss-import`), then exits.
    package static func run(_ root: any ParsableCommand.Type, arguments: [String], program: String) async -> Never {
        Output.program = program
        // Freed memory goes back to the system past 128 KiB, as glibc starts: its threshold grows
        // with the biggest block freed (SQLite's sorters: an import's sort by id, then its tag
        // links'), and a listing's second reading thread has a heap of its own. Setting it fixes
        // the size from which a block is mapped on its own at 128 KiB too, where glibc would raise
        // it: then each array of a search's reminders, as it grows, was mapped afresh and touched
        // page by page (a fifth of the page faults of a search of 11,000). Blocks up to 4 MiB
        // come from the heaps instead.
        memoss_tune_malloc(128 * 1024, 4 * 1024 * 1024)
        let parsed: any ParsableCommand
        do {
            parsed = try root.parseAsRoot(arguments)
            if let root = root as? any RootCommand.Type, case let words = CommandWords(arguments, root: root),
               let option = words.repeatedOption {
                let command = ([root._commandName] + words.path).joined(separator: " ")
                Failure(UsageProblem(message: CommandWords.repeatedMessage(option) + " See '\(command) --help'."), root: root).exit()
            }
        } catch {
            if let root = root as? any RootCommand.Type, case let words = CommandWords(arguments, root: root),
               let option = words.unknownOption {
                let command = ([root._commandName] + words.path).joined(separator: " ")
                Failure(UsageProblem(message: "Unknown option '\(option)'. See '\(command) --help'."), root: root).exit()
            }
            Failure(error, root: root, whileParsing: true).exit()
        }
        do {
            if var command = parsed as? any AsyncParsableCommand {
                try await command.run()
            } else {
                var command = parsed
                try command.run()
            }
        } catch {
            Failure(error, root: root).exit()
        }
        exit(0)
    }
}
