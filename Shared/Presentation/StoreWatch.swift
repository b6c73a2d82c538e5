import Foundation

/// How a view-model learns that another process changed the store (a command in another shell,
/// `watch`, a sync): the store's version, and a wait for it to differ.
package struct StoreWatch: Sendable {
    /// The store's version now as this process sees it; `nil` when it cannot tell (a store in memory).
    package var version: @Sendable () async -> Int?
    /// Waits until another process has changed the store since `version` was read, or `timeout`
    /// seconds pass; true when it changed.
    package var waitForChange: @Sendable (_ since: Int?, _ timeout: TimeInterval) async -> Bool

    /// A watch from its two closures.
    package init(version: @escaping @Sendable () async -> Int?,
                 waitForChange: @escaping @Sendable (_ since: Int?, _ timeout: TimeInterval) async -> Bool) {
        self.version = version
        self.waitForChange = waitForChange
    }
}
