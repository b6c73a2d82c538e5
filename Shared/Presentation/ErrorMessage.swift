import Domain

/// Turns any failure from the core into one sentence a user can act on.
package enum ErrorMessage {
    /// The sentence for `error`.
    package static func describe(_ error: any Error) -> String {
        (error as? any UserFacingError)?.message ?? "Something went wrong: \(error)."
    }
}

extension UserTimeZone.Problem {
    /// The line said once on standard error: what was wrong with `TZ`, what is used instead, what to do.
    package var message: String {
        let advice = "set TZ to a zone name such as Europe/Berlin, or unset it to use the system's zone"
        switch self {
        case .empty:
            return "TZ is set but empty, so times are in UTC (as the C library reads it); \(advice)."
        case .noSuchZone(let tz, let directory):
            return "TZ=\"\(VisibleText.escaped(tz))\" names no zone of the time zone database in \(directory); using UTC; \(advice)."
        case .unfollowedRule(let tz, let offset):
            let magnitude = abs(offset)
            let text = String(format: "UTC%@%02d:%02d", offset < 0 ? "-" : "+", magnitude / 3_600, magnitude % 3_600 / 60)
            return "TZ=\"\(VisibleText.escaped(tz))\" has daylight-saving rules that no zone of the time zone database follows; "
                + "using \(text) all year; \(advice)."
        case .unreadable(let tz):
            return "TZ=\"\(VisibleText.escaped(tz))\" is neither a time zone name nor a POSIX rule; using UTC; \(advice)."
        }
    }
}
