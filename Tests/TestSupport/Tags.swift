import Testing

extension Tag {
    /// A suite that takes more than about ten seconds (real servers, fuzzers, round trips through
    /// oracles, thousands of rows): `docs/testing.md` says how to run the others alone.
    @Tag package static var slow: Self
}
