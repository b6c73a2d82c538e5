import CSVReader
import Foundation
import Testing
import TestSupport

/// The reliability suite of issue "Reliability": kill points, concurrency and a bounded fuzz run
/// against the built binaries and the CSV reader. Seeded (`MEMOSS_FUZZ_SEED`, else a new seed each
/// run, named in every failure); sized for CI by default, longer by hand with
/// `MEMOSS_KILL_POINTS=100 MEMOSS_FUZZ_SECONDS=900 swift test --filter CrashAndFuzzTests`.
@Suite(.serialized, .tags(.slow))
struct CrashAndFuzzTests {
    private let temporary: TemporaryFolder
    private let environment = ["HOME": "/nonexistent", "TZ": "UTC", "PATH": "/usr/bin:/bin"]

    static let seed: UInt64 = ProcessInfo.processInfo.environment["MEMOSS_FUZZ_SEED"].flatMap { UInt64($0) }
        ?? UInt64.random(in: 1...999_999)
    static let killPoints = ProcessInfo.processInfo.environment["MEMOSS_KILL_POINTS"].flatMap { Int($0) } ?? 12
    static let fuzzSeconds = ProcessInfo.processInfo.environment["MEMOSS_FUZZ_SECONDS"].flatMap { Double($0) } ?? 20

    init() throws {
        temporary = try TemporaryFolder("memoss-crash")
    }

    private var importer: URL { MemossProcess.importer }

    private func sqlite(_ store: String, _ sql: String) throws -> String { try SQLiteShell.run(store, sql) }

    private func count(_ store: String) throws -> Int {
        Int(try sqlite(store, "SELECT count(*) FROM reminder")) ?? -1
    }

    /// After a kill, the next command opens the store, it is intact, and its plan is current.
    private func checkRecovers(_ store: String, label: String) throws {
        let list = try MemossProcess.start(["--db", store, "notifications"], environment: environment).wait(limit: 20)
        #expect(list.status == 0, "\(label): the next command failed: \(list.stderr)")
        #expect(try sqlite(store, "PRAGMA integrity_check") == "ok", "\(label)")
        #expect(try sqlite(store, "SELECT changes > planned FROM planState") == "0", "\(label): plan left stale")
    }

    private func csv(rows: Int, tag: String) throws -> String {
        let path = temporary.path("rows-\(tag).csv")
        var text = "title,date,time,repeat,tags\n"
        for row in 0..<rows { text += "row \(row),2027-0\(row % 9 + 1)-1\(row % 9),09:\(10 + row % 50),\(["never", "daily", "weekly"][row % 3]),T\(row % 7)\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    // MARK: Kill points

    /// SIGKILL and SIGINT at random moments of an import: the store holds none or all of the rows,
    /// and an interrupted import's message says which.
    @Test func anImportKilledAnywhereLeavesNoneOrAllOfItsRowsAndSaysWhich() throws {
        var generator = SeededGenerator(seed: Self.seed)
        let rows = 3_000
        let file = try csv(rows: rows, tag: "kill")
        // Kill points are spread over the time a whole import takes here.
        let started = Date()
        #expect(try MemossProcess.run(["--db", temporary.path("import-timing.sqlite"), file], environment: environment, program: importer).status == 0)
        let duration = Date().timeIntervalSince(started)
        var outcomes: [String: Int] = [:]
        for trial in 0..<Self.killPoints {
            let store = temporary.path("import-\(trial).sqlite")
            let signal = trial % 2 == 0 ? SIGKILL : SIGINT
            let running = try MemossProcess.start(["--db", store, file], environment: environment, program: importer)
            usleep(UInt32(Double.random(in: 0...1.1, using: &generator) * duration * 1_000_000))
            running.send(signal)
            let result = try running.wait(limit: 30)
            let label = "seed \(Self.seed) trial \(trial) (signal \(signal))"
            guard FileManager.default.fileExists(atPath: store), try sqlite(store, "SELECT count(*) FROM sqlite_master WHERE name = 'reminder'") == "1" else {
                outcomes["killed before the store existed", default: 0] += 1
                continue
            }
            let stored = try count(store)
            #expect(stored == 0 || stored == rows, "\(label): \(stored) rows stored")
            switch result.status {
            case 0:
                #expect(stored == rows, "\(label): exit 0 but \(stored) rows")
            case 130:
                let committed = result.stderr.contains("after the import was committed")
                #expect(committed || result.stderr.contains("nothing was imported"), "\(label): \(result.stderr)")
                #expect(stored == (committed ? rows : 0), "\(label): said \(result.stderr) with \(stored) rows stored")
            default:
                #expect(signal == SIGKILL && result.status == 9 || result.status == SIGKILL, "\(label): status \(result.status) \(result.stderr)")
            }
            outcomes["status \(result.status), \(stored) rows", default: 0] += 1
            try checkRecovers(store, label: label)
        }
        print("Import kill points (seed \(Self.seed), an import takes \(duration) s): \(outcomes.sorted { $0.key < $1.key })")
    }

    /// SIGKILL at random moments of one-shot writes: each is in the store whole or not at all.
    @Test func oneShotWritesKilledAnywhereAreWholeOrAbsent() throws {
        var generator = SeededGenerator(seed: Self.seed &+ 1)
        let store = temporary.path("oneshot.sqlite")
        #expect(try MemossProcess.run(["--db", store, "add", "first", "--date", "2027-01-01", "--repeat", "daily"],
                                      environment: environment).status == 0)
        for trial in 0..<Self.killPoints {
            let before = try count(store)
            let completionsBefore = Int(try sqlite(store, "SELECT count(*) FROM completion")) ?? -1
            let command = trial % 2 == 0 ? ["add", "k\(trial)", "--date", "2027-02-01"] : ["done", String(1)]
            let running = try MemossProcess.start(["--db", store] + command, environment: environment)
            usleep(UInt32.random(in: 0...60_000, using: &generator))
            running.send(SIGKILL)
            let result = try running.wait(limit: 20)
            let label = "seed \(Self.seed) trial \(trial) \(command)"
            if command[0] == "add" {
                let after = try count(store)
                #expect(after == before || after == before + 1, "\(label)")
                if result.status == 0 { #expect(after == before + 1, "\(label): exit 0 but not stored") }
            } else {
                let after = Int(try sqlite(store, "SELECT count(*) FROM completion")) ?? -1
                #expect(after == completionsBefore || after == completionsBefore + 1, "\(label)")
                if result.status == 0 { #expect(after == completionsBefore + 1, "\(label): exit 0 but not completed") }
            }
            try checkRecovers(store, label: label)
        }
    }

    // MARK: Concurrency

    /// Writers, a reader, an import and reset-today at once: every write that says it succeeded is
    /// stored, every one that says it failed is not, and readers answer within a second.
    @Test func concurrentCommandsTellTheTruthAndReadersNeverWait() throws {
        let store = temporary.path("busy.sqlite")
        #expect(try MemossProcess.run(["--db", store, "list"], environment: environment).status == 0)
        let file = try csv(rows: 2_000, tag: "busy")
        let deadline = Date().addingTimeInterval(4)
        let seen = Observations()
        let group = DispatchGroup()
        for writer in 0..<2 {
            DispatchQueue.global().async(group: group) {
                var index = 0
                while Date() < deadline {
                    let title = "w\(writer)-\(index)"
                    index += 1
                    do {
                        let result = try MemossProcess.run(["--db", store, "add", title, "--date", "2027-05-01"],
                                                           environment: self.environment)
                        seen.update { $0.adds.append((title, result.status, result.stderr)) }
                    } catch { seen.update { $0.failures.append("\(error)") } }
                }
            }
        }
        DispatchQueue.global().async(group: group) {
            while Date() < deadline {
                let started = Date()
                let result = try? MemossProcess.run(["--db", store, "tags"], environment: self.environment)
                let elapsed = Date().timeIntervalSince(started)
                seen.update {
                    $0.slowestRead = max($0.slowestRead, elapsed)
                    if result?.status != 0 { $0.failures.append("tags failed: \(result?.stderr ?? "")") }
                }
            }
        }
        DispatchQueue.global().async(group: group) {
            while Date() < deadline {
                let result = try? MemossProcess.run(["--db", store, "reset-today", "--yes"], environment: self.environment)
                if result?.status != 0 { seen.update { $0.failures.append("reset-today: \(result?.stderr ?? "")") } }
            }
        }
        DispatchQueue.global().async(group: group) {
            let result = try? MemossProcess.run(["--db", store, file], environment: self.environment, program: self.importer)
            seen.update { $0.importResult = result }
        }
        group.wait()
        let (adds, slowestRead, importResult, failures) = (seen.adds, seen.slowestRead, seen.importResult, seen.failures)

        let titles = Set(try sqlite(store, "SELECT title FROM reminder").split(separator: "\n").map(String.init))
        for add in adds {
            if add.status == 0 {
                #expect(titles.contains(add.title), "\(add.title) said added but is not stored")
            } else {
                #expect(!titles.contains(add.title), "\(add.title) said \(add.stderr) but is stored")
                #expect(add.stderr == "memoss: The store is locked by another program; try again in a moment.\n")
            }
        }
        #expect(importResult?.status == 0, "\(importResult?.stderr ?? "no import")")
        #expect(titles.filter { $0.hasPrefix("row ") }.count == 2_000)
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        // A reader that waited for the writers would wait for the store's 5 s busy timeout; one that
        // does not wait takes a process start and a read, which a loaded machine can stretch past 1 s.
        #expect(slowestRead < 2.5, "a reader took \(slowestRead) s")
        #expect(adds.count > 4)
        print("Concurrency: \(adds.count) adds (\(adds.filter { $0.status != 0 }.count) refused as locked), slowest read \(slowestRead) s")
        try checkRecovers(store, label: "concurrency")
    }

    // MARK: Fuzzing

    /// Random bytes shaped like CSV (quotes, separators, line ends, controls, invalid UTF-8, long
    /// runs): the reader ends every file with records or one error, within bounded memory.
    @Test func theCSVReaderEndsEveryFuzzedFile() throws {
        var generator = SeededGenerator(seed: Self.seed &+ 2)
        let deadline = Date().addingTimeInterval(Self.fuzzSeconds / 4)
        var files = 0, records = 0, errors = 0
        let path = temporary.path("fuzz-reader.csv")
        while Date() < deadline || files < 200 {
            try Data(Fuzz.csvBytes(using: &generator)).write(to: URL(fileURLWithPath: path))
            let handle = try #require(FileHandle(forReadingAtPath: path))
            defer { try? handle.close() }
            let reader = CSVReader(handle, chunkSize: Int.random(in: 1...64, using: &generator))
            var steps = 0
            do {
                while try reader.next() != nil {
                    records += 1
                    steps += 1
                    #expect(steps < 100_000, "seed \(Self.seed): the reader does not end")
                    if steps >= 100_000 { break }
                }
            } catch {
                errors += 1
                #expect(error.line >= 1, "seed \(Self.seed)")
            }
            files += 1
        }
        print("CSV reader fuzz (seed \(Self.seed)): \(files) files, \(records) records, \(errors) errors")
    }

    /// Fuzzed CSV files through `memoss-import`: it always ends (no crash, no hang), with status
    /// 0, 1 or 2, and no raw control character reaches the terminal.
    @Test func theImporterEndsEveryFuzzedFileAndPrintsNothingRaw() throws {
        var generator = SeededGenerator(seed: Self.seed &+ 3)
        let deadline = Date().addingTimeInterval(Self.fuzzSeconds * 3 / 4)
        let store = temporary.path("fuzz.sqlite")
        let path = temporary.path("fuzz-import.csv")
        var statuses: [Int32: Int] = [:]
        var files = 0
        while Date() < deadline || files < 20 {
            let header = Fuzz.header(using: &generator)
            try Data(header.utf8 + Fuzz.csvBytes(using: &generator, rows: 30)).write(to: URL(fileURLWithPath: path))
            var arguments = ["--db", store, path]
            if Bool.random(using: &generator) { arguments.append("--allow-past") }
            if Int.random(in: 0..<5, using: &generator) == 0 { arguments.append("--json") }
            let result = try MemossProcess.start(arguments, environment: environment, program: importer).wait(limit: 20)
            let label = "seed \(Self.seed) file \(files)"
            #expect([0, 1, 2].contains(result.status), "\(label): status \(result.status) \(result.stderr)")
            for output in [result.stdout, result.stderr] {
                #expect(!TerminalSafety.hasRawControl(output),
                        "\(label): raw control in \(output.debugDescription.prefix(300))")
            }
            statuses[result.status, default: 0] += 1
            files += 1
        }
        #expect(try sqlite(store, "PRAGMA integrity_check") == "ok")
        print("Importer fuzz (seed \(Self.seed)): \(files) files, statuses \(statuses.sorted { $0.key < $1.key })")
    }
}

/// What the concurrent commands saw, behind a lock.
final class Observations: @unchecked Sendable {
    private let lock = NSLock()
    var adds: [(title: String, status: Int32, stderr: String)] = []
    var slowestRead = 0.0
    var importResult: ChildProcess.Result?
    var failures: [String] = []

    func update(_ change: (Observations) -> Void) { lock.withLock { change(self) } }
}

/// Random inputs for the fuzz tests.
enum Fuzz {
    static let pieces: [[UInt8]] = [
        [0x2C], [0x22], [0x22, 0x22], [0x0A], [0x0D], [0x0D, 0x0A], [0x3B], [0x09], [0x1B, 0x5B, 0x32, 0x4A],
        [0xC2, 0x9B], [0x7F], [0xE2, 0x80, 0xA8], [0xE2, 0x81, 0xA7], [0xEF, 0xBB, 0xBF], [0x00],
        Array("2027-01-01".utf8), Array("2100-02-29".utf8), Array("9999-12-01".utf8), Array("09:30".utf8),
        Array("9:30pm".utf8), Array("monthly".utf8), Array("daily".utf8), Array("true".utf8), Array("Work".utf8),
        Array("America/Nuuk".utf8), Array("title".utf8), Array("date".utf8), Array("x".utf8), Array("é".utf8),
    ]

    static func csvBytes(using generator: inout SeededGenerator, rows: Int = 20) -> [UInt8] {
        var bytes: [UInt8] = []
        // One file in five has raw bytes (often not UTF-8, which refuses the whole file).
        let raw = Int.random(in: 0..<5, using: &generator) == 0
        for _ in 0..<Int.random(in: 0...rows, using: &generator) {
            let fields = (0..<Int.random(in: 0...10, using: &generator)).map { _ in field(raw: raw, using: &generator) }
            bytes += fields.joined(separator: [0x2C])
            bytes += Int.random(in: 0..<8, using: &generator) == 0 ? [0x0D, 0x0A] : [0x0A]
        }
        return bytes
    }

    /// A cell: mostly something a column takes (or nearly), sometimes quoted, hostile or raw bytes.
    static func field(raw: Bool, using generator: inout SeededGenerator) -> [UInt8] {
        switch Int.random(in: 0..<(raw ? 20 : 18), using: &generator) {
        case 0..<10:
            return pieces.randomElement(using: &generator) ?? []
        case 10..<14:
            var quoted: [UInt8] = [0x22]
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let piece = pieces.randomElement(using: &generator) ?? []
                quoted += piece == [0x22] ? [0x22, 0x22] : piece
            }
            return quoted + [0x22]
        case 14..<17:
            return (0..<Int.random(in: 1...3, using: &generator)).flatMap { _ in pieces.randomElement(using: &generator) ?? [] }
        case 17:
            return [UInt8](repeating: UInt8.random(in: 0x20...0x7E, using: &generator), count: Int.random(in: 100...20_000, using: &generator))
        default:
            return (0..<Int.random(in: 1...8, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
    }

    static func header(using generator: inout SeededGenerator) -> String {
        let columns = ["date", "time", "repeat", "end_date", "tags", "completed", "timezone", "notes", "id", "Ti\u{1B}tle", "x"]
        let others = (0..<Int.random(in: 0...6, using: &generator)).map { _ in columns.randomElement(using: &generator)! }
        // Nine headers in ten name a title column, so most files reach their rows.
        let title = Int.random(in: 0..<10, using: &generator) == 0 ? [] : ["title"]
        return (title + others).shuffled(using: &generator).joined(separator: ",") + "\n"
    }
}
