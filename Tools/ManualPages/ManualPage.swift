import Foundation

/// A man page made from a program's command definitions and the parts written by hand around them.
///
/// The hand-written part is man(7) text (see `Markdown`); its lines `@OPTIONS@` and `@COMMANDS@` are
/// replaced by the program's options (after its discussion) and, for each command at every depth,
/// its synopsis, help texts and arguments, written from the same texts `--help` prints. Options every command shares with the program
/// (`--db`) are told once, under OPTIONS; `--help` and `--version` only there.
package struct ManualPage {
    /// Why a page cannot be made.
    package struct Problem: Error, CustomStringConvertible {
        /// What is wrong, in a sentence.
        package let description: String
    }

    /// The program's commands, from `--experimental-dump-help`.
    package let tool: ToolDescription
    /// The page's section (1 for programs).
    package let section: Int
    /// The date the page shows (YYYY-MM-DD).
    package let date: String
    /// The source the page shows (the program and its version).
    package let source: String
    /// The hand-written man(7) text, with `@OPTIONS@` and `@COMMANDS@` lines.
    package let handWritten: String

    /// Makes the page; refuses a tool description it does not know and a hand-written part that
    /// leaves out the options or the commands the program has.
    package init(tool: ToolDescription, section: Int = 1, date: String, source: String, handWritten: String) throws(Problem) {
        guard tool.serializationVersion == 0 else {
            throw Problem(description: "the help dump is version \(tool.serializationVersion); this generator reads version 0")
        }
        let hasCommands = !(tool.command.subcommands ?? []).filter { $0.commandName != "help" }.isEmpty
        let lines = handWritten.split(separator: "\n")
        guard lines.contains("@OPTIONS@") else {
            throw Problem(description: "the hand-written part of \(tool.command.commandName)(\(section)) has no @OPTIONS@ line")
        }
        guard !hasCommands || lines.contains("@COMMANDS@") else {
            throw Problem(description: "\(tool.command.commandName) has commands; its hand-written part has no @COMMANDS@ line")
        }
        self.tool = tool
        self.section = section
        self.date = date
        self.source = source
        self.handWritten = handWritten
    }

    /// The whole page, as man(7).
    package var text: String {
        let root = tool.command
        let page = [
            ".\\\" Made by Tools/ManualGenerator from \(root.commandName)'s command definitions and docs/man/\(root.commandName).md.",
            ".TH \(root.commandName.uppercased()) \(section) \(date) \(Roff.quoted(source)) \"User Commands\"",
            ".SH NAME",
            "\(Roff.line(root.commandName)) \\- \(Roff.line(Self.withoutFullStop(root.abstract ?? "")))",
            ".SH SYNOPSIS",
            synopsis(root, path: [root.commandName], shared: []),
        ]
        let body = ("\n" + handWritten + "\n").replacingOccurrences(of: "\n@OPTIONS@\n", with: "\n" + options(root) + "\n")
            .replacingOccurrences(of: "\n@COMMANDS@\n", with: "\n" + commands(root) + "\n")
        return page.joined(separator: "\n") + body.replacingOccurrences(of: "\n\n", with: "\n")
    }

    /// OPTIONS: the program's own arguments, options and flags.
    func options(_ root: CommandDescription) -> String {
        let arguments = (root.arguments ?? []).filter(\.shouldDisplay)
        let discussion = root.discussion.map { $0.isEmpty ? [] : [".PP", Roff.text($0)] } ?? []
        return ([".SH OPTIONS"] + discussion + arguments.map(item)).joined(separator: "\n")
    }

    /// COMMANDS: every command at every depth, in the order they are defined.
    func commands(_ root: CommandDescription) -> String {
        let shared = (root.arguments ?? []).filter { $0.kind != .positional }
        var lines = [".SH COMMANDS"]
        func walk(_ command: CommandDescription, _ path: [String]) {
            for sub in command.subcommands ?? [] where sub.commandName != "help" || path.count > 1 {
                let subPath = path + [sub.commandName]
                lines.append(".SS \(Roff.quoted(subPath.joined(separator: " ")))")
                lines.append(synopsis(sub, path: subPath, shared: shared))
                lines.append(".PP")
                lines.append(Roff.text(sub.abstract ?? ""))
                if let aliases = sub.aliases, !aliases.isEmpty {
                    lines.append("Also: " + aliases.map(Roff.bold).joined(separator: ", ") + ".")
                }
                if let discussion = sub.discussion, !discussion.isEmpty {
                    lines += [".PP", Roff.text(discussion)]
                }
                lines += own(sub, shared: shared).map(item)
                walk(sub, subPath)
            }
        }
        walk(root, [root.commandName])
        // The help command argument-parser adds, last, as --help lists it.
        if let help = (root.subcommands ?? []).first(where: { $0.commandName == "help" }) {
            lines += [".SS \(Roff.quoted("\(root.commandName) help"))",
                      "\(Roff.bold("\(root.commandName) help")) [\(Roff.italic("command"))]", ".PP",
                      Roff.text(help.abstract ?? "")]
        }
        return lines.joined(separator: "\n")
    }

    /// The arguments a command shows that the program does not already tell (`--db`, `--help`, `--version`).
    func own(_ command: CommandDescription, shared: [ArgumentDescription]) -> [ArgumentDescription] {
        (command.arguments ?? []).filter { argument in
            argument.shouldDisplay && !shared.contains { $0.typedNames == argument.typedNames && $0.kind == argument.kind }
        }
    }

    /// `memoss done [--one] reminders…` in bold and italics, the way --help's usage line reads.
    func synopsis(_ command: CommandDescription, path: [String], shared: [ArgumentDescription]) -> String {
        let arguments = path.count == 1 ? (command.arguments ?? []).filter(\.shouldDisplay) : own(command, shared: shared)
        var words = [Roff.bold(path.joined(separator: " "))]
        for argument in arguments where !["--help", "--version"].contains(argument.typedNames.last ?? "") {
            var word = label(argument, withAllNames: false)
            if argument.isRepeating { word += "\\[u2026]" }
            words.append(argument.isOptional ? "[\(word)]" : word)
        }
        if !(command.subcommands ?? []).isEmpty { words.append("[\(Roff.italic("command"))]") }
        return words.joined(separator: " ")
    }

    /// One argument as a tagged paragraph: its names and value, then its help.
    func item(_ argument: ArgumentDescription) -> String {
        var help = argument.abstract ?? ""
        if let discussion = argument.discussion, !discussion.isEmpty { help += "\n\n" + discussion }
        if let values = argument.allValues, !values.isEmpty, argument.kind != .flag {
            help += (help.isEmpty ? "" : " ") + "One of: \(values.joined(separator: ", "))."
        }
        if let value = argument.defaultValue, !value.isEmpty, argument.kind != .flag {
            help += (help.isEmpty ? "" : " ") + "(default: \(value))"
        }
        return [".TP", label(argument, withAllNames: true), Roff.text(help)].joined(separator: "\n")
    }

    /// `-o, --output file` (or `reminders` for a positional).
    func label(_ argument: ArgumentDescription, withAllNames: Bool) -> String {
        let value = Roff.italic(argument.valueName ?? "value")
        switch argument.kind {
        case .positional:
            return value
        case .flag:
            return (withAllNames ? argument.typedNames : Array(argument.typedNames.suffix(1))).map(Roff.bold).joined(separator: ", ")
        case .option:
            let names = withAllNames ? argument.typedNames : Array(argument.typedNames.suffix(1))
            return names.map(Roff.bold).joined(separator: ", ") + " " + value
        }
    }

    /// A one-line description as a man page's NAME line has it: without its full stop.
    static func withoutFullStop(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
