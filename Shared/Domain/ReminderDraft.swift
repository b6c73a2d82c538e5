import Foundation

/// The values a person types for a reminder, before the rules have accepted them.
package struct ReminderDraft: Hashable, Sendable {
    /// The title as typed (it is trimmed when accepted).
    package var title: String
    /// The notes as typed; blank means none.
    package var notes: String
    /// The day it is due (unused when `hasDate` is off).
    package var date: LocalDate
    /// The time it is due (unused when `hasTime` is off).
    package var time: LocalTime
    /// Whether it has a date; without one it is undated (due some day).
    package var hasDate: Bool
    /// Whether it has a time of day; without one it is due all day on `date`.
    package var hasTime: Bool
    /// The IANA zone the date and time are read in.
    package var timeZoneID: String
    /// The tags chosen for it.
    package var tagIDs: Set<UUID>
    /// How it repeats.
    package var recurrence: RecurrenceRule
    /// The last day a repeating reminder may fall on (inclusive), `nil` for none; ignored when it does not repeat.
    package var recurrenceEnd: LocalDate?
    /// How much it matters.
    package var priority: Priority = .none
    /// The list it goes in; `nil` for the store's default list.
    package var listID: UUID?
    /// When it notifies: by default once, at the due time.
    package var alarms: [Alarm] = Alarm.defaults

    /// Creates a draft from its fields.
    package init(
        title: String, notes: String = "", date: LocalDate, time: LocalTime, hasDate: Bool = true, hasTime: Bool = true,
        timeZoneID: String, tagIDs: Set<UUID> = [], recurrence: RecurrenceRule = .never, recurrenceEnd: LocalDate? = nil
    ) {
        self.title = title
        self.notes = notes
        self.date = date
        self.time = time
        self.hasDate = hasDate
        self.hasTime = hasTime
        self.timeZoneID = timeZoneID
        self.tagIDs = tagIDs
        self.recurrence = recurrence
        self.recurrenceEnd = recurrenceEnd
    }

    /// A draft due at `due`.
    package init(title: String, notes: String = "", due: LocalDateTime, timeZoneID: String) {
        self.init(title: title, notes: notes, date: due.date, time: due.time, timeZoneID: timeZoneID)
    }

    /// The draft an edit starts from: `reminder`'s stored values. An undated one's date and time
    /// hold the add form's proposal (from `today`), an all-day one's time 09:00; neither is read.
    package init(editing reminder: ReminderWithTags, today: LocalDate) {
        self.init(title: reminder.title, notes: reminder.notes ?? "",
                  date: reminder.localScheduled?.date ?? Self.defaultDue(today: today).date,
                  time: reminder.isAllDay ? .nineAM : reminder.localScheduled?.time ?? .nineAM,
                  hasDate: reminder.scheduledAt != nil, hasTime: reminder.scheduledAt != nil && !reminder.isAllDay,
                  timeZoneID: reminder.timeZoneID, tagIDs: Set(reminder.tags.map(\.id)),
                  recurrence: reminder.recurrence, recurrenceEnd: reminder.recurrenceEnd)
        priority = reminder.priority
        alarms = reminder.alarms
        listID = reminder.listID
    }

    /// `current` (what is stored now) with what this draft changed from `original` (the values
    /// it was made from) put in, field by field; a field left as it was keeps what was stored
    /// since (another process's or another device's change), and a tag is added or taken away
    /// only if this draft added or took it away. When it is due (date, time, with or without
    /// them, the zone) and how it repeats (the rule, its end) go together: a repeat counts from
    /// its date (weekly on the date's weekday), so a change of either writes both as this draft
    /// has them.
    package func changes(from original: ReminderDraft, onto current: ReminderDraft) -> ReminderDraft {
        var merged = current
        if title.trimmingWhitespace() != original.title.trimmingWhitespace() { merged.title = title }
        if ReminderRules.normalizedNotes(notes) != ReminderRules.normalizedNotes(original.notes) { merged.notes = notes }
        if !isDueAsIn(original) || recurrence != original.recurrence || recurrenceEnd != original.recurrenceEnd {
            (merged.date, merged.time, merged.hasDate, merged.hasTime) = (date, time, hasDate, hasTime)
            merged.timeZoneID = timeZoneID
            (merged.recurrence, merged.recurrenceEnd) = (recurrence, recurrenceEnd)
        }
        merged.tagIDs = current.tagIDs.union(tagIDs.subtracting(original.tagIDs)).subtracting(original.tagIDs.subtracting(tagIDs))
        if priority != original.priority { merged.priority = priority }
        if listID != original.listID { merged.listID = listID }
        if alarms != original.alarms { merged.alarms = alarms }
        return merged
    }

    /// Whether it is due as `other` is: both undated, or on the same day (and the same time, or
    /// both all day) in the same zone.
    package func isDueAsIn(_ other: ReminderDraft) -> Bool {
        hasDate == other.hasDate && timeZoneID == other.timeZoneID
            && (!hasDate || (date == other.date && hasTime == other.hasTime && (!hasTime || time == other.time)))
    }

    /// When a reminder is due that nobody gave a date: the day after `today`, at 09:00. The one
    /// rule for an absent date: the add form proposes it, and a CSV row, a calendar item or a
    /// server's to-do without one gets it.
    package static func defaultDue(today: LocalDate) -> LocalDateTime {
        LocalDateTime(date: today.adding(days: 1), time: .nineAM)
    }

    /// The draft of an item another program wrote (a calendar's VTODO, a server's resource, a CSV
    /// row), whose fields are values already: due on `day` at `time`, all day on `day` without a
    /// time, or undated without a day; in zone `zoneID`. Nothing is invented for what it lacks.
    package init(item title: String, notes: String?, day: LocalDate?, time: LocalTime?, zoneID: String, recurrence: RecurrenceRule,
                 end: LocalDate?) {
        self.init(title: title, notes: notes ?? "", date: day ?? Self.placeholderDay, time: time ?? .midnight,
                  hasDate: day != nil, hasTime: day != nil && time != nil, timeZoneID: zoneID, recurrence: recurrence, recurrenceEnd: end)
    }

    /// The day a draft without one holds in `date`, never read.
    private static let placeholderDay = LocalDate.firstSupported

    /// The day and time its series starts at: an all-day draft's at the start of its day.
    package var start: LocalDateTime { LocalDateTime(date: date, time: hasTime ? time : .midnight) }

    /// The series the draft describes, in its zone (UTC when the zone is unknown); meaningful only with a date.
    package var series: RecurrenceSeries {
        RecurrenceSeries(rule: recurrence, start: start,
                         end: recurrence.isRepeating ? recurrenceEnd : nil,
                         timeZone: ZoneLookup.zone(timeZoneID) ?? .gmt)
    }
}
