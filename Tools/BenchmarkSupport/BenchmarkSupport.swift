import Foundation

/// A deterministic generator (SplitMix64), so every run of a benchmark builds the same data.
package struct SplitMix64 {
    private var state: UInt64

    /// A generator starting from `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n`.
    package mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// UUIDs …0001, …0002, … so every run builds the same store.
package final class CountingUUIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var count: UInt64 = 0

    /// A counter starting at 1.
    package init() {}

    /// The next UUID.
    package func next() -> UUID {
        lock.withLock {
            count += 1
            return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012llX", count)) ?? UUID()
        }
    }
}

/// Timing and memory helpers.
package enum Measure {
    /// The median of `values`.
    package static func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

    /// `duration` in seconds.
    package static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `duration` as "12.34 ms".
    package static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.2f ms", seconds(duration) * 1_000)
    }

    /// The process's peak resident memory in MiB.
    package static func peakMemoryMiB() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024  // KiB on Linux
    }

    /// A new temporary folder, for a benchmark's store.
    package static func scratchFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("memoss-bench-\(UUID().uuidString)")
    }
}
