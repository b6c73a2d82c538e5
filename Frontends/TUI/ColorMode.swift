/// How many colours the screen uses, from what the terminal and the user say.
enum ColorMode: Equatable {
    /// None: `NO_COLOR` is set, or the terminal has none. Bold, dim and reverse video still mark things.
    case none
    /// The eight basic colours.
    case basic
    /// The 256 colours of xterm's palette; a tag's colour is the nearest of them.
    case indexed
    /// Any colour (`COLORTERM=truecolor` with a terminal description that has direct colour).
    case direct

    /// Whether the user asked for no colour: `NO_COLOR` set to anything but the empty string.
    static func refused(_ environment: [String: String]) -> Bool {
        !(environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Whether the terminal says it shows any colour (`COLORTERM=truecolor` or `24bit`).
    static func truecolorAnnounced(_ environment: [String: String]) -> Bool {
        ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
    }

    /// The terminal descriptions to try, best first: for truecolor, the direct-colour variant of
    /// `TERM`'s family (`tmux-256color` → `tmux-direct`), then `TERM` itself.
    static func terminalTypes(_ environment: [String: String]) -> [String] {
        let term = environment["TERM"] ?? ""
        guard !refused(environment), truecolorAnnounced(environment), !term.isEmpty, !term.hasSuffix("-direct") else { return [term] }
        let family = term.split(separator: "-").first.map(String.init) ?? term
        return [family + "-direct", term]
    }

    /// The mode for a terminal with `count` colours (ncurses' `COLORS`).
    init(colors count: Int) {
        self = count >= 0x1000000 ? .direct : count >= 256 ? .indexed : count >= 8 ? .basic : .none
    }
}

/// A colour as `#RRGGBB` gives it.
struct RGB: Hashable {
    /// Its parts, 0–255 each.
    let red: Int, green: Int, blue: Int

    /// The colour `#RRGGBB` names, `nil` for anything else.
    init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, let value = Int(digits, radix: 16) else { return nil }
        self.init(red: value >> 16, green: value >> 8 & 0xFF, blue: value & 0xFF)
    }

    /// The colour of these parts.
    init(red: Int, green: Int, blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour as ncurses takes it in `mode`: the value itself (direct), the nearest of the 256
    /// (the 6×6×6 cube or the grey ramp), or the nearest of the 8.
    func number(in mode: ColorMode) -> Int {
        switch mode {
        case .none: return -1
        case .direct: return red << 16 | green << 8 | blue
        case .indexed:
            let levels = [0, 95, 135, 175, 215, 255]
            func nearestLevel(_ value: Int) -> Int { levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) } ?? 0 }
            let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
            let cube = RGB(red: levels[r], green: levels[g], blue: levels[b])
            let grey = max(0, min(23, ((red + green + blue) / 3 - 8 + 5) / 10))
            let greyLevel = 8 + grey * 10
            let greyColor = RGB(red: greyLevel, green: greyLevel, blue: greyLevel)
            return distance(to: greyColor) < distance(to: cube) ? 232 + grey : 16 + 36 * r + 6 * g + b
        case .basic:
            // black, red, green, yellow, blue, magenta, cyan, white
            let basics = [RGB(red: 0, green: 0, blue: 0), RGB(red: 205, green: 0, blue: 0), RGB(red: 0, green: 205, blue: 0),
                          RGB(red: 205, green: 205, blue: 0), RGB(red: 0, green: 0, blue: 238), RGB(red: 205, green: 0, blue: 205),
                          RGB(red: 0, green: 205, blue: 205), RGB(red: 229, green: 229, blue: 229)]
            return basics.indices.min { distance(to: basics[$0]) < distance(to: basics[$1]) } ?? 7
        }
    }

    private func distance(to other: RGB) -> Int {
        let (dr, dg, db) = (red - other.red, green - other.green, blue - other.blue)
        return dr * dr + dg * dg + db * db
    }
}
