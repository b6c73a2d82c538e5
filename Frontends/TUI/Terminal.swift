import CNcurses
import FrontSupport
import Foundation
import Shared

/// How a piece of text looks: attributes and colours (`nil`: the terminal's own).
struct Look: Hashable {
    /// Bold, dim, reverse video, underlined.
    var bold = false, dim = false, reverse = false, underline = false
    /// The text's colour and the background's, `nil` for the terminal's own.
    var color: RGB?, background: RGB?

    /// The terminal's own look, and the usual attributes alone.
    static let plain = Look(), bold = Look(bold: true), dim = Look(dim: true), reverse = Look(reverse: true)

    /// This look in `color`.
    func colored(_ color: RGB?) -> Look {
        var look = self
        look.color = color
        return look
    }
}

/// The terminal as ncurses drives it: its size, the keys typed, and text drawn at a row and column
/// (cut at the right edge, in columns), shown all at once.
@MainActor
final class Terminal {
    /// How many colours are used.
    let colors: ColorMode
    /// The size in rows and columns.
    private(set) var rows: Int
    private(set) var columns: Int
    private var pairs: [Look: Int32] = [:]

    private init(colors: ColorMode) {
        self.colors = colors
        rows = Int(memoss_tui_rows())
        columns = Int(memoss_tui_columns())
    }

    /// Takes over the terminal standard input and output are on; refused (one sentence) when they
    /// are not a terminal or it cannot place text anywhere on the screen (`TERM=dumb`).
    static func start(environment: [String: String], wakeOnResize descriptor: Int32) throws -> Terminal {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw Refusal(message: "memoss tui needs a terminal on standard input and output; for scripts, use memoss's commands.")
        }
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty, term != "dumb" else {
            throw Refusal(message: "memoss tui needs a terminal that can move its cursor (TERM=\(term.isEmpty ? "\"\"" : term) cannot); "
                + "use `memoss` (the prompt) there instead.")
        }
        guard memoss_tui_use_utf8() == 1 else {
            throw Refusal(message: "memoss tui needs a UTF-8 locale (set LANG, e.g. LANG=C.UTF-8).")
        }
        memoss_tui_watch_resize(descriptor)
        var status: Int32 = -1
        for type in ColorMode.terminalTypes(environment) {
            status = memoss_tui_start(type)
            if status == 0 { break }
        }
        switch status {
        case 0: break
        case -2:
            throw Refusal(message: "memoss tui needs a terminal that can move its cursor (TERM=\(VisibleText.escaped(term)) cannot); "
                + "use `memoss` (the prompt) there instead.")
        default:
            throw Refusal(message: "This system does not know the terminal TERM=\(VisibleText.escaped(term)); set TERM to one it knows, e.g. xterm-256color.")
        }
        let colors = ColorMode.refused(environment) ? ColorMode.none : ColorMode(colors: Int(memoss_tui_colors()))
        return Terminal(colors: colors)
    }

    /// Gives the terminal back as it was.
    func stop() { memoss_tui_stop() }

    /// Gives the terminal to the shell until it resumes this program (Ctrl-Z).
    func suspend() {
        memoss_tui_suspend()
        refreshSize()
    }

    /// Reads the new size after the terminal was resized, and draws everything again.
    func refreshSize() {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0,
           Int(size.ws_row) != rows || Int(size.ws_col) != columns {
            // ncurses then queues a KEY_RESIZE, which only asks for the frame drawn anyway.
            memoss_tui_resize(Int32(size.ws_row), Int32(size.ws_col))
        }
        rows = Int(memoss_tui_rows())
        columns = Int(memoss_tui_columns())
        memoss_tui_redraw_all()
    }

    /// The next key typed, `nil` when none is waiting.
    func nextKey() -> Key? {
        var code: UInt32 = 0
        let kind = memoss_tui_key(&code)
        return kind == 0 ? nil : Key(kind: kind, code: code)
    }

    /// Starts a new frame: everything blank.
    func erase() { memoss_tui_erase() }

    /// Shows the frame drawn, with the cursor at `cursor` (a field being typed in) or hidden.
    func show(cursor: (row: Int, column: Int)?) {
        memoss_tui_show(Int32(cursor?.row ?? -1), Int32(cursor?.column ?? 0))
    }

    /// Draws `text` (made safe: control characters shown, never run) at `row`, `column` in `look`,
    /// cut at the right edge or at `room` columns; returns the column after it.
    @discardableResult
    func put(_ row: Int, _ column: Int, _ text: String, _ look: Look = .plain, room: Int? = nil) -> Int {
        guard row >= 0, row < rows, column < columns, column >= 0 else { return column }
        let space = min(room ?? .max, columns - column)
        guard space > 0 else { return column }
        let fitted = Columns.fit(VisibleText.safe(text), space)
        memoss_tui_put(Int32(row), Int32(column), fitted, attributes(look), pair(look))
        return column + Columns.width(fitted)
    }

    /// Paints `count` blank columns from `row`, `column` in `look` (a bar's background).
    func blank(_ row: Int, _ column: Int, _ count: Int, _ look: Look) {
        guard row >= 0, row < rows, column < columns else { return }
        memoss_tui_blank(Int32(row), Int32(column), Int32(max(0, min(count, columns - column))), attributes(look), pair(look))
    }

    private func attributes(_ look: Look) -> UInt32 {
        var value: UInt32 = 0
        if look.bold { value |= memoss_tui_bold() }
        if look.dim { value |= memoss_tui_dim() }
        if look.reverse { value |= memoss_tui_reverse() }
        if look.underline { value |= memoss_tui_underline() }
        return value
    }

    private func pair(_ look: Look) -> Int32 {
        guard colors != .none, look.color != nil || look.background != nil else { return 0 }
        let key = Look(color: look.color, background: look.background)
        if let pair = pairs[key] { return pair }
        let made = memoss_tui_pair(Int32(look.color?.number(in: colors) ?? -1), Int32(look.background?.number(in: colors) ?? -1))
        pairs[key] = max(0, made)
        return max(0, made)
    }
}
