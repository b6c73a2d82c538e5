import Domain
import Foundation
import GRDB

extension AppDatabase {
    /// Reads on two connections of the pool at once, over one and the same state of the store,
    /// so a long read uses two cores: `first` runs on one connection and `second` on another, which
    /// passes what it reads to `first` through a `Partner` as it goes.
    ///
    /// `pin` is the first read on `first`'s connection; what it returns is handed to `second`.
    /// `second` starts only after it, and only when no other connection (of this process or
    /// another) committed between the starts of the two reads, as `PRAGMA data_version` on
    /// `second`'s connection shows. When no second connection is free within a second, or for a
    /// store in memory, `alone` does the whole read on `first`'s connection instead of `first`.
    /// When `second` could not start on `first`'s state, the partner's first `next()` throws
    /// `Partner.Unavailable`, and `first` reads what `second` would have itself, in its own
    /// transaction. Errors of `second` come out of the partner's `next()`.
    ///
    /// - Parameters:
    ///   - betweenStarts: called after `first`'s read started and before `second`'s (tests commit there).
    ///   - beforeSecondLooks: called on `second`'s connection before it looks at `data_version` (tests commit there).
    func readInTwo<Pinned: Sendable, Item: Sendable, T: Sendable>(
        pin: @escaping @Sendable (Database) throws -> Pinned,
        first: @escaping @Sendable (Database, Pinned, Partner<Item>) throws -> T,
        second: @escaping @Sendable (Database, Pinned, _ pass: (Item) -> Bool) throws -> Void,
        alone: @escaping @Sendable (Database, Pinned) throws -> T,
        betweenStarts: (@Sendable () -> Void)? = nil,
        beforeSecondLooks: (@Sendable () -> Void)? = nil
    ) async throws -> T {
        guard writer is DatabasePool else {
            return try await read { db in try alone(db, try pin(db)) }
        }
        let handshake = Handshake<Pinned>(), channel = Partner<Item>()
        // Straight on a connection's queue (a child task may wait for a thread of the cooperative
        // pool), without a transaction: it begins its own once it has looked at `data_version`.
        // The first read lets it go when it ends, and it has ended when this returns.
        writer.asyncUnsafeRead { connection in
            defer { handshake.secondEnded() }
            defer { channel.finish() }
            do {
                let db = try connection.get()
                beforeSecondLooks?()
                let before = try Int.fetchOne(db, sql: "PRAGMA data_version")
                handshake.ready.signal()
                guard handshake.started.wait(timeout: .now() + .seconds(1)) == .success, let pinned = handshake.pinned else {
                    channel.finish(throwing: Partner<Item>.Unavailable())
                    return
                }
                try db.inTransaction(.deferred) {
                    guard try Int.fetchOne(db, sql: "PRAGMA data_version") == before else {
                        channel.finish(throwing: Partner<Item>.Unavailable())
                        return .rollback
                    }
                    try second(db, pinned) { channel.pass($0) }
                    return .commit
                }
            } catch {
                channel.finish(throwing: error)
            }
        }
        let result: Result<T, any Error>
        do {
            // The first read's transaction begins only once the second has looked at
            // `data_version`: its state is then the one the second checks it started on (GRDB's
            // `read` would fix it before this closure runs, and a commit before that look would
            // go unseen).
            result = .success(try await transactionAfterReady { db in
                defer { channel.stop() }
                let hasSecond = handshake.ready.wait(timeout: .now() + .seconds(1)) == .success
                return try db.inReadTransaction {
                    let pinned: Pinned
                    do {
                        pinned = try pin(db)
                    } catch {
                        handshake.started.signal()
                        throw error
                    }
                    guard hasSecond else {
                        handshake.started.signal()
                        return try alone(db, pinned)
                    }
                    betweenStarts?()
                    handshake.pinned = pinned
                    handshake.started.signal()
                    return try first(db, pinned, channel)
                }
            })
        } catch {
            result = .failure(error)
        }
        await handshake.secondHasEnded()
        return try result.get()
    }
}

extension AppDatabase {
    /// A read on a connection of the pool whose transaction `body` begins itself
    /// (`Database.inReadTransaction`), with storage failures turned into `StoreError` as `read` does.
    fileprivate func transactionAfterReady<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        transactions.add()
        do {
            return try await writer.unsafeRead(body)
        } catch {
            throw Self.storeError(error)
        }
    }
}

extension Database {
    /// `body` in a deferred transaction, ended whether it returns or throws.
    fileprivate func inReadTransaction<T>(_ body: () throws -> T) throws -> T {
        var value: Result<T, any Error> = .failure(StoreError.unreadableValue)
        try inTransaction(.deferred) {
            value = .success(try body())
            return .commit
        }
        return try value.get()
    }
}

/// The signals between the two reads of `readInTwo`.
private final class Handshake<Pinned>: @unchecked Sendable {
    /// The second connection is there and has looked at `data_version`.
    let ready = DispatchSemaphore(value: 0)
    /// The first read started (`pinned` is set when the second may go on).
    let started = DispatchSemaphore(value: 0)
    /// Set before `started` is signalled, read after.
    var pinned: Pinned?
    private let lock = NSLock()
    private var hasEnded = false
    private var waiting: CheckedContinuation<Void, Never>?

    /// The second read's closure ended (called once, on its connection's queue).
    func secondEnded() {
        let waiter = lock.withLock {
            hasEnded = true
            defer { waiting = nil }
            return waiting
        }
        waiter?.resume()
    }

    /// Returns once the second read's closure has ended.
    func secondHasEnded() async {
        await withCheckedContinuation { continuation in
            let ended = lock.withLock {
                if !hasEnded { waiting = continuation }
                return hasEnded
            }
            if ended { continuation.resume() }
        }
    }
}

/// What the second read of `readInTwo` passes to the first, in batches; the second waits while
/// `capacity` batches are unread, so memory stays flat however much it reads.
final class Partner<Item: Sendable>: @unchecked Sendable {
    /// The second read could not run over the first one's state: `alone` takes over.
    struct Unavailable: Error {}

    private static var batchSize: Int { 256 }
    private static var capacity: Int { 8 }
    private let condition = NSCondition()
    private var batches: [[Item]] = []
    private var isFinished = false, isStopped = false
    private var failure: (any Error)?
    /// The batch being filled by the second read (its thread only).
    private var filling: [Item] = []
    /// The batch being read by the first read (its thread only), and the position in it.
    private var reading: [Item] = []
    private var position = 0

    /// The next item, `nil` after the last; throws the second read's error, or `Unavailable`.
    func next() throws -> Item? {
        if position < reading.count {
            defer { position += 1 }
            return reading[position]
        }
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !isFinished { condition.wait() }
        if batches.isEmpty {
            if let failure { throw failure }
            return nil
        }
        reading = batches.removeFirst()
        condition.broadcast()
        position = 1
        return reading[0]
    }

    /// Adds `item`; false once the first read has stopped (the second should stop too).
    fileprivate func pass(_ item: Item) -> Bool {
        filling.append(item)
        guard filling.count == Self.batchSize else { return true }
        return flush()
    }

    private func flush() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= Self.capacity && !isStopped { condition.wait() }
        guard !isStopped else { return false }
        batches.append(filling)
        filling = []
        condition.broadcast()
        return true
    }

    /// The second read ended: what is left is passed on, then the end (or `error`). Only the
    /// first call counts.
    fileprivate func finish(throwing error: (any Error)? = nil) {
        condition.lock()
        defer { condition.unlock() }
        guard !isFinished else { return }
        if error == nil && !filling.isEmpty && !isStopped { batches.append(filling) }
        filling = []
        failure = error
        isFinished = true
        condition.broadcast()
    }

    /// The first read ended: the second is let go.
    fileprivate func stop() {
        condition.lock()
        defer { condition.unlock() }
        isStopped = true
        condition.broadcast()
    }
}

/// A value one read of `readInTwo` makes for the other, which waits for it: given once (or the
/// error making it threw), taken any number of times.
final class Handoff<Value>: @unchecked Sendable {
    private let given = DispatchSemaphore(value: 0)
    private var result: Result<Value, any Error>?

    /// Makes the value with `body` and hands it (or `body`'s error) over.
    func give(_ body: () throws -> Value) {
        result = Result { try body() }
        given.signal()
    }

    /// The value, once given; throws the error making it threw.
    func take() throws -> Value {
        given.wait()
        defer { given.signal() }
        guard let result else { throw StoreError.unreadableValue }
        return try result.get()
    }
}
