import Domain
import Foundation
import GRDB
import Shared
import Storage
import Testing
import TestSupport

/// The full-text index stays in step with the reminders, tags and lists whatever writes them: commands,
/// undo and redo, a sync's batch. On randomized stores, after every round of changes, what the
/// index finds for each word is what a scan of every reminder finds, and FTS5's own check of the
/// index against the rows passes.
struct SearchIndexTests {
    /// Words the reminders are made of: accents, case, Cyrillic, a combining accent, CJK and emoji.
    private static let words = [
        "Dentist", "dentiste", "Café", "cafeteria", "naïve", "École", "e\u{301}cole", "Москва", "москвич", "report",
        "Report", "会議", "日本語の資料", "歯医者に電話", "🎉", "party🎉", "call", "CALL", "mum", "plumber", "re-order",
    ]
    /// What is looked for: prefixes in any case and accent, whole words, CJK inside a run, emoji, nothing.
    private static let queries = [
        "dent", "DENT", "dentiste", "cafe", "CAFÉ", "naive", "NAÏVE", "ecole", "école", "моск", "МОСКВА", "rep", "会議", "資料",
        "電話", "🎉", "call", "mu", "order", "re-or", "work", "sant", "家", "zzz", "e", "errand", "epicerie", "remind", "買",
    ]
    private static let tagNames = ["Work", "Santé", "家族", "Café club", "Sports"]
    private static let listNames = ["Errands", "Épicerie", "買い物"]

    @Test(arguments: [UInt64(1), 2, 3, 2026, 68_668])
    func theIndexFindsWhatAScanFindsAfterEveryKindOfChange(seed: UInt64) async throws {
        let world = try TestWorld()
        var random = SeededGenerator(seed: seed)
        var tags: [Domain.Tag] = []
        for name in Self.tagNames.prefix(3) { tags.append(try await world.addTag(name)) }
        for round in 0..<12 {
            for _ in 0..<8 { try await change(world, &tags, &random) }
            try await expectIndexAgreesWithScan(world, "seed \(seed), round \(round)")
        }
    }

    /// An import writes its rows at its commit, all at once: the index finds them, and after its
    /// undo and redo finds what a scan finds; a row met again in a later batch is added once.
    @Test func anImportInSeveralBatchesIsFoundAsAScanFindsItAfterItsUndoAndRedo() async throws {
        let world = try TestWorld(onDisk: true)
        var random = SeededGenerator(seed: 38)
        try await world.addReminder("Already here", on: "2026-11-23", notes: "dentist")
        let rows = (0..<300).map { index in
            let id = UUID()
            let recurrence: RecurrenceRule = index % 3 == 0 ? .daily : .never
            return ImportedReminder(
                reminder: Reminder(id: id, title: text(&random), notes: Bool.random(using: &random) ? text(&random) : nil,
                                   scheduledAt: testNow.addingTimeInterval(Double(index + 1) * 3_600), timeZoneID: "America/New_York",
                                   createdAt: testNow, updatedAt: testNow, recurrence: recurrence),
                tagNames: Self.tagNames.filter { _ in Int.random(in: 0..<3, using: &random) == 0 },
                importKey: ImportedReminder.key(forID: id))
        }

        let transaction = try ImportTransaction(database: world.core.database)
        var added = 0, skipped = 0
        for start in stride(from: 0, to: rows.count, by: 100) {
            let batch = Array(rows[start..<(start + 100)]) + (start > 0 ? [rows[0]] : [])
            let counts = try transaction.add(batch, now: testNow, newID: { UUID() })
            (added, skipped) = (added + counts.added, skipped + counts.skipped)
        }
        try transaction.commit(summary: "Imported 300 reminders from rows.csv", at: testNow)

        #expect((added, skipped) == (300, 2))
        #expect(try await world.allReminders().count == 301)
        try await expectIndexAgreesWithScan(world, "after the import")
        #expect(try await world.core.undo().sentence == "Imported 300 reminders from rows.csv")
        #expect(try await world.allReminders().map(\.title) == ["Already here"])
        try await expectIndexAgreesWithScan(world, "after its undo")
        _ = try await world.core.redo()
        #expect(try await world.allReminders().count == 301)
        try await expectIndexAgreesWithScan(world, "after its redo")
    }

    @Test func aStoreMadeBeforeTheIndexHasItsRemindersTagsAndListsIndexedWhenOpened() async throws {
        let queue = try DatabaseQueue(configuration: AppDatabase.configuration)
        try AppDatabase.migrator.migrate(queue, upTo: "lists1")
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO tag (id, name, nameKey, colorHex, createdAt) VALUES (x'00000000000000000000000000000071', 'Santé', 'santé', '#22C55E', 0);
                INSERT INTO reminder (id, title, notes, scheduledAt, timeZoneID, isCompleted, createdAt, updatedAt)
                VALUES (x'000000000000000000000000000000AA', 'Renew the passport', 'at the préfecture', 1795000000000,
                        'America/New_York', 0, 0, 0),
                       (x'000000000000000000000000000000BB', 'Water the ferns', NULL, 1795000000000, 'America/New_York', 0, 0, 0);
                INSERT INTO reminderTag (reminderID, tagID) VALUES (x'000000000000000000000000000000BB', x'00000000000000000000000000000071');
                """)
        }
        let repository = GRDBReminderRepository(database: try AppDatabase(queue))
        let all = [UUID(uuidString: "00000000-0000-0000-0000-0000000000AA")!, UUID(uuidString: "00000000-0000-0000-0000-0000000000BB")!]
        #expect(try await repository.reminderIDs(all, matching: ReminderFilter([.text("prefecture")])) == [all[0]])
        #expect(try await repository.reminderIDs(all, matching: ReminderFilter([.text("sante")])) == [all[1]])
        #expect(try await repository.reminderIDs(all, matching: ReminderFilter([.text("fern")])) == [all[1]])
        // Both are in the list the store started with, which is indexed by its name too.
        #expect(try await repository.reminderIDs(all, matching: ReminderFilter([.text("remind")])) == Set(all))
    }

    // MARK: Changes

    private func change(_ world: TestWorld, _ tags: inout [Domain.Tag], _ random: inout SeededGenerator) async throws {
        let core = world.core
        let reminders = try await world.allReminders()
        let pick = reminders.randomElement(using: &random)
        switch Int.random(in: 0..<13, using: &random) {
        case 0, 1, 2:
            let chosen = Set(tags.filter { _ in Bool.random(using: &random) }.map(\.id))
            _ = try await core.createReminder(ReminderDraft(
                title: text(&random), notes: Bool.random(using: &random) ? text(&random) : "",
                date: day("2027-01-01").adding(days: Int.random(in: 0..<60, using: &random)), time: time("09:00"),
                timeZoneID: "America/New_York", tagIDs: chosen))
        case 3, 4:
            guard let pick else { return }
            var draft = ReminderDraft(title: Bool.random(using: &random) ? text(&random) : pick.title,
                                      notes: Bool.random(using: &random) ? text(&random) : pick.notes ?? "",
                                      date: pick.reminder.localScheduled?.date ?? day("2027-01-01"), time: time("09:00"),
                                      timeZoneID: pick.timeZoneID, tagIDs: Set(pick.tags.map(\.id)))
            if Bool.random(using: &random), let tag = tags.randomElement(using: &random) {
                if draft.tagIDs.contains(tag.id) { draft.tagIDs.remove(tag.id) } else { draft.tagIDs.insert(tag.id) }
            }
            _ = try await core.updateReminder(id: pick.id, draft)
        case 5:
            guard let pick else { return }
            try await core.deleteReminder(ids: [pick.id])
        case 6:
            guard let pick, !pick.isCompleted else { return }
            _ = try await core.completeReminders(ids: [pick.id])
        case 7:
            let taken = Set(try await core.listTags().map { TagRules.key(for: $0.name) })
            if let name = (Self.tagNames + Self.tagNames.map { $0 + "2" }).first(where: { !taken.contains(TagRules.key(for: $0)) }),
               Bool.random(using: &random) {
                tags.append(try await world.addTag(name))
            } else if let index = tags.indices.randomElement(using: &random) {
                try await core.deleteTag(id: tags[index].id)
                tags.remove(at: index)
            }
        case 8:
            guard let index = tags.indices.randomElement(using: &random) else { return }
            let name = tags[index].name.hasSuffix("2") ? String(tags[index].name.dropLast()) : tags[index].name + "2"
            let taken = Set(try await core.listTags().map { TagRules.key(for: $0.name) })
            guard !taken.contains(TagRules.key(for: name)) else { return }
            tags[index] = try await core.renameTag(id: tags[index].id, to: name)
        case 9:
            _ = try? await core.undo()
            tags = try await core.listTags().filter { Self.tagNames.contains($0.name) || Self.tagNames.contains(String($0.name.dropLast())) }
        case 10:
            _ = try? await core.redo()
            tags = try await core.listTags().filter { Self.tagNames.contains($0.name) || Self.tagNames.contains(String($0.name.dropLast())) }
        case 12:
            // Lists: one made, one renamed (the default one too), or a reminder moved to another.
            let lists = try await core.lists.all()
            let taken = Set(lists.map { TagRules.key(for: $0.name) })
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                guard let name = Self.listNames.first(where: { !taken.contains(TagRules.key(for: $0)) }) else { return }
                _ = try await core.lists.create(named: name, colorHex: nil)
            case 1:
                guard let list = lists.randomElement(using: &random) else { return }
                let name = list.name.hasSuffix("2") ? String(list.name.dropLast()) : list.name + "2"
                guard !taken.contains(TagRules.key(for: name)) else { return }
                _ = try await core.lists.rename(list, to: name)
            default:
                guard let pick, let list = lists.randomElement(using: &random) else { return }
                var draft = ReminderDraft(title: pick.title, notes: pick.notes ?? "",
                                          date: pick.reminder.localScheduled?.date ?? day("2027-01-01"), time: time("09:00"),
                                          timeZoneID: pick.timeZoneID, tagIDs: Set(pick.tags.map(\.id)))
                draft.listID = list.reminderListID
                _ = try await core.updateReminder(id: pick.id, draft)
            }
        default:
            // A sync's batch: a reminder changed on the server (title, tags by name), one new, one deleted.
            var batch = SyncBatch()
            if var changed = pick?.reminder {
                changed.title = text(&random)
                batch.upserts.append((changed, [Self.tagNames.randomElement(using: &random) ?? "Work"]))
            }
            let id = UUID()
            batch.upserts.append((Reminder(id: id, title: text(&random), notes: text(&random), scheduledAt: testNow.addingTimeInterval(86_400),
                                           timeZoneID: "America/New_York", createdAt: testNow, updatedAt: testNow), ["Sports"]))
            if let gone = reminders.randomElement(using: &random), gone.id != pick?.id { batch.deletions.append(gone.id) }
            try await SyncRepository(database: core.database).apply(batch, account: "home", now: testNow, newID: { UUID() })
            tags = try await core.listTags().filter { Self.tagNames.contains($0.name) || Self.tagNames.contains(String($0.name.dropLast())) }
        }
    }

    private func text(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.words.randomElement(using: &random) ?? "x" }.joined(separator: " ")
    }

    /// A search on a store read on two connections (each reads the reminders found in its half of
    /// the ids: every other id here starts 80…) lists what the whole listing lists of the reminders it finds, in the same sections and
    /// order: open ones by due time (higher priority first at one time), undated ones by
    /// priority, done ones and the completed times of a repeating one most recent first.
    @Test func aSearchListsWhatTheWholeListingListsOfWhatItFindsInItsOrder() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("memoss-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let database = try AppDatabase.open(at: path)
        let clock = TestClock(testNow), uuids = CountingUUIDs()
        let spread = { @Sendable () -> UUID in
            var id = uuids.next().uuid
            id.0 = id.15 % 2 == 0 ? 0x80 : 0x00
            return UUID(uuid: id)
        }
        let core = MemossCore(database: database, storePath: path,
                              environment: AppEnvironment(now: { clock.now }, uuid: spread, timeZone: newYork))
        let visits = try await core.createTag(name: "Dentist visits", colorHex: "#22C55E")
        func add(_ title: String, _ date: String?, priority: Priority = .none, recurrence: RecurrenceRule = .never,
                 tags: Set<UUID> = []) async throws -> UUID {
            var draft = ReminderDraft(title: title, date: day(date ?? "2026-11-21"), time: time("09:00"), hasDate: date != nil,
                                      timeZoneID: "America/New_York", tagIDs: tags, recurrence: recurrence)
            draft.priority = priority
            return try await core.createReminder(draft).id
        }
        // Many that are not found.
        for index in 0..<40 { _ = try await add("Water the plants \(index)", "2026-11-2\(index % 8 + 2)") }
        let bill = try await add("Dentist bill", "2026-11-24")
        let call = try await add("Call the dentist", "2026-11-24", priority: .high)
        let floss = try await add("Floss after the dentist", "2026-11-22", recurrence: .daily)
        let brush = try await add("Brush teeth", "2026-11-25", tags: [visits.id])
        let number = try await add("Dentist's number", nil, priority: .medium)
        let xray = try await add("Ask the dentist about the x-ray", nil)
        let paid = try await add("Pay the dentist", "2026-11-23")
        let old = try await add("Old dentist appointment", "2026-11-22")
        _ = try await core.completeReminders(ids: [floss])
        _ = try await core.completeReminders(ids: [floss])
        _ = try await core.completeReminders(ids: [paid, old])

        let repository = GRDBReminderRepository(database: database)
        let searched = try await Self.listing(repository, ReminderFilter([.text("dentist")]))
        let found: Set<UUID> = [bill, call, floss, brush, number, xray, paid, old]
        #expect(found.contains { $0.uuid.0 < 0x80 } && found.contains { $0.uuid.0 >= 0x80 }, "both parts find some")
        #expect(searched == (try await Self.listing(repository, .all)).filter { found.contains($0.id) })
        // At one time (the daily one is now due on the 24th too), higher priority first, then by id.
        #expect(searched.filter { $0.section == 0 }.map(\.id) == [call, bill, floss, brush])
        #expect(searched.filter { $0.section == 1 }.map(\.id) == [number, xray])
        // All done at one time: the later due first; at one due time, the done reminder before the
        // completed time.
        #expect(searched.filter { $0.section == 2 }.map(\.id) == [paid, floss, old, floss])
        #expect(searched.filter { $0.section == 2 }.map(\.isPastOccurrence) == [false, true, false, true])
    }

    /// Each card of a listing of To Do, No date and Completed: its section, reminder, due time and tags.
    private struct Listed: Equatable, Sendable {
        let section: Int, id: UUID, due: Date?, isPastOccurrence: Bool, tags: [String]
    }

    private static func listing(_ repository: GRDBReminderRepository, _ filter: ReminderFilter) async throws -> [Listed] {
        let sections = [ReminderSection(done: false), ReminderSection(done: false, undated: true), ReminderSection(done: true)]
        let seen = Gathered<Listed>()
        try await repository.forEachReminder(in: sections, matching: filter) { section, item in
            seen.add(Listed(section: section, id: item.id, due: item.reminder.scheduledAt, isPastOccurrence: item.isPastOccurrence,
                            tags: item.tags.map(\.name)))
        } ended: { _, _, _ in }
        return seen.all
    }

    // MARK: The scan the index must agree with

    private func expectIndexAgreesWithScan(_ world: TestWorld, _ context: String) async throws {
        let reminders = try await world.allReminders()
        let lists = ListNames(try await world.core.lists.all())
        let repository = GRDBReminderRepository(database: world.core.database)
        let whole = try await Self.listing(repository, .all)
        for query in Self.queries {
            let found = try await repository.reminderIDs(reminders.map(\.id), matching: ReminderFilter([.text(query)]))
            let scanned = Set(reminders.filter { Self.scanFinds(query, in: $0, listName: lists.name(of: $0.listID)) }.map(\.id))
            #expect(found == scanned, "\(context): \"\(query)\"")
            // The search's listing: what the whole listing shows of them, in its sections and order.
            let searched = try await Self.listing(repository, ReminderFilter([.text(query)]))
            #expect(searched == whole.filter { scanned.contains($0.id) }, "\(context): \"\(query)\"")
        }
        // FTS5 checks the index against the rows it was made from (an error when they differ).
        #expect(throws: Never.self, "\(context)") { try world.checkSearchIndexes() }
    }

    /// Whether `query` is in the reminder's title, notes, tag names or `listName`: a word there starts
    /// with it, case and accents aside (Latin and Cyrillic), or, for CJK and emoji, it is there as written.
    private static func scanFinds(_ query: String, in reminder: ReminderWithTags, listName: String) -> Bool {
        let texts = [reminder.title, reminder.notes ?? "", listName] + reminder.tags.map(\.name)
        let isCJKOrSymbol = query.unicodeScalars.contains { $0.value >= 0x3040 && $0.value <= 0x9FFF }
            || !query.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        if isCJKOrSymbol { return texts.contains { $0.contains(query) } }
        let wanted = fold(query).split { !isWordCharacter($0) }.map(String.init)
        return texts.contains { text in
            let words = fold(text).split { !isWordCharacter($0) }.map(String.init)
            // The query's words one after the other, the last a prefix.
            return words.indices.contains { start in
                wanted.enumerated().allSatisfy { offset, word in
                    let index = start + offset
                    guard index < words.count else { return false }
                    return offset == wanted.count - 1 ? words[index].hasPrefix(word) : words[index] == word
                }
            }
        }
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil
            || $0.properties.generalCategory == .nonspacingMark }
    }
}
