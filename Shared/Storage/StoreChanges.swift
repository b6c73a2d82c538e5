import CSystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Wakes a waiting process when another one writes the store: inotify on the store's folder,
/// for the store file and its WAL. Waiting blocks in `poll`, so an idle watcher uses no CPU.
package final class StoreChanges: @unchecked Sendable {
    private let descriptor: Int32
    /// The store's and its WAL's names, by the watch of their folder.
    private var names: [Int32: Set<String>] = [:]
    /// The clock file's name, by the watch of its folder (`AppEnvironment.clockFile`).
    private var clockNames: [Int32: String] = [:]
    private var nudges: [Int32] = [-1, -1]

    /// Watches the store at `storePath`, and the clock file a test sets, whose change ends a wait as
    /// a change of the system's clock does; `nil` when the system cannot (then callers wait on time alone).
    package init?(storePath: String, clockFile: String? = nil) {
        let url = URL(fileURLWithPath: storePath)
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE)
        let store = inotify_add_watch(descriptor, url.deletingLastPathComponent().path, mask)
        guard store >= 0 else {
            close(descriptor)
            return nil
        }
        names[store] = [url.lastPathComponent, url.lastPathComponent + "-wal"]
        if let clockFile {
            let clock = URL(fileURLWithPath: clockFile)
            let watch = inotify_add_watch(descriptor, clock.deletingLastPathComponent().path, mask)
            if watch >= 0 { clockNames[watch] = clock.lastPathComponent }
        }
        _ = nudges.withUnsafeMutableBufferPointer { pipe($0.baseAddress) }
        for end in nudges where end >= 0 {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(descriptor)
        for end in nudges where end >= 0 { close(end) }
    }

    /// Ends a `wait` at once (this process changed the store and wants a waiter to look again).
    package func nudge() {
        var byte: UInt8 = 1
        _ = write(nudges[1], &byte, 1)
    }

    /// Waits until the store or its WAL changes, `nudge` is called, or `timeout` passes (or the
    /// clock is set); true unless the time ran out. `nudged` says whether a nudge ended it.
    package func wait(timeout: TimeInterval) async -> (changed: Bool, nudged: Bool) {
        // On a thread of its own: a wait that blocks one of Dispatch's few global threads (as many as
        // cores) for seconds starves the store's queue and everything else that runs on them.
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: self.block(timeout: timeout))
            }
        }
    }

    /// Waits on the inotify events, the nudge pipe and a timer on the wall clock (CLOCK_REALTIME,
    /// absolute, cancelled when the clock is set): it fires at the wall-clock deadline even when the
    /// machine slept through it, and at once when the clock jumps, unlike a poll timeout, which
    /// counts only time the machine was awake.
    private func block(timeout: TimeInterval) -> (changed: Bool, nudged: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        let timer = memoss_wall_clock_timer(deadline.timeIntervalSince1970)
        defer { if timer >= 0 { close(timer) } }
        while true {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return (false, false) }
            var entries = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: nudges[0], events: Int16(POLLIN), revents: 0),
                           pollfd(fd: timer, events: Int16(POLLIN), revents: 0)]
            // Without a timer (it could not be made), the poll's own timeout stands in for it.
            let ready = poll(&entries, 3, timer >= 0 ? -1 : Int32(min(left * 1_000, Double(Int32.max)).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return (false, false) }
            if entries[2].revents != 0 { return (false, false) }  // the deadline, or the clock was set
            if entries[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while read(nudges[0], &drain, drain.count) > 0 {}
                return (true, true)
            }
            let mentioned = drain()
            if mentioned.clock { return (false, false) }
            if mentioned.store { return (true, false) }
        }
    }

    /// Reads the pending events; whether one is about the store or its WAL, and whether one is
    /// about the clock file.
    private func drain() -> (store: Bool, clock: Bool) {
        var mentioned = (store: false, clock: false)
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
                    if names[event.wd]?.contains(name) == true { mentioned.store = true }
                    if clockNames[event.wd] == name { mentioned.clock = true }
                }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
    }
}
