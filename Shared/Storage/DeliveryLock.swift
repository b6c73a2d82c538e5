import Foundation

/// Which process delivers a store's notifications: an advisory lock (`flock`) on a file next to
/// the store, `<store>-delivery.lock`. A running `watch` holds it for its whole life; other
/// commands take it only for one delivery, and when they cannot, another process is delivering.
/// The kernel releases it when its holder dies, so a crashed watcher never blocks delivery.
package final class DeliveryLock: @unchecked Sendable {
    private let path: String
    private let lock = NSLock()
    private var descriptor: Int32 = -1
    /// The takes of this process not released yet.
    private var holders = 0

    /// The lock of the store at `storePath`.
    package init(storePath: String) {
        path = storePath + "-delivery.lock"
    }

    /// Takes the lock unless another process holds it; true when this process holds it now. Each
    /// take that returns true is matched by a `release` (but `watch`'s, held for its whole life):
    /// the prompt delivers from its line and, while a line is typed, from a task of its own, and
    /// the first to end must not let another process in while the other still delivers.
    package func take() -> Bool {
        lock.withLock {
            if descriptor >= 0 {
                holders += 1
                return true
            }
            let file = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard file >= 0 else { return false }
            guard flock(file, LOCK_EX | LOCK_NB) == 0 else {
                close(file)
                return false
            }
            descriptor = file
            holders = 1
            return true
        }
    }

    /// Ends one take; the last lets another process take it.
    package func release() {
        lock.withLock {
            guard descriptor >= 0 else { return }
            holders -= 1
            guard holders == 0 else { return }
            unlock()
        }
    }

    private func unlock() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { if descriptor >= 0 { unlock() } }
}
