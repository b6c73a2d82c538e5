import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Wakes a waiting process when another one writes the store: inotify on the store's folder,
/// for the store file and its WAL. Waiting blocks in `poll`, so an idle watcher uses no CPU.
package final class StoreChanges: @unchecked Sendable {
    private let descriptor: Int32
    private let names: Set<String>

    /// Watches the store at `storePath`; `nil` when the system cannot (then callers wait on time alone).
    package init?(storePath: String) {
        let url = URL(fileURLWithPath: storePath)
        let folder = url.deletingLastPathComponent().path
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE)
        guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
            close(descriptor)
            return nil
        }
        names = [url.lastPathComponent, url.lastPathComponent + "-wal"]
    }

    deinit { close(descriptor) }

    /// Waits until the store or its WAL changes, or `timeout` passes; true when it changed.
    package func wait(timeout: TimeInterval) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: self.block(timeout: timeout))
            }
        }
    }

    private func block(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(min(left * 1_000, Double(Int32.max)).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return false }
            if drainMentionsStore() { return true }
        }
    }

    /// Reads the pending events; whether one is about the store or its WAL.
    private func drainMentionsStore() -> Bool {
        var mentioned = false
        let size = 64 * 1_024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            if count <= 0 { return mentioned }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                if event.len > 0 {
                    let name = String(cString: nameStart.assumingMemoryBound(to: CChar.self))
                    if names.contains(name) { mentioned = true }
                }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
    }
}
