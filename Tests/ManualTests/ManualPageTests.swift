import Foundation
import ManualPages
import Testing
import TestSupport

/// The man pages as Tools/install writes them: one for every program the package builds, with a
/// section for every command at every depth that says what `--help` says, read by groff without a
/// warning.
struct ManualPageTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The executables Package.swift declares as products: the programs a user runs.
    static func programs() throws -> [String] {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try Regex(#"\.executable\(name: "([^"]+)""#)
        return manifest.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) }
    }

    /// What the program's `--experimental-dump-help` says: its command definitions.
    static func tool(_ program: String) throws -> ToolDescription {
        let dump = try ChildProcess.run(BuiltProduct.url(program), ["--experimental-dump-help"])
        try #require(dump.status == 0, "\(program) --experimental-dump-help: \(dump.stderr)")
        return try JSONDecoder().decode(ToolDescription.self, from: dump.stdoutData)
    }

    /// The page of `program`, made as Tools/install makes it.
    static func page(_ program: String) throws -> String {
        let markdown = try String(contentsOf: packageRoot.appendingPathComponent("docs/man/\(program).md"), encoding: .utf8)
        return try ManualPage(tool: try tool(program), date: "2026-11-25", source: "Memoss", handWritten: Markdown.roff(markdown)).text
    }

    /// Every command below `command`, with the words that run it (argument-parser's own `help` left out).
    static func commands(of command: CommandDescription, path: [String]) -> [([String], CommandDescription)] {
        (command.subcommands ?? []).filter { $0.commandName != "help" }.flatMap { sub in
            [(path + [sub.commandName], sub)] + commands(of: sub, path: path + [sub.commandName])
        }
    }

    /// Text with its runs of white space made one space, so help wrapped at any width compares.
    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func everyProgramThePackageBuildsHasAPage() throws {
        let programs = try Self.programs()
        #expect(Set(programs) == ["memoss", "memoss-import", "memoss-sync", "memoss-tui"], "a new program needs docs/man/NAME.md and a place in Tools/install")
        for program in programs {
            #expect(FileManager.default.fileExists(atPath: Self.packageRoot.appendingPathComponent("docs/man/\(program).md").path),
                    "\(program) has no page: write docs/man/\(program).md")
            _ = try Self.page(program)
        }
    }

    /// Each command has its section, its synopsis names every option it shows, and each of its
    /// help texts is on the page as `--help` prints it (which reads the same definitions).
    @Test(arguments: ["memoss", "memoss-import", "memoss-sync", "memoss-tui"])
    func everyCommandHasItsSectionSayingWhatHelpSays(program: String) throws {
        let tool = try Self.tool(program)
        let page = try Self.page(program)
        let flatPage = Self.flattened(page)
        var checked = 0
        for (path, command) in [([program], tool.command)] + Self.commands(of: tool.command, path: [program]) {
            if path.count > 1 {
                #expect(page.contains(".SS \"\(Roff.line(path.joined(separator: " ")))\""), "\(path.joined(separator: " ")) has no section")
            }
            // A hidden command (repl: what memoss alone runs) has no --help of its own; its page section is checked all the same.
            let help = command.shouldDisplay ? try ChildProcess.run(BuiltProduct.url(program), Array(path.dropFirst()) + ["--help"]).stdout : nil
            // The NAME line gives the program's abstract without its full stop.
            let abstract = path.count == 1 ? command.abstract.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 } : command.abstract
            let texts = [abstract] + (command.arguments ?? []).filter(\.shouldDisplay).map(\.abstract)
            for text in texts.compactMap({ $0 }).filter({ !$0.isEmpty }) {
                #expect(flatPage.contains(Self.flattened(Roff.text(text).replacingOccurrences(of: "\n.br\n", with: " ")
                    .replacingOccurrences(of: "\n.PP\n", with: " "))), "\(path.joined(separator: " ")): the page lacks \"\(text)\"")
                if let help {
                    #expect(Self.flattened(help).contains(Self.flattened(text)), "\(path.joined(separator: " ")) --help lacks \"\(text)\"")
                }
                checked += 1
            }
        }
        #expect(checked >= (program == "memoss" ? 60 : 1))
    }

    /// argument-parser's own generator drops every character that is not ASCII ("1–1000" became
    /// "11000"); these pages keep them, as groff's escapes.
    @Test func aHelpTextWithAnEnDashReadsTheSameOnThePage() throws {
        let page = try Self.page("memoss")
        #expect(page.contains("(1\\[u2013]1000)"))
        #expect(!page.contains("(11000)"))
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
    }

    /// groff reads every page without a warning (-ww), and the language page as well.
    @Test func groffReadsEveryPageWithoutAWarning() throws {
        let folder = try TemporaryFolder("memoss-man")
        var pages = try Self.programs().map { ($0 + ".1", try Self.page($0)) }
        let language = try String(contentsOf: Self.packageRoot.appendingPathComponent("docs/language.md"), encoding: .utf8)
        pages.append(("memoss-language.7", ".TH MEMOSS-LANGUAGE 7\n" + Markdown.roff(language)))
        for (name, text) in pages {
            try Data(text.utf8).write(to: folder.url.appendingPathComponent(name))
            let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/groff"),
                                              ["-man", "-Tutf8", "-ww", "-z", folder.url.appendingPathComponent(name).path])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(name): \(result.stderr)")
        }
    }
}
