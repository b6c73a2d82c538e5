// Memoss at scale against the sqlite3 shell, in one run, on the same data: `../shared/bench`'s
// generator (`gen_reminders.py --seed 1`), its loader (`load_cli.sh`) and its queries
// (`sql_query.sh`). For each size it imports the CSV with `memoss-import` and with the loader,
// then times `list`, `list --tag Work` and `search dentist` against the matching queries (FTS5 for
// the search), the two commands in turn, and the writes (add, edit, done, rm) on the big store
// against the same on an almost empty one; `next 1` against `next <id>` (the listing's first
// reminder), and the prompt's start (an empty script on standard input) against `--version`.
// `--sizes 1000000` measures a million (about 15 minutes more).
// Prints a Markdown table: medians, min–max, ratios, peak memory; store size against the CSV.
//
//     swift build -c release --product memoss --product memoss-import
//     swift run -c release ScaleBenchmark [--sizes 10000,100000] [--runs 5] [--json-at 300000] [--shared ../shared]
import BenchmarkSupport
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let runs = option("--runs").flatMap(Int.init) ?? 5
let sizes = option("--sizes").map { $0.split(separator: ",").compactMap { Int($0) } } ?? [10_000, 100_000]
let jsonAt = option("--json-at").flatMap(Int.init)
let shared = URL(fileURLWithPath: option("--shared") ?? "../shared").appendingPathComponent("bench")
let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let memoss = binaries.appendingPathComponent("memoss").path
let importer = binaries.appendingPathComponent("memoss-import").path
let folder = Measure.scratchFolder()
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let environment = ["TZ": "Europe/Berlin", "PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8"]

/// One finished run of a command: wall time, peak memory of the process, exit status.
struct Run {
    let seconds: Double
    let peakMiB: Double
    let status: Int32
}

/// An empty file for every command's standard input: the prompt then reads an empty script.
let emptyInput = folder.appendingPathComponent("empty-input").path
FileManager.default.createFile(atPath: emptyInput, contents: Data())

/// Runs `arguments` with standard output to /dev/null (or `output`) and standard input from an
/// empty file, timing it with `wait4`'s rusage.
func run(_ arguments: [String], output: String = "/dev/null") -> Run {
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, emptyInput, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, folder.appendingPathComponent("stderr").path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let start = ContinuousClock.now
    guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { fatalError("cannot run \(arguments[0])") }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let seconds = Measure.seconds(ContinuousClock.now - start)
    return Run(seconds: seconds, peakMiB: Double(usage.ru_maxrss) / 1024, status: (status >> 8) & 0xFF)
}

/// Runs `arguments`, stopping the benchmark when it fails.
@discardableResult
func must(_ arguments: [String], output: String = "/dev/null") -> Run {
    let result = run(arguments, output: output)
    guard result.status == 0 else {
        let errors = (try? String(contentsOf: folder.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
        fatalError("\(arguments.joined(separator: " ")) exited \(result.status): \(errors.suffix(500))")
    }
    return result
}

/// Medians, min–max and peak memory of several runs.
struct Figures {
    var runs: [Run] = []
    var median: Double { runs.map(\.seconds).sorted()[runs.count / 2] }
    var range: String { String(format: "%.3f–%.3f", runs.map(\.seconds).min() ?? 0, runs.map(\.seconds).max() ?? 0) }
    var peak: Double { runs.map(\.peakMiB).max() ?? 0 }
    var text: String { String(format: "%.3f s (%@), %.0f MiB", median, range, peak) }
}

/// Runs the two commands in turn `runs` times each.
func compare(_ first: () -> Run, _ second: () -> Run) -> (Figures, Figures) {
    var a = Figures(), b = Figures()
    for _ in 0..<runs {
        a.runs.append(first())
        b.runs.append(second())
    }
    return (a, b)
}

func megabytes(_ path: String) -> Double {
    let size = ["", "-wal"].compactMap { try? FileManager.default.attributesOfItem(atPath: path + $0)[.size] as? Int }.reduce(0, +)
    return Double(size) / 1_000_000
}

/// Generates the shared CSV and Memoss's dialect of it (`repeat` for `recurrence`, `never` for `none`).
func csv(_ size: Int) -> (shared: String, memoss: String) {
    let shared = folder.appendingPathComponent("r\(size).csv").path, mine = folder.appendingPathComponent("m\(size).csv").path
    must(["python3", sharedBench("gen_reminders.py"), "-n", String(size), "--seed", "1", "--out", shared])
    must(["python3", "-c", """
        import csv, sys
        r = csv.reader(open(sys.argv[1], newline='')); w = csv.writer(open(sys.argv[2], 'w', newline=''))
        h = next(r); i = h.index('recurrence'); h[i] = 'repeat'; w.writerow(h)
        for row in r:
            row[i] = 'never' if row[i] == 'none' else row[i]
            w.writerow(row)
        """, shared, mine])
    return (shared, mine)
}

func sharedBench(_ name: String) -> String { shared.appendingPathComponent(name).path }

var table: [String] = ["| size | measure | Memoss | sqlite3 shell | ratio |", "| --- | --- | --- | --- | --- |"]
@MainActor func row(_ size: Int, _ what: String, _ mine: String, _ reference: String, _ ratio: String) {
    table.append("| \(size.formatted()) | \(what) | \(mine) | \(reference) | \(ratio) |")
}

for size in sizes {
    let files = csv(size)
    let store = folder.appendingPathComponent("s\(size).sqlite").path
    let reference = folder.appendingPathComponent("ref\(size).sqlite").path
    func removeStore() { for suffix in ["", "-wal", "-shm", "-delivery.lock"] { try? FileManager.default.removeItem(atPath: store + suffix) } }
    let (imports, loads) = compare({
        removeStore()
        return must([importer, "--allow-past", "--db", store, files.memoss])
    }, { must(["sh", sharedBench("load_cli.sh"), reference, files.shared]) })
    row(size, "import (rows/s)", String(format: "%.0f rows/s, %@ s, %.0f MiB", Double(size) / imports.median, imports.range, imports.peak),
        String(format: "%.0f rows/s (%@ s)", Double(size) / loads.median, loads.range), String(format: "%.2f×", imports.median / loads.median))
    let csvMB = Double((try? FileManager.default.attributesOfItem(atPath: files.shared)[.size] as? Int) ?? 0) / 1_000_000
    // The first command after an import plans notifications for the whole store.
    must([memoss, "--db", store, "list"])
    row(size, "store size (with WAL)", String(format: "%.1f MB = %.1f× the CSV", megabytes(store), megabytes(store) / csvMB),
        String(format: "%.1f MB", megabytes(reference)), String(format: "CSV %.1f MB", csvMB))

    let (list, sqlList) = compare({ must([memoss, "--db", store, "list"]) }, { must(["sh", sharedBench("sql_query.sh"), reference, "list"]) })
    row(size, "`list` / `list`", list.text, sqlList.text, String(format: "%.2f×", list.median / sqlList.median))
    // `next` of the listing's first number (read from the kept listing by position) and of its id.
    let first = folder.appendingPathComponent("first").path
    must(["sqlite3", store, "SELECT hex(substr(reminderIDs, 1, 16)) FROM lastListing"], output: first)
    let firstID = ((try? String(contentsOfFile: first, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    let (nextNumber, nextID) = compare({ must([memoss, "--db", store, "next", "1"]) }, { must([memoss, "--db", store, "next", firstID]) })
    row(size, "`next 1` / `next <id>`", nextNumber.text, nextID.text, String(format: "%.2f×", nextNumber.median / nextID.median))
    // The prompt's start: `memoss` reading an empty script, against a start that opens no store.
    let (prompt, version) = compare({ must([memoss, "--db", store]) }, { must([memoss, "--version"]) })
    row(size, "prompt start (empty input) / `--version`", prompt.text, version.text, String(format: "%.2f×", prompt.median / version.median))
    let (tag, sqlTag) = compare({ must([memoss, "--db", store, "list", "--tag", "Work"]) },
                                { must(["sh", sharedBench("sql_query.sh"), reference, "tag-Work"]) })
    row(size, "`list --tag Work` / `tag-Work`", tag.text, sqlTag.text, String(format: "%.2f×", tag.median / sqlTag.median))
    // Search: Memoss's FTS5 index is kept by its triggers; the reference builds its own once.
    must(["sh", sharedBench("sql_query.sh"), reference, "fts-setup"])
    let (search, sqlSearch) = compare({ must([memoss, "--db", store, "search", "dentist"]) },
                                      { must(["sh", sharedBench("sql_query.sh"), reference, "fts-dentist"]) })
    row(size, "`search dentist` / `fts-dentist`", search.text, sqlSearch.text, String(format: "%.2f×", search.median / sqlSearch.median))
    let (json, sqlJSON) = compare({ must([memoss, "--db", store, "list", "--json"]) },
                                  { must(["sh", sharedBench("sql_query.sh"), reference, "json"]) })
    row(size, "`list --json` / `json`", json.text, sqlJSON.text, String(format: "%.2f×", json.median / sqlJSON.median))

    // Writes: the same commands on this store and on one holding only the reminders they act on.
    let small = folder.appendingPathComponent("small\(size).sqlite").path
    for path in [store, small] {
        for index in 0..<(runs * 3) { must([memoss, "--db", path, "add", "Bench \(index)", "--date", "2098-06-01", "--time", "10:00"]) }
    }
    func ids(_ path: String) -> [String] {
        let file = folder.appendingPathComponent("ids").path
        must(["sqlite3", path, "SELECT hex(id) FROM reminder WHERE title LIKE 'Bench %' ORDER BY title"], output: file)
        return ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map { String($0.prefix(12)) }
    }
    let bigIDs = ids(store), smallIDs = ids(small)
    var counter = 0
    let (addBig, addSmall) = compare({ must([memoss, "--db", store, "add", "Another", "--date", "2098-07-01"]) },
                                     { must([memoss, "--db", small, "add", "Another", "--date", "2098-07-01"]) })
    row(size, "`add`: this store / almost empty", addBig.text, addSmall.text, String(format: "%.2f×", addBig.median / addSmall.median))
    // The same one-shot write by the shell: one sqlite3 process inserting a row and its tag.
    var added = 0
    let (addOne, sqlAdd) = compare({ must([memoss, "--db", store, "add", "Another", "--date", "2098-07-01"]) },
                                   { added += 1; return must(["sh", sharedBench("sql_query.sh"), reference, "add-\(added)"]) })
    row(size, "`add` / `add-K`", addOne.text, sqlAdd.text, String(format: "%.2f×", addOne.median / sqlAdd.median))
    for (name, arguments) in [("edit", ["--title", "Edited"]), ("done", []), ("rm", [])] {
        let start = counter
        var big = Figures(), little = Figures()
        for index in 0..<runs {
            big.runs.append(must([memoss, "--db", store, name, bigIDs[start + index]] + arguments))
            little.runs.append(must([memoss, "--db", small, name, smallIDs[start + index]] + arguments))
        }
        counter += runs
        row(size, "`\(name)`: this store / almost empty", big.text, little.text, String(format: "%.2f×", big.median / little.median))
    }
    // Snooze: a notification of a reminder due in ten minutes, postponed by 30.
    // The soonest pending one-time notifications are snoozed: those of the reminders added here, or,
    // when the generated reminders fill the plan's one-time slots before them (many fall due at
    // 09:00), theirs.
    func notificationIDs(_ path: String) -> [String] {
        for index in 0..<runs { must([memoss, "--db", path, "add", "Snooze \(index)", "--date", "in 10 minutes"]) }
        let file = folder.appendingPathComponent("notifications").path
        must(["sqlite3", path, "SELECT id FROM notificationRequest WHERE NOT isRecurring ORDER BY fireAt, id LIMIT \(runs)"], output: file)
        let found = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        guard found.count == runs else { fatalError("\(path): \(found.count) notifications to snooze, not \(runs)") }
        return found
    }
    let bigNotifications = notificationIDs(store), smallNotifications = notificationIDs(small)
    var snoozeBig = Figures(), snoozeSmall = Figures()
    for index in 0..<runs {
        snoozeBig.runs.append(must([memoss, "--db", store, "snooze", bigNotifications[index], "30"]))
        snoozeSmall.runs.append(must([memoss, "--db", small, "snooze", smallNotifications[index], "30"]))
    }
    row(size, "`snooze`: this store / almost empty", snoozeBig.text, snoozeSmall.text,
        String(format: "%.2f×", snoozeBig.median / snoozeSmall.median))
    // An iCalendar export of everything: its memory.
    let (calendar, sqlCalendar) = compare({ must([memoss, "--db", store, "export", "--format", "ics"]) },
                                          { must(["sh", sharedBench("sql_query.sh"), reference, "ics"]) })
    row(size, "`export --format ics` / `ics`", calendar.text, sqlCalendar.text, String(format: "%.2f×", calendar.median / sqlCalendar.median))
}

if let jsonAt {
    let files = csv(jsonAt)
    let store = folder.appendingPathComponent("json\(jsonAt).sqlite").path
    must([importer, "--allow-past", "--db", store, files.memoss])
    must([memoss, "--db", store, "list", "--limit", "1"])
    var json = Figures()
    for _ in 0..<max(1, runs / 2) { json.runs.append(must([memoss, "--db", store, "list", "--json"])) }
    row(jsonAt, "`list --json` (peak memory)", json.text, "", "")
    var calendar = Figures()
    calendar.runs.append(must([memoss, "--db", store, "export", "--format", "ics"]))
    row(jsonAt, "`export --format ics` (peak memory)", calendar.text, "", "")
}

print(table.joined(separator: "\n"))
