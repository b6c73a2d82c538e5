import ArgumentParser
import FrontSupport
import Foundation
import Shared

/// The values Tab offers for an argument, named in the argument's definition
/// (`@Option(completion: Completion.tagNames)`), so the prompt's Tab and a shell's completion
/// (`memoss --generate-completion-script`) offer the same: tag names, the last listing's numbers.
enum Completion {
    /// What the values come from.
    enum Source: Sendable {
        case tagNames, listNames, listedNumbers
    }

    /// What the prompt already knows (its tags, its last listing), so its Tab reads nothing; `nil`
    /// in a shell's completion request, which reads the store.
    nonisolated(unsafe) static var known: (@Sendable (Source) -> [String])?

    /// The store's tag names.
    static let tagNames = CompletionKind.custom { words, _, prefix in values(.tagNames, words: words, prefix: prefix) }

    /// The store's list names.
    static let listNames = CompletionKind.custom { words, _, prefix in values(.listNames, words: words, prefix: prefix) }

    /// The numbers of the last listing.
    static let reminderNumbers = CompletionKind.custom { words, _, prefix in values(.listedNumbers, words: words, prefix: prefix) }

    private static func values(_ source: Source, words: [String], prefix: String) -> [String] {
        let all = known?(source) ?? fromStore(source, words: words)
        return all.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }

    /// Reads the store the words name (`--db PATH`), else the one `MEMOSS_DB` or the default names.
    private static func fromStore(_ source: Source, words: [String]) -> [String] {
        let db = words.firstIndex(of: "--db").flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil }
            ?? words.first { $0.hasPrefix("--db=") }.map { String($0.dropFirst(5)) }
        let found = MemossCore.completionWords(explicitPath: db, processEnvironment: ProcessInfo.processInfo.environment)
        return switch source {
        case .tagNames: found.tagNames
        case .listNames: found.listNames
        case .listedNumbers: (0..<found.listed).map { String($0 + 1) }
        }
    }

    /// What Tab offers at the prompt for `word`, the end of `line`: command names, then what the
    /// definition of the argument being typed names (`Completion.tagNames` …), asked of
    /// argument-parser as a shell's completion asks it. A value with spaces is offered quoted
    /// (only its closing quote when one is open).
    @MainActor
    static func candidates(line: String, word: String, root: any RootCommand.Type, commandNames: [String]) -> [String] {
        let typedBefore = String(line.dropLast(word.count))
        let quoteOpen = typedBefore.last == "\""
        let before = (try? Words.split(quoteOpen ? String(typedBefore.dropLast()) : typedBefore)) ?? []
        let offered: [String]
        func quoted(_ name: String) -> String {
            name.contains(where: \.isWhitespace) ? (quoteOpen ? name + "\"" : "\"\(name)\"") : name
        }
        if before.isEmpty {
            offered = commandNames
        } else if before == ["help"] {
            offered = commandNames
        } else if typedBefore.isEmpty || typedBefore.last == " " || quoteOpen, before.last?.hasPrefix("-") != true,
                  let (field, source) = fieldWords.first(where: { word.lowercased().hasPrefix($0.prefix) }) {
            // A field as a whole word (`+Health`, `tag:Health`, `list:Home`), as commands and queries
            // take them, not a value of an option (`--alarm +10m`). A name with spaces is a field
            // only as `tag:"Word games"` (`+Word games` would be title words).
            let typed = String(word.dropFirst(field.count)).lowercased()
            return values(source, words: before, prefix: "").filter { $0.lowercased().hasPrefix(typed) }.map { name in
                let spaced = name.contains(where: \.isWhitespace)
                return quoted((spaced && field == "+" ? "tag:" : field) + name)
            }
        } else {
            offered = argumentValues(before: before, word: word, root: root).map(quoted)
        }
        return offered.filter { $0.replacingOccurrences(of: "\"", with: "").lowercased().hasPrefix(word.lowercased()) }
    }

    /// The words that name a tag or a list by a prefix (`InlineFields`, `QueryParser`), and what follows each.
    private static let fieldWords: [(prefix: String, source: Source)] = [("+", .tagNames), ("tag:", .tagNames), ("list:", .listNames)]

    /// The values of the argument that follows `before`: a subcommand's name, or what its completion gives.
    private static func argumentValues(before: [String], word: String, root: any RootCommand.Type) -> [String] {
        let read = CommandWords(before, root: root)
        guard !read.path.isEmpty else { return [] }
        if read.start == before.count, read.command.configuration.subcommands.isEmpty == false {
            return CommandWords.subcommandNames(of: read.command)
        }
        let own = Array(before[read.start...])
        let arguments = CommandWords.arguments(of: read.command)
        let argumentName: String
        if let last = own.last, CommandWords.valueOptions(of: read.command).contains(last) {
            argumentName = last
        } else {
            let takesValue = CommandWords.valueOptions(of: read.command)
            var positionals = 0, index = 0
            while index < own.count {
                if takesValue.contains(own[index]) { index += 2; continue }
                if !own[index].hasPrefix("-") { positionals += 1 }
                index += 1
            }
            let defined = arguments.filter { $0.kind == "positional" }
            guard !defined.isEmpty else { return [] }
            let position = defined.last?.isRepeating == true ? min(positionals, defined.count - 1) : positionals
            guard position < defined.count else { return [] }
            argumentName = "positional@\(position)"
        }
        let request = ["---completion"] + read.path + ["--", argumentName, String(own.count), String(word.count)] + own + [word]
        do {
            _ = try root.parseAsRoot(request)
        } catch where root.exitCode(for: error) == .success {
            // The completion's answer comes back as a clean exit with the values, one a line.
            return root.fullMessage(for: error).split(separator: "\n").map(String.init)
        } catch {
            return []
        }
        return []
    }
}
