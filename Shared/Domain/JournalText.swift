/// How journal summaries name what a command touched.
package enum JournalText {
    /// `"Buy milk"`, `"Buy milk" and "Call Ann"`, or `3 reminders ("Buy milk", "Call Ann" …)`.
    package static func titles(_ titles: [String]) -> String {
        let quoted = titles.map { "\"\($0)\"" }
        switch quoted.count {
        case 0: return "no reminders"
        case 1: return quoted[0]
        case 2: return "\(quoted[0]) and \(quoted[1])"
        default: return "\(quoted.count) reminders (\(quoted.prefix(2).joined(separator: ", ")) …)"
        }
    }
}
