import Foundation

/// A failure of the reminder store, described without naming the storage engine.
package enum StoreError: Error, Hashable, Sendable {
    /// The store file could not be opened or created at `path`.
    case cannotOpen(path: String, reason: String)
    /// The file at `path` is not a SQLite database.
    case notADatabase(path: String)
    /// The file at `path` is a SQLite database of some other program.
    case notAMemossStore(path: String)
    /// The store at `path` was written by a newer Memoss.
    case newerVersion(path: String)
    /// Another program holds the store locked.
    case busy
    /// The store cannot be written (file permissions or a read-only disk).
    case readOnly
    /// The disk is full.
    case diskFull
    /// The store's file is damaged.
    case corrupt
    /// Any other failure, with the engine's own words.
    case other(String)
    /// A stored value cannot be read as what it should be (a damaged or hand-edited row).
    case unreadableValue

    /// One sentence that says what went wrong and what to do.
    package var message: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "Cannot open the store at \(VisibleText.escaped(path)): \(VisibleText.safe(reason))."
        case .notADatabase(let path):
            "\(VisibleText.escaped(path)) is not a Memoss store (it is not a SQLite database); pass --db a Memoss store or a new file name."
        case .notAMemossStore(let path):
            "\(VisibleText.escaped(path)) is a SQLite database of another program, not a Memoss store; pass --db a Memoss store or a new file name."
        case .newerVersion(let path):
            "\(VisibleText.escaped(path)) was written by a newer version of Memoss; update Memoss to open it."
        case .busy:
            "The store is locked by another program; try again in a moment."
        case .readOnly:
            "The store cannot be written (check the file's permissions and free space)."
        case .diskFull:
            "The disk is full; free some space and try again."
        case .corrupt:
            "The store file is damaged; restore it from a backup."
        case .unreadableValue:
            "The store holds a value Memoss cannot read (a damaged or hand-edited row); check the file with "
                + "sqlite3 and PRAGMA integrity_check, or restore it from a backup."
        case .other(let detail):
            "The store failed: \(VisibleText.safe(detail))."
        }
    }
}
