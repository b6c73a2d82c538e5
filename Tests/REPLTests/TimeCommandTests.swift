import Foundation
import Testing
import TestSupport

/// Issue "Time correctness in every zone", end to end through the built binaries. In America/Nuuk
/// the spring-forward gap crosses midnight: on Saturday 27 March 2027, 23:00–24:00 does not exist,
/// so a nominal 23:30 is due Sunday 00:30 (-01:00).
struct TimeCommandTests {
    private let temporary: TemporaryFolder
    private var home: URL { temporary.url }
    private var store: String { home.appendingPathComponent("store.sqlite").path }

    init() throws {
        temporary = try TemporaryFolder("memoss-time")
    }

    private func memoss(tz: String? = "America/Nuuk", _ arguments: String...) throws -> ChildProcess.Result {
        var environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
        environment["TZ"] = tz
        return try MemossProcess.run(["--db", store] + arguments, environment: environment)
    }

    private func json(_ result: ChildProcess.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    /// (the occurrence day the id ends with, fire instant) of every pending notification, soonest first.
    private func pending() throws -> [(day: String, fireAt: String)] {
        let rows = try json(try memoss("notifications", "--json"))["pending"] as? [[String: Any]] ?? []
        return rows.compactMap { row in
            guard let id = row["id"] as? String, let fireAt = row["fireAt"] as? String else { return nil }
            return (String(id.dropFirst(37)), fireAt)
        }
    }

    private func todo() throws -> [[String: Any]] {
        try json(try memoss("list", "--json"))["todo"] as? [[String: Any]] ?? []
    }

    @Test func aWeeklyReminderAddedInTheGapFiresAtItsFirstOccurrence() throws {
        let added = try memoss("add", "t", "--date", "2027-03-27", "--time", "23:30", "--repeat", "weekly")
        #expect(added.stdout == "Added 1. \"t\", due Sun 28 Mar 2027 00:30, repeating Weekly on Saturday. 23:30 does not "
            + "exist on Sat 27 Mar 2027 in America/Nuuk; due at 00:30 on Sun 28 Mar 2027.\n")
        let next = try json(try memoss("next", "1", "--count", "2", "--json"))
        #expect(next["occurrences"] as? [String] == ["2027-03-28T00:30:00-01:00", "2027-04-03T23:30:00-01:00"])
        let plan = try pending()
        #expect(plan.prefix(2).map(\.day) == ["20270327", "20270403"])
        #expect(plan.prefix(2).map(\.fireAt) == ["2027-03-28T00:30:00-01:00", "2027-04-03T23:30:00-01:00"])
    }

    @Test func theShiftedOccurrenceAndTheNextDayEachKeepTheirNotification() throws {
        #expect(try memoss("add", "d", "--date", "2027-03-26", "--time", "23:30", "--repeat", "daily", "--until", "2027-03-29").status == 0)
        let plan = try pending()
        #expect(plan.map(\.day) == ["20270326", "20270327", "20270328", "20270329"])
        #expect(plan.map(\.fireAt) == ["2027-03-26T23:30:00-02:00", "2027-03-28T00:30:00-01:00",
                                       "2027-03-28T23:30:00-01:00", "2027-03-29T23:30:00-01:00"])
        _ = try memoss("list")
        #expect(try memoss("done", "1").stdout == "Completed \"d\"; next: Sun 28 Mar 2027 00:30.\n")
        #expect(try memoss("done", "1").stdout == "Completed \"d\"; next: Sun 28 Mar 2027 23:30.\n")
    }

    @Test func completingAOneTimeReminderInTheGapCompletesIt() throws {
        #expect(try memoss("add", "once", "--date", "2027-03-27", "--time", "23:30").status == 0)
        _ = try memoss("list")
        #expect(try memoss("done", "1").stdout == "Completed \"once\".\n")
        #expect(try todo().isEmpty)
    }

    @Test func anEndDateTheGapMovesTheFirstOccurrencePastIsRefused() throws {
        let refused = try memoss("add", "r", "--date", "2027-03-27", "--time", "23:30", "--repeat", "daily", "--until", "2027-03-27")
        #expect(refused.status == 1)
        #expect(refused.stderr == "memoss: until: Must be on or after the first occurrence, 2027-03-28.\n")
        #expect(try todo().isEmpty)
    }

    @Test func aTimeInAGapIsAcceptedAndTheConfirmationSaysWhereItWent() throws {
        let added = try memoss(tz: "America/New_York", "add", "gap", "--date", "2027-03-14", "--time", "02:30")
        #expect(added.stdout == "Added 1. \"gap\", due Sun 14 Mar 2027 03:30. 02:30 does not exist on Sun 14 Mar 2027 "
            + "in America/New_York; due at 03:30.\n")
        _ = try memoss(tz: "America/New_York", "list")
        let edited = try memoss(tz: "America/New_York", "edit", "1", "--time", "02:50")
        #expect(edited.stdout == "Saved \"gap\", due Sun 14 Mar 2027 03:50. 02:50 does not exist on Sun 14 Mar 2027 "
            + "in America/New_York; due at 03:50.\n")
    }

    @Test(arguments: [("--date", "2100-02-29", "February 2100 has 28 days"), ("--until", "2027-04-31", "April 2027 has 30 days")])
    func aDayTheCalendarDoesNotHaveIsRefusedWithASentence(_ option: String, _ value: String, _ reason: String) throws {
        let refused = try memoss("add", "x", "--repeat", "daily", option, value)
        #expect(refused.status == 1)
        #expect(refused.stderr == "memoss: \(option): \(value) does not exist: \(reason).\n")
        #expect(try todo().isEmpty)
    }

    @Test(arguments: [
        ("EST", "2027-07-01T09:00:00-05:00", "EST"),
        ("MST", "2027-07-01T09:00:00-07:00", "MST"),
        ("EST5EDT", "2027-07-01T09:00:00-04:00", "EST5EDT"),
        (":Europe/Berlin", "2027-07-01T09:00:00+02:00", "Europe/Berlin"),
        ("/usr/share/zoneinfo/Asia/Tokyo", "2027-07-01T09:00:00+09:00", "Asia/Tokyo"),
        ("UTC0", "2027-07-01T09:00:00+00:00", "Etc/UTC"),
    ])
    func tzIsReadAsTheCLibraryReadsIt(_ tz: String, _ scheduledAt: String, _ zone: String) throws {
        let added = try memoss(tz: tz, "add", "x", "--date", "2027-07-01", "--time", "09:00")
        #expect(added.stderr == "")
        let reminder = try #require(try todo().first)
        #expect(reminder["scheduledAt"] as? String == scheduledAt)
        #expect(reminder["timeZone"] as? String == zone)
    }

    @Test(arguments: ["", "Foo/Bar", "PST"])
    func aTzThatCannotBeUsedIsSaidOnceAndUtcIsUsed(_ tz: String) throws {
        let added = try memoss(tz: tz, "add", "x", "--date", "2027-07-01", "--time", "09:00")
        #expect(added.status == 0)
        let lines = added.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("memoss: warning: TZ") == true)
        #expect(lines.first?.contains("UTC") == true)
        #expect(try todo().first?["scheduledAt"] as? String == "2027-07-01T09:00:00+00:00")
    }

    @Test func theImporterReadsTzAndRefusesAMissingDayWithASentence() throws {
        let csv = home.appendingPathComponent("rows.csv")
        try "title,date,time\nleap,2100-02-29,09:00\nsummer,2027-07-01,09:00\n".write(to: csv, atomically: true, encoding: .utf8)
        let result = try MemossProcess.run(["--db", store, csv.path], environment: ["HOME": home.path, "TZ": "EST"],
                                           program: MemossProcess.importer)
        #expect(result.status == 1)
        #expect(result.stderr == "\(csv.path):2: date: 2100-02-29 does not exist: February 2100 has 28 days\n")
        #expect(try todo().map { $0["scheduledAt"] as? String } == ["2027-07-01T09:00:00-05:00"])
    }
}
