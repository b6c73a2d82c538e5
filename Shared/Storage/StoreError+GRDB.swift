import Domain
import Foundation
import GRDB

extension StoreError {
    /// The store failure a GRDB error stands for.
    init(_ error: DatabaseError) {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy
        case .SQLITE_READONLY, .SQLITE_PERM: self = .readOnly
        case .SQLITE_FULL: self = .diskFull
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: self = .corrupt
        default: self = .other(error.message ?? "SQLite error \(error.resultCode.rawValue)")
        }
    }
}
