import CNcurses
import Shared

/// Text measured in terminal columns: a CJK character or an emoji takes two, a combining mark none.
enum Columns {
    /// The columns `character` takes.
    static func width(_ character: Character) -> Int {
        if character.isASCII { return 1 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // An emoji shown as a picture (by default or by VS16) takes two columns.
        if first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}") { return 2 }
        return max(0, Int(memoss_tui_wcwidth(first.value)))
    }

    /// The columns `text` takes.
    static func width(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.reduce(0) { $0 + width($1) }
    }

    /// `text` cut to take at most `room` columns, ending with "…" when cut.
    static func fit(_ text: String, _ room: Int) -> String {
        guard room > 0 else { return "" }
        guard width(text) > room else { return text }
        var result = "", used = 0
        for character in text {
            let next = width(character)
            if used + next > room - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// Text that came from a user, with control characters made visible (never run by the terminal).
    static func visible(_ text: String) -> String { VisibleText.escaped(text) }
}
