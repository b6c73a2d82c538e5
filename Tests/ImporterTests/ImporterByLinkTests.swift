import Foundation
import Testing
import TestSupport

/// Installed, memoss-import is a link to memoss (one program on disk: the Swift runtime and ICU's
/// data once). Started under that name, memoss is the importer, to the byte.
struct ImporterByLinkTests {
    @Test func memossStartedAsMemossImportIsTheImporter() throws {
        let folder = try TemporaryFolder("memoss-link")
        let link = folder.url.appendingPathComponent("memoss-import")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: BuiltProduct.url("memoss"))
        let environment = ["HOME": folder.url.path, "TZ": "UTC", "PATH": "/usr/bin:/bin"]

        let real = try ChildProcess.run(BuiltProduct.url("memoss-import"), ["--help"], environment: environment)
        let linked = try ChildProcess.run(link, ["--help"], environment: environment)
        #expect(linked.status == 0)
        #expect(linked.stdout == real.stdout)
        #expect(try ChildProcess.run(link, ["--version"], environment: environment).stdout
            == ChildProcess.run(BuiltProduct.url("memoss-import"), ["--version"], environment: environment).stdout)

        let csv = folder.path("tasks.csv")
        try Data("title,date,time\nPay rent,2027-01-31,09:00\n".utf8).write(to: URL(fileURLWithPath: csv))
        let store = folder.path("store.sqlite")
        let imported = try ChildProcess.run(link, ["--db", store, csv], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "Imported 1, skipped 0 already present, refused 0.\n")
        let refused = try ChildProcess.run(link, ["--db", store, "--format", "xlsx", csv], environment: environment)
        #expect(refused.status == 2)

        // Under its own name it is still memoss.
        let listed = try ChildProcess.run(BuiltProduct.url("memoss"), ["--db", store, "list"], environment: environment)
        #expect(listed.stdout.contains("Pay rent"))
    }
}
