import Foundation

/// What the screen waits for between two frames: a key, a change to draw (a view-model changed,
/// another process wrote the store), a resize, or the time given. Waiting blocks in `poll` on a
/// thread of its own, so the main actor runs the view-models meanwhile.
final class Wakeup: @unchecked Sendable {
    /// What ended a wait.
    struct Event {
        /// Keys are waiting on standard input.
        var input = false
        /// The terminal was resized.
        var resized = false
    }

    private let read: Int32
    /// The end SIGWINCH's handler writes `w` to, and `wake()` another byte.
    let write: Int32

    /// A wake-up pipe, neither end blocking nor inherited by programs started.
    init() {
        var ends: [Int32] = [-1, -1]
        _ = ends.withUnsafeMutableBufferPointer { pipe($0.baseAddress) }
        read = ends[0]
        write = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
    }

    /// Ends the current or the next wait at once.
    func wake() {
        var byte = UInt8(ascii: "x")
        _ = Foundation.write(write, &byte, 1)
    }

    /// Waits until a key is typed, `wake()` is called, the terminal is resized or `timeout` seconds pass.
    func wait(timeout: TimeInterval) async -> Event {
        // On a thread of its own: Dispatch's global threads are as many as the cores, and others
        // block on them (the store's change watchers), so a key could wait for one to be free.
        await withCheckedContinuation { continuation in
            waiter.submit { continuation.resume(returning: self.block(timeout: timeout)) }
        }
    }

    private let waiter = WaitingThread()

    private func block(timeout: TimeInterval) -> Event {
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: read, events: Int16(POLLIN), revents: 0)]
        var result: Int32
        repeat {
            result = poll(&fds, 2, Int32(max(0, timeout) * 1_000))
        } while result < 0 && errno == EINTR
        var event = Event(input: fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0)
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = Foundation.read(read, &bytes, bytes.count)
            guard count > 0 else { break }
            if bytes[..<count].contains(UInt8(ascii: "w")) { event.resized = true }
        }
        return event
    }
}

/// One thread that runs the blocking waits given to it, one after the other.
private final class WaitingThread: @unchecked Sendable {
    private let lock = NSCondition()
    private var work: [() -> Void] = []

    init() {
        let thread = Thread { [self] in run() }
        thread.name = "memoss-tui input"
        thread.start()
    }

    /// Runs `body` on the thread, after what was given before.
    func submit(_ body: @escaping () -> Void) {
        lock.lock()
        work.append(body)
        lock.signal()
        lock.unlock()
    }

    private func run() {
        while true {
            lock.lock()
            while work.isEmpty { lock.wait() }
            let next = work.removeFirst()
            lock.unlock()
            next()
        }
    }
}
