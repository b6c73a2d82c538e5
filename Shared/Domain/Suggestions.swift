/// "Did you mean …?": the known words closest to one that was mistyped.
package enum Suggestions {
    /// Up to `limit` of `candidates` close to `word` (a few letters changed, swapped, missing or
    /// extra, ignoring case, or `word` a prefix of it), the closest first.
    package static func closest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty else { return [] }
        let allowed = max(1, min(3, typed.count / 3))
        var scored: [(distance: Int, candidate: String)] = []
        for candidate in candidates {
            let known = Array(candidate.lowercased())
            if known == typed { continue }
            let distance = known.starts(with: typed) ? 0 : editDistance(typed, known)
            if distance <= allowed { scored.append((distance, candidate)) }
        }
        return scored.sorted { ($0.distance, $0.candidate.lowercased()) < ($1.distance, $1.candidate.lowercased()) }
            .prefix(limit).map(\.candidate)
    }

    /// "; did you mean "Work"?" (or "… "Work" or "Word"?"), empty when nothing is close.
    package static func phrase(for word: String, among candidates: [String]) -> String {
        let close = closest(to: word, among: candidates)
        guard !close.isEmpty else { return "" }
        return "; did you mean " + close.map { "\"\($0)\"" }.joined(separator: " or ") + "?"
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
