import Foundation

/// The rules a reminder's values must keep, shared by the form and the use cases.
package enum ReminderRules {
    /// The longest title accepted, in characters, after trimming.
    package static let maxTitleLength = 500
    /// The longest notes accepted, in characters, after trimming (a notification's body must
    /// fit in the environment of `watch --exec`).
    package static let maxNotesLength = 10_000

    /// The title with surrounding white space removed, or the reason it cannot be used.
    package static func validTitle(_ raw: String) throws(ReminderValidationError) -> String {
        let trimmed = raw.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .titleRequired }
        guard trimmed.count <= maxTitleLength else { throw .titleTooLong }
        return trimmed
    }

    /// The notes trimmed, `nil` when nothing is left.
    package static func normalizedNotes(_ raw: String) -> String? {
        let trimmed = raw.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The notes trimmed (`nil` when nothing is left), or why they cannot be kept.
    package static func validNotes(_ raw: String) throws(ReminderValidationError) -> String? {
        let notes = normalizedNotes(raw)
        // Counting characters is linear; look at the UTF-8 size first so a huge paste is refused fast.
        if let notes, notes.utf8.count > maxNotesLength, notes.utf8.count > 4 * maxNotesLength || notes.count > maxNotesLength {
            throw .notesTooLong
        }
        return notes
    }

    /// Whether `zoneID` names a time zone this system knows.
    package static func validTimeZone(_ zoneID: String) throws(ReminderValidationError) -> TimeZone {
        guard let zone = ZoneLookup.zone(zoneID) else { throw .unknownTimeZone(zoneID) }
        return zone
    }

    /// Checks the due instant of a reminder being created or edited.
    ///
    /// A new reminder must be due after `now`. An edited one may keep the instant it
    /// already had, even when that is past (an overdue reminder can be renamed);
    /// a changed instant must be in the future.
    /// An all-day reminder must be due on a day that has not ended in its zone (today is fine).
    package static func checkSchedule(
        _ occurrence: Occurrence, allDay: Bool, in zone: TimeZone, previously previous: Date?, now: Date
    ) throws(ReminderValidationError) {
        if let previous, previous == occurrence.instant { return }
        let end = allDay ? occurrence.nominal.date.interval(in: zone).upperBound : occurrence.instant
        guard end > now else { throw .notInFuture }
    }

    /// Checks a repeat rule and its end day against the reminder's date; returns the first
    /// occurrence (for a one-time reminder, the date and time themselves).
    package static func firstOccurrence(of draft: ReminderDraft) throws(ReminderValidationError) -> Occurrence {
        guard draft.recurrence.isValid else { throw .invalidRecurrence }
        guard !draft.recurrence.afterDone || draft.recurrence.allowsAfterDone else { throw .afterDoneOnDays }
        guard LocalDate.supported.contains(draft.date) else { throw .dateOutOfRange }
        if draft.recurrence.isRepeating, let end = draft.recurrenceEnd, !LocalDate.supported.contains(end) {
            throw .endOutOfRange
        }
        let series = draft.series
        guard draft.recurrence.isRepeating else {
            return Occurrence(nominal: series.start, in: series.timeZone)
        }
        if let end = draft.recurrenceEnd {
            guard end >= draft.date else { throw .endBeforeStart }
            let firstDay = draft.recurrence.firstDate(onOrAfter: draft.date)
            guard end >= firstDay else { throw .endBeforeFirstOccurrence(firstDay) }
        }
        guard let first = series.firstOccurrence else {
            // The first day is within the end, but its time does not exist and the gap moves it
            // to the day after the end.
            let firstDay = draft.recurrence.firstDate(onOrAfter: draft.date)
            let due = Occurrence(nominal: LocalDateTime(date: firstDay, time: draft.start.time), in: series.timeZone)
            throw .endBeforeFirstOccurrence(LocalDate(containing: due.instant, in: series.timeZone))
        }
        return first
    }

    /// Every rule `draft` breaks, one error per field, in form order (title, notes, date, repeat, end, zone).
    /// `allowingPast` lifts only the future rule (a completed row of an import, or `--allow-past`).
    package static func problems(
        in draft: ReminderDraft, previously previous: Date?, now: Date, allowingPast: Bool = false
    ) -> [ReminderValidationError] {
        evaluate(draft, previously: previous, now: now, allowingPast: allowingPast).problems
    }

    /// Checks every field once: the problems, and the values to store when there are none.
    package static func evaluate(
        _ draft: ReminderDraft, previously previous: Date?, now: Date, allowingPast: Bool = false
    ) -> (problems: [ReminderValidationError], values: ValidReminderValues?) {
        var problems: [ReminderValidationError] = []
        var title = ""
        do { title = try validTitle(draft.title) } catch { problems.append(error) }
        var notes: String?
        do { notes = try validNotes(draft.notes) } catch { problems.append(error) }
        var scheduled: (at: Occurrence?, zone: TimeZone)?
        do throws(ReminderValidationError) {
            let zone = try validTimeZone(draft.timeZoneID)
            if draft.hasDate {
                let first = try firstOccurrence(of: draft)
                if !allowingPast { try checkSchedule(first, allDay: !draft.hasTime, in: zone, previously: previous, now: now) }
                scheduled = (first, zone)
            } else {
                // Undated: some day, so nothing repeats or ends.
                guard !draft.recurrence.isRepeating else { throw .repeatNeedsDate }
                scheduled = (nil, zone)
            }
        } catch {
            problems.append(error)
        }
        guard problems.isEmpty, let scheduled else { return (problems, nil) }
        return ([], ValidReminderValues(
            title: title,
            notes: notes,
            scheduledAt: scheduled.at?.instant,
            isAllDay: draft.hasDate && !draft.hasTime,
            timeZoneID: scheduled.zone.identifier,
            recurrence: draft.hasDate && draft.recurrence.isRepeating ? draft.recurrence : .never,
            recurrenceEnd: draft.hasDate && draft.recurrence.isRepeating ? draft.recurrenceEnd : nil,
            nominal: scheduled.at.flatMap { $0.shifted(in: scheduled.zone) == nil ? nil : $0.nominal },
            priority: draft.priority,
            listID: draft.listID,
            alarms: Alarm.normalized(draft.alarms)
        ))
    }

    /// Checks every field of `draft` and returns the values to store.
    package static func validate(
        _ draft: ReminderDraft, previously previous: Date?, now: Date, allowingPast: Bool = false
    ) throws(ReminderValidationError) -> ValidReminderValues {
        let result = evaluate(draft, previously: previous, now: now, allowingPast: allowingPast)
        if let first = result.problems.first { throw first }
        guard let values = result.values else { throw .titleRequired }
        return values
    }
}

/// The values of a draft that passed every rule, ready to store.
package struct ValidReminderValues: Hashable, Sendable {
    /// The trimmed title.
    package let title: String
    /// The trimmed notes, `nil` when none.
    package let notes: String?
    /// The due instant (an all-day reminder's day's start), `nil` when undated.
    package let scheduledAt: Date?
    /// Whether it is due all day, without a time.
    package let isAllDay: Bool
    /// The zone's identifier.
    package let timeZoneID: String
    /// How it repeats.
    package let recurrence: RecurrenceRule
    /// The last day it may fall on, `nil` for none (always `nil` for a one-time reminder).
    package let recurrenceEnd: LocalDate?
    /// The first occurrence's date and time by the rule when a DST gap moved it, else `nil`.
    package let nominal: LocalDateTime?
    /// How much it matters.
    package var priority: Priority = .none
    /// The list it goes in; `nil` for the store's default list.
    package var listID: UUID?
    /// When it notifies, normalised.
    package var alarms: [Alarm] = Alarm.defaults
}
