import Foundation
import Testing
import TestSupport

/// Issue "Repeats people actually use, and dates as people type them", end to end through the
/// built binaries (in UTC, so the wall times are the instants).
struct RepeatCommandTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.url.appendingPathComponent("store.sqlite").path }
    private let environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC"]

    init() throws {
        temporary = try TemporaryFolder("memoss-repeat")
    }

    private func memoss(_ arguments: String...) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + arguments, environment: environment)
    }

    private func todo() throws -> [[String: Any]] {
        let json = try JSONSerialization.jsonObject(with: try memoss("list", "--json").stdoutData) as? [String: Any]
        return json?["todo"] as? [[String: Any]] ?? []
    }

    @Test func aPhraseAndACountRepeatAsSaid() throws {
        let added = try memoss("add", "Swim", "--date", "2099-03-03", "--repeat", "every 2 weeks on tue,thu", "--times", "4")
        #expect(added.stdout == "Added \"Swim\", due Tue 3 Mar 2099 09:00, repeating Every 2 weeks on Tuesday and Thursday, 4 times.\n")
        _ = try memoss("list")
        #expect(try memoss("next", "1", "--count", "6").stdout == """
            Swim · Every 2 weeks on Tuesday and Thursday, 4 times
              Tue 3 Mar 2099 09:00  2099-03-03T09:00:00+00:00
              Thu 5 Mar 2099 09:00  2099-03-05T09:00:00+00:00
              Tue 17 Mar 2099 09:00  2099-03-17T09:00:00+00:00
              Thu 19 Mar 2099 09:00  2099-03-19T09:00:00+00:00

            """)
        let rule = try #require(try todo().first?["recurrence"] as? [String: Any])
        #expect(rule["rule"] as? String == "weekly" && rule["interval"] as? Int == 2 && rule["times"] as? Int == 4)
        #expect(rule["weekdays"] as? [Int] == [3, 5] && rule["phrase"] as? String == "every 2 weeks on tue,thu, 4 times")

        // Left-out parts follow the date: the last Friday of March 2099 is the 27th.
        _ = try memoss("add", "Review", "--date", "2099-03-27", "--repeat", "monthly on the last fri")
        _ = try memoss("add", "Leap", "--date", "2096-02-29", "--repeat", "yearly")
        #expect(try memoss("list").stdout.contains("↻ Yearly"))
        _ = try memoss("list")
        #expect(try memoss("next", "3", "--count", "3").stdout.contains("Fri 24 Apr 2099 09:00"))
        #expect(try memoss("next", "1", "--count", "3").stdout.contains("Thu 28 Feb 2097 09:00"))
    }

    @Test func badPhrasesAndCountsAreRefusedOnOneLine() throws {
        let phrase = try memoss("add", "x", "--date", "2099-01-01", "--repeat", "every blue moon")
        #expect(phrase.status == 2)
        #expect(phrase.stderr.hasPrefix("memoss: --repeat: \"blue\" is not a unit or a weekday; write never, daily, weekdays"))
        #expect(phrase.stderr.components(separatedBy: "\n").count == 2)
        let count = try memoss("add", "x", "--date", "2099-01-01", "--times", "3")
        #expect(count.status == 2)
        #expect(count.stderr == "memoss: --times needs a repeat, such as --repeat daily.\n")
        let twice = try memoss("add", "x", "--date", "2099-03-03 5pm", "--time", "9")
        #expect(twice.stderr == "memoss: --date already gives the time; leave out --time or the time in --date.\n")
        let numeric = try memoss("add", "x", "--date", "03/04/2099")
        #expect(numeric.status == 2)
        #expect(numeric.stderr.contains("add --date-order dmy (day first) or --date-order mdy (month first)"))
        #expect(try todo().isEmpty)
        _ = try memoss("add", "x", "--date", "03/04/2099 17:30", "--date-order", "dmy")
        #expect(try todo().first?["scheduledAt"] as? String == "2099-04-03T17:30:00+00:00")
    }

    /// An overdue daily reminder (imported with --allow-past) needs one `done` to be due next after
    /// now; `--one` ticks just its current time. The clock is the machine's: the expected days
    /// are worked out from it.
    @Test func doneOnAnOverdueRepeatingReminderSkipsTheMissedTimes() throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let today = utc.startOfDay(for: Date())
        let day: (Int) -> String = { offset in
            let date = utc.date(byAdding: .day, value: offset, to: today)!
            return date.formatted(.iso8601.year().month().day().dateSeparator(.dash))
        }
        let csv = temporary.url.appendingPathComponent("habit.csv")
        try "title,date,time,repeat\nStretch,\(day(-7)),00:00,daily\n".write(to: csv, atomically: true, encoding: .utf8)
        let imported = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", store, "--allow-past", csv.path],
                                            environment: environment)
        #expect(imported.stdout == "Imported 1, skipped 0 already present, refused 0.\n")
        _ = try memoss("list")
        _ = try memoss("done", "1", "--one")
        #expect(try todo().first?["scheduledAt"] as? String == "\(day(-6))T00:00:00+00:00")
        _ = try memoss("done", "1")
        #expect(try todo().first?["scheduledAt"] as? String == "\(day(1))T00:00:00+00:00")
        // Two completions were logged today, and the Completed section shows them.
        let history = try memoss("history", "today").stdout
        #expect(history.components(separatedBy: "Stretch").count - 1 == 2)
        #expect(try memoss("list").stdout.contains("Completed"))
        // history reads yesterday and "3 days ago" backwards.
        #expect(try memoss("history", "yesterday").stdout.hasPrefix("Due on \(day(-1))\n"))
        #expect(try memoss("history", "3", "days", "ago").stdout.hasPrefix("Due on \(day(-3))\n"))
    }

    @Test func theImportersRepeatColumnTakesTheSamePhrases() throws {
        let csv = temporary.url.appendingPathComponent("rules.csv")
        try """
            title,date,repeat
            Swim,2099-03-03,"every 2 weeks on tue,thu, 3 times"
            Review,2099-03-27,monthly on the last fri
            Standup,2099-03-02,weekdays
            Odd,2099-03-02,every blue moon

            """.write(to: csv, atomically: true, encoding: .utf8)
        let result = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--db", store, csv.path], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(csv.path):5: repeat: \"blue\" is not a unit or a weekday; write never"))
        #expect(try todo().map { ($0["recurrence"] as? [String: Any])?["label"] as? String } == [
            "Every weekday", "Every 2 weeks on Tuesday and Thursday, 3 times", "Monthly on the last Friday"])
    }
}
