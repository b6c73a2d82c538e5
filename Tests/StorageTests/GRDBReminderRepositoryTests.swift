import Domain
import Foundation
import Storage
import StoreDiagnostics
import Testing
import TestSupport

struct GRDBReminderRepositoryTests {
    private let repository: GRDBReminderRepository

    init() throws {
        repository = GRDBReminderRepository(database: try AppDatabase.inMemory())
    }

    private func reminder(_ title: String, at iso: String, id: Int) -> Reminder {
        Reminder(id: counted(id),
                 title: title, notes: nil, scheduledAt: instant(iso), timeZoneID: "Europe/London",
                 createdAt: testNow, updatedAt: testNow)
    }

    @Test func everyFieldSurvivesTheRoundTrip() async throws {
        var stored = reminder("Dentist", at: "2026-12-01T10:30:00Z", id: 1)
        stored.notes = "Bring the form\nand the card"
        stored.isCompleted = true
        stored.completedAt = instant("2026-11-21T19:59:59Z")
        try await repository.insert(stored, tagIDs: [])
        #expect(try await repository.reminder(id: stored.id) == stored)
    }

    @Test func aNumberIsReadFromTheKeptListingAloneAndAnAddedReminderJoinsItsEnd() async throws {
        let ids = (1...1_000).map { counted($0) }
        #expect(try await repository.lastListing(numbers: 1...1) == nil)
        #expect(try await repository.appendToListing(counted(5_000)) == nil)
        #expect(try await repository.saveListing(ids))
        let read = try #require(try await repository.lastListing(numbers: 999...1_002))
        #expect(read.count == 1_000)
        #expect(read.ids == [999: counted(999), 1_000: counted(1_000)])
        #expect(try await repository.lastListing(numbers: 1...1)?.ids == [1: counted(1)])
        // Added: the next number, the listing as it was with it at the end.
        #expect(try await repository.appendToListing(counted(5_000)) == 1_001)
        #expect(try await repository.lastListing() == ids + [counted(5_000)])
        #expect(try await repository.lastListing(numbers: 1_001...1_001)?.ids == [1_001: counted(5_000)])
        #expect(try await repository.appendToListing(counted(5_001)) == 1_002)
        #expect(try await repository.lastListing(numbers: 1_000...1_003)?.ids
            == [1_000: counted(1_000), 1_001: counted(5_000), 1_002: counted(5_001)])
        // A new listing starts again from its own.
        try await repository.saveListing(ids)
        #expect(try await repository.lastListing() == ids)
        #expect(try await repository.appendToListing(counted(5_002)) == 1_001)
    }

    /// A listing is compared with the kept one and written in slices of 4,096 ids: one that
    /// differs from the kept one only in its last id, or only in length, replaces it.
    @Test func aListingThatDiffersOnlyInItsLastIdOrItsLengthReplacesTheKeptOne() async throws {
        let ids = (1...10_000).map { counted($0) }
        try await repository.saveListing(ids)
        #expect(try await repository.lastListing() == ids)
        let lastChanged = Array(ids.dropLast()) + [counted(20_000)]
        try await repository.saveListing(lastChanged)
        #expect(try await repository.lastListing() == lastChanged)
        try await repository.saveListing(Array(lastChanged.dropLast()))
        #expect(try await repository.lastListing() == Array(lastChanged.dropLast()))
        try await repository.saveListing([])
        #expect(try await repository.lastListing() == [])
    }

    /// A screen or a prompt adds its new cards to the stored listing only while it is its own (the
    /// token its whole write got): after another program's listing, nothing is written, even when
    /// that listing is the start of its own (a `list --limit 2`, an empty one).
    @Test func aListingIsExtendedOnlyWhileItIsTheOneStored() async throws {
        let screen = (1...10).map { counted($0) }
        let token = try #require(try await repository.saveListing(screen, .any))
        #expect(try await repository.saveListing(screen + [counted(11)], .extending(token)) == token)
        #expect(try await repository.lastListing() == screen + [counted(11)])
        let many = screen + [counted(11)] + (12...5_000).map { counted($0) }
        #expect(try await repository.saveListing(many, .extending(token)) == token)
        #expect(try await repository.lastListing() == many)

        for shell in [[counted(1), counted(2)], []] {
            let theirs = try #require(try await repository.saveListing(shell, .any))
            #expect(theirs != token)
            #expect(try await repository.saveListing(many + [counted(5_001)], .extending(token)) == nil)
            #expect(try await repository.lastListing() == shell)
        }
        // Kept at last over the listing stored when it was first tried, and only over that one.
        let theirs = try await repository.listingToken()
        #expect(try await repository.saveListing(screen, .replacing(token)) == nil)
        #expect(try await repository.saveListing(screen, .replacing(theirs)) != nil)
        #expect(try await repository.lastListing() == screen)

        // Past the first slice of 4,096: a stored listing that differs only at its 5,000th id is
        // not extended, however many ids follow.
        let screen2 = (1...6_000).map { counted($0) }
        #expect(try await repository.saveListing(screen2))
        var other = screen2
        other[4_999] = counted(90_000)
        let otherToken = try #require(try await repository.saveListing(other, .any))
        #expect(try await repository.saveListing(screen2 + (6_001...10_200).map { counted($0) }, .extending(otherToken)) == nil)
        #expect(try await repository.lastListing() == other)
    }

    /// A listing that is the kept one with reminders after it (a prompt's, after an `add`) keeps
    /// the stored ids and numbers the new ones after them: the same listing, read whole or by
    /// number, whether the kept one ended inside a slice of 4,096 or at its edge; one that differs
    /// before them replaces it.
    @Test func aListingThatIsTheKeptOneWithMoreAfterItKeepsTheKeptOnesIds() async throws {
        for length in [4_096, 5_000] {
            let ids = (1...length).map { counted($0) }
            #expect(try await repository.saveListing(ids))
            #expect(try await repository.appendToListing(counted(90_000)) == length + 1)
            let longer = ids + [counted(90_000), counted(90_001), counted(90_002)]
            #expect(try await repository.saveListing(longer))
            #expect(try await repository.lastListing() == longer)
            #expect(try await repository.lastListing(numbers: length...length + 3)?.ids
                == [length: counted(length), length + 1: counted(90_000), length + 2: counted(90_001), length + 3: counted(90_002)])
            #expect(try await repository.appendToListing(counted(90_003)) == length + 4)
            // The same listing and the one added since: nothing to keep; one reordered: kept whole.
            #expect(try await repository.saveListing(longer + [counted(90_003)]))
            #expect(try await repository.lastListing() == longer + [counted(90_003)])
            let reordered = [counted(2), counted(1)] + Array(longer.dropFirst(2)) + [counted(90_003), counted(90_004)]
            #expect(try await repository.saveListing(reordered))
            #expect(try await repository.lastListing() == reordered)
            #expect(try await repository.appendToListing(counted(90_005)) == length + 6)
        }
    }

    /// A listing's ids spooled as it is written are kept as the same ids given whole.
    @Test func aSpooledListingIsKeptInItsOrder() async throws {
        let spool = ListingSpool(), completed = ListingSpool()
        for number in 1...9_000 { spool.add(counted(number)) }
        for number in 9_001...9_100 { completed.add(counted(number)) }
        try spool.add(contentsOf: completed)
        #expect(try await repository.saveListing(spool) != nil)
        #expect(try await repository.lastListing() == (1...9_100).map { counted($0) })
        #expect(try await repository.lastListing(numbers: 9_001...9_001)?.ids == [9_001: counted(9_001)])
    }

    @Test func updatingAReminderThatIsGoneSaysItIsGone() async throws {
        let missing = reminder("Ghost", at: "2026-12-01T10:30:00Z", id: 9)
        await #expect(throws: ReminderError.notFound(missing.id)) { try await repository.update(missing, tagIDs: []) }
    }

    @Test func deletingAReminderDeletesItsCompletionLog() async throws {
        var done = reminder("Run", at: "2026-11-21T07:00:00Z", id: 1)
        try await repository.insert(done, tagIDs: [])
        done.isCompleted = true
        done.completedAt = testNow
        try await repository.complete([(done, Completion(
            id: UUID(), reminderID: done.id, occurrence: done.scheduledAt!, completedAt: testNow))])
        let wholeDay = instant("2026-11-21T00:00:00Z")..<instant("2026-11-22T00:00:00Z")
        #expect(try await repository.completions(madeIn: wholeDay).map(\.title) == ["Run"])

        try await repository.delete(ids: [done.id])
        #expect(try await repository.completions(madeIn: wholeDay).isEmpty)
        await #expect(throws: ReminderError.notFound(done.id)) { try await repository.delete(ids: [done.id]) }
    }

    @Test func openRemindersComeSoonestFirst() async throws {
        try await repository.insert(reminder("Later", at: "2026-12-02T09:00:00Z", id: 1), tagIDs: [])
        try await repository.insert(reminder("Sooner", at: "2026-12-01T09:00:00Z", id: 2), tagIDs: [])
        try await repository.insert(reminder("Soonest", at: "2026-11-30T09:00:00Z", id: 3), tagIDs: [])
        let titles = Gathered<String>()
        let count = try await repository.forEachReminder(ReminderSection(done: false), tagged: nil) { titles.add($0.title) }
        #expect(titles.all == ["Soonest", "Sooner", "Later"])
        #expect(count == 3)
        // Stopped by a limit, a section that counts says how many it holds.
        let first = Gathered<String>(), ends = Gathered<[Int]>()
        try await repository.forEachReminder(in: [ReminderSection(done: false, limit: 2, countsAll: true)], matching: .all) { _, item in
            first.add(item.title)
        } ended: { _, shown, total in
            ends.add([shown, total])
        }
        #expect(first.all == ["Soonest", "Sooner"])
        #expect(ends.all == [[2, 3]])
    }

    @Test func theLastOfEachSectionAreReadFromItsEndStillInItsOrder() async throws {
        for day in 1...5 {
            try await repository.insert(reminder("Open \(day)", at: "2026-12-0\(day)T09:00:00Z", id: day), tagIDs: [])
            var undated = reminder("Undated \(day)", at: "2026-12-01T09:00:00Z", id: 10 + day)
            undated.scheduledAt = nil
            undated.createdAt = instant("2026-11-0\(day)T09:00:00Z")
            try await repository.insert(undated, tagIDs: [])
            var done = reminder("Done \(day)", at: "2026-11-0\(day)T09:00:00Z", id: 20 + day)
            done.isCompleted = true
            done.completedAt = instant("2026-11-1\(day)T09:00:00Z")
            try await repository.insert(done, tagIDs: [])
        }
        let read = Gathered<String>(), ends = Gathered<[Int]>()
        let sections = [ReminderSection(done: false, limit: 2, fromEnd: true), ReminderSection(done: false, undated: true, limit: 2, fromEnd: true),
                        ReminderSection(done: true, limit: 2, fromEnd: true), ReminderSection(done: true, withCompletedTimes: false, limit: 2, fromEnd: true)]
        try await repository.forEachReminder(in: sections, matching: .all) { section, item in
            read.add("\(section) \(item.title)")
        } ended: { _, shown, total in
            ends.add([shown, total])
        }
        #expect(read.all == ["0 Open 4", "0 Open 5", "1 Undated 4", "1 Undated 5", "2 Done 2", "2 Done 1", "3 Done 2", "3 Done 1"])
        #expect(ends.all == [[2, 2], [2, 2], [2, 2], [2, 2]])
    }

    /// A tag's No date section is read from the undated reminders when they are fewer than half
    /// the tag's links (Work: 40 dated, 4 undated), else from the links (Car: 1 link): either
    /// way the same reminders, higher priority first, then oldest first, and counted alike.
    @Test func aTagsNoDateSectionIsTheSameFromTheUndatedOnesOrFromTheLinks() async throws {
        let database = try AppDatabase.inMemory()
        let reminders = GRDBReminderRepository(database: database)
        let work = Domain.Tag(id: counted(900), name: "Work", colorHex: "#3B82F6", createdAt: testNow)
        let car = Domain.Tag(id: counted(901), name: "Car", colorHex: "#EF4444", createdAt: testNow)
        for tag in [work, car] { try await GRDBTagRepository(database: database).insert(tag) }
        for day in 1...40 {
            try await reminders.insert(reminder("Dated \(day)", at: "2026-12-\(day % 28 + 1)T09:00:00Z", id: day), tagIDs: [work.id])
        }
        // Undated: by priority, then age, then id; one also of Car's, one of neither, one done.
        let undated: [(title: String, priority: Priority, created: String, id: Int, tags: [UUID], done: Bool)] = [
            ("Low, id 105", .low, "2026-11-01", 105, [work.id], false), ("High new", .high, "2026-11-09", 104, [work.id, car.id], false),
            ("Low, id 103", .low, "2026-11-01", 103, [work.id], false), ("High old", .high, "2026-11-02", 106, [work.id], false),
            ("Untagged", .high, "2026-11-01", 107, [], false), ("Done", .high, "2026-11-01", 108, [work.id], true),
        ]
        for item in undated {
            var made = reminder(item.title, at: "2026-12-01T09:00:00Z", id: item.id)
            (made.scheduledAt, made.priority, made.createdAt) = (nil, item.priority, instant("\(item.created)T09:00:00Z"))
            if item.done { (made.isCompleted, made.completedAt) = (true, testNow) }
            try await reminders.insert(made, tagIDs: item.tags)
        }
        /// The section's titles, then "shown of total".
        func noDate(_ tag: Domain.Tag, limit: Int?) async throws -> [String] {
            let read = Gathered<String>()
            let sections = [ReminderSection(done: false), ReminderSection(done: false, undated: true, limit: limit, countsAll: true)]
            try await reminders.forEachReminder(in: sections, matching: ReminderFilter([.tagged([tag.id])])) { section, item in
                if section == 1 { read.add(item.title) }
            } ended: { section, shown, total in
                if section == 1 { read.add("\(shown) of \(total)") }
            }
            return read.all
        }
        #expect(try await noDate(work, limit: nil) == ["High old", "High new", "Low, id 103", "Low, id 105", "4 of 4"])
        #expect(try await noDate(work, limit: 2) == ["High old", "High new", "2 of 4"])
        #expect(try await noDate(car, limit: nil) == ["High new", "1 of 1"])
        #expect(try await noDate(car, limit: 0) == ["0 of 1"])
    }
}

struct TagFilterQueryPlanTests {
    @Test func filterByTagStartsFromTheTagsIndexAndScansNoTable() async throws {
        let database = try AppDatabase.inMemory()
        let reminders = GRDBReminderRepository(database: database)
        let tag = Tag(id: UUID(), name: "Work", colorHex: "#3B82F6", createdAt: testNow)
        try await GRDBTagRepository(database: database).insert(tag)
        let reminder = Reminder(id: UUID(), title: "Report", notes: nil, scheduledAt: testNow, timeZoneID: "UTC",
                                createdAt: testNow, updatedAt: testNow)
        try await reminders.insert([(reminder, [tag.id])])

        let plan = try await reminders.queryPlanOfOpenReminders(tagged: tag.id)

        // Each part of To Do reads its own range of the tag's links: its reminders' tags from the
        // tag's index joined to each one's links, in key order (no sort), then the reminders.
        #expect(plan.first == "SEARCH tagged USING COVERING INDEX reminderTag_on_tagID_reminderID (tagID=? AND reminderID<?)", "\(plan)")
        #expect(plan.contains("SEARCH tagged USING COVERING INDEX reminderTag_on_tagID_reminderID (tagID=? AND reminderID>?)"), "\(plan)")
        #expect(plan.filter { $0 == "SEARCH link USING PRIMARY KEY (reminderID=?)" }.count == 2, "\(plan)")
        #expect(plan.contains("SEARCH reminderTag USING COVERING INDEX reminderTag_on_tagID_reminderID (tagID=? AND reminderID<?)"), "\(plan)")
        #expect(plan.contains("SEARCH reminderTag USING COVERING INDEX reminderTag_on_tagID_reminderID (tagID=? AND reminderID>?)"), "\(plan)")
        #expect(plan.contains("SEARCH reminder USING PRIMARY KEY (id=?)"))
        #expect(plan.filter { $0.contains("TEMP B-TREE") }.count == 2, "\(plan)")
        #expect(plan.allSatisfy { !$0.hasPrefix("SCAN") })
        let limited = try await reminders.queryPlanOfOpenReminders(tagged: tag.id, limit: 5)
        #expect(limited.first == "SEARCH reminderTag USING COVERING INDEX reminderTag_on_tagID_reminderID (tagID=?)")
    }
}

struct ToDoQueryPlanTests {
    /// The whole To Do list reads each part of the table in its own order (a range of its key)
    /// and lets SQLite sort it: reading it through the due index jumped to another page for almost
    /// every reminder. A limit reads the index, to stop there.
    @Test func theWholeListReadsTheTableInOrderAndALimitReadsTheDueIndex() async throws {
        let reminders = GRDBReminderRepository(database: try AppDatabase.inMemory())
        let whole = try await reminders.queryPlanOfOpenReminders(tagged: nil)
        // Each part's links are read from reminderTag's key in order (no sort), then its reminders.
        #expect(whole.first == "SEARCH link USING PRIMARY KEY (reminderID<?)", "\(whole)")
        #expect(whole.contains("SEARCH link USING PRIMARY KEY (reminderID>?)"), "\(whole)")
        #expect(whole.contains("SEARCH reminder USING PRIMARY KEY (id<?)"), "\(whole)")
        #expect(whole.contains("SEARCH reminder USING PRIMARY KEY (id>?)"), "\(whole)")
        #expect(whole.filter { $0 == "USE TEMP B-TREE FOR ORDER BY" }.count == 2, "\(whole)")
        #expect(whole.allSatisfy { !$0.hasPrefix("SCAN") }, "\(whole)")
        // No tag is looked up reminder by reminder.
        #expect(!whole.contains("SEARCH reminderTag USING PRIMARY KEY (reminderID=?)"), "\(whole)")
        let limited = try await reminders.queryPlanOfOpenReminders(tagged: nil, limit: 20)
        // Undated reminders (no due instant) sort first in the index and are stepped over.
        #expect(limited.contains("SEARCH reminder USING INDEX reminder_on_isCompleted_scheduledAt (isCompleted=? AND scheduledAt>?)"), "\(limited)")
        #expect(!limited.contains { $0.contains("TEMP B-TREE") }, "\(limited)")
    }
}

struct FoundQueryPlanTests {
    /// A search starts from what its words find: the text index's matches, and the tags and lists
    /// whose names they find, each from its index (no reminder is scanned but those of the
    /// default list, when its name is found). It sorts the ids before it reads their reminders
    /// and links by key, so each page of the table is read once, however the text index orders
    /// them. So does each of the two parts it is read in (a range of the ids).
    @Test func theRemindersFoundAreReadInKeyOrder() async throws {
        let plans = try await GRDBReminderRepository(database: try AppDatabase.inMemory())
            .queryPlansOfFound(matching: ReminderFilter([.text("dentist")]))
        #expect(plans.count == 3)
        for plan in plans {
            for step in ["SCAN reminderText VIRTUAL TABLE INDEX 0:M2", "SEARCH reminderSearchRow USING INTEGER PRIMARY KEY (rowid=?)",
                         "SEARCH inList USING COVERING INDEX reminder_on_listID (listID=?)"] {
                #expect(plan.contains(step), "\(step) in \(plan)")
            }
            #expect(plan.contains { $0.hasPrefix("SEARCH link USING COVERING INDEX reminderTag_on_tagID_reminderID (tagID=?") }, "\(plan)")
            // The default list's reminders: read only after its name is found (a join from that match).
            let defaultList = try #require(plan.firstIndex { $0 == "SCAN inList" || $0.hasPrefix("SEARCH inList USING PRIMARY KEY (id") },
                                           "\(plan)")
            #expect(plan[defaultList - 1].hasPrefix("SCAN (subquery-"), "\(plan)")
            // Nothing else is scanned: the text index, the names' index (tags, lists, the default
            // list), the default list's reminders (in the whole read; a part reads its range by key).
            let scans = ["SCAN reminderText VIRTUAL TABLE INDEX 0:M2"] + Array(repeating: "SCAN nameText VIRTUAL TABLE INDEX 0:M1", count: 3)
                + (plan[defaultList] == "SCAN inList" ? ["SCAN inList"] : []) + ["SCAN found"]
            #expect(plan.filter { $0.hasPrefix("SCAN ") && !$0.hasPrefix("SCAN (subquery-") } == scans, "\(plan)")
            #expect(plan.suffix(4) == ["USE TEMP B-TREE FOR ORDER BY", "SCAN found", "SEARCH reminder USING PRIMARY KEY (id=?)",
                                       "SEARCH link USING PRIMARY KEY (reminderID=?) LEFT-JOIN"], "\(plan)")
        }
    }
}

struct SnoozedRemindersQueryPlanTests {
    /// Each write's replan reads the snoozed reminders from their own index, not by walking
    /// every open reminder (which it did, at 0.17 s a write on 100,000 reminders).
    @Test func theSnoozedRemindersAreReadFromTheirIndex() async throws {
        let plan = try await GRDBReminderRepository(database: try AppDatabase.inMemory()).queryPlanOfSnoozedReminders()
        #expect(plan == ["SEARCH reminder USING INDEX reminder_snoozed (alarmsSnoozedUntil>?)"], "\(plan)")
    }
}

struct CompletedPageQueryPlanTests {
    /// The first page of Completed reads done reminders from their own index and the completion
    /// log by time, so it costs the page, not the store (it used to fetch and sort every done
    /// reminder and read every open one: 0.4 s at 100,000).
    @Test func theCompletedPageReadsItsIndexesAndNoReminderTable() async throws {
        let database = try AppDatabase.inMemory()
        let plan = try await GRDBReminderRepository(database: database).queryPlanOfCompletedPage()
        #expect(plan.contains("SEARCH reminder USING INDEX reminder_on_completedAt (isCompleted=?)"), "\(plan)")
        #expect(plan.contains("SCAN completion USING INDEX completion_on_completedAt"), "\(plan)")
        #expect(plan.contains("SEARCH reminder USING PRIMARY KEY (id=?)"), "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN reminder") && $0 != "SCAN reminder" }, "\(plan)")
    }

    /// Narrowed to a tag, done reminders are still read in completion order, each checked for the
    /// tag by its key, so the page stops at its tenth instead of sorting every reminder of the tag.
    @Test func theCompletedPageOfATagReadsDoneRemindersInOrderAndChecksTheTag() async throws {
        let database = try AppDatabase.inMemory()
        let plan = try await GRDBReminderRepository(database: database).queryPlanOfCompletedPage(tagged: UUID())
        #expect(plan.contains("SEARCH reminder USING INDEX reminder_on_completedAt (isCompleted=?)"), "\(plan)")
        #expect(plan.contains("SEARCH reminderTag USING PRIMARY KEY (reminderID=? AND tagID=?)"), "\(plan)")
        #expect(plan.contains("SCAN completion USING INDEX completion_on_completedAt"), "\(plan)")
        #expect(!plan.contains { $0.contains("reminderTag_on_tagID_reminderID") }, "\(plan)")
    }
}

struct StoredInstantTests {
    /// Instants are stored to the nearest millisecond (before 1970 too), and saving one read back
    /// stores the same millisecond again, however often.
    @Test(arguments: [0, 1_795_000_000.123, 1_795_000_000.999_9, -86_400.5, 4_102_444_799.5, 2_160_053_505.081])
    func instantsKeepTheirMillisecondThroughSaves(_ seconds: Double) async throws {
        let repository = GRDBReminderRepository(database: try AppDatabase.inMemory())
        let at = Date(timeIntervalSince1970: seconds)
        var reminder = Reminder(id: UUID(), title: "t", notes: nil, scheduledAt: at, timeZoneID: "UTC", createdAt: at, updatedAt: at)
        try await repository.insert(reminder, tagIDs: [])
        let milliseconds = (seconds * 1000).rounded()
        for _ in 1...3 {
            reminder = try #require(try await repository.reminder(id: reminder.id))
            #expect((reminder.scheduledAt!.timeIntervalSince1970 * 1000).rounded() == milliseconds)
            #expect(reminder.scheduledAt == Date(timeIntervalSince1970: milliseconds / 1000))
            #expect(reminder.createdAt == reminder.scheduledAt && reminder.updatedAt == reminder.scheduledAt)
            reminder.title += "!"
            try await repository.update(reminder, tagIDs: [])
        }
        #expect(try await repository.reminders(scheduledIn: at.addingTimeInterval(-0.001)..<at.addingTimeInterval(0.001))
            .map(\.id) == [reminder.id])
    }
}
