import Domain
import Presentation
import Foundation
import Testing
import TestSupport

/// Differential test: the Swift series must give exactly the occurrences of the independent
/// oracle in `Tests/Oracle` (python-dateutil and zoneinfo), on generated and hand-checked cases.
/// Each case is checked twice: the series read from its start, and a reminder created from it
/// (through the form's rules) completed occurrence by occurrence, as a user's reminder moves; both
/// must give the oracle's instants and its nominal dates and times (notification ids and end dates
/// go by them). The oracle is required: when python3 or python-dateutil is missing this test fails.
/// `MEMOSS_ORACLES=DIR` runs the same checks with another oracle that reads the same cases
/// (`.ci/run` does it with `../shared/oracles` when it is there).
struct RecurrenceOracleTests {
    /// The seeds and case counts fed to `gen_cases.py`: 2,500 cases over its five zones.
    static let seeds: [(seed: Int, count: Int)] = [(4180, 500), (1, 500), (2, 500), (3, 500), (7, 500)]

    /// This run's seed for the all-zones sample: `MEMOSS_ORACLE_SEED` to repeat a run, else a new one
    /// (said in every failure).
    static let runSeed: Int = ProcessInfo.processInfo.environment["MEMOSS_ORACLE_SEED"].flatMap { Int($0) }
        ?? Int.random(in: 1...999_999)

    /// The oracle's folder: `MEMOSS_ORACLES`, else the package's own `Tests/Oracle`.
    static var oracles: URL {
        if let path = ProcessInfo.processInfo.environment["MEMOSS_ORACLES"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return packageRoot.appendingPathComponent("Tests/Oracle")
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test func everyGeneratedCaseMatchesTheOracle() throws {
        var total = Tally()
        for (seed, count) in Self.seeds {
            let cases = try Self.python(["gen_cases.py", "--seed", "\(seed)", "--n", "\(count)"])
            total.add(try Self.check(cases: cases), label: "seed \(seed)")
        }
        #expect(total.compared == 2_500)
        #expect(total.occurrences > 10_000)
        #expect(total.mismatches.isEmpty, "\(total.mismatches.count) cases differ, first: \(total.mismatches.prefix(5).joined(separator: "\n"))")
    }

    /// Every zone of the system tz database whose offset changes in 2025–2030 (131 with tzdata
    /// 2025b): `gen_cases.py --zones all`, and cases at every one of their transitions
    /// (`Tests/Oracle/transition_cases.py`), for a fixed seed and for this run's own seed.
    @Test func everyZoneWithTransitionsMatchesTheOracle() throws {
        var total = Tally()
        var zones = Set<String>()
        for seed in [4180, Self.runSeed] {
            let sample = try Self.python(["gen_cases.py", "--zones", "all", "--seed", "\(seed)", "--n", "3000"])
            let sweep = try Self.python([Self.packageRoot.appendingPathComponent("Tests/Oracle/transition_cases.py").path,
                                         "--seed", "\(seed)"])
            for cases in [sample, sweep] {
                total.add(try Self.check(cases: cases), label: "seed \(seed) (MEMOSS_ORACLE_SEED=\(seed) repeats it)")
                zones.formUnion(try Self.caseList(cases).compactMap { $0["tz"] as? String })
            }
        }
        print("All zones: \(total.compared) cases, \(total.occurrences) occurrences, \(zones.count) zones, "
              + "run seed \(Self.runSeed), \(total.mismatches.count) differences")
        #expect(zones.count >= 100, "the tz database should have over 100 zones with transitions; found \(zones.count)")
        #expect(total.compared > 10_000)
        #expect(total.mismatches.isEmpty, "\(total.mismatches.count) cases differ, first: \(total.mismatches.prefix(5).joined(separator: "\n"))")
    }

    /// The richer rules (intervals, weekday sets, the last day, nth weekdays, yearly, counts):
    /// `gen_cases.py --rules all` over its five zones for three seeds (one of them this run's), and
    /// over every zone with transitions for a fixed seed and this run's.
    @Test func everyRichRuleCaseMatchesTheOracle() throws {
        var total = Tally()
        var zones = Set<String>()
        var arguments: [[String]] = [4180, 1, Self.runSeed].map { ["--rules", "all", "--seed", "\($0)", "--n", "3000"] }
        arguments += [4180, Self.runSeed].map { ["--rules", "all", "--zones", "all", "--seed", "\($0)", "--n", "3000"] }
        for argument in arguments {
            let cases = try Self.python(["gen_cases.py"] + argument)
            total.add(try Self.check(cases: cases), label: argument.joined(separator: " ") + " (MEMOSS_ORACLE_SEED repeats a run's seed)")
            zones.formUnion(try Self.caseList(cases).compactMap { $0["tz"] as? String })
        }
        print("Rich rules: \(total.compared) cases, \(total.occurrences) occurrences, \(zones.count) zones, "
              + "run seed \(Self.runSeed), \(total.mismatches.count) differences")
        #expect(total.compared == 15_000)
        #expect(zones.count >= 100)
        #expect(total.occurrences > 60_000)
        #expect(total.mismatches.isEmpty, "\(total.mismatches.count) cases differ, first: \(total.mismatches.prefix(5).joined(separator: "\n"))")
    }

    /// The planner's notifications for a reminder of each rule (the first 150 repeating cases of
    /// `--rules all`, seed 4180, in a store of their own with the clock in 2000): their ids name the
    /// oracle's nominal days and they fire at its instants.
    @Test func thePlannersRequestsAreTheOraclesOccurrences() async throws {
        let cases = try Self.python(["gen_cases.py", "--rules", "all", "--seed", "4180", "--n", "3000"])
        let detail = try #require(try JSONSerialization.jsonObject(
            with: try Self.python(["recurrence_oracle.py", "--detail"], input: cases)) as? [[String: Any]])
        var compared = 0, requests = 0
        var mismatches: [String] = []
        for (index, testCase) in try Self.caseList(cases).enumerated() {
            guard compared < 150, testCase["rule"] as? String != "none", testCase["after"] == nil, testCase["end"] == nil else { continue }
            let expected = (detail[index]["occurrences"] as? [[String: Any]] ?? [])
            guard !expected.isEmpty else { continue }
            let series = try Self.series(for: testCase)
            let world = try TestWorld(now: try Date("2000-01-01T00:00:00Z", strategy: .iso8601), timeZone: series.timeZone)
            let reminder = try await world.core.createReminder(ReminderDraft(
                title: "case", date: series.start.date, time: series.start.time, timeZoneID: series.timeZone.identifier,
                recurrence: series.rule))
            let pending = try await world.core.listNotifications().pending.filter { $0.reminderID == reminder.id }
            let ours = pending.prefix(expected.count).map { "\($0.id.dropFirst(37)) \(ISO8601Text.string($0.fireAt, in: series.timeZone))" }
            let theirs = expected.map { occurrence in
                let nominal = (occurrence["nominal"] as? String ?? "").prefix(10).replacingOccurrences(of: "-", with: "")
                return "\(nominal) \(occurrence["local"] as? String ?? "")"
            }
            compared += 1
            requests += ours.count
            if ours != theirs { mismatches.append("\(testCase["id"] ?? index): planner \(ours), oracle \(theirs)") }
        }
        print("Planner: \(compared) reminders, \(requests) requests compared, \(mismatches.count) differences")
        #expect(compared == 150)
        #expect(requests > 700)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).joined(separator: "\n"))")
    }

    /// Alarms: the planner's notifications for a reminder with alarms before and after its due
    /// time (the first 120 cases of `--rules all --zones all`, seed 4180, one-time ones too, each
    /// with one of four sets of alarms) fire at the oracle's occurrence instants moved by each
    /// alarm's offset, exactly (an offset is a length of time, across a change of daylight saving
    /// too), under the ids of the oracle's nominal days.
    @Test func thePlannersAlarmsFireAtTheOraclesOccurrencesMovedByTheirOffsets() async throws {
        let cases = try Self.python(["gen_cases.py", "--rules", "all", "--zones", "all", "--seed", "4180", "--n", "3000"])
        let detail = try #require(try JSONSerialization.jsonObject(
            with: try Self.python(["recurrence_oracle.py", "--detail"], input: cases)) as? [[String: Any]])
        let alarmSets: [[Int]] = [[-86_400, -900, 600], [-604_800, 0], [-5_400, -3_600, 7_200], [-172_800, -1]]
        var compared = 0, requests = 0, zones = Set<String>()
        var mismatches: [String] = []
        for (index, testCase) in try Self.caseList(cases).enumerated() {
            guard compared < 120, testCase["after"] == nil, testCase["end"] == nil else { continue }
            let expected = (detail[index]["occurrences"] as? [[String: Any]] ?? [])
            guard !expected.isEmpty else { continue }
            let series = try Self.series(for: testCase)
            let offsets = alarmSets[compared % alarmSets.count]
            let world = try TestWorld(now: try Date("2000-01-01T00:00:00Z", strategy: .iso8601), timeZone: series.timeZone)
            var draft = ReminderDraft(title: "case", date: series.start.date, time: series.start.time, timeZoneID: series.timeZone.identifier,
                                      recurrence: series.rule)
            draft.alarms = offsets.map { Alarm.relative(seconds: $0) }
            let reminder = try await world.core.createReminder(draft)
            let pending = try await world.core.listNotifications().pending.filter { $0.reminderID == reminder.id }
            let repeating = series.rule.isRepeating
            // The oracle's: each occurrence's instant plus each offset, named by its nominal day.
            var theirs: [(fireAt: Date, id: String)] = []
            for occurrence in expected {
                let utc = try Date(try #require(occurrence["utc"] as? String), strategy: .iso8601)
                let day = (occurrence["nominal"] as? String ?? "").prefix(10).replacingOccurrences(of: "-", with: "")
                for offset in offsets {
                    let alarm = Alarm.relative(seconds: offset)
                    let base = repeating ? "\(reminder.id.uuidString)-\(day)" : reminder.id.uuidString
                    theirs.append((utc.addingTimeInterval(TimeInterval(offset)), alarm == .atDue ? base : "\(base)-\(alarm.key)"))
                }
            }
            // Compared up to where the oracle's list is whole (a later occurrence's earliest alarm)
            // and the plan's is (its last slot).
            let lastOccurrence = try Date(try #require(expected.last?["utc"] as? String), strategy: .iso8601)
            var bound = lastOccurrence.addingTimeInterval(TimeInterval(offsets.min() ?? 0))
            if pending.count == NotificationBudget.recurringSlots, let last = pending.last { bound = min(bound, last.fireAt) }
            let ours = Set(pending.filter { $0.fireAt < bound }.map { "\($0.id) \(ISO8601Text.string($0.fireAt, in: .gmt))" })
            let wanted = Set(theirs.filter { $0.fireAt < bound }.map { "\($0.id) \(ISO8601Text.string($0.fireAt, in: .gmt))" })
            compared += 1
            requests += ours.count
            zones.insert(series.timeZone.identifier)
            if ours != wanted {
                mismatches.append("\(testCase["id"] ?? index) alarms \(offsets): planner only \(ours.subtracting(wanted).sorted()), "
                    + "oracle only \(wanted.subtracting(ours).sorted())")
            }
        }
        print("Alarms: \(compared) reminders in \(zones.count) zones, \(requests) alarm instants compared, \(mismatches.count) differences")
        #expect(compared == 120)
        #expect(zones.count > 40)
        #expect(requests > 1_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).joined(separator: "\n"))")
    }

    @Test func everyHandCheckedRichRuleCaseMatchesItsExpectedOccurrences() throws {
        let cases = try Data(contentsOf: try Self.requireOracles().appendingPathComponent("hand_cases_rules.json"))
        let list = try Self.caseList(cases)
        let expected = list.map { ($0["expected"] as? [String] ?? []).map { Expected(local: $0, nominal: nil) } }
        let result = try Self.check(list, expected: expected)
        #expect(list.count >= 17)
        #expect(result.compared == list.count)
        #expect(result.occurrences >= 60)
        #expect(result.mismatches.isEmpty, "\(result.mismatches.joined(separator: "\n"))")
    }

    @Test func everyHandCheckedCaseMatchesItsExpectedOccurrences() throws {
        let cases = try Data(contentsOf: try Self.requireOracles().appendingPathComponent("hand_cases.json"))
        let list = try Self.caseList(cases)
        let expected = list.map { ($0["expected"] as? [String] ?? []).map { Expected(local: $0, nominal: nil) } }
        let result = try Self.check(list, expected: expected)
        #expect(list.count >= 16)
        #expect(result.compared == list.count)
        #expect(result.mismatches.isEmpty, "\(result.mismatches.joined(separator: "\n"))")
    }

    /// The oracle checks itself: its hand-checked cases, and its refusals of cases that mean nothing.
    @Test func theOraclePassesItsOwnHandCheckedAndInvalidCases() throws {
        let output = String(decoding: try Self.python(["recurrence_oracle.py", "--selftest"]), as: UTF8.self)
        #expect(output.contains(" 0 failed"), "\(output)")
    }

    // MARK: Running the oracle

    /// The oracles folder, or a clear failure when it is not there.
    static func requireOracles() throws -> URL {
        guard FileManager.default.fileExists(atPath: oracles.appendingPathComponent("recurrence_oracle.py").path) else {
            throw OracleUnavailable(reason: "the recurrence oracle is not at \(oracles.path); "
                + "MEMOSS_ORACLES must name a folder with recurrence_oracle.py and gen_cases.py")
        }
        return oracles
    }

    static func python(_ arguments: [String], input: Data? = nil) throws -> Data {
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments,
                                          input: input, in: try requireOracles())
        guard result.status == 0 else {
            throw OracleUnavailable(reason: "python3 \(arguments.joined(separator: " ")) in \(oracles.path) exited "
                + "\(result.status): \(result.stderr) (Tools/test installs python-dateutil)")
        }
        return result.stdoutData
    }

    struct OracleUnavailable: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    // MARK: Comparing

    /// One occurrence as the oracle gives it: local time with offset, and (from `--detail`) the
    /// nominal wall time `YYYY-MM-DDTHH:MM:SS`.
    struct Expected: Equatable, CustomStringConvertible {
        let local: String
        let nominal: String?
        var description: String { nominal.map { "\(local) (nominal \($0))" } ?? local }
    }

    struct Result {
        var compared = 0, occurrences = 0
        var mismatches: [String] = []
    }

    struct Tally {
        var compared = 0, occurrences = 0
        var mismatches: [String] = []

        mutating func add(_ result: Result, label: String) {
            compared += result.compared
            occurrences += result.occurrences
            mismatches += result.mismatches.map { "\(label): \($0)" }
        }
    }

    static func caseList(_ data: Data) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    /// Runs the oracle with `--detail` on `cases` and compares.
    static func check(cases: Data) throws -> Result {
        let detail = try #require(try JSONSerialization.jsonObject(
            with: try python(["recurrence_oracle.py", "--detail"], input: cases)) as? [[String: Any]])
        let expected = try detail.map { entry in
            try #require(entry["occurrences"] as? [[String: Any]]).map {
                Expected(local: $0["local"] as? String ?? "", nominal: $0["nominal"] as? String)
            }
        }
        return try check(try caseList(cases), expected: expected)
    }

    static func check(_ caseList: [[String: Any]], expected: [[Expected]]) throws -> Result {
        try #require(caseList.count == expected.count)
        var result = Result()
        for (index, testCase) in caseList.enumerated() {
            let series = try series(for: testCase)
            let after = try (testCase["after"] as? String).map { try instant($0, in: series.timeZone) }
            let count = testCase["count"] as? Int ?? 0
            let wanted = expected[index]
            let read = describe(series.occurrences(after: after, count: count), series.timeZone, like: wanted)
            let walked = describe(try walk(testCase, series: series, after: after, count: count), series.timeZone, like: wanted)
            result.compared += 1
            result.occurrences += read.count
            if read != wanted || walked != wanted {
                result.mismatches.append("\(testCase["id"] ?? index) \(testCase): series \(read), reminder \(walked), oracle \(wanted)")
            }
        }
        return result
    }

    private static func describe(_ occurrences: [Occurrence], _ zone: TimeZone, like wanted: [Expected]) -> [Expected] {
        let withNominal = wanted.first?.nominal != nil
        return occurrences.map {
            Expected(local: ISO8601Text.string($0.instant, in: zone),
                     nominal: withNominal ? "\($0.nominal.date)T\($0.nominal.time):00" : nil)
        }
    }

    /// The occurrences a reminder made from the case goes through as it is completed: created
    /// through the rules (a refused one has none), then moved to each following occurrence.
    /// Memoss has no end date for a one-time reminder, so a `none` case's end is left to the series check.
    static func walk(_ testCase: [String: Any], series: RecurrenceSeries, after: Date?, count: Int) throws -> [Occurrence] {
        if !series.rule.isRepeating && testCase["end"] != nil { return series.occurrences(after: after, count: count) }
        let draft = ReminderDraft(title: "case", date: series.start.date, time: series.start.time,
                                  timeZoneID: series.timeZone.identifier, recurrence: series.rule, recurrenceEnd: series.end)
        guard let values = try? ReminderRules.validate(draft, previously: nil, now: .distantPast, allowingPast: true) else { return [] }
        var reminder = Reminder(id: UUID(), values: values, now: .distantPast)
        var result: [Occurrence] = []
        while result.count < count {
            let occurrence = reminder.currentOccurrence!
            if after.map({ occurrence.instant > $0 }) ?? true { result.append(occurrence) }
            guard reminder.advance() else { break }
        }
        return result
    }

    static func series(for testCase: [String: Any]) throws -> RecurrenceSeries {
        let zoneName = try #require(testCase["tz"] as? String)
        let zone = try #require(TimeZone(identifier: zoneName))
        let start = try localDateTime(try #require(testCase["start"] as? String))
        let pattern: RecurrenceRule.Pattern
        switch testCase["rule"] as? String {
        case "daily": pattern = .daily
        case "weekly":
            let days = testCase["weekdays"] as? [Int] ?? [testCase["weekday"] as? Int ?? start.date.weekday]
            pattern = .weekly(Weekdays(days))
        case "monthly":
            if let nth = testCase["nth"] as? Int {
                pattern = .monthly(.weekday(nth: nth, weekday: try #require(testCase["weekday"] as? Int)))
            } else {
                let day = testCase["day"] as? Int ?? start.date.day
                pattern = .monthly(day == -1 ? .last : .day(day))
            }
        case "yearly": pattern = .yearly(month: start.date.month, day: start.date.day)
        default: pattern = .never
        }
        let rule = RecurrenceRule(pattern, interval: testCase["interval"] as? Int ?? 1, times: testCase["times"] as? Int)
        let end = try (testCase["end"] as? String).map { try #require(LocalDate(iso: $0)) }
        return RecurrenceSeries(rule: rule, start: start, end: end, timeZone: zone)
    }

    static func localDateTime(_ text: String) throws -> LocalDateTime {
        let parts = text.split(separator: "T").map(String.init)
        try #require(parts.count == 2 && parts[1].count == 5, "the oracle's cases use minute precision: \(text)")
        let date = try #require(LocalDate(iso: parts[0]))
        let time = try #require(LocalTime(hhmm: parts[1]))
        return LocalDateTime(date: date, time: time)
    }

    /// An `after` value: local `YYYY-MM-DDTHH:MM` (resolved like a start) or ISO 8601 with an offset.
    static func instant(_ text: String, in zone: TimeZone) throws -> Date {
        if text.count == 16 { return try localDateTime(text).resolved(in: zone) }
        return try Date(text, strategy: .iso8601)
    }
}
