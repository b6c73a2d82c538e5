import CNcurses

/// A key the user pressed, as the screen reads it.
enum Key: Equatable {
    /// A character that is typed (a letter, a digit, space, punctuation, any script).
    case char(Character)
    /// Ctrl with a letter: `.control("r")` is Ctrl-R.
    case control(Character)
    /// Keys that edit or move.
    case enter, escape, tab, backTab, backspace, delete
    /// Keys that move.
    case up, down, left, right, home, end, pageUp, pageDown
    /// The terminal changed size.
    case resize
    /// A key the screen has no use for.
    case other

    /// The key ncurses read: `kind` 1 for a character, 2 for a function key.
    init(kind: Int32, code: UInt32) {
        if kind == 2 {
            switch Int32(code) {
            case KEY_UP: self = .up
            case KEY_DOWN: self = .down
            case KEY_LEFT: self = .left
            case KEY_RIGHT: self = .right
            case KEY_HOME: self = .home
            case KEY_END: self = .end
            case KEY_NPAGE: self = .pageDown
            case KEY_PPAGE: self = .pageUp
            case KEY_BTAB: self = .backTab
            case KEY_DC: self = .delete
            case KEY_BACKSPACE: self = .backspace
            case KEY_ENTER: self = .enter
            case KEY_RESIZE: self = .resize
            default: self = .other
            }
            return
        }
        switch code {
        case 13, 10: self = .enter
        case 9: self = .tab
        case 27: self = .escape
        case 127, 8: self = .backspace
        case 1...26: self = .control(Character(Unicode.Scalar(UInt8(code) + 0x60)))
        case 0..<32: self = .other
        default: self = Unicode.Scalar(code).map { .char(Character($0)) } ?? .other
        }
    }
}
