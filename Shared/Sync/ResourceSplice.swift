import Foundation
import ICalendar

/// Carries what another client wrote in a resource, and Memoss does not keep, into the version
/// Memoss writes over it: its other VTODO properties (PRIORITY, URL, X- properties…) and its
/// alarms, which replace Memoss's own alarm at the due time. SEQUENCE goes up by one.
enum ResourceSplice {
    /// The properties Memoss writes (or, like DURATION beside DUE, must not keep).
    private static let owned: Set<String> = [
        "UID", "DTSTAMP", "CREATED", "LAST-MODIFIED", "SUMMARY", "DESCRIPTION", "DTSTART", "DUE", "DURATION", "RRULE",
        "X-MEMOSS-UNTIL", "X-MEMOSS-COUNT", "STATUS", "COMPLETED", "PERCENT-COMPLETE", "CATEGORIES", "SEQUENCE",
    ]

    /// `ours` (one VTODO as `CalendarWriter` writes it) with what `base` holds beside Memoss's properties.
    static func splice(_ ours: String, over base: String) -> String {
        var kept: [String] = []
        var alarms: [String] = []
        var sequence: Int?
        var depth = 0, inTodo = false
        var alarm: [String]?
        for line in logicalLines(base) {
            let name = propertyName(line)
            let value = line.drop { $0 != ":" }.dropFirst().uppercased()
            if name == "BEGIN" {
                depth += 1
                if depth == 2 && value == "VTODO" { inTodo = true; continue }
                if inTodo && depth == 3 && value == "VALARM" { alarm = [line]; continue }
            } else if name == "END" {
                defer { depth -= 1 }
                if inTodo && depth == 2 { inTodo = false; continue }
                if inTodo && depth == 3, var block = alarm {
                    block.append(line)
                    alarms.append(contentsOf: block)
                    alarm = nil
                    continue
                }
            }
            guard inTodo else { continue }
            if alarm != nil { alarm?.append(line); continue }
            if depth == 2 {
                if name == "SEQUENCE" { sequence = Int(line.drop { $0 != ":" }.dropFirst()) ?? 0; continue }
                if !owned.contains(name) { kept.append(line) }
            } else {
                kept.append(line)  // another nested component: kept as it is
            }
        }
        guard !kept.isEmpty || !alarms.isEmpty || sequence != nil else { return ours }
        // Ours, with its own alarm left out when theirs are kept, and theirs added before END:VTODO.
        var out = ""
        var skipping = false
        for line in logicalLines(ours) {
            if !alarms.isEmpty && line == "BEGIN:VALARM" { skipping = true }
            if skipping { if line == "END:VALARM" { skipping = false }; continue }
            if line == "END:VTODO" {
                if let sequence { out += ContentLines.folded("SEQUENCE:\(sequence + 1)") }
                for extra in kept + alarms { out += ContentLines.folded(extra) }
            }
            out += ContentLines.folded(line)
        }
        return out
    }

    /// The unfolded lines of `text`.
    private static func logicalLines(_ text: String) -> [String] {
        var lines: [String] = []
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else if !line.isEmpty {
                lines.append(String(line))
            }
        }
        return lines
    }

    private static func propertyName(_ line: String) -> String {
        String(line.prefix { $0 != ":" && $0 != ";" }).uppercased()
    }
}
