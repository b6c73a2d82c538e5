import Foundation

/// Values gathered from a stream whose callback may run on the store's queue (a listing, a
/// read of many reminders), read once the stream has ended.
package final class Gathered<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var gathered: [Element] = []

    /// An empty gathering.
    package init() {}

    /// Adds `element` at the end.
    package func add(_ element: Element) { lock.withLock { gathered.append(element) } }

    /// What was added, in order.
    package var all: [Element] { lock.withLock { gathered } }
}
