// Generates realistic reminder CSV and imports it two ways in the same run, into the same schema:
// with `memoss-import` (release build), and with the sqlite3 shell (`.import` into a staging
// table, then INSERT … SELECT into the normalized tables, one transaction). Reports the median
// rows per second and peak memory of each over RUNS runs.
//
//     swift build -c release --product memoss-import --product memoss
//     swift run -c release ImportBenchmark [ROWS…] [--runs N] [--keep-csv]
import BenchmarkSupport
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let runsIndex = arguments.firstIndex(of: "--runs")
let runs = runsIndex.flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? 3
let sizeArguments = arguments.enumerated()
    .filter { position, _ in runsIndex.map { position != $0 + 1 } ?? true }
    .compactMap { Int($0.element) }
let sizes = sizeArguments.isEmpty ? [100_000, 1_000_000] : sizeArguments
let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let folder = Measure.scratchFolder()
let keepCSV = arguments.contains("--keep-csv")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer {
    if keepCSV { print("CSV files kept in \(folder.path)") } else { try? FileManager.default.removeItem(at: folder) }
}

/// Writes `rows` rows of realistic CSV: commas and quotes in titles, multi-line notes, unicode,
/// about 30% repeating, 0–3 tags from a pool, a few completed, several zones.
func generate(rows: Int, to url: URL) throws {
    var random = SplitMix64(seed: 42)
    let words = ["milk", "dentist", "call", "Mum", "rent", "bins", "yoga", "passport", "report", "garden", "café",
                 "naïve", "Zoë", "日本", "bread", "invoice", "flight", "meeting", "plants", "gym", "pharmacy", "tax"]
    let tags = ["Work", "Home", "Health", "Errands", "Bills", "Garden", "Family", "Travel", "Reading", "Car", "Pets", "Music"]
    let zones = ["America/New_York", "Europe/London", "Australia/Sydney", "UTC", "Europe/Paris"]
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var text = "title,notes,date,time,repeat,end_date,tags,completed,timezone\n"
    func quoted(_ value: String) -> String {
        value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
    }
    for index in 0..<rows {
        var title = (0..<(2 + random.below(4))).map { _ in words[random.below(words.count)] }.joined(separator: " ")
        if random.below(10) == 0 { title += ", then \"quick\" check" }
        title += " #\(index)"
        let notes: String = switch random.below(10) {
        case 0: "Remember:\nbring the form, the card\nand \"the other thing\""
        case 1, 2, 3: "note \(random.below(1000)) — ok"
        default: ""
        }
        let day = LocalDay(daysAfter2027: random.below(1_200))
        let time = String(format: "%02d:%02d", random.below(24), random.below(4) * 15)
        let repeating = random.below(10) < 3
        let rule = repeating ? ["daily", "weekly", "monthly"][random.below(3)] : ""
        let end = repeating && random.below(2) == 0 ? LocalDay(daysAfter2027: 1_200 + random.below(300)).text : ""
        let chosen = (0..<random.below(4)).map { _ in tags[random.below(tags.count)] }
        let completed = random.below(20) == 0 ? "yes" : "no"
        text += [quoted(title), quoted(notes), day.text, time, rule, end, chosen.joined(separator: ";"), completed,
                 zones[random.below(zones.count)]].joined(separator: ",") + "\n"
        if text.utf8.count > 1 << 20 {
            handle.write(Data(text.utf8))
            text = ""
        }
    }
    handle.write(Data(text.utf8))
}

/// A calendar day from 2027-01-01 on, as YYYY-MM-DD.
struct LocalDay {
    let text: String
    init(daysAfter2027 days: Int) {
        let date = Date(timeIntervalSince1970: 1_798_761_600 + Double(days) * 86_400)  // 2027-01-01 UTC
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: date)
        text = String(format: "%04d-%02d-%02d", parts.year ?? 2027, parts.month ?? 1, parts.day ?? 1)
    }
}

/// Runs a program to the end and returns its wall time and peak memory (from wait4's rusage).
func measure(_ path: String, _ arguments: [String], stdin: String? = nil) throws -> (Duration, Double) {
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let stdin { posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let clock = ContinuousClock()
    let start = clock.now
    guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { throw CocoaError(.executableNotLoadable) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let elapsed = clock.now - start
    guard status == 0 else { throw CocoaError(.executableLoad) }
    return (elapsed, Double(usage.ru_maxrss) / 1024)
}

/// The sqlite3 shell's import: staging table, then INSERT … SELECT into the normalized tables.
func sqliteScript(csv: String) -> String {
    """
    CREATE TEMP TABLE staging (title, notes, date, time, "repeat", end_date, tags, completed, timezone);
    .import --csv --skip 1 \(csv) staging
    BEGIN;
    CREATE TEMP TABLE staged AS SELECT randomblob(16) AS id, * FROM staging;
    INSERT INTO reminder (id, title, notes, scheduledAt, timeZoneID, isCompleted, completedAt, createdAt, updatedAt,
        recurrenceRule, recurrenceWeekday, recurrenceDay, recurrenceEnd, nominalTime, importKey)
    SELECT id, trim(title), nullif(trim(notes), ''), unixepoch(date || ' ' || time) * 1000, timezone,
        completed IN ('yes', 'true', '1'), CASE WHEN completed IN ('yes', 'true', '1') THEN unixepoch('now') * 1000 END,
        unixepoch('now') * 1000, unixepoch('now') * 1000, coalesce(nullif("repeat", ''), 'never'),
        CASE "repeat" WHEN 'weekly' THEN strftime('%w', date) + 1 END,
        CASE "repeat" WHEN 'monthly' THEN CAST(strftime('%d', date) AS INTEGER) END,
        nullif(end_date, ''), NULL, 'fp:' || hex(id)
    FROM staged;
    CREATE TEMP TABLE pairs AS WITH RECURSIVE split(id, name, rest) AS (
        SELECT id, '', tags || ';' FROM staged
        UNION ALL SELECT id, trim(substr(rest, 1, instr(rest, ';') - 1)), substr(rest, instr(rest, ';') + 1)
        FROM split WHERE rest <> ''
    ) SELECT id, name FROM split WHERE name <> '';
    INSERT OR IGNORE INTO tag (id, name, nameKey, colorHex, createdAt)
        SELECT randomblob(16), name, lower(name), '#6B7280', datetime('now') FROM pairs GROUP BY lower(name);
    INSERT OR IGNORE INTO reminderTag (reminderID, tagID)
        SELECT pairs.id, tag.id FROM pairs JOIN tag ON tag.nameKey = lower(pairs.name);
    COMMIT;
    """
}

let memossImport = binaries.appendingPathComponent("memoss-import").path
let memoss = binaries.appendingPathComponent("memoss").path
for binary in [memossImport, memoss] where !FileManager.default.isExecutableFile(atPath: binary) {
    FileHandle.standardError.write(Data("ImportBenchmark: \(binary) is missing; build it first: swift build -c release --product memoss-import && swift build -c release --product memoss\n".utf8))
    exit(2)
}
for size in sizes {
    let csv = folder.appendingPathComponent("reminders-\(size).csv")
    try generate(rows: size, to: csv)
    let megabytes = Double((try FileManager.default.attributesOfItem(atPath: csv.path)[.size] as? Int) ?? 0) / 1_048_576
    var ours: [(Duration, Double)] = []
    var shell: [(Duration, Double)] = []
    for run in 0..<runs {
        let store = folder.appendingPathComponent("memoss-\(size)-\(run).sqlite").path
        ours.append(try measure(memossImport, ["--db", store, csv.path]))
        // The same schema for the shell: a store made by memoss itself.
        let shellStore = folder.appendingPathComponent("shell-\(size)-\(run).sqlite").path
        _ = try measure(memoss, ["--db", shellStore, "list"])
        let script = folder.appendingPathComponent("import.sql")
        try Data(sqliteScript(csv: csv.path).utf8).write(to: script)
        shell.append(try measure("/usr/bin/sqlite3", [shellStore], stdin: script.path))
        for path in [store, shellStore] { try? FileManager.default.removeItem(atPath: path) }
    }
    func rate(_ results: [(Duration, Double)]) -> Double { Double(size) / Measure.seconds(Measure.median(results.map(\.0))) }
    let oursRate = rate(ours), shellRate = rate(shell)
    print("""
    \(size) rows (\(String(format: "%.1f", megabytes)) MiB), median of \(runs):
      memoss-import  \(String(format: "%9.0f", oursRate)) rows/s  \(Measure.milliseconds(Measure.median(ours.map(\.0))))  peak \(String(format: "%.1f", ours.map(\.1).max() ?? 0)) MiB
      sqlite3 shell  \(String(format: "%9.0f", shellRate)) rows/s  \(Measure.milliseconds(Measure.median(shell.map(\.0))))  peak \(String(format: "%.1f", shell.map(\.1).max() ?? 0)) MiB
      ratio memoss-import / sqlite3: \(String(format: "%.2f", oursRate / shellRate))
    """)
}
