import Foundation
import Testing
import TestSupport

/// Issue "Reliability", end to end through the built binaries on stores in a fresh folder: what a
/// command reports is what happened, nothing hangs, readers never wait, refused paths are left as
/// found, hostile bytes never reach the terminal. (Kill points, concurrency and fuzzing are in
/// `CrashAndFuzzTests`.)
struct ReliabilityTests {
    private let temporary: TemporaryFolder
    private var home: URL { temporary.url }
    private var store: String { home.appendingPathComponent("store.sqlite").path }
    private var environment: [String: String] { ["HOME": home.path, "TZ": "UTC", "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-reliability")
    }

    private func memoss(_ arguments: String..., db: String? = nil) throws -> ChildProcess.Result {
        try MemossProcess.start(["--db", db ?? store] + arguments, environment: environment).wait(limit: 20)
    }

    @discardableResult
    private func sqlite(_ sql: String) throws -> String { try SQLiteShell.run(store, sql) }

    private func titles() throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: try memoss("list", "--json").stdoutData) as? [String: Any]
        return ((json?["todo"] as? [[String: Any]] ?? []) + (json?["completed"] as? [[String: Any]] ?? []))
            .compactMap { $0["title"] as? String }
    }

    // MARK: Nothing hangs

    @Test func aDateBeyond2200IsRefusedWithASentence() throws {
        let refused = try memoss("add", "x", "--date", "9999-12-01", "--repeat", "monthly")
        #expect(refused.status == 1)
        #expect(refused.stderr == "memoss: date: Must be a day from 1970-01-01 to 2200-12-31.\n")
        let csv = home.appendingPathComponent("far.csv")
        try "title,date,repeat\nfar,9999-12-01,monthly\n".write(to: csv, atomically: true, encoding: .utf8)
        let imported = try MemossProcess.start(["--db", store, csv.path], environment: environment, program: MemossProcess.importer)
            .wait(limit: 20)
        #expect(imported.status == 1)
        #expect(imported.stderr == "\(csv.path):2: date: Must be a day from 1970-01-01 to 2200-12-31\n")
    }

    @Test func aStoreThatAlreadyHoldsARowFarInTheFutureStillAnswers() throws {
        #expect(try memoss("add", "near", "--date", "2027-01-01", "--repeat", "monthly").status == 0)
        // As an older Memoss stored it: 9999-12-01 monthly.
        try sqlite("UPDATE reminder SET scheduledAt = unixepoch('9999-12-01 09:00:00') * 1000, recurrenceDay = 1")
        for command in [["add", "other", "--date", "2027-02-01"], ["due"], ["list"], ["notifications"]] {
            let result = try MemossProcess.start(["--db", store] + command, environment: environment).wait(limit: 20)
            #expect(result.status == 0, "\(command) → \(result.status) \(result.stderr)")
        }
    }

    // MARK: Exit status tells the truth

    @Test func aReplanThatFailsAfterTheChangeIsStoredDoesNotFailTheCommandAndTheNextCommandFinishesIt() throws {
        #expect(try memoss("list").status == 0)
        try sqlite("CREATE TRIGGER refuse_plan BEFORE INSERT ON notificationRequest BEGIN SELECT RAISE(ABORT, 'no'); END")
        let added = try memoss("add", "kept", "--date", "2027-01-01")
        #expect(added.status == 0)
        #expect(added.stdout == "Added 1. \"kept\", due Fri 1 Jan 2027 09:00.\n")
        #expect(try sqlite("SELECT changes > planned FROM planState") == "1")
        try sqlite("DROP TRIGGER refuse_plan")
        let plan = try memoss("notifications")
        #expect(plan.stdout.contains("kept"))
        #expect(try sqlite("SELECT changes > planned FROM planState") == "0")
        #expect(try titles() == ["kept"])
    }

    // MARK: Readers never wait

    @Test func duringAnImportReadersAndWritersGoOnAndTheImportCommitsAtTheEnd() throws {
        #expect(try memoss("list").status == 0)
        let fifo = home.appendingPathComponent("slow.csv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let importer = try MemossProcess.start(["--db", store, fifo], environment: environment, program: MemossProcess.importer)
        // Opened once the importer has opened it to read (60 s at most: an importer that never
        // does fails the test instead of holding it).
        var writer: Int32 = -1
        _ = holds(within: 60) {
            writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            return writer >= 0 || !importer.isRunning
        }
        try #require(writer >= 0, "the importer never opened \(fifo): \(importer.errorsSoFar)")
        _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) & ~O_NONBLOCK)
        let feed = FileHandle(fileDescriptor: writer, closeOnDealloc: true)
        feed.write(Data("title,date\n".utf8))
        for index in 1...500 { feed.write(Data("row \(index),2027-03-01\n".utf8)) }
        // The importer is reading, with rows still to come: others read and write meanwhile.
        let started = Date()
        #expect(try memoss("tags").status == 0)
        #expect(try memoss("add", "meanwhile", "--date", "2027-01-01").status == 0)
        #expect(try memoss("list").status == 0)
        // Each would wait 5 s for the store's lock and fail if the import held it.
        #expect(Date().timeIntervalSince(started) < 10, "three commands took \(Date().timeIntervalSince(started)) s")
        #expect(try titles() == ["meanwhile"])
        try feed.close()
        let result = try importer.wait(limit: 30)
        #expect(result.status == 0)
        #expect(result.stdout == "Imported 500, skipped 0 already present, refused 0.\n")
        #expect(try titles().count == 501)
    }

    @Test func openingAStoreToReadWritesNothing() throws {
        #expect(try memoss("add", "x", "--date", "2027-01-01").status == 0)
        #expect(try memoss("list").status == 0)
        #expect(try memoss("notifications").status == 0)
        func bytes() throws -> [Data] {
            try [store, store + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        }
        let before = try bytes()
        // Listing the same reminders (and notifications) again keeps the numbers already saved.
        for command in ["tags", "notifications", "undo --list", "history 2027-01-01", "list", "list --json", "search x",
                        "show 1", "view list", "export"] {
            let result = try MemossProcess.run(["--db", store] + command.split(separator: " ").map(String.init), environment: environment)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        #expect(try bytes() == before, "a command that only reads changed the store or its WAL")
    }

    // MARK: Store paths

    @Test func pathsThatAreNotStoreFilesAreRefusedAndNothingIsCreated() throws {
        let dangling = home.appendingPathComponent("dangling").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "/nonexistent-drive/store.sqlite")
        let fifo = home.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [(String, String)] = [
            (dangling, "it is a symbolic link to /nonexistent-drive/store.sqlite, which does not exist (is its drive mounted?); nothing was created"),
            (fifo, "it is a named pipe (FIFO), not a file; give the path of a store file"),
            ("/dev/null", "it is a device, not a file; give the path of a store file"),
        ]
        let before = try FileManager.default.contentsOfDirectory(atPath: home.path).sorted()
        for (path, reason) in cases {
            let result = try memoss("list", db: path)
            #expect(result.status == 1)
            #expect(result.stderr == "memoss: Cannot open the store at \(path): \(reason).\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).sorted() == before)
    }

    @Test func aRefusedStoreIsLeftExactlyAsFound() throws {
        #expect(try memoss("add", "x", "--date", "2027-01-01").status == 0)
        try sqlite("INSERT INTO grdb_migrations (identifier) VALUES ('v999'); PRAGMA wal_checkpoint(TRUNCATE);")
        try? FileManager.default.removeItem(atPath: store + "-wal")
        try? FileManager.default.removeItem(atPath: store + "-shm")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: store))
        let files = try FileManager.default.contentsOfDirectory(atPath: home.path).sorted()
        let result = try memoss("list")
        #expect(result.status == 1)
        #expect(result.stderr == "memoss: \(store) was written by a newer version of Memoss; update Memoss to open it.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).sorted() == files)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == bytes)
    }

    @Test func aDamagedValueIsASentenceNotADump() throws {
        #expect(try memoss("add", "x", "--date", "2027-01-01").status == 0)
        try sqlite("UPDATE reminder SET scheduledAt = 'garbage'")
        let result = try memoss("list")
        #expect(result.status == 1)
        #expect(result.stderr == "memoss: The store holds a value Memoss cannot read (a damaged or hand-edited row); "
            + "check the file with sqlite3 and PRAGMA integrity_check, or restore it from a backup.\n")
    }

    // MARK: Hostile bytes

    @Test func hostileBytesInMessagesAndJsonAreShownNotSent() throws {
        let hostile = "W\u{1B}]0;pwned\u{07}\u{9B}2J\u{7F}\u{2028}\u{2067}"
        let csv = home.appendingPathComponent("hostile.csv")
        try "\(hostile),date\nx,2027-01-01\n".write(to: csv, atomically: true, encoding: .utf8)
        let header = try MemossProcess.run(["--db", store, csv.path], environment: environment, program: MemossProcess.importer)
        #expect(header.status == 2)
        #expect(header.stderr.contains("it has: W\\u{1B}]0;pwned\\u{7}\\u{9B}2J\\u{7F}\\u{2028}\\u{2067}, date"))

        #expect(try memoss("tag", "add", hostile).status == 0)
        let again = try memoss("tag", "add", hostile)
        #expect(again.status == 1)
        #expect(again.stderr.contains("A tag named \"W\\u{1B}]0;pwned"))
        let unknownOption = try memoss("list", "--\(hostile)")
        #expect(unknownOption.status == 2)
        #expect(try memoss("add", hostile, "--notes", hostile, "--date", "2027-01-01").status == 0)
        let json = try memoss("list", "--json")
        #expect(json.stdout.contains("\\u001b]0;pwned\\u0007\\u009B2J\\u007F\\u2028\\u2067"))
        for output in [header.stderr, again.stderr, unknownOption.stderr, json.stdout, try memoss("list").stdout,
                       try memoss("tags").stdout] {
            #expect(!TerminalSafety.hasRawControl(output), "raw control in: \(output.debugDescription)")
        }
    }

    // MARK: Limits

    @Test func notesBeyondTenThousandCharactersAreRefused() throws {
        let refused = try memoss("add", "long", "--notes", String(repeating: "n", count: 10_001), "--date", "2027-01-01")
        #expect(refused.status == 1)
        #expect(refused.stderr == "memoss: Notes must be at most 10000 characters.\n")
        #expect(try memoss("add", "ok", "--notes", String(repeating: "n", count: 10_000), "--date", "2027-01-01").status == 0)
    }

    @Test func anImportIsBoundedInTagsColumnsAndRecordLength() throws {
        func importing(_ text: String) throws -> ChildProcess.Result {
            let csv = home.appendingPathComponent("limits.csv")
            try text.write(to: csv, atomically: true, encoding: .utf8)
            return try MemossProcess.start(["--db", store, csv.path], environment: environment, program: MemossProcess.importer)
                .wait(limit: 20)
        }
        let manyTags = (1...21).map { "t\($0)" }.joined(separator: ";")
        let rowTags = try importing("title,date,tags\nx,2027-01-01,\(manyTags)\n")
        #expect(rowTags.status == 1)
        #expect(rowTags.stderr.hasSuffix(":2: tags: At most 20 tags per row, not 21\n"))

        let rows = (0..<26).map { row in "r\(row),2027-01-01," + (0..<20).map { "t\(row)-\($0)" }.joined(separator: ";") }
        let fileTags = try importing("title,date,tags\n" + rows.joined(separator: "\n") + "\n")
        #expect(fileTags.status == 1)
        #expect(fileTags.stderr.hasSuffix(":27: tags: The file names more than 500 different tags; split it, or create tags first with memoss tag add\n"))
        #expect(fileTags.stdout == "Imported 25, skipped 0 already present, refused 1. Created 500 tags.\n")

        let columns = try importing("title," + (1...1_000).map { "c\($0)" }.joined(separator: ",") + "\n")
        #expect(columns.status == 2)
        #expect(columns.stderr.hasSuffix(":1: this record has more than 1000 fields; is the file separated by something other than commas?; nothing was imported\n"))

        let unclosed = try importing("title,date\nok,2027-01-01\n\"never closed," + String(repeating: "x,y\n", count: 400_000))
        #expect(unclosed.status == 2)
        #expect(unclosed.stderr.hasSuffix(":3: this record is longer than 1 MiB; if a quoted field starts here, is its closing quote missing?; nothing was imported\n"))
    }
}
