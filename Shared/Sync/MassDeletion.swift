/// A sync about to delete many of an account's reminders on one side: it stops and asks first
/// (vdirsyncer and Tasks.org users lost most of their tasks to a server that came back empty).
package struct MassDeletion: Sendable, Equatable {
    /// Where the reminders would be deleted.
    package enum Side: Sendable, Equatable {
        /// Here, because the server no longer has them.
        case here
        /// On the server, because they were deleted here.
        case onServer
    }

    /// The account's name.
    package var account: String
    /// Where.
    package var side: Side
    /// How many would be deleted, of how many the account syncs.
    package var count: Int
    package var of: Int

    /// `count` of the `total` reminders of `account` about to be deleted on `side`.
    package init(account: String, side: Side, count: Int, of total: Int) {
        self.account = account
        self.side = side
        self.count = count
        of = total
    }

    /// Whether it is more than `limits` let a sync do unasked.
    func isMass(_ limits: SyncLimits) -> Bool {
        count > limits.massDeletionCount && Double(count) > limits.massDeletionShare * Double(max(of, 1))
    }

    private var what: String {
        switch side {
        case .here: "delete \(count) of the \(of) reminders synced with \(account) here, because the server no longer has them"
        case .onServer: "delete \(count) of the \(of) reminders of \(account) on the server, because they were deleted here"
        }
    }

    /// The question asked at a terminal.
    package var question: String { "This sync would \(what). Go on? [y/N] " }

    /// Why a sync stopped without the user's word.
    package var refusal: String {
        "stopped before it would \(what); nothing was deleted. If that is right, run `sync --force \(account)`"
    }

    /// What a dry run says of it.
    var dryRunNotice: String { "this sync would \(what); it will ask first, or needs --force" }
}
