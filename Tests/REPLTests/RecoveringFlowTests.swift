import Foundation
import Testing
import TestSupport

/// Issue "The first week", flows that recover: a time refused at the add flow's time step is asked
/// again there, an add the input ends before it is saved fails a script, a misspelled date says
/// what it was near, and a repeating reminder's notifications are one line. On Saturday 21 November
/// 2026, 15:00 in New York.
struct RecoveringFlowTests {
    private let temporary: TemporaryFolder
    private var store: String { temporary.path("store.sqlite") }
    private var environment: [String: String] { ["HOME": temporary.url.path, "PATH": "/usr/bin:/bin"] }

    init() throws {
        temporary = try TemporaryFolder("memoss-recover")
    }

    private func memoss(_ arguments: String...) throws -> ChildProcess.Result {
        try MemossProcess.run(["--db", store] + arguments, environment: environment)
    }

    @Test func aTimeAlreadyPastTodayIsAskedAgainAtTheTimeStep() throws {
        // Today with the proposed 09:00, six hours gone: the time is asked again, and 20:00 is taken.
        let result = try MemossProcess.run(["--db", store], environment: environment,
                                           lines: ["add", "Tea with Sam", "", "today", "", "20:00", "", "", "", "", "y", "quit"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Time [09:00]: \nMust be in the future: 2026-11-21 09:00\nTime [09:00]: 20:00\n"))
        #expect(!result.stdout.contains("Date [2026-11-21]: "))
        #expect(result.stdout.contains("Added 1. \"Tea with Sam\", due Today 20:00."))
    }

    @Test func anAddWithoutATitleWhoseInputEndsFailsFromTheShellAndInAScript() throws {
        let shell = try MemossProcess.run(["--db", store, "add"], environment: environment)
        #expect(shell.status == 1)
        #expect(shell.stdout.hasSuffix("Title: \nCancelled; nothing was saved.\n"))
        #expect(shell.stderr == "memoss: Nothing was saved: the questions ended before the reminder was saved. Where nobody answers "
            + "them, give the fields at once: add TITLE --date DATE.\n")
        let script = try MemossProcess.run(["--db", store], environment: environment, lines: ["add", "Renew passport"])
        #expect(script.status == 1)
        #expect(script.stderr.hasSuffix("memoss: 1 command was refused; see the lines above.\n"))
        #expect(try memoss("list").stdout.contains("Nothing to do."))
        // Answering n is the user's own choice: no failure.
        let declined = try MemossProcess.run(["--db", store], environment: environment,
                                             lines: ["add", "Renew passport", "", "", "", "", "", "", "", "n", "y", "quit"])
        #expect(declined.status == 0)
    }

    @Test func aMisspelledDateSaysWhatItWasNear() throws {
        let result = try memoss("add", "Call the bank", "--date", "tomorow")
        #expect(result.status == 2)
        #expect(result.stderr == "memoss: --date: \"tomorow\" is not a date; did you mean \"tomorrow\"?\n")
        let history = try memoss("history", "yesterdy")
        #expect(history.status == 2)
        #expect(history.stderr.contains("did you mean \"yesterday\"?"))
    }

    @Test func nextWeekAndTheEndsOfTheWeekAndYearAreDates() throws {
        #expect(try memoss("add", "Plan the week", "--date", "next week").stdout == "Added 1. \"Plan the week\", due Mon 23 Nov 09:00.\n")
        #expect(try memoss("add", "Weekly review", "--date", "eow", "--time", "18:00").stdout
            == "Added 2. \"Weekly review\", due Tomorrow 18:00.\n")
        #expect(try memoss("add", "Taxes", "--date", "eoy").stdout == "Added 3. \"Taxes\", due Thu 31 Dec 09:00.\n")
    }

    @Test func aRelativeTimeIsNeverDueBeforeTheMomentAskedFor() throws {
        // 09:16:55: two minutes on is 09:18:55, so it is due at 09:19.
        let early = MemossProcess.onTestClock(environment.merging(["MEMOSS_CLOCK": "2026-11-21T14:16:55Z"]) { $1 })
        let result = try MemossProcess.run(["--db", store, "add", "Kettle", "--date", "in 2 minutes"], environment: early)
        #expect(result.stdout == "Added 1. \"Kettle\", due Today 09:19.\n")
    }

    @Test func aRepeatingReminderIsOneLineOfNotificationsAndAllListsEverySlot() throws {
        #expect(try memoss("add", "Stretch", "--date", "2026-11-22", "--time", "07:00", "--repeat", "daily").status == 0)
        #expect(try memoss("add", "Dentist", "--date", "2026-11-24", "--time", "10:00").status == 0)
        let summary = try memoss("notifications").stdout.split(separator: "\n").map { $0.components(separatedBy: "  id ").first ?? "" }
        // 64 slots: 14 one-time, 50 for repeating reminders, here all Stretch's, 22 November to 10 January.
        #expect(summary == [
            "51 of 64 pending: 1 of 14 one-time, 50 of 50 repeating, 0 snoozed.",
            "  1. Tomorrow 07:00  Stretch  (repeating; 49 more until Sun 10 Jan 2027 07:00)",
            "  2. Tue 24 Nov 10:00  Dentist",
        ])
        let every = try memoss("notifications", "--all").stdout.split(separator: "\n")
        #expect(every.count == 52)
        #expect(every.filter { $0.contains("Stretch  (repeating)") }.count == 50)
    }
}
