/// The characters that must never reach a terminal raw, restated for the tests so they do not
/// trust the code under test: C0 and C1 controls, DEL, U+2028/2029 and the bidi controls.
package enum TerminalSafety {
    /// Whether `scalar` must be escaped before it is printed.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether `output` holds such a character other than the line breaks between its lines.
    package static func hasRawControl(_ output: String) -> Bool {
        output.unicodeScalars.contains { $0 != "\n" && needsEscape($0) }
    }
}
