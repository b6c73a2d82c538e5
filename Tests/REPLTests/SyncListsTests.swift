import Foundation
import Testing
import TestSupport

/// Issue "Priorities and lists … each list one CalDAV collection", end to end: one account on a
/// real Radicale and Xandikos with three task lists made by a second client (the python `caldav`
/// library, `Scripts/caldav_collections.py`), synced to two Memoss stores (two devices).
@Suite(.serialized, .tags(.slow))
struct SyncListsTests {
    private let temporary: TemporaryFolder
    private let environment = ["HOME": "/nonexistent", "PATH": "/usr/bin:/bin"]
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Scripts/caldav_collections.py")

    init() throws {
        temporary = try TemporaryFolder("memoss-sync-lists")
    }

    @discardableResult
    private func memoss(_ device: String, _ arguments: String...) throws -> ChildProcess.Result {
        let result = try MemossProcess.start(["--db", temporary.path("\(device).sqlite")] + arguments, environment: environment).wait(limit: 300)
        #expect(result.status == 0, "\(device) \(arguments): \(result.stderr)")
        return result
    }

    /// The other client, on `server`'s account.
    @discardableResult
    private func other(_ server: CalDAVServer, _ arguments: String...) throws -> String {
        let result = try ChildProcess.start(URL(fileURLWithPath: "/usr/bin/env"),
                                            ["python3", Self.script.path, server.rootURL, server.user, server.password ?? "x"] + arguments)
            .wait(limit: 120)
        #expect(result.status == 0, "caldav \(arguments): \(result.stderr)")
        return result.stdout
    }

    /// The titles of a device's open reminders in `list`, with their priority marks.
    private func titles(_ device: String, in list: String) throws -> [String] {
        let result = try memoss(device, "list", "--list", list, "--json")
        let object = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any] ?? [:]
        return (object["todo"] as? [[String: Any]] ?? []).map { item in
            let marks = ["none": "", "low": "! ", "medium": "!! ", "high": "!!! "][item["priority"] as? String ?? ""] ?? "?"
            return marks + (item["title"] as? String ?? "")
        }.sorted()
    }

    /// The UIDs of Memoss's reminders, by title, as a device has them.
    private func ids(_ device: String) throws -> [String: String] {
        let result = try memoss(device, "list", "--all", "--json")
        let object = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any] ?? [:]
        var ids: [String: String] = [:]
        for item in (object["todo"] as? [[String: Any]] ?? []) { ids[item["title"] as? String ?? ""] = item["id"] as? String }
        return ids
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func threeTaskListsSyncWithThreeListsAndAMoveIsOneResourceInTheRightOne(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        try other(server, "make", "Personal", "Work", "Shopping")
        try other(server, "put", "Work", "nails@other", "Buy nails", "2")
        for device in ["a", "b"] {
            let added = try memoss(device, "sync", "add", "home", server.rootURL, "--user", server.user).stdout
            for (name, path) in [("Work", "work/"), ("Shopping", "shopping/")] {
                #expect(added.contains("  \(name) at http://127.0.0.1:\(server.port)") && added.contains("\(path) with the list \"\(name)\"\n"),
                        "\(added)")
            }
        }
        #expect(try memoss("a", "lists").stdout.contains("  Shopping   0 open\n"))
        try memoss("a", "add", "Ship release", "--list", "Work", "--priority", "high", "--date", "2026-11-30")
        try memoss("a", "add", "Milk", "--list", "Shopping", "--date", "2026-11-30")
        try memoss("a", "sync")
        try memoss("b", "sync")
        #expect(try titles("b", in: "Work") == ["!!! Buy nails", "!!! Ship release"])
        #expect(try titles("b", in: "Shopping") == ["Milk"])

        // Moved to another list on one device: one resource, in the other task list, and in that
        // list on the other device.
        let milk = try #require(try ids("a")["Milk"])
        _ = try memoss("a", "list", "--list", "Shopping")
        try memoss("a", "edit", "1", "--list", "Work")
        #expect(try memoss("a", "sync").stdout.contains("sent 1 changed"))
        #expect(try other(server, "where").split(separator: "\n").filter { $0.hasSuffix(milk) } == ["Work \(milk)"])
        try memoss("b", "sync")
        #expect(try titles("b", in: "Work") == ["!!! Buy nails", "!!! Ship release", "Milk"])
        #expect(try titles("b", in: "Shopping").isEmpty)

        // The other client's PRIORITY:2 survives an edit of the title here, byte for byte.
        let before = try other(server, "raw", "Work", "nails@other")
        _ = try memoss("b", "list", "--list", "Work")
        try memoss("b", "edit", "1", "--title", "Buy screws")
        try memoss("b", "sync")
        let after = try other(server, "raw", "Work", "nails@other")
        let moving = ["DTSTAMP", "LAST-MODIFIED", "SEQUENCE", "SUMMARY"]
        func kept(_ text: String) -> [String] {
            // The library gives the text with its lines ended by LF.
            text.split(whereSeparator: \.isNewline).map(String.init).filter { line in !moving.contains { line.hasPrefix($0 + ":") } }
        }
        #expect(after.contains("\nSUMMARY:Buy screws\n"))
        #expect(after.contains("\nPRIORITY:2\n"))
        #expect(kept(after) == kept(before))

        // Moved by the other client: the same reminder, now in its new list.
        let ship = try #require(try ids("a")["Ship release"])
        try other(server, "move", ship, "Shopping")
        try memoss("a", "sync")
        #expect(try titles("a", in: "Shopping") == ["!!! Ship release"])
        #expect(try ids("a")["Ship release"] == ship)

        // A task list removed on the server: said, and its reminders kept here until the user decides.
        try other(server, "drop", "Shopping")
        let gone = try memoss("a", "sync").stdout
        #expect(gone.contains("the task list at http://127.0.0.1:\(server.port)"))
        #expect(gone.contains("is gone from the server; the list \"Shopping\" and its reminder stay here, no longer synced with home"))
        #expect(try titles("a", in: "Shopping") == ["!!! Ship release"])
        // Made again on the user's word, with the reminder in it.
        #expect(try memoss("a", "sync", "publish", "home", "Shopping").stdout.contains("Made the task list \"Shopping\""))
        try memoss("a", "sync")
        #expect(try other(server, "where").split(separator: "\n").contains { $0 == "Shopping \(ship)" })
    }
}
