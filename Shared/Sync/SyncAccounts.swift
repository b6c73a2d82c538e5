import Domain
import Foundation
import Storage
import UseCases

/// Where an account's password comes from.
package enum PasswordSource: Sendable, Equatable {
    /// None: the server needs no password.
    case none
    /// The first line a shell command prints (`pass show dav`), run at each sync.
    case command(String)
    /// An environment variable, read at each sync.
    case variable(String)
    /// Saved, because the user asked, in a 0600 file under `$XDG_CONFIG_HOME/memoss`.
    case saved(String)
}

/// Adds, lists, removes and syncs CalDAV accounts.
package struct SyncAccounts: Sendable {
    private let repository: SyncRepository
    private let engine: SyncEngine
    private let environment: AppEnvironment
    private let processEnvironment: [String: String]

    package init(repository: SyncRepository, engine: SyncEngine, environment: AppEnvironment, processEnvironment: [String: String]) {
        self.repository = repository
        self.engine = engine
        self.environment = environment
        self.processEnvironment = processEnvironment
    }

    package func accounts() async throws -> [SyncAccount] { try await repository.accounts() }

    /// A collection's address as compared: without a last "/", its scheme and host in lower case.
    private static func sameAddress(_ address: String) -> String {
        guard var parts = URLComponents(string: address) else { return address }
        parts.scheme = parts.scheme?.lowercased()
        parts.host = parts.host?.lowercased()
        var text = parts.string ?? address
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Finds the task collections at `url` (the one it names, or every one of the account) and adds
    /// the account, each collection synced with the list of its name (created here when there is
    /// none) and one of them, the one named like the default list or like a task list, with the
    /// default list. Returns what each collection is synced with, and what was left out.
    package func add(name: String, url: String, user: String, password source: PasswordSource, options: SyncSettings) async throws
        -> (account: SyncAccount, linked: [(collection: SyncCollection, listName: String)], notes: [String])
    {
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.count <= 64, trimmed.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
            throw SyncError(.local, "an account name is 1–64 letters, digits, '-', '_' or '.'; choose another")
        }
        guard let address = URL(string: url), ["http", "https"].contains(address.scheme?.lowercased() ?? ""), address.host != nil else {
            throw SyncError(.local, "the address \(url) is not an http:// or https:// one; give the server's or the task list's URL")
        }
        if ["add", "status", "remove", "rm"].contains(trimmed.lowercased()) {
            throw SyncError(.local, "the name \(trimmed) is a word of the sync command; choose another account name")
        }
        if try await repository.account(named: trimmed) != nil {
            throw SyncError(.local, "an account named \(trimmed) exists; remove it first with `sync remove \(trimmed)`")
        }
        let password = try resolve(source, name: trimmed)
        let client = try CalDAVClient(transport: engine.transport, collection: address, user: user, password: password,
                                      timeout: options.timeout, maxTime: options.maxTime, deadline: options.deadline,
                                      limits: engine.limits, scopedToCollection: false, now: environment.now)
        let found = try await CalDAVDiscovery.taskCollections(at: address, client: client)
        guard let preferred = found.preferred(defaultListName: try await repository.defaultListName()) else {
            throw SyncError(.local, "found no task list (a CalDAV calendar for to-dos) at \(url); create one on the server or give its address")
        }
        // Two accounts over one task list would each bring the other's uploads back as new to-dos.
        let addresses = Set(found.collections.map { Self.sameAddress($0.url.absoluteString) })
        for other in try await repository.accounts() {
            if let shared = try await repository.collections(account: other.name).first(where: { addresses.contains(Self.sameAddress($0.url)) }) {
                throw SyncError(.local, "the account \(other.name) syncs the task list \(shared.url) already; "
                    + "one account per task list (sync remove \(other.name) first to sync it under another name)")
            }
        }
        var saved = false
        if case .saved(let secret) = source {
            try savePassword(secret, account: trimmed)
            saved = true
        }
        var commandText: String?, variable: String?
        switch source {
        case .command(let command): commandText = command
        case .variable(let name): variable = name
        default: break
        }
        var account = SyncAccount(name: trimmed, url: url, collectionURL: preferred.url.absoluteString, user: user,
                                  passwordCommand: commandText, passwordVariable: variable, passwordSaved: saved,
                                  createdAt: environment.now())
        account.discovers = !found.isCollection
        guard try await repository.add(account) else {
            throw SyncError(.local, "an account named \(trimmed) exists; remove it first with `sync remove \(trimmed)`")
        }
        let (linked, notes) = try await repository.link(found.collections.map { ($0.url.absoluteString, $0.name) },
                                                        defaultURL: preferred.url.absoluteString, account: trimmed,
                                                        now: environment.now(), newID: environment.uuid)
        return (account, linked, notes)
    }

    /// The task lists `name` syncs, each with its list.
    package func collections(_ name: String) async throws -> [SyncCollection] {
        try await repository.collections(account: name)
    }

    /// Makes a task list on account `name`'s server for `list` and syncs the list with it; returns its address.
    package func publish(_ list: ReminderList, account name: String, options: SyncSettings) async throws -> String {
        guard let account = try await repository.account(named: name) else {
            throw SyncError(.local, "there is no sync account named \(name); `sync status` lists them")
        }
        return try await engine.publish(list, account: account, password: try password(for: account), options: options)
    }

    /// Removes an account and its saved password; the reminders stay.
    package func remove(name: String) async throws {
        guard try await repository.remove(named: name) else {
            throw SyncError(.local, "there is no sync account named \(name); `sync status` lists them")
        }
        try? FileManager.default.removeItem(atPath: passwordFile(account: name))
    }

    /// Syncs the accounts named (all when empty), each on its own: one failing does not stop the others.
    /// `confirm` is asked before a mass deletion (see `SyncSettings.force`); `options.maxTime` bounds
    /// all the accounts' syncs together.
    package func sync(names: [String], options: SyncSettings, confirm: @escaping @Sendable (MassDeletion) async -> Bool,
                      progress: @escaping @Sendable (String, String) -> Void)
        async throws -> [(account: String, result: Result<SyncReport, SyncError>)]
    {
        var options = options
        options.deadline = options.deadline ?? engine.transport.now().advanced(by: options.maxTime)
        let dryRun = options.dryRun
        let all = try await repository.accounts()
        if all.isEmpty { throw SyncError(.local, "no sync account yet; add one with `sync add NAME URL --user USER`") }
        var chosen: [SyncAccount] = []
        for name in names {
            guard let account = all.first(where: { $0.name == name }) else {
                throw SyncError(.local, "there is no sync account named \(name); `sync status` lists them")
            }
            chosen.append(account)
        }
        if names.isEmpty { chosen = all }
        var results: [(String, Result<SyncReport, SyncError>)] = []
        for account in chosen {
            do {
                let password = try password(for: account)
                let report = try await engine.sync(account, password: password, options: options, confirm: confirm) {
                    progress(account.name, $0)
                }
                if !dryRun { try? await repository.recordOutcome(report.sentence, at: environment.now(), account: account.name) }
                results.append((account.name, .success(report)))
            } catch let error as SyncError {
                if !dryRun { try? await repository.recordOutcome("failed: \(error.message)", at: environment.now(), account: account.name) }
                results.append((account.name, .failure(error)))
            }
        }
        return results
    }

    /// The password for `account` now, `nil` when it has none.
    package func password(for account: SyncAccount) throws -> String? {
        if let command = account.passwordCommand { return try resolve(.command(command), name: account.name) }
        if let variable = account.passwordVariable { return try resolve(.variable(variable), name: account.name) }
        if account.passwordSaved {
            let path = passwordFile(account: account.name)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw SyncError(.local, "the saved password (\(path)) cannot be read; add the account again")
            }
            return text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        }
        return nil
    }

    private func resolve(_ source: PasswordSource, name: String) throws -> String? {
        switch source {
        case .none: return nil
        case .saved(let secret): return secret
        case .variable(let variable):
            guard let value = processEnvironment[variable] else {
                throw SyncError(.local, "the password variable \(variable) is not set; export it before syncing")
            }
            return value
        case .command(let command):
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            let output = Pipe()
            process.standardOutput = output
            do { try process.run() } catch {
                throw SyncError(.local, "the password command could not start (\(error.localizedDescription))")
            }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw SyncError(.local, "the password command `\(command)` failed (exit \(process.terminationStatus)); run it yourself to see why")
            }
            return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        }
    }

    /// `$XDG_CONFIG_HOME/memoss/sync-NAME.password` (`~/.config` when unset).
    package func passwordFile(account name: String) -> String {
        let base = processEnvironment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (processEnvironment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return base + "/memoss/sync-\(name).password"
    }

    private func savePassword(_ secret: String, account name: String) throws {
        let path = passwordFile(account: name)
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
            try Data((secret + "\n").utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw SyncError(.local, "cannot save the password in \(path) (\(error.localizedDescription))")
        }
    }
}

/// Finds the task collections (CalDAV calendars that hold VTODOs) an address leads to: the one it
/// names, or every one in the user's calendar home. Every address a server names on the way (its
/// principal, its calendar home, the calendars) must be on the origin the user gave, and is
/// refused, with where it pointed, otherwise.
enum CalDAVDiscovery {
    /// What an address leads to.
    struct Found {
        /// The task collections, in the server's order.
        var collections: [(url: URL, name: String?)]
        /// Whether the address names one collection itself (then it is the only one).
        var isCollection: Bool
        /// The calendar home, where new collections are made; `nil` when the server did not say.
        var home: URL?

        /// The one the default list is synced with: the one named like it, else one named like a
        /// task list ("Tasks", "To-do", "Reminders"), else like a default one ("Personal",
        /// "Default", "Inbox"), else the first by address; so every device chooses the same.
        func preferred(defaultListName: String) -> (url: URL, name: String?)? {
            let key = TagRules.key(for: defaultListName)
            if let same = collections.first(where: { $0.name.map(TagRules.key) == key }) { return same }
            return collections.min {
                (CalDAVDiscovery.score($0), $0.url.absoluteString) < (CalDAVDiscovery.score($1), $1.url.absoluteString)
            }
        }
    }

    static func taskCollections(at url: URL, client: CalDAVClient) async throws -> Found {
        let properties = "<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/><d:current-user-principal/><c:calendar-home-set/>"
        var responses: [DAVElement]
        var here = url
        do {
            (responses, here) = try await client.propfind(url, depth: 0, properties: properties)
        } catch let error as SyncError where [404, 405, 501].contains(error.status ?? 0) || error.kind == .unreadable {
            // A server's root that is not WebDAV itself names its CalDAV root at /.well-known/caldav (RFC 6764).
            guard url.path.isEmpty || url.path == "/", let wellKnown = client.url("/.well-known/caldav"),
                  let found = try? await client.propfind(wellKnown, depth: 0, properties: properties) else {
                throw SyncError(error.kind, "there is no CalDAV server at \(url.absoluteString) (\(error.message)); check the address")
            }
            (responses, here) = found
        }
        guard let first = responses.first else { throw SyncError(.unreadable, "\(client.serverName) said nothing about \(url.path)") }
        let prop = CalDAVClient.foundProperties(first)
        if prop.find("d:resourcetype", "c:calendar") != nil {
            guard holdsTasks(prop) else {
                throw SyncError(.local, "\(url.absoluteString) is a calendar for events only, not for to-dos (VTODO); give a task list's address")
            }
            return Found(collections: [(here, prop.first("d:displayname")?.trimmedText)], isCollection: true, home: nil)
        }
        /// An address the server named, on the account's origin.
        func named(_ href: String, as what: String) throws -> URL {
            guard let target = CalDAVScope.resolve(href, from: here) else {
                throw SyncError(.unreadable, "\(client.serverName) named \(what) \(href), which is not an address")
            }
            if let reason = client.scope.refusal(target) {
                throw SyncError(.unsafe, "\(client.serverName) named \(what) \(target.absoluteString), which \(reason); "
                    + "Memoss sends requests and the password only to \(client.scope.origin), so it did not go there")
            }
            return target
        }
        var home = try prop.find("c:calendar-home-set", "d:href").map { try named($0.trimmedText, as: "the calendars' home") }
        if home == nil, let principal = prop.find("d:current-user-principal", "d:href")?.trimmedText {
            let (found, answered) = try await client.propfind(try named(principal, as: "the user's principal"), depth: 0,
                                                              properties: "<c:calendar-home-set/>")
            if let href = found.first.flatMap({ CalDAVClient.foundProperties($0).find("c:calendar-home-set", "d:href")?.trimmedText }) {
                guard let target = CalDAVScope.resolve(href, from: answered) else {
                    throw SyncError(.unreadable, "\(client.serverName) named the calendars' home \(href), which is not an address")
                }
                home = try named(target.absoluteString, as: "the calendars' home")
            }
        }
        let (listed, homeURL) = try await client.propfind(home ?? here, depth: 1,
                                                          properties: "<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/>")
        var candidates: [(url: URL, name: String?)] = []
        var elsewhere: String?
        for response in listed {
            let prop = CalDAVClient.foundProperties(response)
            guard prop.find("d:resourcetype", "c:calendar") != nil, holdsTasks(prop),
                  let href = response.first("d:href")?.trimmedText else { continue }
            guard let target = CalDAVScope.resolve(href, from: homeURL), client.scope.refusal(target) == nil else {
                elsewhere = elsewhere ?? href
                continue
            }
            candidates.append((target, prop.first("d:displayname")?.trimmedText))
        }
        if candidates.isEmpty, let elsewhere {
            throw SyncError(.unsafe, "\(client.serverName) named a task list at \(elsewhere), which is not on \(client.scope.origin); "
                + "Memoss sends requests and the password only there, so it did not go there")
        }
        return Found(collections: candidates, isCollection: false, home: homeURL)
    }

    /// A collection named like a task list comes first.
    static func score(_ candidate: (url: URL, name: String?)) -> Int {
        let name = (candidate.name ?? candidate.url.lastPathComponent).lowercased()
        if ["task", "todo", "to-do", "reminder"].contains(where: { name.contains($0) }) { return 0 }
        return ["personal", "default", "inbox"].contains(where: { name.contains($0) }) ? 1 : 2
    }

    /// Whether a calendar's component set allows VTODO (a calendar that does not say allows all).
    private static func holdsTasks(_ prop: DAVElement) -> Bool {
        guard let set = prop.first("c:supported-calendar-component-set") else { return true }
        let components = set.all("c:comp")
        return components.isEmpty || components.contains { $0.attributes["name"]?.uppercased() == "VTODO" }
    }
}
