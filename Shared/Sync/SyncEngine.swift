import Domain
import Foundation
import ICalendar
import Storage
import UseCases

/// What one account's sync did (or, in a dry run, would do).
package struct SyncReport: Sendable, Equatable {
    package var account: String
    package var dryRun = false
    package var received = Counts()
    package var sent = Counts()
    /// The titles of reminders where both sides changed the same field (the other value is in the notes).
    package var conflicts: [String] = []
    /// Sentences about what was kept rather than deleted, and server items left alone.
    package var notices: [String] = []
    /// Changes here the server did not take, each with why; they are sent again at the next sync.
    package var problems: [String] = []
    /// Whether the server refused the sync token and everything was compared again.
    package var fullResync = false
    /// Each change, as a line ("send new \"Call mum\""), in order.
    package var changes: [String] = []

    package struct Counts: Sendable, Equatable {
        package var added = 0, changed = 0, deleted = 0
        package var total: Int { added + changed + deleted }
    }

    package init(account: String) { self.account = account }

    /// "work: received 2 new, 1 changed; sent 3 new, 1 deleted; 1 conflict (…)", or "work: nothing to do".
    package var sentence: String {
        func part(_ verb: String, _ counts: Counts) -> String? {
            let pieces = [(counts.added, "new"), (counts.changed, "changed"), (counts.deleted, "deleted")]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            return pieces.isEmpty ? nil : "\(verb) \(pieces.joined(separator: ", "))"
        }
        var parts = [part(dryRun ? "would receive" : "received", received), part(dryRun ? "would send" : "sent", sent)].compactMap { $0 }
        if !problems.isEmpty { parts.append("\(problems.count) not sent") }
        if !conflicts.isEmpty {
            let titles = conflicts.prefix(3).map { "\"\(VisibleText.escaped($0))\"" }.joined(separator: ", ")
            parts.append("\(conflicts.count) conflict\(conflicts.count == 1 ? "" : "s") kept in the notes (\(titles)\(conflicts.count > 3 ? ", …" : ""))")
        }
        let body = parts.isEmpty ? (dryRun ? "nothing would change" : "up to date") : parts.joined(separator: "; ")
        return "\(account): \(body)" + (fullResync ? " (the server no longer knew the last sync, so everything was compared)" : "")
    }
}

/// Two-way sync of the store with one CalDAV task collection.
///
/// Each reminder is one VTODO resource (UID its id, or the UID another client created it with).
/// A sync first pulls: the changes since the last sync token (RFC 6578; everything, compared by
/// ETag, when the server refuses the token or has no sync-collection), merged three-way with the
/// version both sides last agreed on and written here in one transaction per page together with
/// the new token. Then it pushes what changed here since that agreed version, with If-Match (or
/// If-None-Match for new resources) so a concurrent change is merged (412 → fetch, merge, retry),
/// never overwritten. A sync killed at any point leaves both sides whole; the next one finishes.
package struct SyncEngine: Sendable {
    private let repository: SyncRepository
    private let environment: AppEnvironment
    private let plan: PlanNotificationsUseCase
    /// How requests reach the server (libcurl in the app, a server in memory in unit tests).
    let transport: HTTPTransport
    /// The bounds every sync keeps.
    let limits: SyncLimits

    /// An engine over the store's `repository`, reaching servers through `transport`.
    package init(repository: SyncRepository, environment: AppEnvironment, plan: PlanNotificationsUseCase,
                 transport: HTTPTransport, limits: SyncLimits = .standard) {
        self.repository = repository
        self.environment = environment
        self.plan = plan
        self.transport = transport
        self.limits = limits
    }

    /// Syncs `account`, each of its task collections with its list; `progress` hears short lines
    /// ("received 200 of 1,000"); `confirm` is asked before a mass deletion (see `SyncSettings.force`).
    package func sync(_ account: SyncAccount, password: String?, options: SyncSettings,
                      confirm: @escaping @Sendable (MassDeletion) async -> Bool = { _ in false },
                      progress: @escaping @Sendable (String) -> Void = { _ in }) async throws -> SyncReport {
        let (transport, limits, now) = (self.transport, self.limits, environment.now)
        var options = options
        options.deadline = options.deadline ?? transport.now().advanced(by: options.maxTime)
        let settings = options
        let makeClient: @Sendable (URL, Bool) throws -> CalDAVClient = { url, scoped in
            try CalDAVClient(transport: transport, collection: url, user: account.user, password: password,
                             timeout: settings.timeout, maxTime: settings.maxTime, deadline: settings.deadline, limits: limits,
                             scopedToCollection: scoped, now: now)
        }
        var notices: [String] = []
        if account.discovers, let address = URL(string: account.url) {
            // Task lists added on the server since are synced too, each with the list of its name.
            let found = try await CalDAVDiscovery.taskCollections(at: address, client: try makeClient(address, false))
            let known = Set(try await repository.collections(account: account.name).map(\.url))
            let new = found.collections.filter { !known.contains($0.url.absoluteString) }
            if options.dryRun {
                notices += new.map { "would sync the new task list \($0.name ?? $0.url.absoluteString) at \($0.url.absoluteString)" }
            } else if !new.isEmpty {
                let (linked, notes) = try await repository.link(new.map { ($0.url.absoluteString, $0.name) }, defaultURL: nil,
                                                                account: account.name, now: environment.now(), newID: environment.uuid)
                notices += linked.map { "now syncs the new task list \($0.collection.name ?? $0.collection.url) with the list \"\($0.listName)\"" }
                notices += notes
            }
        }
        let collections = try await repository.collections(account: account.name)
        guard !collections.isEmpty else {
            throw SyncError(.local, "it syncs no task list any more (the server removed them); `sync publish \(account.name) LIST` "
                + "makes one there, or `sync remove \(account.name)` forgets the account")
        }
        let dryRun = options.dryRun
        var run = try Run(account: account, collections: collections, makeClient: { try makeClient($0, true) }, repository: repository,
                          environment: environment, options: options, limits: limits, confirm: confirm, progress: progress)
        run.report.notices += notices
        try await run.load()
        do {
            try await Journal.command {
                try await run.pull()
                try await run.push()
                // The tokens are moved past this sync's own writes, so they never name a state from
                // before them (a server whose tokens name contents, as Xandikos's do, could return to it).
                if run.report.sent.total > 0 && !dryRun { try await run.pull() }
            }
        } catch {
            // What was written before the failure stays, and is planned.
            if run.changedReminders { await plan.afterChange() }
            throw error
        }
        if run.changedReminders { await plan.afterChange() }
        return run.report
    }

    /// Makes a task list on `account`'s server for `list` (MKCALENDAR, for to-dos, named like the
    /// list) and syncs the list with it from then on; returns its address.
    package func publish(_ list: ReminderList, account: SyncAccount, password: String?, options: SyncSettings) async throws -> String {
        if let synced = try await repository.collection(syncing: list.id, account: account.name) {
            throw SyncError(.local, "the list \"\(list.name)\" is already synced with \(synced.url)")
        }
        guard let address = URL(string: account.url) else {
            throw SyncError(.local, "its address \(account.url) is not a URL; add the account again")
        }
        let client = try CalDAVClient(transport: transport, collection: address, user: account.user, password: password,
                                      timeout: options.timeout, maxTime: options.maxTime, deadline: options.deadline, limits: limits,
                                      scopedToCollection: false, now: environment.now)
        let found = try await CalDAVDiscovery.taskCollections(at: address, client: client)
        let home: URL
        if let found = found.home {
            home = found
        } else if found.isCollection, let first = found.collections.first {
            home = first.url.deletingLastPathComponent()
        } else {
            throw SyncError(.unreadable, "\(client.serverName) did not say where its calendars are, so no task list can be made there")
        }
        var slug = String(list.name.lowercased().unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-" })
        slug = slug.split(separator: "-").joined(separator: "-")
        if slug.isEmpty { slug = "tasks" }
        var target = home.appendingPathComponent(slug, isDirectory: true)
        let taken = Set(found.collections.map { CalDAVClient.normalized($0.url.path(percentEncoded: true)) })
        var suffix = 2
        while taken.contains(CalDAVClient.normalized(target.path(percentEncoded: true))) {
            target = home.appendingPathComponent("\(slug)-\(suffix)", isDirectory: true)
            suffix += 1
        }
        try await client.makeTaskList(at: target, named: list.name)
        let (linked, _) = try await repository.link([(target.absoluteString, list.name)], defaultURL: list.isDefault ? target.absoluteString : nil,
                                                    account: account.name, now: environment.now(), newID: environment.uuid)
        guard let made = linked.first else {
            throw SyncError(.local, "made the task list \(target.absoluteString), but could not sync the list \"\(list.name)\" with it")
        }
        return made.collection.url
    }
}

/// One collection of a sync: where it is, the list it is synced with, and its token.
private struct CollectionState {
    let url: URL
    /// Its address as the store keeps it.
    let key: String
    /// The `listID` the reminders of its list have.
    let listID: UUID?
    let listName: String
    let client: CalDAVClient
    var token: String?
}

/// What a collection's server said changed since its token, every page of it.
private struct CollectionChanges {
    var changed: [DAVMember] = []
    var removed: [String] = []
    var listingAll = false
    var token: String?
    /// Hrefs seen, when listing all (normalized).
    var seen = Set<String>()
}

/// One sync's state: what the store and the server hold, as it goes.
private struct Run {
    let account: SyncAccount
    var collections: [CollectionState]
    let makeClient: @Sendable (URL) throws -> CalDAVClient
    let repository: SyncRepository
    let environment: AppEnvironment
    let dryRun: Bool
    let options: SyncSettings
    let limits: SyncLimits
    let confirm: @Sendable (MassDeletion) async -> Bool
    let progress: @Sendable (String) -> Void
    var report: SyncReport
    var changedReminders = false
    /// What moves to another collection left behind on the server, to delete.
    var leftovers: [SyncLeftover] = []
    /// Reminders this sync deleted here because the server no longer had them, and whether the
    /// user allowed a mass deletion.
    var deletedHere = 0
    var massDeletionAllowed: Bool
    /// The names (keys) of the tags the store has, and those this sync created.
    var tagKeys = Set<String>()
    var newTagKeys = Set<String>()

    var reminders: [UUID: (reminder: Reminder, tagNames: [String])] = [:]
    var items: [UUID: SyncItem] = [:]
    /// The resources deleted on the server for reminders deleted here, as they were, by reminder.
    var gone: [UUID: SyncItem] = [:]
    var itemByHref: [String: UUID] = [:]
    var itemByUID: [String: UUID] = [:]
    /// Parsed bases, by reminder.
    var baseCache: [UUID: SyncFields?] = [:]

    init(account: SyncAccount, collections: [SyncCollection], makeClient: @escaping @Sendable (URL) throws -> CalDAVClient,
         repository: SyncRepository, environment: AppEnvironment, options: SyncSettings,
         limits: SyncLimits, confirm: @escaping @Sendable (MassDeletion) async -> Bool, progress: @escaping @Sendable (String) -> Void) throws {
        self.account = account
        self.makeClient = makeClient
        self.collections = try collections.map { collection in
            guard let url = URL(string: collection.url) else {
                throw SyncError(.local, "its task list's address \(collection.url) is not a URL; add the account again")
            }
            return CollectionState(url: url, key: collection.url, listID: collection.reminderListID, listName: collection.listName,
                                   client: try makeClient(url), token: collection.syncToken)
        }
        self.repository = repository
        self.environment = environment
        self.options = options
        self.limits = limits
        self.confirm = confirm
        dryRun = options.dryRun
        massDeletionAllowed = options.force
        self.progress = progress
        report = SyncReport(account: account.name)
        report.dryRun = dryRun
    }

    mutating func load() async throws {
        for entry in try await repository.allReminders() {
            reminders[entry.reminder.id] = entry
            tagKeys.formUnion(entry.tagNames.map(TagRules.key))
        }
        for item in try await repository.items(account: account.name) { remember(item) }
        for item in try await repository.gone(account: account.name) where reminders[item.reminderID] != nil {
            gone[item.reminderID] = item
        }
        leftovers = try await repository.leftovers(account: account.name)
    }

    /// The collection the reminders of list `listID` are synced with, by index; `nil` when this
    /// account does not sync that list.
    private func collection(of listID: UUID?) -> Int? {
        collections.firstIndex { $0.listID == listID }
    }

    /// The client for a collection's address: the sync's, or (a collection no longer synced) a new one.
    private func client(for key: String) throws -> CalDAVClient {
        if let index = collections.firstIndex(where: { $0.key == key }) { return collections[index].client }
        guard let url = URL(string: key) else { throw SyncError(.local, "the task list's address \(key) is not a URL") }
        return try makeClient(url)
    }

    private mutating func remember(_ item: SyncItem) {
        if let old = items[item.reminderID] { itemByHref[CalDAVClient.normalized(old.href)] = nil; itemByUID[old.uid] = nil }
        items[item.reminderID] = item
        itemByHref[CalDAVClient.normalized(item.href)] = item.reminderID
        if !item.uid.isEmpty { itemByUID[item.uid] = item.reminderID }
        baseCache[item.reminderID] = nil
    }

    private mutating func forget(_ id: UUID) {
        if let old = items.removeValue(forKey: id) {
            itemByHref[CalDAVClient.normalized(old.href)] = nil
            itemByUID[old.uid] = nil
        }
        baseCache[id] = nil
    }

    private mutating func base(of id: UUID) -> SyncFields? {
        if let cached = baseCache[id] { return cached }
        let fields = items[id].flatMap { parse($0.base)?.fields }
        baseCache[id] = .some(fields)
        return fields
    }

    /// The one VTODO of a resource's text, `nil` (with the reason) when Memoss cannot read it as one reminder.
    private func parse(_ text: String) -> (todo: CalendarTodo, fields: SyncFields)? {
        guard let read = try? CalendarReader.read(text, userZone: environment.timeZone, from: .server), read.refusals.isEmpty,
              read.todos.count == 1, let todo = read.todos.first else { return nil }
        return (todo, SyncFields(todo))
    }

    private func refusal(_ text: String) -> String {
        do {
            let read = try CalendarReader.read(text, userZone: environment.timeZone, from: .server)
            if let first = read.refusals.first {
                return first.message.hasPrefix(first.field) ? first.message : "\(first.field) \(first.message)"
            }
            return read.todos.isEmpty ? "it holds no to-do" : "it holds \(read.todos.count) to-dos"
        } catch {
            return error.message
        }
    }

    // MARK: Pull

    /// Pulls every collection: first what each says changed (every page), then the changed
    /// resources, then what each no longer has; so a reminder another client moved to another
    /// collection (its UID at a new href there) keeps being the same reminder, in its new list.
    mutating func pull() async throws {
        var changes: [Int: CollectionChanges] = [:]
        var gone: [Int] = []
        for index in collections.indices {
            do {
                changes[index] = try await changesSince(index)
            } catch let error as SyncError where [404, 410].contains(error.status ?? 0) {
                gone.append(index)
            }
        }
        var removed = Set<String>()
        for (index, found) in changes {
            removed.formUnion(found.removed.map(CalDAVClient.normalized))
            if found.listingAll {
                let key = collections[index].key
                removed.formUnion(items.values.filter { $0.collection == key }.map { CalDAVClient.normalized($0.href) }
                    .filter { !found.seen.contains($0) })
            }
        }
        let removedIDs = removed.compactMap { itemByHref[$0] }.sorted { $0.uuidString < $1.uuidString }
        try await guardDeletionsHere(removedIDs)
        for index in collections.indices {
            guard let found = changes[index] else { continue }
            var batch = SyncBatch()
            // In href order, so that of two resources with one UID the same one is kept at every sync.
            let leftBehind = Set(leftovers.map { CalDAVClient.normalized($0.href) })
            let wanted = found.changed.filter { member in
                // What a move left behind is deleted by the push, not taken as a reminder.
                if leftBehind.contains(CalDAVClient.normalized(member.href)) { return false }
                guard let id = itemByHref[CalDAVClient.normalized(member.href)], let etag = member.etag else { return true }
                return items[id]?.etag != etag
            }.sorted { $0.href < $1.href }
            if !wanted.isEmpty { progress("receiving \(wanted.count) changed reminder\(wanted.count == 1 ? "" : "s")") }
            let fetched = try await collections[index].client.fetch(wanted.map(\.href))
            for (href, reason) in fetched.leftAlone { report.notices.append("left \(href) alone on the server: \(reason)") }
            for resource in fetched.resources { received(resource, in: index, into: &batch, removed: removed) }
            try await write(batch)
        }
        // After every change: a resource that moved (its UID seen at another href) keeps its reminder.
        var batch = SyncBatch()
        for href in removed.sorted() { if let id = itemByHref[href] { removedRemotely(id, into: &batch) } }
        for (index, found) in changes {
            batch.tokens[collections[index].key] = .some(found.token)
            collections[index].token = found.token
        }
        for index in gone.sorted(by: >) { collectionGone(index, into: &batch) }
        try await write(batch)
    }

    /// Every change collection `index` reports since its token (all of it when the server no
    /// longer knows the token, or has no sync-collection).
    private mutating func changesSince(_ index: Int) async throws -> CollectionChanges {
        let client = collections[index].client
        var token = collections[index].token
        var found = CollectionChanges(listingAll: token == nil)
        var page = 0
        while true {
            var answer: SyncCollectionAnswer
            do {
                answer = try await client.syncCollection(token: token)
            } catch is CalDAVClient.TokenRefused {
                guard token != nil else { throw SyncError(.refused(status: 403), "\(client.serverName) refused a sync from the start") }
                progress("the server no longer knows the last sync; comparing everything")
                report.fullResync = true
                token = nil
                found = CollectionChanges(listingAll: true)
                continue
            } catch is CalDAVClient.Unsupported {
                // No sync-collection: compare every resource's ETag.
                answer = try await client.members()
                found.listingAll = true
            }
            page += 1
            for (href, reason) in answer.outside { report.notices.append(CalDAVClient.MemberRefusal(reason: reason).sentence(href)) }
            if found.listingAll { found.seen.formUnion(answer.changed.map { CalDAVClient.normalized($0.href) }) }
            found.changed += answer.changed
            found.removed += answer.removed
            found.token = answer.token
            guard answer.truncated else { return found }
            guard let next = answer.token, next != token, page < 10_000 else {
                throw SyncError(.unreadable, "\(client.serverName) cut its answer short (507) without a way to go on")
            }
            progress("the server sent part of the changes; asking for the rest")
            token = next
        }
    }

    /// A collection the server no longer has: its reminders stay here, in their list, which is no
    /// longer synced with this account until the user says (`sync publish` makes it again).
    private mutating func collectionGone(_ index: Int, into batch: inout SyncBatch) {
        let collection = collections[index]
        let held = reminders.values.filter { $0.reminder.listID == collection.listID }.count
        report.notices.append("the task list at \(collection.key) is gone from the server; the list \"\(collection.listName)\" "
            + "and its \(held == 1 ? "reminder stay" : "\(held) reminders stay") here, no longer synced with \(account.name) "
            + "(`sync publish \(account.name) \"\(collection.listName)\"` makes the task list again)")
        if dryRun { return }
        batch.goneCollections.append(collection.key)
        for item in items.values where item.collection == collection.key { forget(item.reminderID) }
        collections.remove(at: index)
    }

    /// Stops before deleting here more than `SyncLimits` allow without the user's word.
    private mutating func guardDeletionsHere(_ ids: [UUID]) async throws {
        let deleting = ids.filter { id in
            guard let local = reminders[id] else { return false }
            return SyncFields(local.reminder, tags: local.tagNames) == base(of: id)
        }.count
        guard deleting > 0 else { return }
        let check = MassDeletion(account: account.name, side: .here, count: deletedHere + deleting, of: items.count + deletedHere)
        try await allow(check)
    }

    /// Asks for (or, in a dry run, notes) a mass deletion; throws when it is not allowed.
    private mutating func allow(_ check: MassDeletion) async throws {
        guard check.isMass(limits), !massDeletionAllowed else { return }
        if dryRun {
            report.notices.append(check.dryRunNotice)
            massDeletionAllowed = true
            return
        }
        guard await confirm(check) else { throw SyncError(.guarded, check.refusal) }
        massDeletionAllowed = true
    }

    /// A resource the server changed (or that is new to this store).
    /// `removed` holds the hrefs (normalized) the server no longer has in this pull.
    private mutating func received(_ resource: DAVResource, in index: Int, into batch: inout SyncBatch, removed: Set<String> = []) {
        guard let (todo, remote) = parse(resource.body) else {
            report.notices.append("left \(resource.href) alone on the server: \(refusal(resource.body))")
            return
        }
        let hrefKey = CalDAVClient.normalized(resource.href)
        if itemByHref[hrefKey] == nil, !todo.uid.isEmpty, let other = itemByUID[todo.uid], let otherItem = items[other],
           CalDAVClient.normalized(otherItem.href) != hrefKey, !removed.contains(CalDAVClient.normalized(otherItem.href)) {
            // Two resources with one UID: the one already synced stays the reminder's; the other is left alone.
            report.notices.append("left \(resource.href) alone on the server: it has the same UID as \(otherItem.href), "
                + "which is synced as \"\(reminders[other]?.reminder.title ?? todo.title)\"; remove one of the two on the server")
            return
        }
        for category in todo.categories {
            // A category no tag could be named (too long, say) is left out; the importer refuses such an
            // item, but a sync keeps what the server holds in view.
            do { _ = try TagRules.validName(category) } catch {
                report.notices.append("left out the category \"\(category)\" of \"\(todo.title)\": \(error.message)")
            }
        }
        let id = itemByHref[CalDAVClient.normalized(resource.href)] ?? (todo.uid.isEmpty ? nil : itemByUID[todo.uid]) ?? todo.id
            ?? environment.uuid()
        let collection = collections[index]
        let item = SyncItem(reminderID: id, uid: todo.uid, href: resource.href, collection: collection.key, etag: resource.etag,
                            base: resource.body)
        let known = items[id] != nil
        let base = known ? base(of: id) : nil
        guard let local = reminders[id] else {
            if known, base == remote {
                // Deleted here, unchanged there: the push deletes it.
                batch.items.append(item)
                remember(item)
                return
            }
            if let refusal = tagRefusal(remote.tags) {
                report.notices.append("left \(resource.href) alone on the server: \(refusal)")
                return
            }
            if known { report.notices.append("restored \"\(todo.title)\": changed on the server after it was deleted here") }
            let reminder: Reminder
            switch build(remote, id: id, listID: collection.listID, existing: nil, modified: todo.modifiedAt, created: todo.createdAt) {
            case .success(let built): reminder = built
            case .failure(let problems):
                report.notices.append("left \(resource.href) alone on the server: \(problems.sentence)")
                return
            }
            newTagKeys.formUnion(remote.tags.map(TagRules.key).filter { !tagKeys.contains($0) })
            batch.upserts.append((reminder, remote.tags))
            reminders[id] = (reminder, remote.tags)
            report.received.added += 1
            report.changes.append("receive new \"\(reminder.title)\"")
            batch.items.append(item)
            remember(item)
            return
        }
        let localFields = SyncFields(local.reminder, tags: local.tagNames)
        let remoteModified = todo.modifiedAt ?? .distantPast
        let (merged, conflicts) = SyncFields.merge(
            base: base, local: localFields, remote: remote, localIsLater: local.reminder.updatedAt > remoteModified,
            conflictLine: conflictLine)
        if !conflicts.isEmpty { report.conflicts.append(merged.title) }
        // Moved to another collection there, and not to another list here: it moves here too.
        var listID = local.reminder.listID
        if let old = items[id]?.collection, old != collection.key, self.collection(of: listID).map({ collections[$0].key }) == old {
            listID = collection.listID
            report.changes.append("receive the move of \"\(local.reminder.title)\" to \(collection.listName)")
        }
        if merged != localFields || listID != local.reminder.listID {
            let modified = conflicts.isEmpty && merged == remote ? todo.modifiedAt : nil
            if let refusal = tagRefusal(merged.tags) {
                report.notices.append("kept \"\(local.reminder.title)\" as it is here: the server's version \(refusal.dropFirst(3))")
            } else {
                switch build(merged, id: id, listID: listID, existing: local.reminder, modified: modified, created: nil) {
                case .success(let reminder):
                    batch.upserts.append((reminder, merged.tags))
                    reminders[id] = (reminder, merged.tags)
                    newTagKeys.formUnion(merged.tags.map(TagRules.key).filter { !tagKeys.contains($0) })
                    report.received.changed += 1
                    report.changes.append("receive changes to \"\(reminder.title)\"")
                case .failure(let problems):
                    report.notices.append("kept \"\(local.reminder.title)\" as it is here: the server's version cannot be used (\(problems.sentence))")
                }
            }
        }
        batch.items.append(item)
        remember(item)
    }

    /// A resource the server no longer has.
    private mutating func removedRemotely(_ id: UUID, into batch: inout SyncBatch) {
        defer {
            batch.forgotten.append(id)
            forget(id)
        }
        guard let local = reminders[id] else { return }
        if SyncFields(local.reminder, tags: local.tagNames) == base(of: id) {
            batch.deletions.append(id)
            reminders[id] = nil
            deletedHere += 1
            report.received.deleted += 1
            report.changes.append("delete here \"\(local.reminder.title)\"")
        } else {
            report.notices.append("kept \"\(local.reminder.title)\": changed here after it was deleted on the server; it is sent again")
        }
    }

    private func conflictLine(_ kept: String) -> String {
        let stamp = ISO8601DateFormatter.string(from: environment.now(), timeZone: .gmt, formatOptions: [.withInternetDateTime])
        return "Sync conflict (\(account.name), \(stamp)): \(kept)."
    }

    /// Why a reminder cannot take `tags` ("it has 300 categories; …"), `nil` when it can: at most
    /// `TagRules.maxTagsPerReminder`, and no more new tags in one sync than `SyncLimits.newTags`.
    private func tagRefusal(_ tags: [String]) -> String? {
        let keys = Set(tags.map(TagRules.key))
        if keys.count > TagRules.maxTagsPerReminder {
            return "it has \(keys.count) categories; a reminder has at most \(TagRules.maxTagsPerReminder) tags"
        }
        let new = keys.subtracting(tagKeys).subtracting(newTagKeys)
        if !new.isEmpty, newTagKeys.count + new.count > limits.newTags {
            return "it has categories that would make more than \(limits.newTags) new tags in one sync; "
                + "create the tags first with `tag add`, or sync again to take the next ones"
        }
        return nil
    }

    /// The reminder `fields` describe, keeping `existing`'s creation; the add form's rules it breaks, if any.
    private func build(_ fields: SyncFields, id: UUID, listID: UUID?, existing: Reminder?, modified: Date?, created: Date?)
        -> Result<Reminder, FieldProblems> {
        let zoneID = TimeZone(identifier: fields.schedule.timeZoneID) != nil ? fields.schedule.timeZoneID : environment.timeZone.identifier
        let now = environment.now()
        let due = fields.schedule.due
        let draft = ReminderDraft(item: fields.title, notes: fields.notes, day: due?.date,
                                  time: fields.schedule.isAllDay ? nil : due?.time, zoneID: zoneID,
                                  recurrence: fields.schedule.recurrence, end: fields.schedule.recurrenceEnd)
        let evaluated = ReminderRules.evaluate(draft, previously: existing?.scheduledAt, now: now, allowingPast: true)
        guard let values = evaluated.values else { return .failure(FieldProblems(problems: evaluated.problems)) }
        var reminder = Reminder(id: id, values: values, now: now,
                                completed: fields.completion.isCompleted, completedAt: fields.completion.completedAt)
        reminder.stage = fields.completion.stage
        reminder.percentComplete = fields.completion.percent
        reminder.priority = fields.priority
        reminder.listID = listID
        // A closed or undated one says no alarms: it keeps its own.
        reminder.alarms = fields.alarms ?? existing?.alarms ?? Alarm.defaults
        reminder.alarmsAcknowledgedAt = [fields.acknowledged, existing?.alarmsAcknowledgedAt].compactMap { $0 }.max()
        reminder.alarmsSnoozedUntil = fields.alarms == nil ? existing?.alarmsSnoozedUntil : fields.snoozed
        reminder.createdAt = existing?.createdAt ?? created ?? now
        reminder.updatedAt = modified ?? now
        // The UID of the calendar it was imported from, which an export writes, is not the server's to change.
        reminder.calendarUID = existing?.calendarUID
        return .success(reminder)
    }

    /// Stores a batch (a dry run keeps it in memory only).
    private mutating func write(_ batch: SyncBatch) async throws {
        guard !dryRun else { return }
        if batch.changesReminders {
            changedReminders = true
            let summary = "Synced with \(account.name)"
            let (repository, name, now) = (self.repository, account.name, environment.now())
            let newID = environment.uuid
            try await Journal.record(summary, at: now, origin: name) { try await repository.apply(batch, account: name, now: now, newID: newID) }
        } else if !batch.items.isEmpty || !batch.forgotten.isEmpty || !batch.tokens.isEmpty || !batch.leftovers.isEmpty
                    || !batch.leftoversDone.isEmpty || !batch.goneCollections.isEmpty {
            try await repository.apply(batch, account: account.name, now: environment.now(), newID: environment.uuid)
        }
    }

    // MARK: Push

    mutating func push() async throws {
        let local = reminders.values.sorted { $0.reminder.createdAt < $1.reminder.createdAt || ($0.reminder.createdAt == $1.reminder.createdAt && $0.reminder.id.uuidString < $1.reminder.id.uuidString) }
        var changed: [(reminder: Reminder, tagNames: [String])] = []
        for entry in local where needsSending(entry) { changed.append(entry) }
        // Deleted here, or moved to a list this account does not sync.
        let gone = items.values.filter { item in
            guard let local = reminders[item.reminderID] else { return true }
            return collection(of: local.reminder.listID) == nil
        }.sorted { $0.href < $1.href }
        if !gone.isEmpty { try await allow(MassDeletion(account: account.name, side: .onServer, count: gone.count, of: items.count)) }
        if dryRun {
            for entry in changed {
                let item = items[entry.reminder.id]
                let target = collection(of: entry.reminder.listID).map { collections[$0] }
                if item == nil { report.sent.added += 1 } else { report.sent.changed += 1 }
                if let item, let target, item.collection != target.key {
                    report.changes.append("move \"\(entry.reminder.title)\" to \(target.listName)")
                } else {
                    report.changes.append("\(item == nil ? "send new" : "send changes to") \"\(entry.reminder.title)\"")
                }
            }
            for item in gone {
                report.sent.deleted += 1
                report.changes.append("delete on the server \"\(base(of: item.reminderID)?.title ?? item.href)\"")
            }
            return
        }
        try await upload(changed)
        var batch = SyncBatch()
        for item in gone {
            let title = base(of: item.reminderID)?.title ?? item.href
            let client = try client(for: item.collection)
            switch try await client.delete(item.href, ifMatch: item.etag) {
            case .written:
                report.changes.append("delete on the server \"\(title)\"")
                batch.forgotten.append(item.reminderID)
                // Kept as it was, for an undo of the delete here (`request` sends it back).
                batch.gone.append(item)
                forget(item.reminderID)
                report.sent.deleted += 1
            case .changedMeanwhile:
                // Changed there after it was deleted here: the server's version comes back.
                switch try await client.get(item.href) {
                case .resource(let resource):
                    if let index = collections.firstIndex(where: { $0.key == item.collection }), reminders[item.reminderID] == nil {
                        received(resource, in: index, into: &batch)
                    } else {
                        report.problems.append("did not delete \"\(title)\" on the server: it was changed there meanwhile")
                    }
                case .gone:
                    batch.forgotten.append(item.reminderID)
                    forget(item.reminderID)
                case .leftAlone(let reason): report.notices.append("left \(item.href) alone on the server: \(reason)")
                }
            case .refused(let error):
                report.problems.append("did not delete \"\(title)\" on the server: \(error.message)")
            case .busy:
                break  // a busy server's answer is only returned without retrying
            }
        }
        try await write(batch)
        // What moves left behind goes last: each reminder is in its new task list by now.
        let merged = try await removeLeftovers()
        if !merged.isEmpty { try await upload(merged) }
    }

    /// Whether a reminder this account syncs differs from what its task list holds, or is not there.
    private mutating func needsSending(_ entry: (reminder: Reminder, tagNames: [String])) -> Bool {
        guard let target = collection(of: entry.reminder.listID) else { return false }
        guard let item = items[entry.reminder.id] else { return true }
        return item.collection != collections[target].key || SyncFields(entry.reminder, tags: entry.tagNames) != base(of: entry.reminder.id)
    }

    /// PUTs `changed`, each in its list's collection: several in flight at once (a server answers
    /// each in milliseconds to tens of them), one at a time once the server says it is busy; their
    /// outcomes are taken in order, and one refused as changed meanwhile is merged and sent again
    /// alone. What the server took is written here even when the upload stops part way.
    private mutating func upload(_ changed: [(reminder: Reminder, tagNames: [String])]) async throws {
        let groups = Dictionary(grouping: changed) { collection(of: $0.reminder.listID) ?? -1 }
        var done = 0
        for index in groups.keys.sorted() where index >= 0 {
            let group = groups[index] ?? []
            for start in stride(from: 0, to: group.count, by: 100) {
                var batch = SyncBatch()
                let chunk = Array(group[start..<min(start + 100, group.count)])
                let requests = chunk.map { request($0, in: index) }
                let upload = await Upload.run(requests.map { ($0.href, $0.text, $0.ifMatch) }, client: collections[index].client, limits: limits)
                for (offset, outcome) in upload.outcomes.enumerated() {
                    switch outcome {
                    case .written(let etag, let href)?: sent(requests[offset], etag: etag, href: href, into: &batch)
                    case .changedMeanwhile? where upload.stop == nil: try await send(chunk[offset], in: index, into: &batch)
                    case .refused(let error)?: notSent(requests[offset].title, error)
                    case .busy?, .changedMeanwhile?, nil: break
                    }
                }
                try await write(batch)
                if let stop = upload.stop { throw stop }
                done += chunk.count
                if changed.count > 100 { progress("sent \(done) of \(changed.count)") }
            }
        }
    }

    /// Deletes what moves left behind, each only as it was when moved: one another client changed
    /// meanwhile is merged into its reminder first (returned, to send again). Returns those merged.
    private mutating func removeLeftovers() async throws -> [(reminder: Reminder, tagNames: [String])] {
        var batch = SyncBatch()
        var merged: [(reminder: Reminder, tagNames: [String])] = []
        for leftover in leftovers {
            let title = reminders[leftover.reminderID]?.reminder.title ?? parse(leftover.base)?.fields.title ?? leftover.href
            let client = try client(for: leftover.collection)
            var etag = leftover.etag
            for attempt in 0..<2 {
                switch try await client.delete(leftover.href, ifMatch: etag) {
                case .written:
                    batch.leftoversDone.append(leftover.href)
                case .changedMeanwhile where attempt == 0:
                    switch try await client.get(leftover.href) {
                    case .resource(let resource):
                        if let entry = mergeIntoMoved(leftover, resource, into: &batch) { merged.append(entry) }
                        etag = resource.etag ?? "*"
                        continue
                    case .gone: batch.leftoversDone.append(leftover.href)
                    case .leftAlone(let reason):
                        report.problems.append("did not remove \"\(title)\" from the task list it moved from: \(reason)")
                    }
                case .changedMeanwhile:
                    report.problems.append("did not remove \"\(title)\" from the task list it moved from: it keeps changing there; sync again")
                case .refused(let error):
                    report.problems.append("did not remove \"\(title)\" from the task list it moved from: \(error.message)")
                case .busy:
                    break
                }
                break
            }
        }
        let done = Set(batch.leftoversDone)
        leftovers.removeAll { done.contains($0.href) }
        try await write(batch)
        return merged
    }

    /// What another client changed in a resource a move left behind, merged into its reminder
    /// (three-way, with the version moved as the base); the reminder when it changed.
    private mutating func mergeIntoMoved(_ leftover: SyncLeftover, _ resource: DAVResource, into batch: inout SyncBatch)
        -> (reminder: Reminder, tagNames: [String])?
    {
        guard let local = reminders[leftover.reminderID], let (todo, remote) = parse(resource.body) else { return nil }
        let localFields = SyncFields(local.reminder, tags: local.tagNames)
        let (fields, conflicts) = SyncFields.merge(base: parse(leftover.base)?.fields, local: localFields, remote: remote,
                                                   localIsLater: local.reminder.updatedAt > (todo.modifiedAt ?? .distantPast),
                                                   conflictLine: conflictLine)
        if !conflicts.isEmpty { report.conflicts.append(fields.title) }
        guard fields != localFields, tagRefusal(fields.tags) == nil,
              case .success(let reminder) = build(fields, id: local.reminder.id, listID: local.reminder.listID, existing: local.reminder,
                                                  modified: nil, created: nil) else { return nil }
        batch.upserts.append((reminder, fields.tags))
        reminders[reminder.id] = (reminder, fields.tags)
        report.received.changed += 1
        report.changes.append("receive changes to \"\(reminder.title)\" made in the task list it moved from")
        return (reminder, fields.tags)
    }

    /// Notes a reminder the server did not take; it stays as it is here, and is sent at the next sync.
    private mutating func notSent(_ title: String, _ error: SyncError) {
        report.problems.append("did not send \"\(title)\": \(error.message)")
    }

    /// A PUT of one reminder: where, what, and on which condition.
    private struct Request: Sendable {
        var id: UUID
        var uid: String
        var href: String
        /// The collection it goes in.
        var collection: String
        var text: String
        /// The version it replaces, `nil` for a new resource.
        var ifMatch: String?
        var isNew: Bool
        /// What it is moved from (another collection), `nil` when it is not moved.
        var movedFrom: SyncItem?
        var title: String
        /// The name of the list it goes in.
        var listName: String
    }

    private func request(_ entry: (reminder: Reminder, tagNames: [String]), in index: Int) -> Request {
        let id = entry.reminder.id
        let target = collections[index]
        let item = items[id]
        // A reminder whose resource this account deleted on the server, brought back here (an
        // undone delete), goes back where it was, as it was: its UID, its address, the rest of
        // another client's text, with only the changes made here (a new resource all the same).
        let ghost = item == nil ? gone[id].flatMap { $0.collection == target.key ? $0 : nil } : nil
        let moving = item.map { $0.collection != target.key } ?? false
        let uid = (item ?? ghost).flatMap { $0.uid.isEmpty ? nil : $0.uid } ?? id.uuidString
        let href = ghost?.href
            ?? (moving || item == nil ? target.client.collection.path(percentEncoded: true).appendingSlash + "\(id.uuidString).ics" : item!.href)
        var calendarItem = CalendarItem(reminder: entry.reminder, tagNames: entry.tagNames)
        calendarItem.uid = uid
        let ours = CalendarWriter.calendar([calendarItem], stamp: environment.now(), product: "Memoss")
        // Over what the server holds, only what changed here is written (a move too: the resource
        // goes to its new task list as it was, with the changes made here).
        var text = ours
        if let item = item ?? ghost, let (baseTodo, baseFields) = parse(item.base) {
            let localFields = SyncFields(entry.reminder, tags: entry.tagNames)
            text = ResourcePatch.patch(ours, over: item.base, parts: ResourcePatch.changedParts(from: baseFields, to: localFields),
                                       baseFields: baseFields, localFields: localFields,
                                       theirAlarms: baseTodo.alarmOfEachVALARM, ourAlarms: CalendarWriter.writtenAlarms(entry.reminder),
                                       readerZone: environment.timeZone.identifier) ?? ours
        }
        return Request(id: id, uid: uid, href: href, collection: target.key, text: text,
                       ifMatch: moving ? nil : item.map { $0.etag ?? "*" }, isNew: item == nil, movedFrom: moving ? item : nil,
                       title: entry.reminder.title, listName: target.listName)
    }

    /// Notes a PUT the server took, at `href` (the request's, or where a redirect within the task list took it).
    private mutating func sent(_ request: Request, etag: String?, href: String, into batch: inout SyncBatch) {
        let item = SyncItem(reminderID: request.id, uid: request.uid, href: href, collection: request.collection, etag: etag, base: request.text)
        if request.isNew { report.sent.added += 1 } else { report.sent.changed += 1 }
        if let old = request.movedFrom {
            report.changes.append("move \"\(request.title)\" to \(request.listName)")
            let leftover = SyncLeftover(href: old.href, collection: old.collection, etag: old.etag, base: old.base, reminderID: old.reminderID)
            batch.leftovers.append(leftover)
            leftovers.append(leftover)
        } else {
            report.changes.append("\(request.isNew ? "send new" : "send changes to") \"\(request.title)\"")
        }
        batch.items.append(item)
        remember(item)
    }

    /// PUTs one reminder; on 412 fetches the server's version, merges and tries again.
    private mutating func send(_ entry: (reminder: Reminder, tagNames: [String]), in index: Int, into batch: inout SyncBatch) async throws {
        var entry = entry
        let client = collections[index].client
        for attempt in 0..<4 {
            let id = entry.reminder.id
            if attempt > 0 {
                let request = request(entry, in: index)
                switch try await client.put(request.href, body: request.text, ifMatch: request.ifMatch) {
                case .written(let etag, let href):
                    sent(request, etag: etag, href: href, into: &batch)
                    return
                case .changedMeanwhile: break
                case .refused(let error):
                    notSent(entry.reminder.title, error)
                    return
                case .busy: break  // only without retrying
                }
            }
            let request = request(entry, in: index)
            progress("\"\(entry.reminder.title)\" changed on the server meanwhile; merging")
            switch try await client.get(request.href) {
            case .resource(let resource):
                guard let (todo, _) = parse(resource.body) else {
                    // Another client made it something Memoss cannot read (an EXDATE, say): it is not overwritten.
                    report.notices.append("did not send \"\(entry.reminder.title)\": Memoss cannot read the server's version "
                        + "(\(refusal(resource.body)))")
                    return
                }
                if request.movedFrom != nil, todo.uid == request.uid {
                    // A move an earlier sync made but did not get to note: the resource is there already.
                    sent(request, etag: resource.etag, href: request.href, into: &batch)
                    var item = items[id]
                    item?.base = resource.body
                    if let item { remember(item); batch.items.append(item) }
                    continue
                }
                received(resource, in: index, into: &batch)
                guard let now = reminders[id] else { return }
                entry = now
                if SyncFields(now.reminder, tags: now.tagNames) == base(of: id) { return }
            case .gone:
                // Deleted there meanwhile: it is sent again as new.
                batch.forgotten.append(id)
                forget(id)
            case .leftAlone(let reason):
                report.notices.append("did not send \"\(entry.reminder.title)\": the server's version was not read (\(reason))")
                return
            }
        }
        throw SyncError(.refused(status: 412), "\(client.serverName) kept refusing \"\(entry.reminder.title)\" as changed meanwhile; sync again")
    }
}

private extension String {
    var appendingSlash: String { hasSuffix("/") ? self : self + "/" }
}
