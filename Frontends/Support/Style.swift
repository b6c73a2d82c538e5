import CTerminfo
import Foundation
import Shared

/// How output looks: escape codes only on a terminal, only those its terminfo entry says it has
/// (bold, dim, 8 or 256 colours; 24-bit colour when `COLORTERM` says truecolor), none with
/// `NO_COLOR`; lines cut to the terminal's width in columns, read again at each use, so output
/// follows a resized window.
package struct Style {
    /// The colours a terminal shows.
    package enum Palette: Int, Comparable, Sendable {
        /// None: no colour codes at all.
        case none
        /// The 8 (or 16) ANSI colours.
        case basic
        /// The 256 colours of xterm's palette.
        case indexed
        /// Any colour, as 24-bit RGB.
        case trueColor

        /// Fewer colours first.
        package static func < (lhs: Palette, rhs: Palette) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The colours used.
    package let palette: Palette
    /// Whether bold is used.
    package let hasBold: Bool
    /// Whether dim is used.
    package let hasDim: Bool
    private let fixedWidth: Int?
    private let measuresTerminal: Bool

    /// Whether anything is coloured (refusals in red, tags in their colours).
    package var colors: Bool { palette != .none }

    /// Whether it writes text as it is: no colour, no bold, no dim.
    package var isPlain: Bool { palette == .none && !hasBold && !hasDim }

    /// The terminal's width in columns now, `nil` when output is not a terminal (nothing is cut).
    package var width: Int? { measuresTerminal ? Self.terminalColumns() : fixedWidth }

    /// A style with every colour (24-bit) and attribute or none, for a terminal `width` columns wide
    /// (`nil`: nothing is cut).
    package init(colors: Bool, width: Int?) {
        self.init(palette: colors ? .trueColor : .none, bold: colors, dim: colors, width: width)
    }

    /// A style with `palette`, bold and dim as said, `width` columns wide (`nil`: nothing is cut).
    package init(palette: Palette, bold: Bool, dim: Bool, width: Int?) {
        self.palette = palette
        hasBold = bold
        hasDim = dim
        fixedWidth = width
        measuresTerminal = false
    }

    private init(palette: Palette, bold: Bool, dim: Bool, measuringTerminal: Bool) {
        self.palette = palette
        hasBold = bold
        hasDim = dim
        fixedWidth = nil
        measuresTerminal = measuringTerminal
    }

    /// The style for standard output in `environment`.
    package static func forStandardOutput(_ environment: [String: String]) -> Style {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        guard isTerminal, (environment["NO_COLOR"] ?? "").isEmpty else {
            return Style(palette: .none, bold: false, dim: false, measuringTerminal: isTerminal)
        }
        let terminal = capabilities(of: environment["TERM"] ?? "", colorTerm: environment["COLORTERM"])
        return Style(palette: terminal.palette, bold: terminal.bold, dim: terminal.dim, measuringTerminal: true)
    }

    /// What the terminal `term` has, by its terminfo entry (nothing for one the database does not
    /// know, or none given); 24-bit colour when `colorTerm` is `truecolor` or `24bit` and it has colours.
    package static func capabilities(of term: String, colorTerm: String?) -> (palette: Palette, bold: Bool, dim: Bool) {
        guard !term.isEmpty else { return (.none, false, false) }
        var colors: Int32 = -1, bold: Int32 = 0, dim: Int32 = 0
        guard memoss_terminfo_query(term, &colors, &bold, &dim) == 0 else { return (.none, false, false) }
        var palette: Palette = colors >= 256 ? .indexed : colors >= 8 ? .basic : .none
        if palette != .none, ["truecolor", "24bit"].contains(colorTerm?.lowercased() ?? "") { palette = .trueColor }
        return (palette, bold != 0, dim != 0)
    }

    /// The width of the terminal standard output is, now; `nil` when it is not one.
    private static func terminalColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// `text` in bold, where the terminal has it.
    package func bold(_ text: String) -> String { hasBold ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    /// `text` dimmed, where the terminal has it.
    package func dim(_ text: String) -> String { hasDim ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    /// `text` in red, where the terminal has colours.
    package func red(_ text: String) -> String { paint(text, 1) }
    /// `text` in green, where the terminal has colours.
    package func green(_ text: String) -> String { paint(text, 2) }
    /// `text` in yellow, where the terminal has colours.
    package func yellow(_ text: String) -> String { paint(text, 3) }

    /// `#name` in the tag's own colour, as near as the palette has it.
    package func tag(_ chip: TagChip) -> String {
        colored("#" + VisibleText.escaped(chip.name), hex: chip.colorHex)
    }

    /// `text` in the colour `hex` (`#RRGGBB`) as near as the palette has it; unchanged without colours.
    package func colored(_ text: String, hex: String) -> String {
        let digits = hex.dropFirst()
        guard palette != .none, digits.count == 6, let value = Int(digits, radix: 16) else { return text }
        let (red, green, blue) = (value >> 16, value >> 8 & 0xFF, value & 0xFF)
        let code = switch palette {
        case .trueColor: "38;2;\(red);\(green);\(blue)"
        case .indexed: "38;5;\(Self.indexed(red, green, blue))"
        case .basic, .none: "\(30 + Self.basic(red, green, blue))"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    /// `text` (already made visible) cut with "…" so it takes at most `room` columns; unchanged off a terminal.
    package func fit(_ text: String, room: Int) -> String {
        guard width != nil else { return text }
        return TerminalColumns.fit(text, columns: max(room, 1))
    }

    /// ANSI colour `index` (1 red, 2 green, 3 yellow).
    private func paint(_ text: String, _ index: Int) -> String {
        palette != .none ? "\u{1B}[\(30 + index)m\(text)\u{1B}[0m" : text
    }

    /// The nearest colour of xterm's 256: the 6×6×6 cube or the grey ramp.
    private static func indexed(_ red: Int, _ green: Int, _ blue: Int) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func level(_ value: Int) -> Int { levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) } ?? 0 }
        let (r, g, b) = (level(red), level(green), level(blue))
        let cube = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance((levels[r], levels[g], levels[b]), (red, green, blue))
        let grey = max(0, min(23, ((red + green + blue) / 3 - 8 + 5) / 10))
        let greyValue = 8 + 10 * grey
        return distance((greyValue, greyValue, greyValue), (red, green, blue)) < cubeDistance ? 232 + grey : cube
    }

    /// The ANSI colour (0 black … 7 white) of the hue of `red`, `green`, `blue`: black or white for
    /// a grey, else red, yellow (oranges too), green, cyan, blue or magenta (violets too) by hue.
    private static func basic(_ red: Int, _ green: Int, _ blue: Int) -> Int {
        let high = max(red, green, blue), low = min(red, green, blue)
        guard high - low >= 48 else { return high < 64 ? 0 : 7 }
        let range = Double(high - low)
        var hue: Double = switch high {
        case red: 60 * (Double(green - blue) / range)
        case green: 60 * (Double(blue - red) / range + 2)
        default: 60 * (Double(red - green) / range + 4)
        }
        if hue < 0 { hue += 360 }
        switch hue {
        case 20..<75: return 3
        case 75..<165: return 2
        case 165..<200: return 6
        case 200..<255: return 4
        case 255..<345: return 5
        default: return 1
        }
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }
}
