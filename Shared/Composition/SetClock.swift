import Domain
import Foundation

/// The clock `MEMOSS_CLOCK` sets, so end-to-end tests run the built programs on a day of their
/// choosing instead of today's. Nothing else reads the variable; a user who never sets it gets
/// the system's clock. Its forms:
/// - `2026-11-20T14:00:00Z` (any ISO 8601 offset): that instant, always;
/// - `2026-11-20T14:00:00Z+`: that instant when the program starts, then running as clocks do
///   (for `watch`, which sleeps until something falls due);
/// - `@FILE`: the instant the file holds, in either form, read again whenever the file changes,
///   so a test moves time forward (a laptop waking from sleep) by writing to it.
package struct SetClock: Sendable {
    /// The environment variable.
    package static let variable = "MEMOSS_CLOCK"

    private let read: @Sendable () -> Date
    /// The file it is read from (`@FILE`), `nil` for the other forms.
    package let file: String?

    /// The clock `text` sets, `nil` when it is not one of the forms.
    package init?(_ text: String) {
        if text.hasPrefix("@") {
            let path = String(text.dropFirst())
            guard let first = Self.reading(file: path) else { return nil }
            let file = ClockFile(path: path, first: first)
            read = { file.now() }
            self.file = path
            return
        }
        guard let setting = Self.setting(text) else { return nil }
        read = setting.now
        file = nil
    }

    /// The current instant on this clock.
    package func now() -> Date { read() }

    /// An instant, frozen or (with `+`) running from when it is read.
    private struct Setting: Sendable {
        let instant: Date
        let running: Bool
        let started = ContinuousClock.now

        func now() -> Date {
            guard running else { return instant }
            let elapsed = ContinuousClock.now - started
            return instant.addingTimeInterval(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
    }

    private static func setting(_ text: String) -> Setting? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let running = trimmed.hasSuffix("+")
        let text = running ? String(trimmed.dropLast()) : trimmed
        // FoundationEssentials' style reads the other forms without ICU (a date formatter costs a
        // command 1.5 ms, the style a third of one).
        guard let instant = utcInstant(text) ?? (try? Date(text, strategy: Date.ISO8601FormatStyle())) else { return nil }
        return Setting(instant: instant, running: running)
    }

    /// `2026-11-20T14:00:00Z`, the form tests and benchmarks give, read byte by byte.
    private static func utcInstant(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              bytes[19] == UInt8(ascii: "Z"), let day = LocalDate(iso: String(decoding: bytes[0..<10], as: UTF8.self))
        else { return nil }
        func number(at start: Int) -> Int? {
            let (tens, ones) = (bytes[start], bytes[start + 1])
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(tens), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ones) else { return nil }
            return Int(tens - UInt8(ascii: "0")) * 10 + Int(ones - UInt8(ascii: "0"))
        }
        guard let hour = number(at: 11), hour < 24, let minute = number(at: 14), minute < 60,
              let second = number(at: 17), second < 60 else { return nil }
        return Date(timeIntervalSince1970: Double(day.daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    private static func reading(file path: String) -> Setting? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap(setting)
    }

    /// A clock file, read again when its modification time changes.
    private final class ClockFile: @unchecked Sendable {
        private let path: String
        private let lock = NSLock()
        private var setting: Setting
        private var modified: timespec

        init(path: String, first: Setting) {
            self.path = path
            setting = first
            modified = Self.modificationTime(path) ?? timespec()
        }

        func now() -> Date {
            lock.withLock {
                if let time = Self.modificationTime(path), time.tv_sec != modified.tv_sec || time.tv_nsec != modified.tv_nsec,
                   let changed = SetClock.reading(file: path) {
                    setting = changed
                    modified = time
                }
                return setting.now()
            }
        }

        private static func modificationTime(_ path: String) -> timespec? {
            var info = stat()
            return stat(path, &info) == 0 ? info.st_mtim : nil
        }
    }
}
