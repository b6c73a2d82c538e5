import Foundation
import Testing
import TestSupport

/// `memoss export` end to end: what RFC 5545 lets a calendar hold, and the files it writes.
struct ExportCommandTests {
    private let temporary: TemporaryFolder
    private let environment = MemossProcess.onTestClock(["HOME": "/nonexistent", "TZ": "UTC", "PATH": "/usr/bin:/bin"])

    init() throws {
        temporary = try TemporaryFolder("memoss-export")
    }

    private var store: String { temporary.path("store.sqlite") }

    private func memoss(_ arguments: String...) throws -> ChildProcess.Result {
        try ChildProcess.run(MemossProcess.executable, ["--db", store] + arguments, environment: environment)
    }

    private func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func controlCharactersInTitlesAndNotesAreWrittenAsMemossShowsThemNeverRaw() throws {
        #expect(try memoss("add", "Pay\u{1B}[2J rent\u{7}", "--date", "2027-03-01", "--notes", "a\u{9B}b\ttab", "--new-tag", "W\u{7F}").status == 0)
        let exported = try memoss("export")
        #expect(exported.status == 0, "\(exported.stderr)")
        // RFC 5545 §3.1: no control character but tab in a content line (CRLF ends each).
        let scalars = exported.stdout.replacingOccurrences(of: "\r\n", with: "").unicodeScalars
        #expect(!scalars.contains { ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value) }, "\(exported.stdout.debugDescription)")
        #expect(exported.stdout.contains("SUMMARY:Pay\\\\u{1B}[2J rent\\\\u{7}\r\n"))
        #expect(exported.stdout.contains("DESCRIPTION:a\\\\u{9B}b\ttab\r\n"))
        #expect(exported.stdout.contains("CATEGORIES:W\\\\u{7F}\r\n"))
        // Read back, the text is what `list` showed.
        try exported.stdout.write(toFile: temporary.path("out.ics"), atomically: true, encoding: .utf8)
        let imported = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", temporary.path("back.sqlite"), temporary.path("out.ics")],
                                            environment: environment)
        #expect(imported.stdout.hasPrefix("Imported 1, skipped 0 already present, refused 0."), "\(imported.stderr)")
        #expect(try SQLiteShell.run(temporary.path("back.sqlite"), "SELECT title FROM reminder") == "Pay\\u{1B}[2J rent\\u{7}")
    }

    @Test func aNewExportFileIsPrivateAndAReplacedOneKeepsItsMode() throws {
        #expect(try memoss("add", "Private", "--date", "2027-03-01").status == 0)
        let file = temporary.path("reminders.ics")
        func export(umask: String) throws -> ChildProcess.Result {
            try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "umask \(umask); exec \"$0\" --db \"$1\" export -o \"$2\"",
                                                                   MemossProcess.executable.path, store, file], environment: environment)
        }
        #expect(try export(umask: "000").status == 0)
        #expect(try mode(file) == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        #expect(try export(umask: "077").stderr == "Exported 1 reminder to \(file).\n")
        #expect(try mode(file) == 0o644)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
        #expect(try export(umask: "000").status == 0)
        #expect(try mode(file) == 0o640)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("SUMMARY:Private\r\n"))
    }

    /// `-o` naming a FIFO (as `/dev/null` or `/dev/stdout` are devices) writes into it: the pipe
    /// is still a pipe afterwards, its reader gets the calendar, and nothing is left beside it.
    @Test func anExportToAPipeWritesIntoThePipeAndLeavesItAPipe() throws {
        #expect(try memoss("add", "Piped", "--date", "2027-03-01").status == 0)
        let pipe = temporary.path("calendar.fifo")
        #expect(mkfifo(pipe, 0o600) == 0)
        // The pipe's reader: `cat` copying what comes through into a file.
        let copy = temporary.path("received.ics")
        #expect(FileManager.default.createFile(atPath: copy, contents: nil))
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [pipe]
        reader.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: copy))
        try reader.run()
        let exported = try memoss("export", "-o", pipe)
        // A pipe renamed over would leave `cat` waiting for a writer: it is stopped after 10 s.
        let deadline = Date().addingTimeInterval(10)
        while reader.isRunning && Date() < deadline { usleep(10_000) }
        if reader.isRunning { reader.terminate() }
        reader.waitUntilExit()
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr == "Exported 1 reminder to \(pipe).\n")
        #expect(try String(contentsOfFile: copy, encoding: .utf8).contains("SUMMARY:Piped\r\n"))
        var status = stat()
        #expect(stat(pipe, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path("")).filter { $0.hasSuffix(".part") } == [])
    }
}
