// Writes Memoss's man pages: one for each program, made from its command definitions (read from
// `PROGRAM --experimental-dump-help`, as --help reads them) and its hand-written part,
// docs/man/NAME.md; and the pages written whole in Markdown that --page names.
//
//     swift run ManualGenerator --out DIR [--source "Memoss 0.2.0"] [--date YYYY-MM-DD]
//         [--page memoss-language.7=docs/language.md]… PROGRAM…
//
// Tools/install runs it on the release builds it installs.
import Foundation
import ManualPages

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ManualGenerator: \(message)\n".utf8))
    exit(1)
}

/// What `program arguments…` prints on standard output; fails when it does not exit 0.
func output(of program: String, _ arguments: [String]) -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { fail("cannot run \(program): \(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fail("\(program) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)") }
    return data
}

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
}
guard let out = option("--out") else { fail("give --out DIR and the programs") }
let source = option("--source") ?? "Memoss"
let date = option("--date") ?? String(ISO8601DateFormatter().string(from: Date()).prefix(10))
var pages: [(name: String, markdown: String)] = []
while let page = option("--page") {
    let parts = page.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { fail("--page takes NAME.SECTION=FILE.md, not \(page)") }
    pages.append((parts[0], parts[1]))
}
let folder = URL(fileURLWithPath: out)

do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for program in arguments {
        let name = URL(fileURLWithPath: program).lastPathComponent
        let markdown = "docs/man/\(name).md"
        guard let handWritten = try? String(contentsOfFile: markdown, encoding: .utf8) else {
            fail("\(name) has no page: write \(markdown), its hand-written part with @OPTIONS@ and @COMMANDS@ lines")
        }
        let tool = try JSONDecoder().decode(ToolDescription.self, from: output(of: program, ["--experimental-dump-help"]))
        let page = try ManualPage(tool: tool, date: date, source: source, handWritten: Markdown.roff(handWritten))
        try Data(page.text.utf8).write(to: folder.appendingPathComponent("\(name).1"))
        print(folder.appendingPathComponent("\(name).1").path)
    }
    for (name, markdown) in pages {
        guard let text = try? String(contentsOfFile: markdown, encoding: .utf8), let dot = name.lastIndex(of: ".") else {
            fail("cannot read \(markdown) for \(name)")
        }
        let header = [".\\\" Made by Tools/ManualGenerator from \(markdown).",
                      ".TH \(name[..<dot].uppercased()) \(name[name.index(after: dot)...]) \(date) \"\(source)\" \"Memoss Manual\"",
                      ".SH NAME", "\(Roff.line(String(name[..<dot]))) \\- \(Roff.line(Markdown.title(text) ?? ""))"]
        try Data((header.joined(separator: "\n") + "\n" + Markdown.roff(text) + "\n").utf8).write(to: folder.appendingPathComponent(name))
        print(folder.appendingPathComponent(name).path)
    }
} catch {
    fail("\(error)")
}
