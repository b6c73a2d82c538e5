import Domain
import Foundation

/// Content lines written straight as UTF-8 bytes: a line is begun by its name, its value
/// appended in pieces (text escaped as `ContentLines.escaped` does, instants and days as digits),
/// and `end` folds it at 75 octets as `ContentLines.folded` does and ends it by CRLF. What a
/// calendar of every reminder writes, without a string per line.
struct ContentLineBytes {
    private(set) var bytes: [UInt8] = []
    /// Where the line being written starts.
    private var lineStart = 0

    init(capacity: Int = 512) { bytes.reserveCapacity(capacity) }

    /// Starts a line with `name` (and what follows it up to the value, `DUE;VALUE=DATE:`).
    mutating func begin(_ name: StaticString) {
        lineStart = bytes.count
        raw(name)
    }

    /// A whole line without a value to build: `BEGIN:VTODO`.
    mutating func line(_ text: StaticString) {
        begin(text)
        end()
    }

    /// A whole line of `name` and `value` as it is.
    mutating func line(_ name: StaticString, _ value: String) {
        begin(name)
        raw(value)
        end()
    }

    /// A whole line of `name` and an instant in UTC (`YYYYMMDDTHHMMSSZ`).
    mutating func line(_ name: StaticString, utc instant: Date) {
        begin(name)
        utc(instant)
        end()
    }

    /// A whole line of `name` and a TEXT value, escaped.
    mutating func line(_ name: StaticString, text: String) {
        begin(name)
        escaped(text)
        end()
    }

    mutating func raw(_ text: StaticString) { text.withUTF8Buffer { bytes.append(contentsOf: $0) } }

    mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as
    /// `\n` (CRLF as one), and the control characters TEXT cannot hold (§3.1: all but tab and the
    /// line breaks; also DEL and the C1 controls) written as Memoss shows them, `\\u{1B}` (see
    /// `ContentLines.representable`).
    mutating func escaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            guard utf8.contains(where: ContentLines.needsEscaping) else { return bytes.append(contentsOf: utf8) }
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                switch byte {
                case 0x5C: raw("\\\\")
                case 0x3B: raw("\\;")
                case 0x2C: raw("\\,")
                case 0x0D: raw("\\n")
                case 0x0A: if index == 0 || utf8[index - 1] != 0x0D { raw("\\n") }
                case 0x09: bytes.append(byte)
                case 0x00..<0x20, 0x7F: control(byte)
                case 0xC2 where index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1]):
                    index += 1
                    control(utf8[index])
                default: bytes.append(byte)
                }
                index += 1
            }
        }
    }

    /// A control character as Memoss shows it, its backslash escaped: `\\u{1B}`.
    private mutating func control(_ value: UInt8) {
        raw("\\\\u{")
        raw(String(value, radix: 16, uppercase: true))
        raw("}")
    }

    /// `YYYYMMDDTHHMMSSZ`.
    mutating func utc(_ instant: Date) {
        let seconds = Int((instant.timeIntervalSince1970).rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        date(LocalDate(daysSinceEpoch: days))
        bytes.append(UInt8(ascii: "T"))
        clock(seconds - days * 86_400)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// `YYYYMMDDTHHMMSS`, a wall time without zone.
    mutating func local(_ time: LocalDateTime) {
        date(time.date)
        bytes.append(UInt8(ascii: "T"))
        clock(time.time.hour * 3_600 + time.time.minute * 60)
    }

    /// `YYYYMMDD`.
    mutating func date(_ day: LocalDate) {
        digits(day.year, 4)
        digits(day.month, 2)
        digits(day.day, 2)
    }

    /// Seconds of the day as `HHMMSS`.
    private mutating func clock(_ seconds: Int) {
        digits(seconds / 3_600, 2)
        digits(seconds % 3_600 / 60, 2)
        digits(seconds % 60, 2)
    }

    /// `number` in decimal, zero-padded to `width`.
    private mutating func digits(_ number: Int, _ width: Int) {
        number.appendDecimal(to: &bytes, width: width)
    }

    /// Ends the line: folded when longer than 75 octets, then CRLF.
    mutating func end() {
        if bytes.count - lineStart > 75 {
            let line = Array(bytes[lineStart...])
            bytes.removeSubrange(lineStart...)
            ContentLines.fold(line, into: &bytes)
        } else {
            bytes.append(0x0D)
            bytes.append(0x0A)
        }
    }

    /// The bytes as a string.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
