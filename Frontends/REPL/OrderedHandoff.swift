import Foundation

/// Hands values from the thread that makes them to a consumer on a thread of its own, in their
/// order, a batch at a time: a listing's cards are made on the store's thread while the ones
/// before them are written on the other core, idle once the store's read has ended.
///
/// One value at a time comes to `add` (from whichever thread), then `finish` once. A listing of
/// fewer than a batch is written on the calling thread at `finish`, with no thread started; when
/// the consumer falls behind (a pager that waits for its reader), `add` waits for it.
final class OrderedHandoff<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private let consume: @Sendable (Value) -> Void
    private let batchSize: Int
    private let mostWaiting: Int
    private var filling: [Value] = []
    private var waiting: [[Value]] = []
    private var ended = false
    private var started = false
    private let consumed = DispatchSemaphore(value: 0)

    /// A handoff passing each value to `consume`, `batchSize` at a time, with at most
    /// `mostWaiting` batches made and not yet consumed.
    init(batchSize: Int = 256, mostWaiting: Int = 16, consume: @escaping @Sendable (Value) -> Void) {
        self.batchSize = batchSize
        self.mostWaiting = mostWaiting
        self.consume = consume
    }

    func add(_ value: consuming Value) {
        condition.lock()
        defer { condition.unlock() }
        filling.append(value)
        guard filling.count >= batchSize else { return }
        while waiting.count >= mostWaiting { condition.wait() }
        waiting.append(filling)
        filling = []
        filling.reserveCapacity(batchSize)
        if !started {
            started = true
            Thread.detachNewThread { [self] in drain() }
        }
        condition.broadcast()
    }

    /// Consumes what is left and returns once every value has been consumed (once; again, at once).
    func finish() {
        condition.lock()
        guard !ended else { return condition.unlock() }
        if !filling.isEmpty { waiting.append(filling) }
        filling = []
        ended = true
        let wasStarted = started
        condition.broadcast()
        condition.unlock()
        if wasStarted {
            consumed.wait()
        } else {
            drain(signalling: false)
        }
    }

    /// Consumes the batches as they come, until `finish` has handed the last.
    private func drain(signalling: Bool = true) {
        while true {
            condition.lock()
            while waiting.isEmpty && !ended { condition.wait() }
            if waiting.isEmpty {
                condition.unlock()
                break
            }
            let batch = waiting.removeFirst()
            condition.broadcast()
            condition.unlock()
            batch.withUnsafeBufferPointer { values in
                for index in values.indices { consume(values[index]) }
            }
        }
        if signalling { consumed.signal() }
    }
}
