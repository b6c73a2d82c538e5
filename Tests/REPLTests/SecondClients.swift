import Foundation
import TestSupport

/// The second clients a Memoss user syncs beside, run as their users run them: the python `caldav`
/// library (`Scripts/caldav_client.py`) and todoman with vdirsyncer (`Scripts/todoman_client.py`),
/// from the Python the tests find on `PATH`, in New York's zone.
enum SecondClient {
    /// Where the scripts are.
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts")

    /// A script that failed: what it said.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `script arguments…` and returns what it printed; throws what it said when it fails.
    static func run(_ script: String, _ arguments: [String], input: String? = nil) throws -> String {
        let environment = ProcessInfo.processInfo.environment.merging(["TZ": "America/New_York"]) { $1 }
        let result = try ChildProcess.start(URL(fileURLWithPath: "/usr/bin/env"), ["python3", scripts.appendingPathComponent(script).path] + arguments,
                                            environment: environment, input: input.map { Data($0.utf8) }).wait(limit: 180)
        guard result.status == 0 else {
            throw Failure(description: "\(script) \(arguments.prefix(2).joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        return result.stdout
    }
}

/// The python `caldav` library writing to and reading from `server`'s task list.
struct CaldavLibrary {
    /// The server whose task list it uses.
    let server: CalDAVServer

    private func run(_ arguments: [String]) throws -> String {
        try SecondClient.run("caldav_client.py", [server.collectionURL, server.user, server.password ?? "x"] + arguments)
    }

    /// Writes its to-dos; their hrefs by shape.
    func write() throws -> [String: String] {
        try JSONSerialization.jsonObject(with: Data(try run(["write"]).utf8)) as? [String: String] ?? [:]
    }

    /// The to-dos with `uids` as the library reads them, by UID.
    func read(_ uids: [String]) throws -> [String: [String: Any]] {
        try JSONSerialization.jsonObject(with: Data(try run(["read"] + uids).utf8)) as? [String: [String: Any]] ?? [:]
    }

    /// Cancels the to-do with `uid`, as a script using the library would (STATUS:CANCELLED, saved).
    func cancel(_ uid: String) throws { _ = try run(["cancel", uid]) }
}

/// todoman with vdirsyncer syncing `server`'s task list, in a folder of its own removed after.
struct Todoman {
    private let folder: TemporaryFolder

    /// Sets both up and runs vdirsyncer's first sync.
    init(_ server: CalDAVServer) throws {
        folder = try TemporaryFolder("memoss-todoman")
        _ = try SecondClient.run("todoman_client.py", [folder.url.path, "setup", server.collectionURL, server.user, server.password ?? "x"])
    }

    /// `vdirsyncer sync`.
    func sync() throws { _ = try SecondClient.run("todoman_client.py", [folder.url.path, "sync"]) }

    /// `todo arguments…`, with `input` on standard input; what it printed.
    @discardableResult
    func todo(_ arguments: String..., input: String? = nil) throws -> String {
        try SecondClient.run("todoman_client.py", [folder.url.path, "todo"] + arguments, input: input)
    }

    /// todoman's id of the task titled `summary`.
    func id(_ summary: String) throws -> String {
        try SecondClient.run("todoman_client.py", [folder.url.path, "id", summary]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every task, as `todo --porcelain list --status ANY` gives it, by summary.
    func tasks() throws -> [String: [String: Any]] {
        let list = try JSONSerialization.jsonObject(with: Data(try todo("--porcelain", "list", "--status", "ANY").utf8)) as? [[String: Any]] ?? []
        return Dictionary(list.map { ($0["summary"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The task titled `summary` as `todo --porcelain show ID` gives it.
    func show(_ summary: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(try todo("--porcelain", "show", try id(summary)).utf8)) as? [String: Any] ?? [:]
    }

    /// The summaries of the tasks `todo list --status STATUS` shows.
    func summaries(status: String) throws -> [String] {
        let list = try JSONSerialization.jsonObject(with: Data(try todo("--porcelain", "list", "--status", status).utf8)) as? [[String: Any]] ?? []
        return list.compactMap { $0["summary"] as? String }.sorted()
    }
}

extension CalDAVServer {
    /// Each resource of the task list as a GET gives it, by UID.
    func copies() throws -> [String: String] {
        let listing = try request("PROPFIND", collectionPath, body: """
            <?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>
            """, headers: ["Depth": "1"])
        guard listing.status == 207 else { throw SecondClient.Failure(description: "PROPFIND answered \(listing.status)") }
        let hrefs = listing.body.matches(of: /<(?:[A-Za-z0-9]+:)?href>([^<]*)<\/(?:[A-Za-z0-9]+:)?href>/).map { String($0.1) }
            .filter { !$0.hasSuffix("/") }
        var copies: [String: String] = [:]
        for href in hrefs {
            let path = href.hasPrefix("http") ? URL(string: href)?.path(percentEncoded: true) ?? href : href
            let text = try request("GET", path).body
            copies[VTodoProperties(text).lines["UID"]?.first.map { String($0.dropFirst(4)) } ?? href] = text
        }
        return copies
    }
}
