import Foundation

/// The rules a reminder's values must keep, shared by the form and the use cases.
package enum ReminderRules {
    /// The longest title accepted, in characters, after trimming.
    package static let maxTitleLength = 500

    /// The title with surrounding white space removed, or the reason it cannot be used.
    package static func validTitle(_ raw: String) throws(ReminderValidationError) -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .titleRequired }
        guard trimmed.count <= maxTitleLength else { throw .titleTooLong }
        return trimmed
    }

    /// The notes trimmed, `nil` when nothing is left.
    package static func normalizedNotes(_ raw: String) -> String? {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Whether `zoneID` names a time zone this system knows.
    package static func validTimeZone(_ zoneID: String) throws(ReminderValidationError) -> TimeZone {
        guard let zone = TimeZone(identifier: zoneID) else { throw .unknownTimeZone(zoneID) }
        return zone
    }

    /// Checks the due instant of a reminder being created or edited.
    ///
    /// A new reminder must be due after `now`. An edited one may keep the instant it
    /// already had, even when that is past (an overdue reminder can be renamed);
    /// a changed instant must be in the future.
    package static func checkSchedule(
        _ scheduledAt: Date, previously previous: Date?, now: Date
    ) throws(ReminderValidationError) {
        if let previous, previous == scheduledAt { return }
        guard scheduledAt > now else { throw .notInFuture }
    }

    /// Every rule `draft` breaks, one error per field, in form order (title, date, zone).
    package static func problems(
        in draft: ReminderDraft, previously previous: Date?, now: Date
    ) -> [ReminderValidationError] {
        var problems: [ReminderValidationError] = []
        do { _ = try validTitle(draft.title) } catch { problems.append(error) }
        do {
            let zone = try validTimeZone(draft.timeZoneID)
            let scheduledAt = LocalDateTime(date: draft.date, time: draft.time).resolved(in: zone)
            try checkSchedule(scheduledAt, previously: previous, now: now)
        } catch {
            problems.append(error)
        }
        return problems
    }

    /// Checks every field of `draft` and returns the values to store.
    package static func validate(
        _ draft: ReminderDraft, previously previous: Date?, now: Date
    ) throws(ReminderValidationError) -> ValidReminderValues {
        if let first = problems(in: draft, previously: previous, now: now).first { throw first }
        let zone = TimeZone(identifier: draft.timeZoneID) ?? .gmt
        return ValidReminderValues(
            title: draft.title.trimmingCharacters(in: .whitespacesAndNewlines),
            notes: normalizedNotes(draft.notes),
            scheduledAt: LocalDateTime(date: draft.date, time: draft.time).resolved(in: zone),
            timeZoneID: zone.identifier
        )
    }
}

/// The values of a draft that passed every rule, ready to store.
package struct ValidReminderValues: Hashable, Sendable {
    /// The trimmed title.
    package let title: String
    /// The trimmed notes, `nil` when none.
    package let notes: String?
    /// The due instant.
    package let scheduledAt: Date
    /// The zone's identifier.
    package let timeZoneID: String
}
