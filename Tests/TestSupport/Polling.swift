import Foundation

/// Whether `condition` holds within `limit` seconds of real time, asked every 50 ms: for what
/// another process (a watcher, a notification server) does in its own time, which no clock of the
/// tests can move on.
package func holds(within limit: TimeInterval, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(limit)
    while Date() < deadline {
        if try condition() { return true }
        usleep(50_000)
    }
    return try condition()
}
