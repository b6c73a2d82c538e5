import Domain
import Foundation

/// A clock that stands still until a test moves it.
package final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// A clock reading `now`.
    package init(_ now: Date) { current = now }

    /// The instant the clock reads.
    package var now: Date { lock.withLock { current } }

    /// Moves the clock on by `interval` seconds.
    package func advance(by interval: TimeInterval) { lock.withLock { current += interval } }
}

/// The UUID numbered `number`: 00000000-0000-0000-0000-000000000001 for 1.
package func counted(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", number))!
}

/// UUIDs 00000000-0000-0000-0000-000000000001, …002, … in order.
package final class CountingUUIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// A counter starting at 1.
    package init() {}

    /// The next UUID.
    package func next() -> UUID {
        lock.withLock {
            count += 1
            return counted(count)
        }
    }
}

/// The zone every test lives in unless it says otherwise: it has DST, and its local day
/// differs from UTC's in the evening, so code that confuses the two fails.
package let newYork = TimeZone(identifier: "America/New_York") ?? .gmt

/// The instant an ISO 8601 string with offset names, e.g. "2026-11-21T15:00:00-05:00".
package func instant(_ iso: String) -> Date {
    guard let date = try? Date(iso, strategy: .iso8601) else { fatalError("bad ISO date in a test: \(iso)") }
    return date
}

/// A local date written `YYYY-MM-DD` in a test.
package func day(_ iso: String) -> LocalDate {
    guard let date = LocalDate(iso: iso) else { fatalError("bad day in a test: \(iso)") }
    return date
}

/// A local time written `HH:mm` in a test.
package func time(_ text: String) -> LocalTime {
    guard let time = LocalTime(hhmm: text) else { fatalError("bad time in a test: \(text)") }
    return time
}

/// The fixed "now" of the tests: Saturday 21 November 2026, 15:00 in New York (20:00 UTC). The
/// built programs see it too (`MemossProcess` sets `MEMOSS_CLOCK` to it), so no test depends on
/// the day it runs.
package let testNow = instant("2026-11-21T15:00:00-05:00")

/// `MEMOSS_CLOCK` for the built programs: `instant` (in whole seconds), always, or from it on as
/// clocks run when `running`.
package func memossClock(_ instant: Date = testNow, running: Bool = false) -> String {
    ISO8601DateFormatter().string(from: instant) + (running ? "+" : "")
}

extension AppEnvironment {
    /// A clock standing at `now`, counting UUIDs and `timeZone`: for a core a test opens beside
    /// the built programs, on the day they see.
    package static func fixed(at now: Date = testNow, timeZone: TimeZone = newYork) -> AppEnvironment {
        let uuids = CountingUUIDs()
        return AppEnvironment(now: { now }, uuid: { uuids.next() }, timeZone: timeZone)
    }
}
