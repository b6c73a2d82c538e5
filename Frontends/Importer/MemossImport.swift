import Foundation

/// `memoss-import`: bulk-loads reminders from CSV. The importer itself is not built yet;
/// until it is, the command says so plainly instead of pretending to import.
@main
enum MemossImport {
    static func main() {
        FileHandle.standardError.write(Data(
            "memoss-import: CSV import is not available in this version of Memoss yet; nothing was read or written.\n".utf8
        ))
        exit(2)
    }
}
