/// The bounds a sync keeps whatever a server does: sizes read, redirects followed, retries,
/// requests in flight, and when a deletion needs the user's word.
package struct SyncLimits: Sendable {
    /// The most bytes one answer may have (a listing, a batch of resources).
    package var answerBytes = 32 * 1024 * 1024
    /// The most bytes of one resource (one to-do): larger ones are left alone on the server.
    package var resourceBytes = 1024 * 1024
    /// Redirects followed for one request, within the account's address.
    package var redirects = 5
    /// Tries of one request a busy server refuses (423 Locked, 429, 503) before giving up.
    package var attempts = 8
    /// The longest wait a server's Retry-After is granted.
    package var longestWait: Duration = .seconds(60)
    /// The first wait before a retry without Retry-After; it doubles up to `longestBackoff`.
    package var firstBackoff: Duration = .milliseconds(250)
    /// The longest such wait.
    package var longestBackoff: Duration = .seconds(8)
    /// Uploads in flight at once, until the server says it is busy (then one at a time).
    package var inFlight = 6
    /// Resources asked for in one calendar-multiget.
    package var batch = 100
    /// Uploads refused in a row after which the push stops.
    package var refusalsInARow = 5
    /// A sync that would delete more than this share of an account's reminders, on either side…
    package var massDeletionShare = 0.5
    /// …and more than this many, stops and asks (or needs `--force`).
    package var massDeletionCount = 10
    /// New tags one sync may create (the importer's limit per file).
    package var newTags = 500

    /// The standard limits; a test changes the ones it needs.
    package init() {}

    /// The limits Memoss uses.
    package static let standard = SyncLimits()
}
