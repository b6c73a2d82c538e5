import Domain
import Foundation

/// JSON written byte by byte exactly as `JSONShapes.encoder()` prints it and `terminalSafe` makes
/// it safe (indented by two spaces a level, `"key" : value`, an empty array or object `[]`, `{}`):
/// what a listing of every reminder writes, without an encoder's work per value.
struct PrettyJSON {
    private(set) var bytes: [UInt8] = []
    /// Whether the array or object open at each level has no member yet.
    private var empty: [Bool] = []
    private var indent: Int

    /// A document whose lines are all indented by `indent` spaces more (its first one too).
    init(indent: Int = 0) {
        self.indent = indent
        bytes.reserveCapacity(1_024)
        spaces(indent)
    }

    /// Empties the document (keeping its memory) for another, after `prefix`.
    mutating func restart(indent: Int, after prefix: [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        empty.removeAll(keepingCapacity: true)
        self.indent = indent
        bytes.append(contentsOf: prefix)
        spaces(indent)
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    private mutating func beginArray() { open(UInt8(ascii: "[")) }
    private mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts a member of the open object; its value follows.
    mutating func key(_ name: StaticString) {
        member()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: " "))
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
    }

    /// An array of `items`, each written by `write` as an element.
    mutating func array<Item>(_ items: [Item], _ write: (inout PrettyJSON, Item) -> Void) {
        beginArray()
        for item in items {
            member()
            write(&self, item)
        }
        endArray()
    }

    mutating func value(_ number: Int) { number.appendDecimal(to: &bytes) }
    mutating func value(_ flag: Bool) { bytes.append(contentsOf: (flag ? "true" : "false").utf8) }

    /// A string: `"`, `\` and the C0 controls escaped as JSONEncoder escapes them, and every other
    /// character `VisibleText` would escape as `\uXXXX`, as `JSONShapes.terminalSafe` does.
    mutating func value(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Told safe from the bytes, as `VisibleText` tells them, a quote and a backslash aside;
        // text holding one of those is written scalar by scalar.
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !utf8.contains(where: { VisibleText.mayBeginEscape($0) || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain != true { escaping(text) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// An id, as `UUID.text` writes it.
    mutating func value(_ id: UUID) {
        bytes.append(UInt8(ascii: "\""))
        id.appendText(to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// An instant as `ISO8601Text` writes it in `zone`, left out when `nil`.
    mutating func member(_ name: StaticString, _ instant: Date?, in zone: TimeZone) {
        guard let instant else { return }
        key(name)
        bytes.append(UInt8(ascii: "\""))
        ISO8601Text.write(instant, in: zone, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Key and value together, the value left out when `nil` (as `encodeIfPresent` does).
    mutating func member(_ name: StaticString, _ text: String?) {
        guard let text else { return }
        key(name)
        value(text)
    }

    mutating func member(_ name: StaticString, _ number: Int?) {
        guard let number else { return }
        key(name)
        value(number)
    }

    mutating func member(_ name: StaticString, _ flag: Bool?) {
        guard let flag else { return }
        key(name)
        value(flag)
    }

    private mutating func escaping(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": bytes.append(contentsOf: #"\""#.utf8)
            case "\\": bytes.append(contentsOf: #"\\"#.utf8)
            case "\u{8}": bytes.append(contentsOf: #"\b"#.utf8)
            case "\t": bytes.append(contentsOf: #"\t"#.utf8)
            case "\n": bytes.append(contentsOf: #"\n"#.utf8)
            case "\u{C}": bytes.append(contentsOf: #"\f"#.utf8)
            case "\r": bytes.append(contentsOf: #"\r"#.utf8)
            case _ where scalar.value < 0x20:
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(contentsOf: String(scalar.value, radix: 16).leftPadded(to: 2).utf8)
            case _ where VisibleText.needsEscape(scalar):
                bytes.append(contentsOf: #"\u"#.utf8)
                bytes.append(contentsOf: String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4).utf8)
            default:
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        empty.append(true)
        indent += 2
    }

    private mutating func close(_ bracket: UInt8) {
        indent -= 2
        // An empty one is `[]` or `{}` (`JSONShapes.emptiesClosed`).
        if !empty.removeLast() {
            bytes.append(UInt8(ascii: "\n"))
            spaces(indent)
        }
        bytes.append(bracket)
    }

    private mutating func member() {
        if empty[empty.count - 1] {
            empty[empty.count - 1] = false
        } else {
            bytes.append(UInt8(ascii: ","))
        }
        bytes.append(UInt8(ascii: "\n"))
        spaces(indent)
    }

    private mutating func spaces(_ count: Int) {
        for _ in 0..<count { bytes.append(UInt8(ascii: " ")) }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension JSONShapes.ReminderJSON {
    /// The bytes `JSONShapes.encode(self)` gives, its keys in sorted order.
    func write(to json: inout PrettyJSON) {
        json.beginObject()
        json.key("alarms")
        json.array(alarms) { json, alarm in
            json.beginObject()
            json.member("at", alarm.at)
            json.member("offset", alarm.offset)
            json.member("text", alarm.text)
            json.endObject()
        }
        json.member("allDay", allDay)
        json.member("completed", completed)
        json.member("completedAt", completedAt, in: zone)
        json.member("endDate", endDate)
        json.key("id")
        json.value(id)
        json.member("list", list)
        json.member("notes", notes)
        json.member("pastOccurrence", pastOccurrence)
        json.member("percentComplete", percentComplete)
        json.member("priority", priority)
        json.key("recurrence")
        recurrence.write(to: &json)
        json.member("scheduledAt", scheduledAt, in: zone)
        json.member("status", status)
        json.key("tags")
        json.array(tags) { $0.value($1) }
        json.member("timeZone", timeZone)
        json.member("title", title)
        json.endObject()
    }
}

extension JSONShapes.RecurrenceJSON {
    /// The bytes `JSONShapes.encode(self)` gives, its keys in sorted order.
    func write(to json: inout PrettyJSON) {
        json.beginObject()
        json.member("afterDone", afterDone)
        json.member("day", day)
        json.member("interval", interval)
        json.member("label", label)
        json.member("month", month)
        json.member("nth", nth)
        json.member("phrase", phrase)
        json.member("rule", rule)
        json.member("times", times)
        json.member("weekday", weekday)
        if let weekdays {
            json.key("weekdays")
            json.array(weekdays) { $0.value($1) }
        }
        json.endObject()
    }
}
