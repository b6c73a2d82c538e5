import Domain
import Foundation
import GRDB
import Storage
import Testing
import TestSupport

/// To Do on a store file is read in two parts at once (ids below 28…, the others), merged in order.
struct ToDoInTwoReadsTests {
    private let folder: TemporaryFolder
    private let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("store.sqlite")
    }

    /// `count` reminders with random ids (both parts), due at one of 40 instants (many share
    /// one, across the parts), a fifth of them done, each with 0–3 of `tags`.
    private func fill(_ repository: GRDBReminderRepository, count: Int, tags: [Domain.Tag], title: String = "Reminder")
        async throws -> [(reminder: Reminder, tagIDs: Set<UUID>)]
    {
        var random = SeededGenerator(seed: 14)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        var stored: [(reminder: Reminder, tagIDs: Set<UUID>)] = []
        for index in 0..<count {
            let hex = (0..<32).map { _ in String(Int.random(in: 0..<16, using: &random), radix: 16, uppercase: true) }.joined()
            let text = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.suffix(12)]
                .joined(separator: "-")
            let id = try #require(UUID(uuidString: text))
            let due = now.addingTimeInterval(Double(Int.random(in: 0..<40, using: &random)) * 3_600)
            let done = Int.random(in: 0..<5, using: &random) == 0
            let reminder = Reminder(id: id, title: "\(title) \(index)", notes: nil, scheduledAt: due, timeZoneID: "Europe/London",
                                    isCompleted: done, completedAt: done ? now : nil, createdAt: now, updatedAt: now)
            let tagIDs = Set((0..<Int.random(in: 0...3, using: &random)).map { _ in tags[Int.random(in: 0..<tags.count, using: &random)].id })
            stored.append((reminder, tagIDs))
        }
        try await repository.insert(stored.map { ($0.reminder, Array($0.tagIDs)) })
        return stored
    }

    private func tags(in database: AppDatabase) async throws -> [Domain.Tag] {
        let repository = GRDBTagRepository(database: database)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        var tags: [Domain.Tag] = []
        for (index, name) in ["Work", "Home", "Garden", "Bills", "Car"].enumerated() {
            let tag = Domain.Tag(id: try #require(UUID(uuidString: "00000000-0000-0000-0000-00000000000\(index + 1)")), name: name,
                          colorHex: TagRules.palette[index], createdAt: now)
            try await repository.insert(tag)
            tags.append(tag)
        }
        return tags
    }

    /// To Do as one sorted read gives it: open ones (carrying `tag`), by due time, then by id.
    private func expectedToDo(_ stored: [(reminder: Reminder, tagIDs: Set<UUID>)], tagged tag: Domain.Tag?) -> [(reminder: Reminder, tagIDs: Set<UUID>)] {
        stored.filter { item in !item.reminder.isCompleted && (tag.map { item.tagIDs.contains($0.id) } ?? true) }
            .sorted { ($0.reminder.scheduledAt!, $0.reminder.id.uuidString) < ($1.reminder.scheduledAt!, $1.reminder.id.uuidString) }
    }

    private func toDo(_ repository: GRDBReminderRepository, tagged tag: Domain.Tag? = nil) async throws -> (items: [ReminderWithTags], count: Int) {
        let seen = Gathered<ReminderWithTags>()
        let count = try await repository.forEachReminder(ReminderSection(done: false), tagged: tag?.id) { seen.add($0) }
        return (seen.all, count)
    }

    @Test func theTwoPartsComeInTheOrderOfOneSortedReadWithTheirTags() async throws {
        let database = try AppDatabase.open(at: path)
        let starts = Gathered<Int>()
        let repository = GRDBReminderRepository(database: database, readsInTwoStarted: { starts.add(1) })
        let tags = try await tags(in: database)
        let stored = try await fill(repository, count: 3_000, tags: tags)
        for tag in [nil, tags[0]] {
            let expected = expectedToDo(stored, tagged: tag)
            // Both parts have reminders, and due times shared across them.
            #expect(expected.contains { $0.reminder.id.uuidString < "28" } && expected.contains { $0.reminder.id.uuidString >= "28" })
            let (items, count) = try await toDo(repository, tagged: tag)
            #expect(count == expected.count)
            #expect(items.map(\.id) == expected.map(\.reminder.id))
            #expect(items.map { Set($0.tags.map(\.id)) } == expected.map(\.tagIDs))
            #expect(items.map(\.title) == expected.map(\.reminder.title))
        }
        #expect(starts.all.count == 2)
    }

    /// Past the first 32,768 tagged reminders of a part (the links are kept in chunks of that
    /// many), and for reminders whose ids differ only in their last byte, each card still shows
    /// its own tags.
    @Test func eachReminderShowsItsOwnTagsPastTheFirstChunkAndBesideAnAlmostEqualId() async throws {
        let database = try AppDatabase.open(at: path)
        let repository = GRDBReminderRepository(database: database)
        let tags = try await tags(in: database)
        var stored = try await fill(repository, count: 60_000, tags: tags)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        var twins: [(reminder: Reminder, tagIDs: Set<UUID>)] = []
        for (last, tagged) in [("01", [tags[0].id]), ("02", [tags[1].id, tags[4].id]), ("03", [])] {
            let id = try #require(UUID(uuidString: "9A000000-0000-4000-8000-0000000000\(last)"))
            twins.append((Reminder(id: id, title: "Twin \(last)", notes: nil, scheduledAt: now, timeZoneID: "Europe/London",
                                   createdAt: now, updatedAt: now), Set(tagged)))
        }
        try await repository.insert(twins.map { ($0.reminder, Array($0.tagIDs)) })
        stored += twins
        let expected = expectedToDo(stored, tagged: nil)
        // The second part's links, done reminders' too, fill more than one chunk.
        #expect(stored.count(where: { !$0.tagIDs.isEmpty && $0.reminder.id.uuidString >= "28" }) > 32_768)
        let (items, _) = try await toDo(repository)
        #expect(items.map(\.id) == expected.map(\.reminder.id))
        #expect(items.map { Set($0.tags.map(\.id)) } == expected.map(\.tagIDs))
        #expect(items.filter { $0.title.hasPrefix("Twin") }.map { $0.tags.map(\.name) } == [["Work"], ["Car", "Home"], []])
    }

    /// Completed first, then To Do (as `list --json` reads them): Completed is read while the
    /// second part sorts. When another program commits between the starts of the two reads, the
    /// first read reads To Do itself: every reminder is handed on once, all from one state.
    @Test func completedFirstThenToDoHandsEachOnOnceWhenTheSecondReadCannotJoin() async throws {
        let database = try AppDatabase.open(at: path)
        let store = path, starts = Gathered<Int>()
        let repository = GRDBReminderRepository(database: database, readsInTwoStarted: {
            starts.add(1)
            if starts.all.count == 1 { _ = try? SQLiteShell.run(store, "UPDATE reminder SET title = 'Renamed'") }
        })
        let stored = try await fill(repository, count: 400, tags: try await tags(in: database), title: "Before")
        let sections = [ReminderSection(done: true), ReminderSection(done: false)]
        func read() async throws -> (done: [ReminderWithTags], open: [ReminderWithTags], ended: [Int]) {
            let done = Gathered<ReminderWithTags>(), open = Gathered<ReminderWithTags>(), ended = Gathered<Int>()
            try await repository.forEachReminder(in: sections, matching: .all) { section, item in
                if section == 0 { done.add(item) } else { open.add(item) }
            } ended: { section, _, _ in ended.add(section) }
            return (done.all, open.all, ended.all)
        }
        let first = try await read()
        #expect(first.ended == [0, 1])
        #expect(Set(first.done.map(\.id)) == Set(stored.filter(\.reminder.isCompleted).map(\.reminder.id)))
        #expect(first.done.count == stored.count(where: \.reminder.isCompleted))
        #expect(first.open.map(\.id) == expectedToDo(stored, tagged: nil).map(\.reminder.id))
        #expect((first.done + first.open).allSatisfy { $0.title.hasPrefix("Before") })

        // Read again, nothing committing meanwhile: both parts read, the same reminders renamed.
        let again = try await read()
        #expect(again.open.map(\.id) == first.open.map(\.id) && again.done.map(\.id) == first.done.map(\.id))
        #expect(Set((again.done + again.open).map(\.title)) == ["Renamed"])
        #expect(starts.all.count == 2)
    }

    /// A search (words, no limits) reads what its words find in two parts at once, one on each
    /// connection, and lists them in each section's order: each once; when another program
    /// commits between the starts of the two reads, the first reads the second's part itself,
    /// from the state it started on.
    @Test func aSearchReadsWhatItFindsInTwoPartsOverOneState() async throws {
        let database = try AppDatabase.open(at: path)
        let store = path, starts = Gathered<Int>(), renames = Gathered<Int>()
        let repository = GRDBReminderRepository(database: database, readsInTwoStarted: {
            starts.add(1)
            if renames.all.isEmpty {
                renames.add(1)
                _ = try? SQLiteShell.run(store, "UPDATE reminder SET title = 'Renamed ' || title")
            }
        })
        let stored = try await fill(repository, count: 400, tags: try await tags(in: database), title: "Before")
        let done = stored.filter(\.reminder.isCompleted)
            .sorted { ($1.reminder.scheduledAt!, $0.reminder.id.uuidString) < ($0.reminder.scheduledAt!, $1.reminder.id.uuidString) }
        let sections = [ReminderSection(done: false), ReminderSection(done: false, undated: true), ReminderSection(done: true)]
        func search() async throws -> (items: [(section: Int, item: ReminderWithTags)], ends: [[Int]]) {
            let seen = Gathered<(section: Int, item: ReminderWithTags)>(), ends = Gathered<[Int]>()
            try await repository.forEachReminder(in: sections, matching: ReminderFilter([.text("before")])) { section, item in
                seen.add((section, item))
            } ended: { section, shown, total in ends.add([section, shown, total]) }
            return (seen.all, ends.all)
        }
        for round in 0..<2 {
            let (items, ends) = try await search()
            let open = expectedToDo(stored, tagged: nil)
            #expect(ends == [[0, open.count, open.count], [1, 0, 0], [2, done.count, done.count]], "round \(round)")
            #expect(items.map(\.section) == Array(repeating: 0, count: open.count) + Array(repeating: 2, count: done.count))
            #expect(items.map(\.item.id) == open.map(\.reminder.id) + done.map(\.reminder.id), "round \(round)")
            #expect(items.map { Set($0.item.tags.map(\.id)) } == (open + done).map(\.tagIDs))
            // The first round starts before the rename and sees none of it; the second sees it all.
            let prefix = round == 0 ? "Before " : "Renamed Before "
            #expect(items.allSatisfy { $0.item.title.hasPrefix(prefix) }, "round \(round)")
        }
        #expect(starts.all.count == 2)
    }

    /// A search finds by text, by tags' names and by lists' names (the default list's too) in both
    /// parts (ids below 80…, the others): a reminder found two ways is listed once, in its
    /// section's order, with its tags.
    @Test func aSearchFindsByTextTagsAndListsInBothPartsEachOnce() async throws {
        let database = try AppDatabase.open(at: path)
        let repository = GRDBReminderRepository(database: database)
        let tags = try await tags(in: database)
        let garden = try #require(tags.first { $0.name == "Garden" })
        var stored = try await fill(repository, count: 400, tags: tags, title: "Chore")
        // One in four is called a garden job, tagged Garden or not; another one in four is in the list Plot.
        _ = try SQLiteShell.run(path, "UPDATE reminder SET title = 'Garden job' WHERE hex(id) GLOB '*[048C]'")
        let plot = try await GRDBListRepository(database: database).findOrCreate(named: "Plot", newID: { UUID() }, at: Date())
        let plotHex = plot.id.uuidString.replacingOccurrences(of: "-", with: "")
        _ = try SQLiteShell.run(path, "UPDATE reminder SET listID = x'\(plotHex)' WHERE hex(id) GLOB '*[159D]'")
        for index in stored.indices {
            if "048C".contains(stored[index].reminder.id.uuidString.last!) { stored[index].reminder.title = "Garden job" }
            if "159D".contains(stored[index].reminder.id.uuidString.last!) { stored[index].reminder.listID = plot.id }
        }
        func search(_ words: String, finds found: [(reminder: Reminder, tagIDs: Set<UUID>)]) async throws {
            let open = expectedToDo(found, tagged: nil)
            let done = found.filter(\.reminder.isCompleted)
                .sorted { ($1.reminder.scheduledAt!, $0.reminder.id.uuidString) < ($0.reminder.scheduledAt!, $1.reminder.id.uuidString) }
            // Both parts have some of them.
            #expect(found.contains { $0.reminder.id.uuid.0 < 0x80 } && found.contains { $0.reminder.id.uuid.0 >= 0x80 }, "\(words)")
            let seen = Gathered<(section: Int, item: ReminderWithTags)>()
            let sections = [ReminderSection(done: false), ReminderSection(done: false, undated: true), ReminderSection(done: true)]
            try await repository.forEachReminder(in: sections, matching: ReminderFilter([.text(words)])) { section, item in
                seen.add((section, item))
            } ended: { _, _, _ in }
            #expect(seen.all.map(\.section) == Array(repeating: 0, count: open.count) + Array(repeating: 2, count: done.count), "\(words)")
            #expect(seen.all.map(\.item.id) == open.map(\.reminder.id) + done.map(\.reminder.id), "\(words)")
            #expect(seen.all.map { Set($0.item.tags.map(\.id)) } == (open + done).map(\.tagIDs), "\(words)")
            #expect(seen.all.allSatisfy { $0.item.tags.count == Set($0.item.tags.map(\.id)).count }, "\(words): a tag shown twice")
        }
        // Both parts find by both ways, and some are found both ways.
        let gardenFound = stored.filter { $0.tagIDs.contains(garden.id) || $0.reminder.title == "Garden job" }
        for part in [gardenFound.filter { $0.reminder.id.uuid.0 < 0x80 }, gardenFound.filter { $0.reminder.id.uuid.0 >= 0x80 }] {
            #expect(part.contains { $0.tagIDs.contains(garden.id) && $0.reminder.title == "Garden job" })
            #expect(part.contains { $0.tagIDs.contains(garden.id) && $0.reminder.title != "Garden job" })
            #expect(part.contains { !$0.tagIDs.contains(garden.id) && $0.reminder.title == "Garden job" })
        }
        try await search("garden", finds: gardenFound)
        try await search("plot", finds: stored.filter { $0.reminder.listID == plot.id })
        // The default list's name finds the reminders in no other list.
        var inbox = try await GRDBListRepository(database: database).list(of: nil)
        inbox.name = "Shed"
        try await GRDBListRepository(database: database).update(inbox)
        try await search("shed", finds: stored.filter { $0.reminder.listID == nil })
    }

    /// A commit made as the second read gets its connection, before it looks at `data_version`:
    /// the first read's state is fixed only after that look, so both parts show the commit.
    @Test func aChangeCommittedBeforeTheSecondReadLooksIsInBothParts() async throws {
        let database = try AppDatabase.open(at: path)
        let store = path, looks = Gathered<Int>()
        let repository = GRDBReminderRepository(database: database, secondReadLooks: {
            looks.add(1)
            if looks.all.count == 1 { _ = try? SQLiteShell.run(store, "UPDATE reminder SET title = 'Renamed'") }
        })
        let stored = try await fill(repository, count: 400, tags: try await tags(in: database), title: "Before")
        let (items, count) = try await toDo(repository)
        #expect(count == expectedToDo(stored, tagged: nil).count)
        #expect(items.map(\.id) == expectedToDo(stored, tagged: nil).map(\.reminder.id))
        #expect(Set(items.map(\.title)) == ["Renamed"])
        #expect(looks.all.count == 1)
    }

    @Test func aChangeCommittedBetweenTheStartsOfTheTwoReadsIsInNeitherPart() async throws {
        let database = try AppDatabase.open(at: path)
        let store = path, starts = Gathered<Int>()
        // Another program renames every reminder just after the first part's read has started.
        let repository = GRDBReminderRepository(database: database, readsInTwoStarted: {
            starts.add(1)
            if starts.all.count == 1 { _ = try? SQLiteShell.run(store, "UPDATE reminder SET title = 'Renamed'") }
        })
        let stored = try await fill(repository, count: 400, tags: try await tags(in: database), title: "Before")
        let expected = expectedToDo(stored, tagged: nil)

        let (items, count) = try await toDo(repository)
        // All from the state the first read started on, none partly renamed.
        #expect(items.map(\.title) == expected.map(\.reminder.title))
        #expect(items.map(\.id) == expected.map(\.reminder.id))
        #expect(count == expected.count)
        #expect(try SQLiteShell.run(store, "SELECT DISTINCT title FROM reminder") == "Renamed")

        let (again, _) = try await toDo(repository)
        #expect(again.map(\.title) == Array(repeating: "Renamed", count: expected.count))
        #expect(starts.all.count == 2)
    }

    /// A reader that stops (output closed, say) ends both parts: the error comes out once the
    /// second part (waiting for the first to take more) has let its connection go, and the next
    /// listing reads both parts again.
    @Test func anErrorOfTheReaderEndsBothParts() async throws {
        struct Closed: Error {}
        let database = try AppDatabase.open(at: path)
        let starts = Gathered<Int>()
        let repository = GRDBReminderRepository(database: database, readsInTwoStarted: { starts.add(1) })
        // More open reminders in the second part than it passes on before waiting for the first.
        let stored = try await fill(repository, count: 12_000, tags: try await tags(in: database))
        let seen = Gathered<UUID>()
        let listing = Task {
            try await repository.forEachReminder(ReminderSection(done: false), tagged: nil) { item in
                guard seen.all.count < 10 else { throw Closed() }
                seen.add(item.id)
            }
        }
        // A part that never let go would keep the listing from ending: waited for 120 s at most.
        let (ends, end) = AsyncStream<Result<Int, any Error>?>.makeStream()
        Task { end.yield(await listing.result) }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(120))
            end.yield(nil)
        }
        var iterator = ends.makeAsyncIterator()
        let outcome = await iterator.next() ?? nil
        watchdog.cancel()
        let result = try #require(outcome, "the listing did not end")
        #expect(throws: Closed.self) { try result.get() }
        #expect(seen.all == expectedToDo(stored, tagged: nil).prefix(10).map(\.reminder.id))

        let (items, _) = try await toDo(repository)
        #expect(items.count == expectedToDo(stored, tagged: nil).count)
        #expect(starts.all.count == 2)
    }

    @Test func withOneConnectionToReadOnTheWholeIsReadAlone() async throws {
        var configuration = AppDatabase.storeConfiguration
        configuration.maximumReaderCount = 1
        let database = try AppDatabase(DatabasePool(path: path, configuration: configuration))
        let repository = GRDBReminderRepository(database: database)
        let stored = try await fill(repository, count: 500, tags: try await tags(in: database))
        let expected = expectedToDo(stored, tagged: nil)
        let (items, count) = try await toDo(repository)
        #expect(items.map(\.id) == expected.map(\.reminder.id))
        #expect(count == expected.count)
    }

    /// A listing reads To Do and Completed, an export every section after the zones they hold, in
    /// one read: another program's commit after the first reminder (or right after the zones)
    /// changes no section, and the next read shows it. To Do is read in two parts, Completed on
    /// the first part's connection (before To Do or after it).
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func everySectionOfOneReadShowsTheStateItStartedOn(tagged: Bool, withZones: Bool) async throws {
        let database = try AppDatabase.open(at: path)
        let starts = Gathered<Int>()
        let repository = GRDBReminderRepository(database: database, readsInTwoStarted: { starts.add(1) })
        let tags = try await tags(in: database)
        let stored = try await fill(repository, count: 600, tags: tags, title: "Before")
        let store = path, tag = tagged ? tags[0] : nil
        // With the tag, the done ones first, as JSON has them.
        let sections = tagged ? [true, false] : [false, true]
        // Completed: most recently completed first (all were completed at one time), then latest due, then id.
        let done = stored.filter { item in item.reminder.isCompleted && (tag.map { item.tagIDs.contains($0.id) } ?? true) }
            .sorted { ($1.reminder.scheduledAt!, $0.reminder.id.uuidString) < ($0.reminder.scheduledAt!, $1.reminder.id.uuidString) }
        let expected = sections.map { $0 ? done : expectedToDo(stored, tagged: tag) }
        #expect(expected.allSatisfy { !$0.isEmpty })

        // Every reminder renamed and its completion flipped, by another program, mid-read.
        let rename: @Sendable () throws -> Void = {
            _ = try SQLiteShell.run(store, "UPDATE reminder SET title = 'Renamed', isCompleted = 1 - isCompleted")
        }
        let seen = Gathered<(section: Int, item: ReminderWithTags)>(), ends = Gathered<[Int]>(), zones = Gathered<[ZoneSpan]>()
        var zonesFirst: (@Sendable ([ZoneSpan]) throws -> Void)?
        if withZones {
            zonesFirst = { spans in
                zones.add(spans)
                try rename()
            }
        }
        try await repository.forEachReminder(
            in: sections.map { ReminderSection(done: $0) }, matching: ReminderFilter(tagID: tag?.id), zones: zonesFirst
        ) { section, item in
            if !withZones, seen.all.isEmpty { try rename() }
            seen.add((section, item))
        } ended: { section, shown, total in
            ends.add([section, shown, total])
        }
        #expect(ends.all == expected.indices.map { [$0, expected[$0].count, expected[$0].count] })
        for section in expected.indices {
            let read = seen.all.filter { $0.section == section }.map(\.item)
            #expect(read.map(\.id) == expected[section].map(\.reminder.id), "section \(section)")
            #expect(read.map(\.title) == expected[section].map(\.reminder.title), "section \(section)")
            #expect(read.map { Set($0.tags.map(\.id)) } == expected[section].map(\.tagIDs), "section \(section)")
        }
        if withZones {
            // One zone; the earliest and latest due times of the reminders the sections hold.
            let due = expected.flatMap { $0.map { $0.reminder.scheduledAt! } }
            #expect(zones.all == [[ZoneSpan(timeZoneID: "Europe/London", earliest: due.min()!, latest: due.max()!)]])
        }
        #expect(starts.all.count == 1)
        // The next read shows the change: the done ones are open, all renamed.
        let after = Gathered<ReminderWithTags>()
        try await repository.forEachReminder(ReminderSection(done: false), tagged: nil) { after.add($0) }
        #expect(after.all.map(\.title) == Array(repeating: "Renamed", count: stored.filter(\.reminder.isCompleted).count))
    }
}
