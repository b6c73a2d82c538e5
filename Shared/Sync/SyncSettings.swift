/// How one sync runs.
package struct SyncSettings: Sendable {
    /// Each request's limit, from connecting to the answer's last byte (`--timeout`).
    package var timeout: Duration = .seconds(30)
    /// The whole sync's limit, all accounts together (`--max-time`).
    package var maxTime: Duration = .seconds(900)
    /// When the whole sync must end; `nil` for `maxTime` from the start of an account's sync.
    package var deadline: ContinuousClock.Instant?
    /// Say what would change, and change nothing (`--dry-run`).
    package var dryRun = false
    /// Delete many reminders without asking (`--force`).
    package var force = false

    /// Options with their defaults unless given.
    package init(timeout: Duration = .seconds(30), maxTime: Duration = .seconds(900), dryRun: Bool = false, force: Bool = false) {
        self.timeout = timeout
        self.maxTime = maxTime
        self.dryRun = dryRun
        self.force = force
    }
}
