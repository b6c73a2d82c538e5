import Foundation

/// The store's words a prompt's Tab offers (tag and list names, and how many reminders the stored
/// listing numbers): read at the first Tab, then kept until the store changes, so commands and
/// idle lines read nothing for them.
package final class PromptWords: @unchecked Sendable {
    /// What is read.
    package typealias Words = (tagNames: [String], listNames: [String], listed: Int)

    private let read: @Sendable () throws -> Words
    private let version: @Sendable () -> Int?
    private let lock = NSLock()
    private var kept: Words?
    /// The store's version when `kept` was read.
    private var keptVersion: Int?

    /// Words read by `read`, read again after `storeChanged()` or when `version` (SQLite's
    /// `data_version`: another process committed; `nil` when it cannot tell) differs from when
    /// they were read.
    package init(read: @escaping @Sendable () throws -> Words,
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

    /// How many reminders the stored listing numbers (the last `list` of any program, with those
    /// added since): the numbers a prompt that has not listed yet resolves.
    package var listed: Int { words.listed }

    /// What is kept, read again first when it may be out of date; what was kept (or nothing) when
    /// the store cannot be read.
    private var words: Words {
        lock.withLock {
            let now = version()
            if let kept, now == keptVersion { return kept }
            guard let fresh = try? read() else { return kept ?? ([], [], 0) }
            kept = fresh
            keptVersion = now
            return fresh
        }
    }
}
