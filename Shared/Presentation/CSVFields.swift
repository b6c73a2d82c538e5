import Domain
import Foundation
import ICalendar
import UseCases

/// Reminders as CSV in the columns `memoss-import` reads (RFC 4180 quoting, CRLF line ends),
/// so an export imports again: the id keeps each reminder itself. The fields an export writes
/// and the importer reads back (tags, completed_at, a moved monthly day) are written and read here.
package enum CSVFields {
    package static let header = "id,title,notes,date,time,timezone,repeat,end_date,tags,completed,completed_at,status,percent_complete,priority,list,alarms,calendar_uid\r\n"

    /// One reminder's record: its current occurrence's wall date and time in its zone; an all-day
    /// reminder's time empty, an undated one's date and time empty; its list named from `lists`.
    package static func row(_ item: ReminderWithTags, lists: ListNames) -> String {
        let reminder = item.reminder
        let (date, time): (String, String) = switch reminder.due {
        case .someday: ("", "")
        case .day(let day): (day.description, "")
        case .moment(let local, _): (local.date.description, local.time.description)
        }
        // The phrase spells every part out ("monthly on the 31st" even when due on 28 February).
        let rule = RepeatSpec(rule: reminder.recurrence).phrase
        let fields = [reminder.id.text, reminder.title, reminder.notes ?? "", date,
                      time, reminder.timeZoneID, rule, reminder.recurrenceEnd?.description ?? "",
                      tagField(item.tags.map(\.name)), reminder.isDone ? "true" : "false",
                      reminder.isDone ? reminder.completedAt.map { instantText.string(from: $0) } ?? "" : "",
                      reminder.statusWord, reminder.percentComplete.map(String.init) ?? "",
                      reminder.priority.word, lists.name(of: reminder.listID),
                      // Empty for the default alarm, which a row without alarms gets.
                      reminder.hasDefaultAlarms ? "" : Alarm.text(reminder.alarms, zone: reminder.timeZone),
                      reminder.calendarUID ?? ""]
        return fields.map(quoted).joined(separator: ",") + "\r\n"
    }

    /// `2026-12-03T19:00:05.123Z`: to the millisecond, as the store keeps it.
    nonisolated(unsafe) private static let instantText: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter
    }()

    /// A `completed_at` value: ISO 8601 with its offset, with or without fractions of a second.
    package static func instant(_ text: String) -> Date? {
        exactInstant(text) ?? secondsText.date(from: text) ?? instantText.date(from: text)
    }

    /// `2026-12-03T19:00:05Z`: to the second.
    nonisolated(unsafe) private static let secondsText = ISO8601DateFormatter()

    /// The instant of `text` when it is written as an export writes it, `YYYY-MM-DDTHH:MM:SS`,
    /// then up to 3 digits of fraction, then `Z` or `±HH:MM`, with every field in its range;
    /// `nil` for anything else, which the formatters read (more slowly: a restored export reads
    /// a time for every done reminder).
    private static func exactInstant(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? { DateTimeText.number(bytes, start, count) }
        guard bytes.count >= 20, let (date, secondOfDay) = DateTimeText.wallClock(bytes, separator: UInt8(ascii: "T"))
        else { return nil }
        var index = 19, milliseconds = 0
        if bytes[index] == 0x2E {
            let digits = bytes[(index + 1)...].prefix { (0x30...0x39).contains($0) }.count
            guard (1...3).contains(digits), let fraction = number(index + 1, digits) else { return nil }
            milliseconds = fraction * [100, 10, 1][digits - 1]
            index += 1 + digits
        }
        var offset = 0
        if index == bytes.count - 1, bytes[index] == 0x5A {
            offset = 0
        } else if index == bytes.count - 6, bytes[index] == 0x2B || bytes[index] == 0x2D, bytes[index + 3] == 0x3A,
                  let hours = number(index + 1, 2), let minutes = number(index + 4, 2), hours < 24, minutes < 60 {
            offset = (hours * 3_600 + minutes * 60) * (bytes[index] == 0x2B ? 1 : -1)
        } else {
            return nil
        }
        let seconds = date.daysSinceEpoch * 86_400 + secondOfDay - offset
        return Date(timeIntervalSince1970: Double(seconds * 1_000 + milliseconds) / 1_000)
    }

    /// Tag names separated by `;`, with `\;` for a semicolon in a name and `\\` for a backslash.
    private static func tagField(_ names: [String]) -> String {
        names.map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;") }
            .joined(separator: ";")
    }

    /// The names in a tags field, as `tagField` writes them; a backslash before anything but `;`
    /// or a backslash is kept (files written by hand or by other tools).
    package static func tagNames(_ field: String) -> [String] {
        var names: [String] = [], current = ""
        var escaping = false
        for character in field {
            if escaping {
                if character != ";" && character != "\\" { current.append("\\") }
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == ";" {
                names.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaping { current.append("\\") }
        names.append(current)
        return names
    }

    private static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) || field.first == " " || field.last == " "
        else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
