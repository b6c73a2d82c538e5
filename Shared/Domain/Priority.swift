import Foundation

/// How much a reminder matters: none, low, medium or high, as every task client has it.
package enum Priority: Int, CaseIterable, Comparable, Hashable, Sendable {
    case none = 0, low = 1, medium = 2, high = 3

    /// The level iCalendar's `PRIORITY` says (RFC 5545 §3.8.1.9): 1–4 high, 5 medium, 6–9 low,
    /// 0 (or anything else) none.
    package init(icalendar value: Int) {
        self = switch value {
        case 1...4: .high
        case 5: .medium
        case 6...9: .low
        default: .none
        }
    }

    /// The `PRIORITY` Memoss writes for it: 1, 5, 9, or 0.
    package var icalendarValue: Int {
        switch self {
        case .none: 0
        case .low: 9
        case .medium: 5
        case .high: 1
        }
    }

    /// The word `--priority` takes and JSON and CSV write: none, low, medium, high.
    package var word: String {
        switch self {
        case .none: "none"
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        }
    }

    /// Its marks, as Apple writes them and cards show them: "!", "!!", "!!!", nothing for none.
    package var marks: String { String(repeating: "!", count: rawValue) }

    /// The level `text` names: a word (none, low, medium, high; also med, hi, lo), its marks
    /// (`!`, `!!`, `!!!`) or a number 0–9 read as iCalendar's `PRIORITY` is; `nil` for anything else.
    package init?(text: String) {
        let word = text.trimmingWhitespace().lowercased()
        if !word.isEmpty, word.allSatisfy({ $0 == "!" }), word.count <= 3 {
            self = Priority(rawValue: word.count) ?? .none
            return
        }
        if word.count == 1, let digit = Int(word) {
            self = Priority(icalendar: digit)
            return
        }
        switch word {
        case "none", "no", "-": self = .none
        case "low", "lo": self = .low
        case "medium", "med": self = .medium
        case "high", "hi": self = .high
        default: return nil
        }
    }

    package static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
}
