import ArgumentParser
import Foundation
import Shared

/// A program's root command.
package protocol RootCommand: ParsableCommand {
    /// The group of options given before a command's name (`memoss --db PATH list`), if any.
    static var optionsBeforeCommand: (any ParsableArguments.Type)? { get }
}


/// The words of a command line read with the commands' own definitions: which words name a
/// command (`tag add`), and which options take a value, so a word that begins with a dash and
/// is not an option is a value, not a flag: `add "-check logs"` adds a reminder titled "-check logs".
package struct CommandWords {
    /// The command the words name, deepest first found (`TagCommand.Add` for `tag add X`).
    package let command: any ParsableCommand.Type
    /// The names of the commands on the way, root excluded (`["tag", "add"]`).
    package let path: [String]
    /// Where the command's own words start.
    package let start: Int
    /// The words as typed.
    package let words: [String]
    /// Whether the last command named has subcommands (`lists`, run as its default `lists show`).
    private let namesGroup: Bool

    /// Reads `words` (the words after the program's name) against `root`'s definitions.
    package init(_ words: [String], root: any RootCommand.Type) {
        self.words = words
        var index = 0
        // Options of the root before the command's name (`--db PATH list`), read only when there
        // are some, from their group's definition alone (the root's would describe every command).
        if words.first?.hasPrefix("-") == true {
            // A root without options of its own before the command's name (`memoss-sync`) has none that take a value.
            var rootValueOptions: Set<String>? = root.optionsBeforeCommand == nil ? [] : nil
            while index < words.count, words[index].hasPrefix("-") {
                let word = words[index], next = index + 1 < words.count ? words[index + 1] : nil
                if word == "--generate-completion-script" {
                    // argument-parser's own option that takes a value: `--generate-completion-script bash`.
                    index += 2
                } else if next == nil || Self.parserFlags.contains(word) || (Self.looksLikeOption(word) && word.contains("=")) {
                    index += 1
                } else if rootValueOptions == nil, Self.looksLikeOption(word), let next, !next.hasPrefix("-"), !Self.isCommand(next, of: root),
                          index + 2 < words.count, Self.isCommand(words[index + 2], of: root) {
                    // `--db PATH list`: a value, then a command's name. Read as a flag, the option
                    // would be followed by a command's name, which `next` is not (the definitions
                    // cost a one-shot command about 1 ms; anything else is read with them).
                    index += 2
                } else {
                    if rootValueOptions == nil { rootValueOptions = root.optionsBeforeCommand.map(Self.valueOptions) ?? [] }
                    index += rootValueOptions!.contains(word) ? 2 : 1
                }
            }
        }
        var command: any ParsableCommand.Type = root, path: [String] = []
        while index < words.count, let sub = Self.subcommand(named: words[index], of: command) {
            command = sub
            path.append(words[index])
            index += 1
        }
        namesGroup = !command.configuration.subcommands.isEmpty
        if let fallback = command.configuration.defaultSubcommand, ObjectIdentifier(command) != ObjectIdentifier(root) {
            command = fallback
        }
        self.command = command
        self.path = path
        start = min(index, words.count)
    }

    /// Whether `word` names a subcommand of `root`, or is `help`.
    private static func isCommand(_ word: String, of root: any ParsableCommand.Type) -> Bool {
        word == "help" || subcommand(named: word, of: root) != nil
    }

    /// The subcommand of `command` that `name` names (by name or alias), if any.
    package static func subcommand(named name: String, of command: any ParsableCommand.Type) -> (any ParsableCommand.Type)? {
        command.configuration.subcommands.first { $0._commandName == name || $0.configuration.aliases.contains(name) }
    }

    /// Every name and alias of `command`'s subcommands, as typed.
    package static func subcommandNames(of command: any ParsableCommand.Type) -> [String] {
        command.configuration.subcommands.filter { $0.configuration.shouldDisplay }
            .flatMap { [$0._commandName] + $0.configuration.aliases }
    }

    /// The words with option values attached (`--notes=-5 °C`) and the command's other words
    /// after `--`: what argument-parser is given. An empty value (`--notes ""`, `--notes=`) stays
    /// the option's value: it is given as a word of its own, since argument-parser reads `--notes=`
    /// as an option without a value and would take the next word instead.
    package var normalized: [String] {
        // A shell's completion request (`---completion …`) is argument-parser's own protocol.
        guard !path.isEmpty, start < words.count, words.first != "---completion" else { return words }
        // Which options take a value matters only when a word that begins with a dash could be a
        // value (reading the command's definitions costs a one-shot command about 3 ms): the words
        // as typed mean the same to argument-parser when each such word is a long option (or
        // `-h`) that does not follow another one without its value attached, and no word of a
        // group's (`lists --db X add Work`) can be taken for one of its commands' names.
        if !namesGroup, Self.unambiguous(words[start...]) { return words }
        let takesValue = Self.valueOptions(of: command)
        var options = Array(words[..<start]), values: [String] = []
        var index = start
        while index < words.count {
            let word = words[index]
            if word == "--" {
                values += words[(index + 1)...]
                break
            } else if takesValue.contains(word), index + 1 < words.count {
                let value = words[index + 1]
                options += value.isEmpty ? [word, ""] : ["\(word)=\(value)"]
                index += 1
            } else if word.hasSuffix("="), takesValue.contains(String(word.dropLast())) {
                options += [String(word.dropLast()), ""]
            } else if word.hasPrefix("--") || word == "-h" || takesValue.contains(word) {
                // An option that takes a value, last: argument-parser says its value is missing.
                options.append(word)
            } else {
                values.append(word)
            }
            index += 1
        }
        return values.isEmpty ? options : options + ["--"] + values
    }

    /// The first word typed as a long option that the command does not have (`--bogus`), if any.
    /// argument-parser reports a missing argument before an unknown option, and the unknown
    /// option is the slip to fix: `search --bogus` is "Unknown option '--bogus'", not a request
    /// for words.
    package var unknownOption: String? {
        let candidates = words[start...].prefix { $0 != "--" }.filter(Self.looksLikeOption)
        guard !candidates.isEmpty else { return nil }
        let known = Self.arguments(of: command).reduce(into: Self.parserFlags) { known, argument in
            for name in argument.names ?? [] { known.insert(name.kind == "short" ? "-" + name.name : "--" + name.name) }
        }
        return candidates.lazy.map { String($0.prefix { $0 != "=" }) }.first { !known.contains($0) }
    }

    /// The first option that takes one value and is given more than once (`export --tag Work --tag
    /// Home`), if any: argument-parser keeps the last and says nothing, so an export of two tags
    /// was an export of one. An option that takes several (`add --tag`) may be given again. Only
    /// a name typed twice costs the look at the command's definition.
    package var repeatedOption: String? {
        // The names typed: long ones, and short ones (`-o`, `-o=FILE` once normalized), which
        // may be another name of a long one.
        // Those before the command's name too (`--db a --db b list`): its options include them.
        let names = words.prefix(while: { $0 != "--" }).compactMap { word -> String? in
            let name = String(word.prefix { $0 != "=" })
            let isShort = name.count == 2 && name.hasPrefix("-") && name != "--"
            return isShort || Self.looksLikeOption(word) ? name : nil
        }
        guard Set(names).count < names.count || names.contains(where: { !$0.hasPrefix("--") && $0 != "-h" }) else { return nil }
        var argumentOf: [String: Int] = [:]
        for (index, argument) in Self.arguments(of: command).enumerated() where argument.kind == "option" && argument.isRepeating != true {
            for name in argument.names ?? [] { argumentOf[name.kind == "short" ? "-" + name.name : "--" + name.name] = index }
        }
        var seen = Set<Int>()
        return names.first { name in argumentOf[name].map { !seen.insert($0).inserted } ?? false }
    }

    /// What a front says of `option` given twice (`repeatedOption`).
    package static func repeatedMessage(_ option: String) -> String { "\(option) is given more than once; give it once." }

    /// argument-parser's own flags, which every command has.
    static let parserFlags: Set<String> = ["--help", "-h", "--version", "--experimental-dump-help"]

    /// Whether `word` has the shape of a long option (`--tag`, `--tag=Work`) or is `-h`: no value
    /// typed (`-5 °C`, `-check logs`, `--`, `--notes=` with its value in the next word) has it.
    static func looksLikeOption(_ word: String) -> Bool {
        if word == "-h" { return true }
        let name = word.utf8.dropFirst(2).prefix { $0 != UInt8(ascii: "=") }
        guard word.utf8.starts(with: "--".utf8), let first = name.first,
              (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20),
              name.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") })
        else { return false }
        let rest = word.utf8.count - 2 - name.count
        return rest == 0 || rest > 1
    }

    /// Whether argument-parser reads `words` as `normalized` would give them without knowing
    /// which options take a value: every word that begins with a dash is option-shaped, and none
    /// follows an option-shaped word without an attached value (it could be that option's value).
    static func unambiguous(_ words: ArraySlice<String>) -> Bool {
        var afterOption = false
        for word in words {
            guard word.hasPrefix("-") else { afterOption = false; continue }
            guard looksLikeOption(word), !afterOption else { return false }
            afterOption = !word.contains("=")
        }
        return true
    }

    /// The option names (`--tag`, `-o`) of `command` that take a value, from its definition.
    package static func valueOptions(of command: any ParsableArguments.Type) -> Set<String> {
        // A prompt reads every line with them: argument-parser's help dump is made once per command.
        if let known = ValueOptionsMemo.shared.names(of: command) { return known }
        let names: Set<String> = arguments(of: command).filter { $0.kind == "option" }.reduce(into: []) { names, argument in
            for name in argument.names ?? [] { names.insert(name.kind == "short" ? "-" + name.name : "--" + name.name) }
        }
        ValueOptionsMemo.shared.keep(names, of: command)
        return names
    }

    /// The arguments `command` defines (its option groups included), as argument-parser describes them.
    package static func arguments(of command: any ParsableArguments.Type) -> [ArgumentDescription] {
        let json = Data(command._dumpHelp().utf8)
        return (try? JSONDecoder().decode(ToolDescription.self, from: json))?.command.arguments ?? []
    }

    /// One argument as argument-parser's help dump describes it.
    package struct ArgumentDescription: Decodable {
        /// `positional`, `option` or `flag`.
        package let kind: String
        /// Its names (none for a positional).
        package let names: [Name]?
        /// The name its value is shown with.
        package let valueName: String?
        /// Whether it takes several values (a positional array).
        package let isRepeating: Bool?

        /// One name of an argument.
        package struct Name: Decodable {
            /// `long`, `short` or `longWithSingleDash`.
            package let kind: String
            /// The name without dashes.
            package let name: String
        }
    }

    private struct ToolDescription: Decodable {
        struct Command: Decodable { let arguments: [ArgumentDescription]? }
        let command: Command
    }
}

/// `CommandWords.valueOptions(of:)` by command, as far as asked (the definitions never change in a run).
private final class ValueOptionsMemo: @unchecked Sendable {
    static let shared = ValueOptionsMemo()
    private let lock = NSLock()
    private var known: [ObjectIdentifier: Set<String>] = [:]

    func names(of command: any ParsableArguments.Type) -> Set<String>? {
        lock.withLock { known[ObjectIdentifier(command)] }
    }

    func keep(_ names: Set<String>, of command: any ParsableArguments.Type) {
        lock.withLock { known[ObjectIdentifier(command)] = names }
    }
}
