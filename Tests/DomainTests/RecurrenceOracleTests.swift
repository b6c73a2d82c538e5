import Domain
import Presentation
import Foundation
import Testing
import TestSupport

/// Differential test: the Swift series must give exactly the occurrences of the independent
/// python-dateutil oracle in `../shared/oracles`, on generated and hand-checked cases.
/// The oracle is required: when python3 or python-dateutil is missing this test fails.
struct RecurrenceOracleTests {
    /// The seeds and case counts fed to `gen_cases.py`: 2,500 cases over its five zones.
    static let seeds: [(seed: Int, count: Int)] = [(4180, 500), (1, 500), (2, 500), (3, 500), (7, 500)]

    static var oracles: URL {
        if let path = ProcessInfo.processInfo.environment["MEMOSS_ORACLES"] { return URL(fileURLWithPath: path) }
        // Tests/DomainTests/<this file> → the package root → ../shared/oracles
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/oracles")
    }

    @Test func everyGeneratedCaseMatchesTheOracle() throws {
        var compared = 0
        var occurrences = 0
        var mismatches: [String] = []
        for (seed, count) in Self.seeds {
            let cases = try Self.python(["gen_cases.py", "--seed", "\(seed)", "--n", "\(count)"])
            let result = try Self.check(cases: cases, expected: try Self.python(["recurrence_oracle.py"], input: cases))
            compared += result.compared
            occurrences += result.occurrences
            mismatches += result.mismatches.map { "seed \(seed): \($0)" }
        }
        #expect(compared == 2_500)
        #expect(occurrences > 10_000)
        #expect(mismatches.isEmpty, "\(mismatches.count) cases differ, first: \(mismatches.prefix(5).joined(separator: "\n"))")
    }

    @Test func everyHandCheckedCaseMatchesItsExpectedOccurrences() throws {
        let cases = try Data(contentsOf: try Self.requireOracles().appendingPathComponent("hand_cases.json"))
        let list = try #require(try JSONSerialization.jsonObject(with: cases) as? [[String: Any]])
        let expected = try JSONSerialization.data(withJSONObject: list.map { $0["expected"] ?? [] })
        let result = try Self.check(cases: cases, expected: expected)
        #expect(result.compared == 18)
        #expect(result.mismatches.isEmpty, "\(result.mismatches.joined(separator: "\n"))")
    }

    // MARK: Running the oracle

    /// The oracles folder, or a clear failure when it is not there.
    static func requireOracles() throws -> URL {
        guard FileManager.default.fileExists(atPath: oracles.appendingPathComponent("recurrence_oracle.py").path) else {
            throw OracleUnavailable(reason: "the recurrence oracle is not at \(oracles.path); put shared/ beside "
                + "the package (as CI does) or set MEMOSS_ORACLES to the oracles folder")
        }
        return oracles
    }

    static func python(_ arguments: [String], input: Data? = nil) throws -> Data {
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments,
                                          input: input, in: try requireOracles())
        guard result.status == 0 else {
            throw OracleUnavailable(reason: "python3 \(arguments.joined(separator: " ")) in \(oracles.path) exited "
                + "\(result.status): \(result.stderr) (install python-dateutil: pip install python-dateutil)")
        }
        return result.stdoutData
    }

    struct OracleUnavailable: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    // MARK: Comparing

    static func check(cases: Data, expected: Data) throws -> (compared: Int, occurrences: Int, mismatches: [String]) {
        let caseList = try #require(try JSONSerialization.jsonObject(with: cases) as? [[String: Any]])
        let expectedList = try #require(try JSONSerialization.jsonObject(with: expected) as? [[String]])
        try #require(caseList.count == expectedList.count)
        var mismatches: [String] = []
        var occurrences = 0
        for (index, testCase) in caseList.enumerated() {
            let series = try series(for: testCase)
            let after = try (testCase["after"] as? String).map { try instant($0, in: series.timeZone) }
            let ours = series.occurrences(after: after, count: testCase["count"] as? Int ?? 0)
                .map { ISO8601Text.string($0.instant, in: series.timeZone) }
            occurrences += ours.count
            if ours != expectedList[index] {
                mismatches.append("\(testCase["id"] ?? index) \(testCase): ours \(ours) oracle \(expectedList[index])")
            }
        }
        return (caseList.count, occurrences, mismatches)
    }

    static func series(for testCase: [String: Any]) throws -> RecurrenceSeries {
        let zoneName = try #require(testCase["tz"] as? String)
        let zone = try #require(TimeZone(identifier: zoneName))
        let start = try localDateTime(try #require(testCase["start"] as? String))
        let rule: RecurrenceRule = switch testCase["rule"] as? String {
        case "daily": .daily
        case "weekly": .weekly(weekday: testCase["weekday"] as? Int ?? start.date.weekday)
        case "monthly": .monthly(day: testCase["day"] as? Int ?? start.date.day)
        default: .never
        }
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
