import Foundation
import Testing
import TestSupport

/// The README says what Memoss does, and these tests hold it to that: its first session is what a
/// real terminal (tmux) shows when the same answers are typed, on Wednesday 25 November 2026 at
/// 10:00 in New York (the day its dates are written for), and every command of "From the shell"
/// runs and exits 0, in order, on one store.
@Suite(.serialized)
struct ReadmeTests {
    private static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }

    init() throws {
        temporary = try TemporaryFolder("memoss-readme")
    }

    private var environment: [String: String] {
        ["HOME": temporary.url.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color",
         "MEMOSS_CLOCK": memossClock(instant("2026-11-25T10:00:00-05:00")), "TZ": "America/New_York"]
    }

    /// The lines of the README's first fenced block after the heading `heading`.
    private static func block(after heading: String) throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## ").first { $0.hasPrefix(heading + "\n") },
                                   "the README has no section \(heading)")
        let fenced = section.components(separatedBy: "```")
        try #require(fenced.count >= 3, "the README's section \(heading) has no code block")
        return Array(fenced[1].components(separatedBy: "\n").dropFirst().dropLast())
    }

    /// `line` without its `← explanation` and the spaces before it.
    private static func withoutAnnotation(_ line: String) -> String {
        let kept = line.range(of: "←").map { String(line[..<$0.lowerBound]) } ?? line
        return String(kept.reversed().drop { $0 == " " }.reversed())
    }

    /// The words of a shell line as `sh` splits them (double quotes only, as the README writes
    /// them), its `# comment` left out.
    private static func words(_ line: String) -> [String] {
        var words: [String] = [], word = "", quoted = false, inWord = false
        for character in line {
            if character == "\"" { quoted.toggle(); inWord = true; continue }
            if !quoted, character == "#" { break }
            if !quoted, character == " " {
                if inWord { words.append(word) }
                word = ""; inWord = false
                continue
            }
            word.append(character); inWord = true
        }
        if inWord { words.append(word) }
        return words
    }

    @Test func theFirstSessionIsWhatATerminalShowsWhenTheSameAnswersAreTyped() throws {
        let transcript = try Self.block(after: "A first session").map(Self.withoutAnnotation)
        let start = try #require(transcript.firstIndex { $0.hasPrefix("memoss> ") })
        let expected = Array(transcript[start...])
        let answers = ["add", "Call the dentist", "", "fri", "2:30pm", "", "Health", "", "-1d, -15m", "y", "list", "done 1", "undo"]
        let window = try TerminalWindow("\(MemossProcess.executable.path) --db \(store); exec cat",
                                        columns: 200, rows: 40, environment: environment)
        _ = try window.screen { $0.last == "memoss>" }
        // Each answer is typed once the program asks again: the screen has grown and ends in a
        // question (`memoss>`, `Title:`, `[Y/n/e]`), never while it is still printing.
        for answer in answers {
            let before = try window.screen().count
            try window.type(answer)
            _ = try window.screen { lines in
                lines.count > before && [":", ">", "]"].contains { lines.last?.hasSuffix($0) ?? false }
            }
        }
        try window.type("quit")
        let screen = try window.screen { $0.last == "memoss> quit" }
        let shown = try #require(screen.firstIndex { $0.hasPrefix("memoss> ") }.map { Array(screen[$0...]) })
        #expect(shown.map { String($0.reversed().drop { $0 == " " }.reversed()) } == expected)
    }

    @Test func everyCommandFromTheShellRunsAndExitsZero() throws {
        let lines = try Self.block(after: "From the shell").map(Self.words).filter { $0.first == "memoss" }
        try #require(lines.count >= 5, "the README's shell examples were not found")
        let plan = temporary.path("plan.txt")
        try "add Call Ann --date tomorrow\nlist\n".write(toFile: plan, atomically: true, encoding: .utf8)
        for words in lines {
            var arguments = Array(words.dropFirst())
            var input: [String]?
            if arguments.first == "<" {
                input = try String(contentsOfFile: temporary.path(arguments[1]), encoding: .utf8)
                    .components(separatedBy: "\n").filter { !$0.isEmpty }
                arguments.removeFirst(2)
            }
            let result = try MemossProcess.run(["--db", store] + arguments, environment: environment, lines: input)
            #expect(result.status == 0, "memoss \(words.dropFirst().joined(separator: " ")): \(result.stderr)")
        }
    }
}
