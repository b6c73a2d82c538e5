import Foundation

/// How many columns of a terminal text takes, and text cut or padded to a number of columns: the
/// one width rule of every front (the prompt's listings and the full screen), so what they draw
/// lines up and never runs past the edge.
///
/// A user-perceived character (a grapheme cluster: a letter and its combining marks, an emoji
/// with its modifiers or joined emoji, a flag) takes:
/// - 2 columns when it is East Asian Wide or Fullwidth (Unicode's EastAsianWidth.txt: CJK, Hangul,
///   kana, fullwidth forms), or shown as an emoji (Emoji_Presentation, or any emoji followed by
///   VS16, U+FE0F), or is a flag (two regional indicators);
/// - 0 columns when it is a mark, a format character (ZWJ, ZWSP, soft hyphen aside) or a Hangul
///   vowel or final consonant on its own;
/// - 1 column otherwise, ambiguous-width characters (…, °) included, as terminals outside CJK
///   locales show them.
///
/// An emoji with VS16 whose base is a text character (❤️, ☀️) counts 2, as kitty, WezTerm, foot and
/// iTerm2 show it; terminals that draw it in 1 (tmux, VTE) then have a column to spare, never one
/// too few. Text given here is already made visible (`VisibleText`): control characters do not occur.
package enum TerminalColumns {
    /// The columns `character` takes.
    package static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // Plain ASCII, the common case, costs one comparison.
        if first.value < 0x7F && scalars.count == 1 { return first.value >= 0x20 ? 1 : 0 }
        if scalars.contains(where: \.properties.isEmojiPresentation) { return 2 }
        if first.properties.isEmoji, scalars.dropFirst().contains(where: { $0.value == 0xFE0F }) { return 2 }
        if isWide(first.value) { return 2 }
        if isZeroWidth(first) {
            // A base that shows nothing (a mark alone): the cluster is as wide as what follows it.
            return scalars.dropFirst().contains { !isZeroWidth($0) } ? 1 : 0
        }
        return 1
    }

    /// The columns `text` takes; the colour and attribute codes a front adds (`ESC [ … m`) take none.
    package static func width(of text: some StringProtocol) -> Int {
        var total = 0, inEscape = false
        for character in text {
            if inEscape {
                if let value = character.asciiValue, (0x40...0x7E).contains(value), character != "[" { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            total += width(of: character)
        }
        return total
    }

    /// `text` as it fits in `columns`: unchanged when it does, else cut between characters and
    /// ended with "…" so it takes at most `columns` (a wide character that would cross the edge
    /// is left out whole). Nothing for fewer than 1 column.
    package static func fit(_ text: String, columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard width(of: text) > columns else { return text }
        var used = 0, end = text.startIndex
        for index in text.indices {
            let next = width(of: text[index])
            guard used + next <= columns - 1 else { break }
            used += next
            end = text.index(after: index)
        }
        return String(text[..<end]) + "…"
    }

    /// `text` in lines of at most `columns`, broken at spaces (a word longer than a line is cut
    /// between characters); the lines after the first start with `indent` spaces, counted in the
    /// width. A line break in `text` is kept.
    package static func wrap(_ text: String, columns: Int, indent: Int = 0) -> [String] {
        let columns = max(columns, indent + 1)
        var lines: [String] = [], line = "", used = 0, hasWord = false
        func breakLine() {
            lines.append(line)
            line = String(repeating: " ", count: indent)
            used = indent
            hasWord = false
        }
        for (number, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if number > 0 { breakLine() }
            for word in paragraph.split(separator: " ") {
                var rest = Substring(word)
                while !rest.isEmpty {
                    let separator = hasWord ? 1 : 0
                    let restWidth = width(of: rest)
                    if used + separator + restWidth <= columns {
                        line += (hasWord ? " " : "") + rest
                        used += separator + restWidth
                        hasWord = true
                        break
                    }
                    if hasWord {
                        breakLine()
                        continue
                    }
                    // Longer than a whole line: as much as fits, the rest on the next.
                    var end = rest.startIndex, endWidth = 0
                    while end < rest.endIndex, used + endWidth + width(of: rest[end]) <= columns {
                        endWidth += width(of: rest[end])
                        end = rest.index(after: end)
                    }
                    if end == rest.startIndex { end = rest.index(after: end) }
                    line += rest[..<end]
                    rest = rest[end...]
                    breakLine()
                }
            }
        }
        lines.append(line)
        return lines
    }

    /// Menu items ("1 Never", "2 Daily") after `label`, two spaces apart, in lines of at most
    /// `columns`: a line breaks between items, never inside one; the lines after the first are
    /// indented as wide as `label`.
    package static func menu(_ label: String, _ items: [String], columns: Int) -> [String] {
        var lines: [String] = [], line = label
        var used = width(of: label)
        let indent = used
        for item in items {
            let itemWidth = width(of: item)
            let separator = used > indent ? 2 : 0
            if used > indent, used + separator + itemWidth > columns {
                lines.append(line)
                line = String(repeating: " ", count: indent) + item
                used = indent + itemWidth
            } else {
                line += String(repeating: " ", count: separator) + item
                used += separator + itemWidth
            }
        }
        lines.append(line)
        return lines
    }

    /// `text` followed by spaces up to `columns` (unchanged when it takes that many or more).
    package static func padded(_ text: String, to columns: Int) -> String {
        let missing = columns - width(of: text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// Whether a code point is East Asian Wide or Fullwidth (EastAsianWidth.txt of Unicode 14.0,
    /// assigned characters, and the CJK ideograph blocks and planes 2 and 3 whole).
    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0, high = wide.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < wide[middle].lowerBound {
                high = middle - 1
            } else if value > wide[middle].upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Marks, format characters but the soft hyphen, and Hangul jamo that join a syllable.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD: return false
        case 0x1160...0x11FF, 0xD7B0...0xD7FF, 0x200B: return true
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// The East Asian Wide and Fullwidth ranges, in order.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x2E99,
        0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x2FFB, 0x3000...0x303E, 0x3041...0x3096, 0x3099...0x30FF,
        0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E3, 0x31F0...0x321E, 0x3220...0x3247, 0x3250...0x4DBF,
        0x4E00...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5, 0x18D00...0x18D08, 0x1AFF0...0x1AFF3,
        0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B150...0x1B152, 0x1B164...0x1B167,
        0x1B170...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
        0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA,
        0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440,
        0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
        0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC,
        0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DD...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
        0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
        0x1FA70...0x1FA74, 0x1FA78...0x1FA7C, 0x1FA80...0x1FA86, 0x1FA90...0x1FAAC, 0x1FAB0...0x1FABA,
        0x1FAC0...0x1FAC5, 0x1FAD0...0x1FAD9, 0x1FAE0...0x1FAE7, 0x1FAF0...0x1FAF6, 0x20000...0x2FFFD,
        0x30000...0x3FFFD
    ]
}
