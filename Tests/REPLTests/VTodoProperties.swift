/// The properties of a calendar's VTODO as a server holds it, to compare two versions property
/// by property: each content line unfolded, by property name; each VALARM of the to-do as one entry
/// (`VALARM`), and each VTIMEZONE of the calendar too (`VTIMEZONE`), the calendar's own properties
/// as `VCALENDAR/NAME`. An RRULE's parts are in alphabetical order (`RRULE:BYDAY=MO;COUNT=19;FREQ=WEEKLY`):
/// Xandikos writes back the parts of a rule it is sent in an order of its own.
struct VTodoProperties {
    /// The lines of each property, by name, in the order written.
    let lines: [String: [String]]

    /// What every write moves on, and `changes(to:)` leaves out.
    static let moving: Set<String> = ["DTSTAMP", "LAST-MODIFIED", "SEQUENCE"]

    init(_ text: String) {
        var unfolded: [String] = []
        for physical in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = physical.first, first == " " || first == "\t", !unfolded.isEmpty {
                unfolded[unfolded.count - 1] += physical.dropFirst()
            } else if !physical.isEmpty {
                unfolded.append(String(physical))
            }
        }
        var lines: [String: [String]] = [:]
        var stack: [String] = []
        var block: [String] = []
        for line in unfolded {
            let name = String(line.prefix { $0 != ":" && $0 != ";" }).uppercased()
            let value = String(line.drop { $0 != ":" }.dropFirst()).uppercased()
            if name == "BEGIN" { stack.append(value) }
            let inBlock = stack.count >= 3 || stack.last == "VTIMEZONE"
            if inBlock { block.append(line) }
            if name == "END" {
                let ended = stack.popLast()
                if ended == "VALARM" && stack.last == "VTODO" || ended == "VTIMEZONE" {
                    lines[ended ?? "", default: []].append(block.joined(separator: "\n"))
                    block = []
                }
                continue
            }
            guard name != "BEGIN", !inBlock else { continue }
            if stack == ["VCALENDAR"] { lines["VCALENDAR/" + name, default: []].append(line) }
            if stack == ["VCALENDAR", "VTODO"] {
                lines[name, default: []].append(name == "RRULE" ? "RRULE:" + line.dropFirst(6).split(separator: ";").sorted().joined(separator: ";") : line)
            }
        }
        self.lines = lines
    }

    /// The properties that differ in `after`, with their lines there (none when removed), leaving
    /// out DTSTAMP, LAST-MODIFIED and SEQUENCE.
    func changes(to after: VTodoProperties) -> [String: [String]] {
        var changed: [String: [String]] = [:]
        for name in Set(lines.keys).union(after.lines.keys) where !Self.moving.contains(name) && lines[name] != after.lines[name] {
            changed[name] = after.lines[name] ?? []
        }
        return changed
    }

    /// SEQUENCE's value, `nil` when there is none.
    var sequence: Int? { lines["SEQUENCE"]?.first.flatMap { Int($0.dropFirst("SEQUENCE:".count)) } }
}
