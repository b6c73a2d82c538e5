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

    /// Syncs `account`; `progress` hears short lines ("received 200 of 1,000"); `confirm` is asked
    /// before a mass deletion (see `SyncSettings.force`).
    package func sync(_ account: SyncAccount, password: String?, options: SyncSettings,
                      confirm: @escaping @Sendable (MassDeletion) async -> Bool = { _ in false },
                      progress: @escaping @Sendable (String) -> Void = { _ in }) async throws -> SyncReport {
        guard let collection = URL(string: account.collectionURL) else {
            throw SyncError(.local, "its address \(account.collectionURL) is not a URL; add the account again")
        }
        let client = try CalDAVClient(transport: transport, collection: collection, user: account.user, password: password,
                                      timeout: options.timeout, maxTime: options.maxTime, deadline: options.deadline, limits: limits,
                                      scopedToCollection: true,
                                      now: environment.now)
        let dryRun = options.dryRun
        var run = Run(account: account, client: client, repository: repository, environment: environment, options: options,
                      limits: limits, confirm: confirm, progress: progress)
        try await run.load()
        do {
            try await Journal.command {
                try await run.pull()
                try await run.push()
                // The token is moved past this sync's own writes, so it never names a state from
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
}

/// One sync's state: what the store and the server hold, as it goes.
private struct Run {
    let account: SyncAccount
    let client: CalDAVClient
    let repository: SyncRepository
    let environment: AppEnvironment
    let dryRun: Bool
    let options: SyncSettings
    let limits: SyncLimits
    let confirm: @Sendable (MassDeletion) async -> Bool
    let progress: @Sendable (String) -> Void
    var report: SyncReport
    var changedReminders = false
    /// The token of the last pull written: the pull after the push starts from it.
    var token: String?
    /// Reminders this sync deleted here because the server no longer had them, and whether the
    /// user allowed a mass deletion.
    var deletedHere = 0
    var massDeletionAllowed: Bool
    /// The names (keys) of the tags the store has, and those this sync created.
    var tagKeys = Set<String>()
    var newTagKeys = Set<String>()

    var reminders: [UUID: (reminder: Reminder, tagNames: [String])] = [:]
    var items: [UUID: SyncItem] = [:]
    var itemByHref: [String: UUID] = [:]
    var itemByUID: [String: UUID] = [:]
    /// Parsed bases, by reminder.
    var baseCache: [UUID: SyncFields?] = [:]

    init(account: SyncAccount, client: CalDAVClient, repository: SyncRepository, environment: AppEnvironment, options: SyncSettings,
         limits: SyncLimits, confirm: @escaping @Sendable (MassDeletion) async -> Bool, progress: @escaping @Sendable (String) -> Void) {
        self.account = account
        self.client = client
        self.repository = repository
        self.environment = environment
        self.options = options
        self.limits = limits
        self.confirm = confirm
        dryRun = options.dryRun
        massDeletionAllowed = options.force
        self.progress = progress
        token = account.syncToken
        report = SyncReport(account: account.name)
        report.dryRun = dryRun
    }

    mutating func load() async throws {
        for entry in try await repository.allReminders() {
            reminders[entry.reminder.id] = entry
            tagKeys.formUnion(entry.tagNames.map(TagRules.key))
        }
        for item in try await repository.items(account: account.name) { remember(item) }
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
        guard let read = try? CalendarReader.read(text, userZone: environment.timeZone), read.refusals.isEmpty,
              read.todos.count == 1, let todo = read.todos.first else { return nil }
        return (todo, SyncFields(todo))
    }

    private func refusal(_ text: String) -> String {
        do {
            let read = try CalendarReader.read(text, userZone: environment.timeZone)
            if let first = read.refusals.first {
                return first.message.hasPrefix(first.field) ? first.message : "\(first.field) \(first.message)"
            }
            return read.todos.isEmpty ? "it holds no to-do" : "it holds \(read.todos.count) to-dos"
        } catch {
            return error.message
        }
    }

    // MARK: Pull

    mutating func pull() async throws {
        var token = self.token
        var listingAll = token == nil
        var seen = Set<String>()
        var page = 0
        while true {
            var answer: SyncCollectionAnswer
            do {
                answer = try await client.syncCollection(token: token)
            } catch is CalDAVClient.TokenRefused {
                guard token != nil else { throw SyncError(.refused(status: 403), "\(client.serverName) refused a sync from the start") }
                progress("the server no longer knows the last sync; comparing everything")
                report.fullResync = true
                (token, listingAll, seen) = (nil, true, [])
                continue
            } catch is CalDAVClient.Unsupported {
                // No sync-collection: compare every resource's ETag.
                answer = try await client.members()
                listingAll = true
            }
            page += 1
            for (href, reason) in answer.outside { report.notices.append(CalDAVClient.MemberRefusal(reason: reason).sentence(href)) }
            if listingAll { seen.formUnion(answer.changed.map { CalDAVClient.normalized($0.href) }) }
            var batch = SyncBatch()
            var removed = Set(answer.removed.map(CalDAVClient.normalized))
            if listingAll && !answer.truncated {
                removed.formUnion(items.values.map { CalDAVClient.normalized($0.href) }.filter { !seen.contains($0) })
            }
            let removedIDs = removed.compactMap { itemByHref[$0] }.sorted { $0.uuidString < $1.uuidString }
            try await guardDeletionsHere(removedIDs)
            // In href order, so that of two resources with one UID the same one is kept at every sync.
            let wanted = answer.changed.filter { member in
                guard let id = itemByHref[CalDAVClient.normalized(member.href)], let etag = member.etag else { return true }
                return items[id]?.etag != etag
            }.sorted { $0.href < $1.href }
            if !wanted.isEmpty { progress("receiving \(wanted.count) changed reminder\(wanted.count == 1 ? "" : "s")") }
            let fetched = try await client.fetch(wanted.map(\.href))
            for (href, reason) in fetched.leftAlone { report.notices.append("left \(href) alone on the server: \(reason)") }
            for resource in fetched.resources { received(resource, into: &batch, removed: removed) }
            // After the changes: a resource that moved (its UID seen at another href) keeps its reminder.
            for href in removed.sorted() { if let id = itemByHref[href] { removedRemotely(id, into: &batch) } }
            if !answer.truncated || !listingAll { batch.syncToken = .some(answer.token) }
            try await write(batch)
            guard answer.truncated else { break }
            guard let next = answer.token, next != token, page < 10_000 else {
                throw SyncError(.unreadable, "\(client.serverName) cut its answer short (507) without a way to go on")
            }
            progress("the server sent part of the changes; asking for the rest")
            token = next
        }
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
    private mutating func received(_ resource: DAVResource, into batch: inout SyncBatch, removed: Set<String> = []) {
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
        let item = SyncItem(reminderID: id, uid: todo.uid, href: resource.href, etag: resource.etag, base: resource.body)
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
            switch build(remote, id: id, existing: nil, modified: todo.modifiedAt, created: todo.createdAt) {
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
        if merged != localFields {
            let modified = conflicts.isEmpty && merged == remote ? todo.modifiedAt : nil
            if let refusal = tagRefusal(merged.tags) {
                report.notices.append("kept \"\(local.reminder.title)\" as it is here: the server's version \(refusal.dropFirst(3))")
            } else {
                switch build(merged, id: id, existing: local.reminder, modified: modified, created: nil) {
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
                + "create the tags first with memoss tag add, or sync again to take the next ones"
        }
        return nil
    }

    /// The reminder `fields` describe, keeping `existing`'s creation; the add form's rules it breaks, if any.
    private func build(_ fields: SyncFields, id: UUID, existing: Reminder?, modified: Date?, created: Date?)
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
                                completedAt: fields.completion.isCompleted ? (fields.completion.completedAt ?? now) : nil)
        reminder.stage = fields.completion.stage
        reminder.percentComplete = fields.completion.percent
        reminder.priority = fields.priority
        reminder.listID = existing?.listID
        reminder.createdAt = existing?.createdAt ?? created ?? now
        reminder.updatedAt = modified ?? now
        return .success(reminder)
    }

    /// Stores a batch (a dry run keeps it in memory only).
    private mutating func write(_ batch: SyncBatch) async throws {
        guard !dryRun else { return }
        if let written = batch.syncToken { token = written }
        if batch.changesReminders {
            changedReminders = true
            let summary = "Synced with \(account.name)"
            let (repository, name, now) = (self.repository, account.name, environment.now())
            let newID = environment.uuid
            try await Journal.record(summary, at: now, origin: name) { try await repository.apply(batch, account: name, now: now, newID: newID) }
        } else if !batch.items.isEmpty || !batch.forgotten.isEmpty || batch.syncToken != nil {
            try await repository.apply(batch, account: account.name, now: environment.now(), newID: environment.uuid)
        }
    }

    // MARK: Push

    mutating func push() async throws {
        let local = reminders.values.sorted { $0.reminder.createdAt < $1.reminder.createdAt || ($0.reminder.createdAt == $1.reminder.createdAt && $0.reminder.id.uuidString < $1.reminder.id.uuidString) }
        var changed: [(reminder: Reminder, tagNames: [String])] = []
        for entry in local {
            if items[entry.reminder.id] == nil || SyncFields(entry.reminder, tags: entry.tagNames) != base(of: entry.reminder.id) {
                changed.append(entry)
            }
        }
        let gone = items.values.filter { reminders[$0.reminderID] == nil }.sorted { $0.href < $1.href }
        if !gone.isEmpty { try await allow(MassDeletion(account: account.name, side: .onServer, count: gone.count, of: items.count)) }
        if dryRun {
            for entry in changed {
                let isNew = items[entry.reminder.id] == nil
                if isNew { report.sent.added += 1 } else { report.sent.changed += 1 }
                report.changes.append("\(isNew ? "send new" : "send changes to") \"\(entry.reminder.title)\"")
            }
            for item in gone {
                report.sent.deleted += 1
                report.changes.append("delete on the server \"\(base(of: item.reminderID)?.title ?? item.href)\"")
            }
            return
        }
        // Several PUTs in flight at once (a server answers each in milliseconds to tens of them), one at a
        // time once the server says it is busy; their outcomes are taken in order, and one refused as
        // changed meanwhile is merged and sent again alone. What the server took is written here even
        // when the push stops part way.
        var batch = SyncBatch()
        var done = 0
        for start in stride(from: 0, to: changed.count, by: 100) {
            let chunk = Array(changed[start..<min(start + 100, changed.count)])
            let requests = chunk.map(request)
            let upload = await Upload.run(requests.map { ($0.href, $0.text, $0.ifMatch) }, client: client, limits: limits)
            for (index, outcome) in upload.outcomes.enumerated() {
                switch outcome {
                case .written(let etag, let href)?: sent(requests[index], etag: etag, href: href, into: &batch)
                case .changedMeanwhile? where upload.stop == nil: try await send(chunk[index], into: &batch)
                case .refused(let error)?: notSent(requests[index].title, error)
                case .busy?, .changedMeanwhile?, nil: break
                }
            }
            try await write(batch)
            batch = SyncBatch()
            if let stop = upload.stop { throw stop }
            done += chunk.count
            if changed.count > 100 { progress("sent \(done) of \(changed.count)") }
        }
        for item in gone {
            let title = base(of: item.reminderID)?.title ?? item.href
            switch try await client.delete(item.href, ifMatch: item.etag) {
            case .written:
                report.changes.append("delete on the server \"\(title)\"")
                batch.forgotten.append(item.reminderID)
                forget(item.reminderID)
                report.sent.deleted += 1
            case .changedMeanwhile:
                // Changed there after it was deleted here: the server's version comes back.
                switch try await client.get(item.href) {
                case .resource(let resource): received(resource, into: &batch)
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
        var text: String
        /// The version it replaces, `nil` for a new resource.
        var ifMatch: String?
        var isNew: Bool
        var title: String
    }

    private func request(_ entry: (reminder: Reminder, tagNames: [String])) -> Request {
        let id = entry.reminder.id
        let item = items[id]
        let uid = item.flatMap { $0.uid.isEmpty ? nil : $0.uid } ?? id.uuidString
        let href = item?.href ?? client.collection.path(percentEncoded: true).appendingSlash + "\(id.uuidString).ics"
        var calendarItem = CalendarItem(reminder: entry.reminder, tagNames: entry.tagNames)
        calendarItem.uid = uid
        let ours = CalendarWriter.calendar([calendarItem], stamp: environment.now(), product: "Memoss")
        // Over what the server holds, only what changed here is written.
        var text = ours
        if let item, let baseFields = parse(item.base)?.fields {
            let localFields = SyncFields(entry.reminder, tags: entry.tagNames)
            text = ResourcePatch.patch(ours, over: item.base, parts: ResourcePatch.changedParts(from: baseFields, to: localFields),
                                       baseFields: baseFields, localFields: localFields) ?? ours
        }
        return Request(id: id, uid: uid, href: href, text: text, ifMatch: item.map { $0.etag ?? "*" }, isNew: item == nil,
                       title: entry.reminder.title)
    }

    /// Notes a PUT the server took, at `href` (the request's, or where a redirect within the task list took it).
    private mutating func sent(_ request: Request, etag: String?, href: String, into batch: inout SyncBatch) {
        let item = SyncItem(reminderID: request.id, uid: request.uid, href: href, etag: etag, base: request.text)
        if request.isNew { report.sent.added += 1 } else { report.sent.changed += 1 }
        report.changes.append("\(request.isNew ? "send new" : "send changes to") \"\(request.title)\"")
        batch.items.append(item)
        remember(item)
    }

    /// PUTs one reminder; on 412 fetches the server's version, merges and tries again.
    private mutating func send(_ entry: (reminder: Reminder, tagNames: [String]), into batch: inout SyncBatch) async throws {
        var entry = entry
        for attempt in 0..<4 {
            let id = entry.reminder.id
            if attempt > 0 {
                let request = request(entry)
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
            let href = request(entry).href
            progress("\"\(entry.reminder.title)\" changed on the server meanwhile; merging")
            switch try await client.get(href) {
            case .resource(let resource):
                guard parse(resource.body) != nil else {
                    // Another client made it something Memoss cannot read (an EXDATE, say): it is not overwritten.
                    report.notices.append("did not send \"\(entry.reminder.title)\": Memoss cannot read the server's version "
                        + "(\(refusal(resource.body)))")
                    return
                }
                received(resource, into: &batch)
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
