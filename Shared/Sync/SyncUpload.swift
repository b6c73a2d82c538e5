import Foundation

/// Uploads (PUTs) of one push step, several at once: at most `SyncLimits.inFlight` in flight, and
/// one at a time from the first answer that says the server is busy (423 Locked, 429, 503), each
/// busy one asked again after the server's Retry-After or a backoff. Nothing here waits on a lock:
/// the scheduling is this one loop's, and an upload that is cancelled ends at once.
enum Upload {
    /// What the uploads found, by index (`nil` for one not finished when the push stopped), and
    /// what stopped them part way: a refused password, a server gone silent, the time limit, or
    /// `SyncLimits.refusalsInARow` refusals in a row.
    struct Result: Sendable {
        var outcomes: [CalDAVClient.WriteOutcome?]
        var stop: Error?
    }

    /// One upload's end: its index among the requests, and what it found.
    private struct Finished: Sendable {
        let index: Int
        let outcome: Swift.Result<CalDAVClient.WriteOutcome, Error>
    }

    /// PUTs each `(href, text, ifMatch)` through `client`.
    static func run(_ requests: [(href: String, text: String, ifMatch: String?)], client: CalDAVClient, limits: SyncLimits) async -> Result {
        await withTaskGroup(of: Finished.self) { group in
            var outcomes = [CalDAVClient.WriteOutcome?](repeating: nil, count: requests.count)
            var stop: Error?
            var waiting = Array(requests.indices.reversed())  // next at the end
            var delayed: [(index: Int, at: ContinuousClock.Instant)] = []
            var attempts = [Int](repeating: 0, count: requests.count)
            var limit = max(1, limits.inFlight)
            var inFlight = 0
            var refusedInARow = 0
            loop: while true {
                let now = client.transport.now()
                // Busy ones whose wait is over go first.
                for (position, entry) in delayed.enumerated().reversed() where entry.at <= now {
                    waiting.append(entry.index)
                    delayed.remove(at: position)
                }
                while inFlight < limit, let next = waiting.popLast() {
                    inFlight += 1
                    let request = requests[next]
                    group.addTask {
                        do {
                            return Finished(index: next, outcome: .success(try await client.put(request.href, body: request.text,
                                                                                                ifMatch: request.ifMatch, retrying: false)))
                        } catch {
                            return Finished(index: next, outcome: .failure(error))
                        }
                    }
                }
                if inFlight == 0 {
                    guard let soonest = delayed.map(\.at).min() else { break loop }
                    do {
                        try await client.wait(soonest - now, for: "store \(requests[delayed[0].index].href)")
                    } catch {
                        stop = error
                        break loop
                    }
                    continue
                }
                guard let finished = await group.next() else { break loop }
                let index = finished.index
                inFlight -= 1
                switch finished.outcome {
                case .failure(let error):
                    stop = error
                    break loop
                case .success(.busy(let status, let wait)):
                    limit = 1
                    attempts[index] += 1
                    guard attempts[index] < limits.attempts else {
                        outcomes[index] = .refused(SyncError(.refused(status: status), "\(client.serverName) stayed busy "
                            + "(\(status) \(CalDAVClient.reason(status))) after \(limits.attempts) tries"))
                        continue
                    }
                    let backoff = min(limits.firstBackoff * (1 << min(attempts[index] - 1, 20)), limits.longestBackoff)
                    delayed.append((index, client.transport.now().advanced(by: wait ?? backoff)))
                case .success(let outcome):
                    outcomes[index] = outcome
                    if case .refused(let error) = outcome {
                        refusedInARow += 1
                        if refusedInARow >= limits.refusalsInARow {
                            stop = SyncError(error.kind, "\(client.serverName) refused \(refusedInARow) reminders in a row, "
                                + "so the sync stopped sending (the last: \(error.message))")
                            break loop
                        }
                    } else {
                        refusedInARow = 0
                    }
                }
            }
            guard stop != nil else { return Result(outcomes: outcomes, stop: nil) }
            // The others are cancelled; what the server took before that is kept.
            group.cancelAll()
            while let finished = await group.next() {
                if case .success(let outcome) = finished.outcome, case .written = outcome { outcomes[finished.index] = outcome }
            }
            return Result(outcomes: outcomes, stop: stop)
        }
    }
}
