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
        let environment = ["HOME": folder.url.path, "PATH": "/usr/bin:/bin"]

        let real = try MemossProcess.run(["--help"], environment: environment, program: MemossProcess.importer)
        let linked = try MemossProcess.run(["--help"], environment: environment, program: link)
        #expect(linked.status == 0)
        #expect(linked.stdout == real.stdout)
        #expect(try MemossProcess.run(["--version"], environment: environment, program: link).stdout
            == MemossProcess.run(["--version"], environment: environment, program: MemossProcess.importer).stdout)

        let csv = folder.path("tasks.csv")
        try Data("title,date,time\nPay rent,2027-01-31,09:00\n".utf8).write(to: URL(fileURLWithPath: csv))
        let store = folder.path("store.sqlite")
        let imported = try MemossProcess.run(["--db", store, csv], environment: environment, program: link)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "Imported 1, skipped 0 already present, refused 0.\n")
        let refused = try MemossProcess.run(["--db", store, "--format", "xlsx", csv], environment: environment, program: link)
        #expect(refused.status == 2)

        // Under its own name it is still memoss.
        let listed = try MemossProcess.run(["--db", store, "list"], environment: environment)
        #expect(listed.stdout.contains("Pay rent"))
    }
}
