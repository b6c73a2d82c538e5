import Foundation

/// Whether a title contains what was searched for, ignoring case and accents ("cafe" finds
/// "Café au lait", "MILK" finds "Buy milk").
package struct TitleSearch: Sendable {
    private let folded: String
    private let asciiBytes: [UInt8]?

    /// A search for `text` (white space at its ends aside).
    package init(_ text: String) {
        folded = Self.fold(text.trimmingWhitespace())
        asciiBytes = folded.utf8.allSatisfy { $0 < 0x80 } ? Array(folded.utf8) : nil
    }

    /// Whether `title` contains the text; every title does when the text is empty.
    package func matches(_ title: String) -> Bool {
        guard !folded.isEmpty else { return true }
        // Most titles and searches are ASCII: compared byte by byte, without folding the title.
        if let needle = asciiBytes, title.utf8.allSatisfy({ $0 < 0x80 }) {
            return Self.containsIgnoringASCIICase(Array(title.utf8), needle)
        }
        return Self.fold(title).contains(folded)
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    private static func containsIgnoringASCIICase(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
        outer: for start in 0...(haystack.count - needle.count) {
            for offset in 0..<needle.count where lower(haystack[start + offset]) != needle[offset] { continue outer }
            return true
        }
        return false
    }
}
