import Foundation
import Shared

/// How output looks: colour only on a terminal and never with `NO_COLOR`; lines cut to the width.
package struct Style {
    /// Whether to colour.
    package let colors: Bool
    /// The terminal's width in columns, `nil` when output is not a terminal (nothing is cut).
    package let width: Int?

    /// A style with colours or not, for a terminal `width` columns wide (`nil`: nothing is cut).
    package init(colors: Bool, width: Int?) {
        self.colors = colors
        self.width = width
    }

    /// The style for standard output in `environment`.
    package static func forStandardOutput(_ environment: [String: String]) -> Style {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        var size = winsize()
        let columns = isTerminal && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
            ? Int(size.ws_col) : nil
        return Style(colors: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty, width: columns)
    }

    package func bold(_ text: String) -> String { paint(text, "1") }
    package func dim(_ text: String) -> String { paint(text, "2") }
    package func red(_ text: String) -> String { paint(text, "31") }
    package func green(_ text: String) -> String { paint(text, "32") }
    package func yellow(_ text: String) -> String { paint(text, "33") }

    /// `#name` in the tag's own colour.
    package func tag(_ chip: TagChip) -> String {
        colored("#" + VisibleText.escaped(chip.name), hex: chip.colorHex)
    }

    /// `text` (already made visible) in the colour `#RRGGBB`.
    package func colored(_ text: String, hex colorHex: String) -> String {
        let hex = colorHex.dropFirst()
        guard colors, hex.count == 6, let value = Int(hex, radix: 16) else { return text }
        return "\u{1B}[38;2;\(value >> 16);\(value >> 8 & 0xFF);\(value & 0xFF)m\(text)\u{1B}[0m"
    }

    /// `text` (already made visible) cut with "…" so it takes at most `room` columns; unchanged off a terminal.
    package func fit(_ text: String, room: Int) -> String {
        guard width != nil, text.count > max(room, 1) else { return text }
        return String(text.prefix(max(room, 2) - 1)) + "…"
    }

    private func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
