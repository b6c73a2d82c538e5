import Domain
import Foundation
import GRDB

extension AppDatabase {
    /// Opens the store file at `path`, creating it (mode 0600) and its folder when missing.
    ///
    /// Every failure becomes a `StoreError` whose message names the path and what to do:
    /// a folder in the way, a file that is not SQLite, another program's database, or a
    /// store written by a newer Memoss.
    package static func open(at path: String, onCallingThread: Bool = false) throws(StoreError) -> AppDatabase {
        let url = URL(fileURLWithPath: path)
        let existed = try prepareFile(at: url)
        do {
            let config = existed ? storeConfiguration(checking: url.path) : storeConfiguration
            return try AppDatabase(DatabasePool(path: url.path, configuration: config), onCallingThread: onCallingThread)
        } catch {
            throw storeError(error, path: url.path)
        }
    }

    /// `storeConfiguration`, whose writing connection first looks at the file and throws unless it
    /// is empty or a Memoss store this build understands. The pool switches the file to WAL only
    /// after that, so a file that is not ours is not changed; and the look costs no connection of
    /// its own (each opening of a store with a WAL reads the whole WAL to rebuild its index).
    private static func storeConfiguration(checking path: String) -> Configuration {
        var config = configuration
        // Without a WAL, the look comes before the connection is told to keep it: one that wrote
        // nothing removes the -wal and -shm files it made when it closes, so a refused file is left
        // as found. A WAL that was there before is left as it is (no checkpoint, which would write).
        let hadWAL = FileManager.default.fileExists(atPath: path + "-wal")
        config.prepareDatabase { db in
            let writes = !db.configuration.readonly
            if writes && !hadWAL { try checkIsCompatibleStore(db, path: path) }
            try setUpStoreConnection(db)
            if writes && hadWAL { try checkIsCompatibleStore(db, path: path) }
        }
        return config
    }

    /// Throws unless the store on `db` is empty or a Memoss store this build understands; writes nothing.
    private static func checkIsCompatibleStore(_ db: Database, path: String) throws {
        let isMemoss = try db.tableExists("grdb_migrations")
        let hasTables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0 > 0
        if hasTables && !isMemoss { throw StoreError.notAMemossStore(path: path) }
        if isMemoss, try migrator.hasBeenSuperseded(db) { throw StoreError.newerVersion(path: path) }
    }

    /// Makes sure the folder exists and the file exists with owner-only permissions;
    /// returns whether the file was already there.
    private static func prepareFile(at url: URL) throws(StoreError) -> Bool {
        let fileManager = FileManager.default
        var info = stat()
        if lstat(url.path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFLNK {
                // A link to a store elsewhere is fine; a link to nothing (a store on a drive that is
                // not mounted) must not become a new, empty store.
                guard stat(url.path, &info) == 0 else {
                    let target = (try? fileManager.destinationOfSymbolicLink(atPath: url.path)) ?? "?"
                    throw .cannotOpen(path: url.path, reason: "it is a symbolic link to \(target), which does not exist "
                        + "(is its drive mounted?); nothing was created")
                }
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return true
            case S_IFDIR: throw .cannotOpen(path: url.path, reason: "it is a folder; give the path of a file inside it")
            case S_IFIFO: throw .cannotOpen(path: url.path, reason: "it is a named pipe (FIFO), not a file; give the path of a store file")
            case S_IFSOCK: throw .cannotOpen(path: url.path, reason: "it is a socket, not a file; give the path of a store file")
            case S_IFCHR, S_IFBLK: throw .cannotOpen(path: url.path, reason: "it is a device, not a file; give the path of a store file")
            default: throw .cannotOpen(path: url.path, reason: "it is not a regular file; give the path of a store file")
            }
        }
        let folder = url.deletingLastPathComponent()
        do {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true,
                                            attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotOpen(path: url.path, reason: "the folder \(folder.path) cannot be created (\(reason(error)))")
        }
        // SQLite gives its -wal and -shm files the permissions of the database file.
        guard fileManager.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw .cannotOpen(path: url.path, reason: "the file cannot be created there (check the folder's permissions)")
        }
        return false
    }

    private static func reason(_ error: any Error) -> String {
        SystemError.reason(error) ?? "permission denied or not a folder"
    }

    /// Translates a failure while opening `path` into a sentence about that path.
    private static func storeError(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else { return .other("\(error)") }
        switch error.resultCode {
        case .SQLITE_NOTADB: return .notADatabase(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return .cannotOpen(path: path, reason: "permission denied or the folder is missing")
        case .SQLITE_READONLY:
            return .cannotOpen(path: path, reason: "the file or its folder is read-only")
        default: return StoreError(error)
        }
    }
}
