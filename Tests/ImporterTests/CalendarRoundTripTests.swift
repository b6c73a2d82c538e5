import Domain
import Foundation
import Shared
import Testing
import TestSupport

/// `memoss export` and `memoss-import FILE.ics` end to end, on randomized stores: every rule,
/// DST gaps and overlaps in several zones, ends, tags, notes that need escaping, completed ones.
/// The exported calendar is read back by Memoss (same reminders, same bytes but DTSTAMP) and by
/// `Tests/Oracle/ics_check.py` (the `icalendar` parser and `recurring-ical-events`; `MEMOSS_ICS_CHECK`
/// names another reader of the same output, as `.ci/run` does with `../shared`), whose
/// expansion of every RRULE must give the instants Memoss's own series gives. Seeded: set
/// MEMOSS_FUZZ_SEED to repeat a run.
struct CalendarRoundTripTests {
    private let temporary: TemporaryFolder
    private let environment = ["HOME": "/nonexistent", "TZ": "America/New_York", "PATH": "/usr/bin:/bin:/usr/local/bin"]
    private static let seeds: [UInt64] = [11, 2026, ProcessInfo.processInfo.environment["MEMOSS_FUZZ_SEED"].flatMap { UInt64($0) }
        ?? UInt64.random(in: 1...999_999)]

    init() throws {
        temporary = try TemporaryFolder("memoss-ics")
    }

    private static let zones = ["America/New_York", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe", "UTC",
                                "America/Nuuk", "Asia/Kathmandu"]
    /// Wall times on DST days (gaps and overlaps) and ordinary ones.
    private static let moments = ["2027-03-14 02:30", "2027-11-07 01:30", "2027-03-28 01:30", "2027-10-31 01:30",
                                  "2027-10-03 02:30", "2027-04-04 02:30", "2027-10-03 02:15", "2027-03-27 22:30",
                                  "2027-01-31 09:00", "2027-01-29 18:45", "2027-02-28 07:00", "2027-06-30 23:59", "2027-12-31 00:00"]

    /// A store of `count` random reminders (some done), on disk.
    private func randomWorld(seed: UInt64, count: Int = 40) async throws -> TestWorld {
        var random = SeededGenerator(seed: seed)
        let world = try TestWorld(onDisk: true)
        var tags: [Domain.Tag] = []
        for name in ["Home", "Work, Inc.", "a;b", "Ünïcode", "Calls"] { tags.append(try await world.addTag(name)) }
        for index in 0..<count {
            let moment = Self.moments.randomElement(using: &random)!.split(separator: " ")
            let date = day(String(moment[0]))
            // Every kind of rule: intervals, weekday sets, the last day, nth weekdays, yearly, counts.
            let pattern: RecurrenceRule.Pattern = switch Int.random(in: 0..<9, using: &random) {
            case 0: .never
            case 1: .daily
            case 2: .weekly(Weekdays([date.weekday]))
            case 3: .weekly([Weekdays.mondayToFriday, .weekend, Weekdays((1...7).filter { _ in Bool.random(using: &random) } + [3])]
                        .randomElement(using: &random)!)
            case 4: .monthly(.day(date.day))
            case 5: .monthly(.last)
            case 6: .monthly(.weekday(nth: [1, 2, 3, 4, -1].randomElement(using: &random)!, weekday: Int.random(in: 1...7, using: &random)))
            case 7: .yearly(month: date.month, day: date.day)
            default: .daily
            }
            var rule = RecurrenceRule(pattern)
            if pattern != .never {
                if Int.random(in: 0..<3, using: &random) == 0 { rule.interval = Int.random(in: 2...4, using: &random) }
                if Int.random(in: 0..<4, using: &random) == 0 { rule.times = Int.random(in: 1...12, using: &random) }
            }
            let notes = ["", "line one\nline two", "commas, semicolons; and \\ backslashes", String(repeating: "long ", count: 40)]
                .randomElement(using: &random)!
            var draft = ReminderDraft(title: "Reminder \(index) — \(["plain", "with, comma", "with; semicolon"].randomElement(using: &random)!)",
                                      notes: notes, date: date, time: time(String(moment[1])),
                                      timeZoneID: Self.zones.randomElement(using: &random)!,
                                      tagIDs: Set(tags.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)).map(\.id)),
                                      recurrence: rule)
            if rule != .never, Bool.random(using: &random) {
                // From the first day the rule falls on (every 4 months on the last Friday may be months away).
                draft.recurrenceEnd = rule.firstDate(onOrAfter: date).adding(days: Int.random(in: 40...400, using: &random))
            }
            let created = try await world.core.createReminder(draft)
            if Int.random(in: 0..<4, using: &random) == 0 { _ = try await world.core.completeReminders(ids: [created.id]) }
        }
        return world
    }

    private func memoss(_ store: String, _ arguments: String...) throws -> ChildProcess.Result {
        let result = try ChildProcess.run(BuiltProduct.url("memoss"), ["--db", store] + arguments, environment: environment)
        #expect(result.status == 0, "memoss \(arguments): \(result.stderr)")
        return result
    }

    /// `list --all --json` without the completed times of repeating reminders that go on: the
    /// reminders themselves (the completion log does not travel in a file).
    private func storedReminders(_ store: String) throws -> String {
        let json = try #require(try JSONSerialization.jsonObject(with: try memoss(store, "list", "--all", "--json").stdoutData) as? [String: Any])
        var kept = json
        kept["completed"] = (json["completed"] as? [[String: Any]] ?? []).filter { $0["pastOccurrence"] == nil }
        let data = try JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// Where two listings first differ, as the two lines around it.
    private func firstDifference(_ a: String, _ b: String) -> String {
        let (left, right) = (a.components(separatedBy: "},{"), b.components(separatedBy: "},{"))
        guard let index = zip(left, right).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else {
            return "counts \(left.count) and \(right.count)"
        }
        return "\(left[index])\n  vs \(right[index])"
    }

    private func withoutStamp(_ text: String) -> String {
        text.components(separatedBy: "\r\n").filter { !$0.hasPrefix("DTSTAMP:") }.joined(separator: "\r\n")
    }

    @Test(arguments: seeds)
    func anExportImportsIntoAnEmptyStoreAsTheSameRemindersAndExportsAgainTheSameBytes(seed: UInt64) async throws {
        let world = try await randomWorld(seed: seed)
        let source = try #require(world.storePath)
        let first = temporary.path("first-\(seed).ics"), second = temporary.path("second-\(seed).ics")
        #expect(try memoss(source, "export", "-o", first).stderr == "Exported 40 reminders to \(first).\n")

        let copy = temporary.path("copy-\(seed).sqlite")
        let imported = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", copy, first], environment: environment)
        #expect(imported.status == 0, "seed \(seed): \(imported.stderr)")
        #expect(imported.stdout == "Imported 40, skipped 0 already present, refused 0. Created 5 tags.\n", "seed \(seed)")
        _ = try memoss(copy, "export", "-o", second)
        let (a, b) = (try String(contentsOfFile: first, encoding: .utf8), try String(contentsOfFile: second, encoding: .utf8))
        #expect(withoutStamp(a) == withoutStamp(b), "seed \(seed)")
        // The same reminders: ids, titles, notes, times, zones, rules, ends, tags, completion.
        let (before, after) = (try storedReminders(source), try storedReminders(copy))
        #expect(before == after, "seed \(seed): first difference \(firstDifference(before, after))")
        // Importing again adds nothing.
        let again = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", copy, first], environment: environment)
        #expect(again.stdout == "Imported 0, skipped 40 already present, refused 0.\n")
    }

    @Test(arguments: seeds)
    func aCSVExportImportsIntoAnEmptyStoreAsTheSameReminders(seed: UInt64) async throws {
        let world = try await randomWorld(seed: seed &+ 2)
        let source = try #require(world.storePath)
        let file = temporary.path("all-\(seed).csv")
        _ = try memoss(source, "export", "-o", file)
        let copy = temporary.path("csv-copy-\(seed).sqlite")
        let imported = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", copy, "--allow-past", file], environment: environment)
        #expect(imported.stdout == "Imported 40, skipped 0 already present, refused 0. Created 5 tags.\n", "seed \(seed): \(imported.stderr)")
        // Ids, titles, notes, due times (a gap's nominal time included), zones, rules (a monthly day a
        // shorter month moved included), ends, tags, completion and its time.
        let (before, after) = (try storedReminders(source), try storedReminders(copy))
        #expect(before == after, "seed \(seed): first difference \(firstDifference(before, after))")
    }

    @Test(arguments: seeds)
    func icalendarAndRecurringIcalEventsExpandEveryExportedRuleToMemossOccurrences(seed: UInt64) async throws {
        let world = try await randomWorld(seed: seed &+ 1)
        let file = temporary.path("oracle-\(seed).ics")
        _ = try memoss(try #require(world.storePath), "export", "-o", file)
        let checker = ProcessInfo.processInfo.environment["MEMOSS_ICS_CHECK"].flatMap { $0.isEmpty ? nil : $0 }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Oracle/ics_check.py").path
        let checked = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", checker, file, "-n", "8"])
        try #require(checked.status == 0, "\(checker) (Tools/test installs icalendar and recurring-ical-events): \(checked.stderr)")
        let series = try #require(try JSONSerialization.jsonObject(with: checked.stdoutData) as? [[String: Any]])
        let utc = ISO8601DateFormatter()
        var compared = 0
        for reminder in try await world.allReminders().map(\.reminder) {
            let entry = try #require(series.first { $0["uid"] as? String == reminder.id.uuidString }, "\(reminder.id) missing")
            let theirs = (entry["occurrences"] as? [[String: Any]] ?? []).compactMap { $0["start_utc"] as? String }
            let ours = reminder.series!.occurrences(count: 8).map { utc.string(from: $0.instant) }
            #expect(theirs == ours, "seed \(seed): \(reminder.title) \(reminder.recurrence) \(reminder.timeZoneID)")
            compared += ours.count
        }
        #expect(compared > 100)
        print("ics_check.py seed \(seed): \(series.count) VTODOs, \(compared) occurrences compared")
    }
}

/// The export command's choices and refusals, and the CSV way back.
struct ExportCommandTests {
    private let temporary: TemporaryFolder
    private let environment = ["HOME": "/nonexistent", "TZ": "America/New_York", "PATH": "/usr/bin:/bin"]
    private var store: String { temporary.path("store.sqlite") }

    init() throws {
        temporary = try TemporaryFolder("memoss-export")
    }

    private func memoss(_ arguments: String..., store: String? = nil) throws -> ChildProcess.Result {
        try ChildProcess.run(BuiltProduct.url("memoss"), ["--db", store ?? self.store] + arguments, environment: environment)
    }

    /// A title whose fold falls between a letter and its accent (a combining mark, as in
    /// `../shared/bench`'s titles) imports back: before, the import refused the whole file.
    @Test func aCalendarFoldedBeforeACombiningMarkImportsBack() throws {
        let title = String(repeating: "x", count: 66) + "e\u{301}co"
        _ = try memoss("add", title, "--date", "2027-01-31", "--time", "09:00")
        let file = temporary.path("accents.ics")
        #expect(try memoss("export", "-o", file).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).unicodeScalars.split(separator: "\n")
            .contains { Array($0.prefix(2)) == [" ", "\u{301}"] })
        let copy = temporary.path("accents.sqlite")
        let imported = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", copy, file], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "Imported 1, skipped 0 already present, refused 0.\n")
        let listed = try memoss("list", "--json", store: copy).stdout
        #expect(listed.contains("\"title\" : \"\(title)\""), "\(listed)")
    }

    /// An item imported from another app's calendar goes back out with the UID that app gave it: a
    /// UID that is no UUID (Tasks.org's numbers, `…@host`), and a UUID in lower case. Before, the
    /// export wrote the reminder's id, so the app saw new items beside its own. Edited here, done or
    /// not, it keeps it; importing the export again adds nothing.
    @Test func anImportedItemIsExportedWithItsOwnUID() throws {
        let file = temporary.path("theirs.ics")
        let todos = [("1712345678901", "Water the plants"), ("call-ann@phone.example.org", "Call Ann"),
                     ("6f1c2a9e-4b7d-4c1e-9a3b-2d5e8f7a1b0c", "Pay rent"), ("0F8E2D1C-3B4A-4958-8776-655443322110", "Stretch")]
        let body = todos.map { uid, title in
            "BEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:20261120T100000Z\r\nSUMMARY:\(title)\r\nDUE;VALUE=DATE:20270131\r\nEND:VTODO\r\n"
        }.joined()
        try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Someone//Tasks//EN\r\n" + body + "END:VCALENDAR\r\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", store, file], environment: environment)
        #expect(imported.stdout == "Imported 4, skipped 0 already present, refused 0.\n", "\(imported.stderr)")
        _ = try memoss("list")
        #expect(try memoss("edit", "1", "--title", "Call Ann back").status == 0)
        #expect(try memoss("done", "2").status == 0)
        let exported = temporary.path("ours.ics")
        #expect(try memoss("export", "-o", exported).status == 0)
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        let uids = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") && !$0.hasSuffix("-alarm") }
        #expect(Set(uids) == Set(todos.map { "UID:" + $0.0 }), "\(uids)")
        #expect(text.contains("UID:call-ann@phone.example.org\r\n") && text.contains("SUMMARY:Call Ann back\r\n"))
        let again = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", store, exported], environment: environment)
        #expect(again.stdout == "Imported 0, skipped 4 already present, refused 0.\n", "\(again.stderr)")
        // Through a CSV backup into another store, the UIDs stay (a CSV had no place for them).
        let csv = temporary.path("backup.csv")
        #expect(try memoss("export", "-o", csv).status == 0)
        #expect(try String(contentsOfFile: csv, encoding: .utf8).contains(",call-ann@phone.example.org\r\n"))
        let other = temporary.path("other.sqlite")
        let restored = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", other, csv], environment: environment)
        #expect(restored.stdout == "Imported 4, skipped 0 already present, refused 0.\n", "\(restored.stderr)")
        let back = try memoss("export", "--format", "ics", store: other).stdout
        #expect(Set(back.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") && !$0.hasSuffix("-alarm") })
            == Set(todos.map { "UID:" + $0.0 }))
        // A reminder made here has its id as its UID, as before.
        _ = try memoss("add", "Mine", "--date", "2027-02-01")
        let mine = try memoss("list", "--json").stdout
        let id = try #require(try JSONSerialization.jsonObject(with: Data(mine.utf8)) as? [String: Any])
        let ids = ((id["todo"] as? [[String: Any]]) ?? []).filter { $0["title"] as? String == "Mine" }.compactMap { $0["id"] as? String }
        #expect(try memoss("export").stdout.contains("UID:\(try #require(ids.first))\r\n"))
    }

    /// JSON: one document whatever is asked for, the done ones under "completed", the open ones
    /// under "todo" (empty with --completed).
    @Test func aJSONExportIsOneDocumentWithTheDoneAndTheOpenOnesInTheirLists() throws {
        _ = try memoss("add", "Pay rent", "--date", "2027-01-31", "--time", "09:00", "--new-tag", "Home")
        _ = try memoss("add", "Call Ann", "--date", "2027-02-01", "--time", "10:00", "--tag", "Home")
        _ = try memoss("add", "Water plants", "--date", "2027-02-02", "--time", "08:00")
        _ = try memoss("list")
        #expect(try memoss("done", "2").stdout.hasPrefix("Completed \"Call Ann\""))
        func titles(_ arguments: String...) throws -> [String: [String]] {
            let result = try ChildProcess.run(BuiltProduct.url("memoss"), ["--db", store, "export", "--format", "json"] + arguments,
                                              environment: environment)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: [[String: Any]]])
            return document.mapValues { $0.compactMap { $0["title"] as? String } }
        }
        #expect(try titles() == ["completed": ["Call Ann"], "todo": ["Pay rent", "Water plants"]])
        #expect(try titles("--completed") == ["completed": ["Call Ann"], "todo": []])
        #expect(try titles("--tag", "home") == ["completed": ["Call Ann"], "todo": ["Pay rent"]])
        #expect(try titles("--tag", "home", "--completed") == ["completed": ["Call Ann"], "todo": []])
    }

    @Test func theFormatComesFromTheOptionOrTheFileNameAndBadChoicesAreRefused() throws {
        _ = try memoss("add", "Pay rent", "--date", "2027-01-31", "--time", "09:00", "--repeat", "monthly", "--new-tag", "Home")
        #expect(try memoss("export").stdout.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(try memoss("export", "--format", "csv").stdout.hasPrefix("id,title,notes,date,time,timezone,repeat,end_date,tags,completed,completed_at,status,percent_complete,priority,list,alarms,calendar_uid\r\n"))
        #expect(try memoss("export", "--format", "json").stdout.hasPrefix("{\n  \"completed\" : [],\n  \"todo\" : [\n    {\n"))
        _ = try memoss("export", "-o", temporary.path("out.csv"))
        #expect(try String(contentsOfFile: temporary.path("out.csv"), encoding: .utf8).hasPrefix("id,title"))
        #expect(try memoss("export", "--completed").stdout.contains("BEGIN:VTODO") == false)
        #expect(try memoss("export", "--tag", "home").stdout.contains("SUMMARY:Pay rent\r\n"))

        let badFormat = try memoss("export", "--format", "xlsx")
        #expect(badFormat.status == 2)
        #expect(badFormat.stderr.contains("--format must be ics, csv or json, not \"xlsx\"."))
        let folder = try memoss("export", "-o", temporary.path(""))
        #expect(folder.status == 1)
        #expect(folder.stderr.contains("is a folder; give a file name, e.g. -o reminders.ics"))
        let unknownTag = try memoss("export", "--tag", "Garden")
        #expect(unknownTag.status == 1)
        // Nothing half-written is left beside a refused or finished export.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path("")).filter { $0.hasSuffix(".part") } == [])
    }

    @Test func aCSVExportImportsBackWithTheSameIdsAndACalendarNamedCSVIsPointedOut() throws {
        _ = try memoss("add", "Call Ann, maybe", "--date", "2027-01-31", "--time", "18:30", "--notes", "about \"Sunday\"\nand more",
                       "--new-tag", "Calls")
        _ = try memoss("add", "Walk", "--date", "2027-02-01", "--time", "07:00", "--repeat", "daily", "--until", "2027-03-01")
        // Done once, the rent due on the 31st moves to 28 February: the row must keep the day.
        _ = try memoss("add", "Rent", "--date", "2027-01-31", "--time", "09:00", "--repeat", "monthly", "--new-tag", "a;b")
        _ = try memoss("list")
        _ = try memoss("done", "1")
        let csv = temporary.path("all.csv")
        _ = try memoss("export", "-o", csv)
        let exported = try String(contentsOfFile: csv, encoding: .utf8)
        #expect(exported.contains(",Rent,,2027-02-28,09:00,America/New_York,monthly on the 31st,,a\\;b,false,,todo,,none,Reminders,,\r\n"))
        let copy = temporary.path("copy.sqlite")
        let imported = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", copy, csv], environment: environment)
        #expect(imported.stdout == "Imported 3, skipped 0 already present, refused 0. Created 2 tags.\n")
        // The same reminders; the source's Completed also lists Rent's completed time (the log stays behind).
        let listed = try JSONSerialization.jsonObject(with: try memoss("list", "--json").stdoutData) as? [String: Any]
        #expect((listed?["completed"] as? [[String: Any]])?.map { $0["pastOccurrence"] as? Bool } == [true])
        let (source, copied) = (try memoss("list", "--json").stdout, try memoss("list", "--json", store: copy).stdout)
        #expect(source.components(separatedBy: "\"todo\"").last == copied.components(separatedBy: "\"todo\"").last)

        let calendar = temporary.path("calendar.csv")
        _ = try memoss("export", "--format", "ics", "-o", calendar)
        let misnamed = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", copy, calendar], environment: environment)
        #expect(misnamed.status == 2)
        #expect(misnamed.stderr == "memoss-import: \(calendar) is an iCalendar file; name it .ics or add --format ics; nothing was imported\n")
        let forced = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", copy, "--format", "ics", calendar], environment: environment)
        #expect(forced.stdout == "Imported 0, skipped 3 already present, refused 0.\n")
    }
}
