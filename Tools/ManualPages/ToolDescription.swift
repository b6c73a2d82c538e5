/// A program's commands and arguments as `--experimental-dump-help` prints them (swift-argument-parser's
/// serialization version 0): the command definitions themselves, which `--help` also reads.
package struct ToolDescription: Decodable, Sendable {
    /// The serialization version; this reader knows version 0.
    package let serializationVersion: Int
    /// The root command, with its subcommands.
    package let command: CommandDescription
}

/// One command: its name, help texts, arguments and subcommands.
package struct CommandDescription: Decodable, Sendable {
    /// The name typed for it.
    package let commandName: String
    /// Other names it answers to.
    package let aliases: [String]?
    /// The one-line description.
    package let abstract: String?
    /// The longer description.
    package let discussion: String?
    /// Whether `--help` lists it.
    package let shouldDisplay: Bool
    /// Its subcommands, in the order they are defined.
    package let subcommands: [CommandDescription]?
    /// Its arguments, options and flags, in the order they are defined.
    package let arguments: [ArgumentDescription]?
}

/// One argument, option or flag of a command.
package struct ArgumentDescription: Decodable, Sendable, Equatable {
    /// What it is.
    package enum Kind: String, Decodable, Sendable {
        case positional, option, flag
    }

    /// One name it is typed with.
    package struct Name: Decodable, Sendable, Equatable {
        /// `long` (`--name`), `short` (`-n`) or `longWithSingleDash` (`-name`).
        package let kind: String
        /// The name without its dashes.
        package let name: String

        /// The name as typed.
        package var typed: String {
            switch kind {
            case "long": "--\(name)"
            case "short": "-\(name)"
            default: "-\(name)"
            }
        }
    }

    /// Positional, option or flag.
    package let kind: Kind
    /// Whether `--help` shows it.
    package let shouldDisplay: Bool
    /// Whether it may be left out.
    package let isOptional: Bool
    /// Whether it may be given several times (or takes several values).
    package let isRepeating: Bool
    /// The names it is typed with (none for a positional).
    package let names: [Name]?
    /// The name for its value.
    package let valueName: String?
    /// Its default value, as `--help` shows it.
    package let defaultValue: String?
    /// The values it takes, when they are a fixed list.
    package let allValues: [String]?
    /// The one-line description.
    package let abstract: String?
    /// The longer description.
    package let discussion: String?

    /// The names as typed, short ones first (`-o, --output`).
    package var typedNames: [String] {
        (names ?? []).sorted { ($0.kind == "short" ? 0 : 1) < ($1.kind == "short" ? 0 : 1) }.map(\.typed)
    }
}
