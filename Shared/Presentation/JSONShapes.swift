import Domain
import Foundation

extension Reminder {
    /// `todo`, `in-progress`, `done` or `cancelled`: its status as JSON, CSV and `--status` write it.
    package var statusWord: String {
        isCancelled ? "cancelled" : isDone ? "done" : stage == .inProgress ? "in-progress" : "todo"
    }
}

/// The stable JSON the fronts print with `--json`; README.md documents every field.
package enum JSONShapes {
    /// A reminder.
    package struct ReminderJSON: Encodable, Sendable {
        let id: UUID
        let title: String
        let notes: String?
        /// The due instant, written ISO 8601 with the offset of the reminder's zone (an all-day
        /// reminder's day's start); `null` when undated.
        let scheduledAt: Date?
        /// Present (true) when it is due all day on `scheduledAt`'s day, without a time.
        let allDay: Bool?
        let timeZone: String
        /// The zone `scheduledAt` and `completedAt` are written in.
        let zone: TimeZone
        /// Whether it is done (a cancelled one is not).
        let completed: Bool
        /// `todo`, `in-progress`, `done` or `cancelled`.
        let status: String
        /// How much of it is done, 0–100, when said.
        let percentComplete: Int?
        /// `none`, `low`, `medium` or `high`.
        let priority: String
        /// The name of the list it is in.
        let list: String
        let completedAt: Date?
        let recurrence: RecurrenceJSON
        /// The inclusive last day, `YYYY-MM-DD`.
        let endDate: String?
        let tags: [String]
        /// When it notifies: each alarm an `offset` in seconds from the due time (negative before
        /// it; for an all-day reminder, from its day's notification time) or an instant `at`, with
        /// its `text` as `--alarm` reads it; `[]` for none. One `{"offset": 0}` is the default.
        let alarms: [AlarmJSON]
        /// Present (true) on a completed time of a repeating reminder that goes on: the entry is
        /// that occurrence, done then; the reminder itself is in `todo`.
        let pastOccurrence: Bool?

        /// The JSON of `reminder`, its list named from `lists`.
        package init(_ item: ReminderWithTags, lists: ListNames) {
            // The reminder's own properties, not through `ReminderWithTags`' key paths (a listing makes one per reminder).
            let reminder = item.reminder, zone = reminder.timeZone
            self.zone = zone
            id = reminder.id
            title = reminder.title
            notes = reminder.notes
            scheduledAt = reminder.scheduledAt
            allDay = reminder.isAllDay ? true : nil
            timeZone = reminder.timeZoneID
            completed = reminder.isDone
            status = reminder.statusWord
            percentComplete = reminder.percentComplete
            priority = reminder.priority.word
            list = lists.name(of: reminder.listID)
            completedAt = reminder.completedAt
            recurrence = RecurrenceJSON(reminder.recurrence)
            endDate = reminder.recurrenceEnd?.description
            tags = item.tags.map(\.name)
            alarms = reminder.alarms.map { AlarmJSON($0, zone: zone) }
            pastOccurrence = item.isPastOccurrence ? true : nil
        }

        private enum CodingKeys: String, CodingKey {
            case id, title, notes, scheduledAt, allDay, timeZone, completed, status, percentComplete, priority, list
            case completedAt, recurrence, endDate, tags, alarms, pastOccurrence
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id.text, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encodeIfPresent(notes, forKey: .notes)
            try container.encodeIfPresent(scheduledAt.map { ISO8601Text.string($0, in: zone) }, forKey: .scheduledAt)
            try container.encodeIfPresent(allDay, forKey: .allDay)
            try container.encode(timeZone, forKey: .timeZone)
            try container.encode(completed, forKey: .completed)
            try container.encode(status, forKey: .status)
            try container.encodeIfPresent(percentComplete, forKey: .percentComplete)
            try container.encode(priority, forKey: .priority)
            try container.encode(list, forKey: .list)
            try container.encodeIfPresent(completedAt.map { ISO8601Text.string($0, in: zone) }, forKey: .completedAt)
            try container.encode(recurrence, forKey: .recurrence)
            try container.encodeIfPresent(endDate, forKey: .endDate)
            try container.encode(tags, forKey: .tags)
            try container.encode(alarms, forKey: .alarms)
            try container.encodeIfPresent(pastOccurrence, forKey: .pastOccurrence)
        }
    }

    /// An alarm: `offset` seconds from the due time, or an instant `at` (ISO 8601 in the
    /// reminder's zone); `text` as `--alarm` reads it.
    package struct AlarmJSON: Encodable, Sendable {
        let offset: Int?
        let at: String?
        let text: String

        init(_ alarm: Alarm, zone: TimeZone) {
            switch alarm {
            case .relative(let seconds): (offset, at) = (seconds, nil)
            case .absolute(let instant): (offset, at) = (nil, ISO8601Text.string(instant, in: zone))
            }
            text = alarm.text(zone: zone)
        }
    }

    /// A repeat rule: `rule` is never, daily, weekly, monthly or yearly; `interval` every how
    /// many; `weekdays` a weekly rule's days (1 = Sunday … 7), `weekday` its day when it has one;
    /// a monthly rule's `day` (1–31, -1 the last day) or `nth` (1–4, -1 last) `weekday`; a yearly
    /// rule's `month` and `day`; `times` when it has a count; the `phrase` `--repeat` reads; `label`.
    package struct RecurrenceJSON: Encodable, Sendable {
        let rule: String
        let interval: Int?
        let weekdays: [Int]?
        let weekday: Int?
        let day: Int?
        let nth: Int?
        let month: Int?
        let times: Int?
        /// `true` when it counts from completion ("every 3 days after done"); absent otherwise.
        let afterDone: Bool?
        let phrase: String?
        let label: String

        init(_ recurrence: RecurrenceRule) {
            var (weekdays, weekday, day, nth, month): ([Int]?, Int?, Int?, Int?, Int?) = (nil, nil, nil, nil, nil)
            switch recurrence.pattern {
            case .never: rule = "never"
            case .daily: rule = "daily"
            case .weekly(let days):
                rule = "weekly"
                weekdays = days.mondayFirst
                if days.mondayFirst.count == 1 { weekday = days.mondayFirst[0] }
            case .monthly(let which):
                rule = "monthly"
                switch which {
                case .day(let value): day = value
                case .last: day = -1
                case .weekday(let n, let value): (nth, weekday) = (n, value)
                }
            case .yearly(let m, let d): (rule, month, day) = ("yearly", m, d)
            }
            (self.weekdays, self.weekday, self.day, self.nth, self.month) = (weekdays, weekday, day, nth, month)
            interval = recurrence.isRepeating ? recurrence.interval : nil
            times = recurrence.times
            afterDone = recurrence.afterDone ? true : nil
            phrase = recurrence.isRepeating ? RepeatSpec(rule: recurrence).phrase : nil
            label = recurrence.label
        }
    }

    /// The dashboard: `todo` (overdue, today, upcoming) and `completed`.
    package struct DashboardJSON: Encodable, Sendable {
        let todo: [ReminderJSON]
        let completed: [ReminderJSON]

        /// The JSON of the two sections, lists named from `lists`.
        package init(toDo: [ReminderWithTags], completed: [ReminderWithTags], lists: ListNames) {
            todo = toDo.map { ReminderJSON($0, lists: lists) }
            self.completed = completed.map { ReminderJSON($0, lists: lists) }
        }
    }

    /// Writes the dashboard's JSON exactly as `encode(DashboardJSON(…))` prints it, one reminder
    /// at a time, so a listing of any size is written with flat memory: `add` each completed one
    /// (sorted keys put them first), `startToDo`, `add` each open one, then `end`.
    package final class DashboardJSONStream: @unchecked Sendable {
        private let write: ([UInt8]) -> Void
        private let lists: ListNames
        private var isFirst = true, isInToDo = false
        /// One buffer for every reminder: written, handed on, emptied.
        private var json = PrettyJSON(indent: 4)

        /// A stream writing its UTF-8 bytes through `write`, lists named from `lists`; it opens the
        /// object and the completed list.
        package init(lists: ListNames, bytes write: @escaping ([UInt8]) -> Void) {
            self.write = write
            self.lists = lists
            write(Array("{\n  \"completed\" : [".utf8))
        }

        /// Closes the completed list and opens the to-do list (once; again, it does nothing).
        package func startToDo() {
            guard !isInToDo else { return }
            // An empty list is `[]`, as `JSONShapes.encode` writes it.
            write(Array(((isFirst ? "" : "\n  ") + "],\n  \"todo\" : [").utf8))
            isFirst = true
            isInToDo = true
        }

        /// Closes the object (and its line).
        package func end() { write(Array(((isFirst ? "" : "\n  ") + "]\n}\n").utf8)) }

        /// Writes one reminder in the current list.
        package func add(_ reminder: ReminderWithTags) {
            // Indented by four spaces, as an element of the list two levels down.
            json.restart(indent: 4, after: isFirst ? [UInt8(ascii: "\n")] : [UInt8(ascii: ","), UInt8(ascii: "\n")])
            ReminderJSON(reminder, lists: lists).write(to: &json)
            write(json.bytes)
            isFirst = false
        }
    }

    /// A reminder's next occurrences.
    package struct OccurrencesJSON: Encodable, Sendable {
        let id: String
        let title: String
        let timeZone: String
        let occurrences: [String]

        /// The JSON of `occurrences` of `reminder`.
        package init(_ reminder: ReminderWithTags, occurrences: [Date]) {
            id = reminder.id.text
            title = reminder.title
            timeZone = reminder.timeZoneID
            self.occurrences = occurrences.map { ISO8601Text.string($0, in: reminder.timeZone) }
        }
    }

    /// One day's history.
    package struct HistoryJSON: Encodable, Sendable {
        struct CompletionJSON: Encodable, Sendable {
            let reminderId: String
            let title: String
            let occurrence: String
            let completedAt: String
        }

        let date: String
        let scheduled: [ReminderJSON]
        let completions: [CompletionJSON]

        /// The JSON of `history`, instants in `zone`, lists named from `lists`.
        package init(_ history: DayHistory, zone: TimeZone, lists: ListNames) {
            date = history.day.description
            scheduled = history.scheduled.map { ReminderJSON($0, lists: lists) }
            completions = history.completions.map {
                CompletionJSON(reminderId: $0.completion.reminderID.text, title: $0.title,
                               occurrence: ISO8601Text.string($0.completion.occurrence, in: zone),
                               completedAt: ISO8601Text.string($0.completion.completedAt, in: zone))
            }
        }
    }

    /// A tag.
    package struct TagJSON: Encodable, Sendable {
        let id: String
        let name: String
        let color: String

        /// The JSON of `tag`.
        package init(_ tag: Tag) {
            id = tag.id.uuidString
            name = tag.name
            color = tag.colorHex
        }
    }

    /// A list with its counts.
    package struct ListJSON: Encodable, Sendable {
        let id: String
        let name: String
        let color: String
        /// Whether new reminders go to it unless told otherwise.
        let isDefault: Bool
        let open: Int
        let done: Int

        /// The JSON of `summary`.
        package init(_ summary: ReminderListSummary) {
            id = summary.list.id.text
            name = summary.list.name
            color = summary.list.colorHex
            isDefault = summary.list.isDefault
            open = summary.open
            done = summary.closed
        }
    }

    /// The notification centre.
    package struct NotificationsJSON: Encodable, Sendable {
        struct RequestJSON: Encodable, Sendable {
            let id: String
            let reminderId: String
            let fireAt: String
            /// When the occurrence it is about is due (later than `fireAt` for an alarm before it).
            let dueAt: String
            let title: String
            let body: String
            let isRecurring: Bool
            let isSnoozed: Bool
            let deliveredAt: String?
            let isLate: Bool?
        }

        let pending: [RequestJSON]
        let delivered: [RequestJSON]

        /// The JSON of the centre, instants in `zone`.
        package init(pending: [NotificationRequest], delivered: [DeliveredNotification], zone: TimeZone) {
            func json(_ request: NotificationRequest, _ delivery: DeliveredNotification?) -> RequestJSON {
                RequestJSON(id: request.id, reminderId: request.reminderID.uuidString,
                            fireAt: ISO8601Text.string(request.fireAt, in: zone), dueAt: ISO8601Text.string(request.dueAt, in: zone),
                            title: request.title, body: request.body,
                            isRecurring: request.isRecurring, isSnoozed: request.isSnoozed,
                            deliveredAt: delivery.map { ISO8601Text.string($0.deliveredAt, in: zone) },
                            isLate: delivery?.isLate)
            }
            self.pending = pending.map { json($0, nil) }
            self.delivered = delivered.map { json($0.request, $0) }
        }
    }

    /// `value` as pretty JSON with sorted keys; a key with no value (no notes, no end date…) is left out.
    package static func encode(_ value: some Encodable) -> String {
        guard let data = try? encoder().encode(value) else { return "{}" }
        return terminalSafe(emptiesClosed(data))
    }

    /// The encoder's text with each empty array or object written `[]` or `{}`: Foundation's pretty
    /// printer opens and closes one over two line breaks. A line break in its text is always
    /// between values (one inside a string is escaped), so the pattern is only ever an empty one.
    package static func emptiesClosed(_ data: Data) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count)
        var index = data.startIndex
        while index < data.endIndex {
            let byte = data[index]
            bytes.append(byte)
            index += 1
            guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{"),
                  index + 1 < data.endIndex, data[index] == UInt8(ascii: "\n"), data[index + 1] == UInt8(ascii: "\n") else { continue }
            var end = index + 2
            while end < data.endIndex, data[end] == UInt8(ascii: " ") { end += 1 }
            let closing = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
            if end < data.endIndex, data[end] == closing {
                bytes.append(closing)
                index = end + 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The encoder every JSON output uses: indented, keys sorted, slashes as they are.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `json` with every character `VisibleText` would escape written as a `\uXXXX` escape
    /// (JSONEncoder leaves DEL, the C1 controls, U+2028/2029 and the bidi controls raw). They can
    /// only occur inside strings, so the JSON means the same.
    package static func terminalSafe(_ json: String) -> String {
        // Line breaks are the pretty printer's, between values (inside strings JSONEncoder escapes them).
        let needsEscape = { (scalar: Unicode.Scalar) in scalar != "\n" && VisibleText.needsEscape(scalar) }
        // ASCII without DEL needs nothing (JSONEncoder escapes the C0 controls in strings).
        guard !json.utf8.allSatisfy({ $0 < 0x7F }), json.unicodeScalars.contains(where: needsEscape) else { return json }
        var result = ""
        result.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
        for scalar in json.unicodeScalars {
            if needsEscape(scalar) {
                result += String(format: "\\u%04X", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
