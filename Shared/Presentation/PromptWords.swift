import Foundation

/// The store's words a prompt's Tab offers (tag and list names): read at the first Tab, then
/// kept until the store changes, so commands and idle lines read nothing for them.
package final class PromptWords: @unchecked Sendable {
    private let read: @Sendable () throws -> (tagNames: [String], listNames: [String])
    private let version: @Sendable () -> Int?
    private let lock = NSLock()
    private var kept: (tagNames: [String], listNames: [String])?
    /// The store's version when `kept` was read.
    private var keptVersion: Int?

    /// Words read by `read`, read again after `storeChanged()` or when `version` (SQLite's
    /// `data_version`: another process committed; `nil` when it cannot tell) differs from when
    /// they were read.
    package init(read: @escaping @Sendable () throws -> (tagNames: [String], listNames: [String]),
                 version: @escaping @Sendable () -> Int?) {
        self.read = read
        self.version = version
    }

    /// The store changed in a way the version does not show (a command of this prompt wrote):
    /// the next Tab reads the words again.
    package func storeChanged() {
        lock.withLock { kept = nil }
    }

    /// The tag names, in a card's order.
    package var tagNames: [String] { words.tagNames }

    /// The list names, the default first.
    package var listNames: [String] { words.listNames }

    /// What is kept, read again first when it may be out of date; what was kept (or nothing) when
    /// the store cannot be read.
    private var words: (tagNames: [String], listNames: [String]) {
        lock.withLock {
            let now = version()
            if let kept, now == keptVersion { return kept }
            guard let fresh = try? read() else { return kept ?? ([], []) }
            kept = fresh
            keptVersion = now
            return fresh
        }
    }
}
