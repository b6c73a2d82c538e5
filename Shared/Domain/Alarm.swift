import Foundation

/// When a reminder notifies: a time relative to each occurrence's due time, or an instant.
///
/// A reminder holds any number of them (`Reminder.alarms`); by default one, at the due time. An
/// all-day reminder's due time, for alarms, is its day at the all-day time (`Settings.allDayTime`).
package enum Alarm: Hashable, Sendable {
    /// This many seconds after each occurrence's due time; before it when negative, at it when 0.
    case relative(seconds: Int)
    /// At this instant, once (whatever occurrence is current then).
    case absolute(Date)

    /// The alarm at the due time.
    package static let atDue = Alarm.relative(seconds: 0)
    /// The alarms a reminder has unless it is given others: one at the due time.
    package static let defaults: [Alarm] = [.atDue]
    /// The furthest a relative alarm may be from the due time, either way: 52 weeks, in seconds.
    package static let maximumOffset = 52 * 7 * 86_400

    /// `alarms` without repeats, in a fixed order: the relative ones earliest first, then the
    /// absolute ones in time order. Two sets that notify alike are equal once normalised.
    package static func normalized(_ alarms: [Alarm]) -> [Alarm] {
        guard alarms.count > 1 else { return alarms }
        var seen = Set<Alarm>()
        return alarms.filter { seen.insert($0).inserted }.sorted { lhs, rhs in
            switch (lhs, rhs) {
            case (.relative(let left), .relative(let right)): left < right
            case (.absolute(let left), .absolute(let right)): left < right
            case (.relative, .absolute): true
            case (.absolute, .relative): false
            }
        }
    }

    /// The key that tells this alarm's notifications from the other alarms' of one reminder:
    /// `b900` 900 s before, `a60` 60 s after, `t1799089200` at that second since 1970.
    package var key: String {
        switch self {
        case .relative(let seconds): seconds < 0 ? "b\(-seconds)" : "a\(seconds)"
        case .absolute(let instant): "t\(Int64(instant.timeIntervalSince1970.rounded(.down)))"
        }
    }
}

extension Alarm {
    /// What the default alarm (one at the due time) reads as.
    package static let atDueTime = "at due time"
    /// What no alarm reads as.
    package static let noneText = "none"

    /// Alarms as the form, `show`, the CSV and a sync's conflict note say them (and `AlarmText`
    /// reads them back): "at due time", "none", or each alarm (`-1d, -15m, 2027-01-04 18:00`, an
    /// absolute one in `zone`).
    package static func text(_ alarms: [Alarm], zone: TimeZone) -> String {
        if alarms == defaults { return atDueTime }
        if alarms.isEmpty { return noneText }
        return alarms.map { $0.text(zone: zone) }.joined(separator: ", ")
    }

    /// One alarm: `-15m`, `0`, `+1h`, or `2027-01-04 18:00` in `zone`.
    package func text(zone: TimeZone) -> String {
        switch self {
        case .relative(let seconds): return Self.offsetText(seconds)
        case .absolute(let instant):
            let local = LocalDateTime(of: instant, in: zone)
            return "\(local.date) \(local.time)"
        }
    }

    /// `-1d`, `-1h30m`, `+10m`, `0`: whole weeks, days, hours, minutes and seconds, largest first.
    package static func offsetText(_ seconds: Int) -> String {
        guard seconds != 0 else { return "0" }
        var rest = abs(seconds)
        var text = seconds < 0 ? "-" : "+"
        for (unit, size) in [("w", 604_800), ("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }
}

extension Reminder {
    /// Whether its alarms are the default one at the due time.
    package var hasDefaultAlarms: Bool { alarms == Alarm.defaults }

    /// When `alarm` notifies for `occurrence`: the occurrence's firing instant (`fireInstant`)
    /// moved by a relative alarm's offset, or an absolute alarm's instant.
    package func fireInstant(of occurrence: Occurrence, alarm: Alarm, _ settings: Settings) -> Date {
        switch alarm {
        case .relative(let seconds): fireInstant(of: occurrence, settings).addingTimeInterval(TimeInterval(seconds))
        case .absolute(let instant): instant
        }
    }

    /// The first occurrence whose `alarm` (a relative one) notifies after `instant`, and when;
    /// `nil` when undated or when the series has ended.
    package func nextFiring(after instant: Date, alarm seconds: Int, _ settings: Settings)
        -> (occurrence: Occurrence, fireAt: Date)?
    {
        guard let series else { return nil }
        // An all-day occurrence notifies up to a day after its day starts.
        let lookBack: TimeInterval = (isAllDay ? 2 * 86_400 : 0) + TimeInterval(max(seconds, 0))
        var occurrence = series.nextOccurrence(after: instant.addingTimeInterval(-lookBack))
        while let current = occurrence {
            let fireAt = fireInstant(of: current, alarm: .relative(seconds: seconds), settings)
            if fireAt > instant { return (current, fireAt) }
            occurrence = series.occurrence(following: current)
        }
        return nil
    }

    /// Whether a notification of `alarm` at `fireAt` is left out of the plan: an alarm other than
    /// the one at the due time that was already past when the reminder was last changed (when it
    /// was set) is not delivered late, and none is delivered that its answer came after
    /// (`isAnswered`).
    package func leavesOut(_ alarm: Alarm, fireAt: Date) -> Bool {
        (alarm != .atDue && fireAt < updatedAt) || isAnswered(fireAt: fireAt)
    }

    /// Whether a notification at `fireAt` was answered: its alarms were acknowledged at or after it.
    package func isAnswered(fireAt: Date) -> Bool {
        alarmsAcknowledgedAt.map { fireAt <= $0 } ?? false
    }

    /// Its due time set to `instant` by its user. Moved to another time, it no longer has the
    /// time a snooze was about: the snooze is over (the store answers that time's notifications
    /// shown or snoozed here in the same change: trigger `reminder_movedDueAnswers`).
    package mutating func reschedule(to instant: Date?) {
        if instant != scheduledAt { alarmsSnoozedUntil = nil }
        scheduledAt = instant
    }

    /// When its snoozed notification fires again: `alarmsSnoozedUntil` while it is open and that
    /// snooze is not answered yet.
    package var liveSnooze: Date? {
        guard !isCompleted, let snoozed = alarmsSnoozedUntil, !isAnswered(fireAt: snoozed) else { return nil }
        return snoozed
    }

}

extension Alarm {
    /// The latest an answer to the alarms of an occurrence due at `due` can be: when it was
    /// `written`, or the occurrence's last alarm (an all-day one's whole day) or a snooze of it when
    /// later (a notification snoozed before it fired is answered at its own time). A later
    /// `ACKNOWLEDGED` (a clock far ahead) is taken as this: it would otherwise silence occurrences
    /// that have not come yet.
    package static func latestAnswer(due: Date?, isAllDay: Bool, alarms: [Alarm], snoozed: Date?, written: Date) -> Date {
        guard let due else { return max(written, snoozed ?? written) }
        let day: TimeInterval = isAllDay ? 86_400 : 0
        let lastAlarm = alarms.map { alarm in
            switch alarm {
            case .relative(let seconds): due.addingTimeInterval(day + TimeInterval(max(seconds, 0)))
            case .absolute(let instant): instant
            }
        }.max() ?? due
        return max(written, lastAlarm, due.addingTimeInterval(day), snoozed ?? written)
    }
}
