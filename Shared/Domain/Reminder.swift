import Foundation

/// Something the user wants to be reminded of: at a moment in a time zone, on a day (all-day), or
/// some day (undated).
package struct Reminder: Identifiable, Hashable, Sendable {
    /// Where a reminder stands besides open and done, as other clients say it (`STATUS`).
    package enum Stage: Int, Hashable, Sendable {
        /// Open or done, as `isCompleted` says.
        case none = 0
        /// Started (`STATUS:IN-PROCESS`): open, perhaps with a percentage done.
        case inProgress = 1
        /// Called off (`STATUS:CANCELLED`): closed like a done one, but not done; never notified, never overdue.
        case cancelled = 2
    }

    /// The reminder's identity, stable for its whole life.
    package var id: UUID
    /// What to remember: trimmed, 1–500 characters.
    package var title: String
    /// Free text, `nil` when there is none (never empty).
    package var notes: String?
    /// The instant it is due; for an all-day reminder, the start of its day; `nil` when undated.
    package var scheduledAt: Date?
    /// Whether it is due on a day, without a time of day (`localScheduled`'s date).
    package var isAllDay: Bool
    /// The IANA zone it was scheduled in; its wall-clock time is kept in this zone.
    package var timeZoneID: String
    /// Whether it is closed: done, or (with `stage` `.cancelled`) cancelled.
    package var isCompleted: Bool
    /// In progress or cancelled, besides open and done.
    package var stage: Stage
    /// How much of it is done, 0–100, as another client (or the user) said; `nil` when not said.
    package var percentComplete: Int?
    /// How much it matters.
    package var priority: Priority
    /// The list it is in; `nil` for the store's default list (where new reminders go).
    package var listID: UUID?
    /// When it was marked done, `nil` while open.
    package var completedAt: Date?
    /// When it was created.
    package var createdAt: Date
    /// When it was last changed.
    package var updatedAt: Date
    /// How it repeats.
    package var recurrence: RecurrenceRule
    /// The last local day a repeating reminder may fall on (inclusive), `nil` for none.
    package var recurrenceEnd: LocalDate?
    /// The wall-clock date and time its current occurrence is due at by its rule, when that
    /// differs from `scheduledAt`'s reading (a DST gap moved it forward, perhaps past midnight);
    /// `nil` means `scheduledAt`'s own reading.
    package var nominal: LocalDateTime?
    /// When it notifies (normalised: `Alarm.normalized`): by default once, at the due time; none when empty.
    package var alarms: [Alarm]
    /// When its alarms were last answered (completed, snoozed or dismissed from a notification,
    /// here or on another device: RFC 9074's `ACKNOWLEDGED`): a notification due up to then is
    /// not delivered, and is closed where it was; `nil` when never.
    package var alarmsAcknowledgedAt: Date?
    /// When a snoozed notification of it fires again, here or on another device (RFC 9074's snooze
    /// alarm); over once its alarms are answered at or after it (`liveSnooze`); `nil` when never.
    package var alarmsSnoozedUntil: Date?
    /// The UID the calendar it was imported from gave it, when that is not its id's text (a UID
    /// that is no UUID, or a UUID spelt otherwise, such as in lower case): what a calendar export
    /// writes, so the app it came from knows its own item again; `nil` otherwise.
    package var calendarUID: String?

    /// Creates a reminder from all its values.
    package init(
        id: UUID, title: String, notes: String?, scheduledAt: Date?, isAllDay: Bool = false, timeZoneID: String,
        isCompleted: Bool = false, completedAt: Date? = nil, stage: Stage = .none, percentComplete: Int? = nil,
        priority: Priority = .none, listID: UUID? = nil, createdAt: Date, updatedAt: Date,
        recurrence: RecurrenceRule = .never, recurrenceEnd: LocalDate? = nil, nominal: LocalDateTime? = nil,
        alarms: [Alarm] = Alarm.defaults
    ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.scheduledAt = scheduledAt
        self.isAllDay = scheduledAt != nil && isAllDay
        self.timeZoneID = timeZoneID
        self.isCompleted = isCompleted
        self.stage = stage
        self.percentComplete = percentComplete
        self.priority = priority
        self.listID = listID
        self.completedAt = completedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.recurrence = recurrence
        self.recurrenceEnd = recurrenceEnd
        self.nominal = nominal
        self.alarms = Alarm.normalized(alarms)
    }

    /// A new open (or, `completed`, closed) reminder from values that passed the rules; a closed
    /// one's `completedAt` is when it was done, `nil` when that is not known (nothing invents it).
    package init(id: UUID, values: ValidReminderValues, now: Date, completed: Bool = false, completedAt: Date? = nil) {
        self.init(
            id: id, title: values.title, notes: values.notes, scheduledAt: values.scheduledAt, isAllDay: values.isAllDay,
            timeZoneID: values.timeZoneID, isCompleted: completed, completedAt: completed ? completedAt : nil,
            priority: values.priority, listID: values.listID, createdAt: now, updatedAt: now,
            recurrence: values.recurrence, recurrenceEnd: values.recurrenceEnd, nominal: values.nominal,
            alarms: values.alarms)
    }

    /// The zone named by `timeZoneID`, or UTC if this system does not know it.
    package var timeZone: TimeZone { Self.zone(timeZoneID) }

    /// The zone a reminder with `timeZoneID` is in (the store's reads ask by the column's text).
    package static func zone(_ timeZoneID: String) -> TimeZone { ZoneLookup.zone(timeZoneID) ?? .gmt }

    /// How far apart the starts of one day in two zones can be (26 hours): a read of the
    /// reminders on one of the user's days widens its hours by this, and `isDue(onUserDay:hours:)` decides.
    package static let widestDayGap: TimeInterval = 26 * 3_600

    /// `hours` widened by `widestDayGap` each side: every reminder on that day of the user's,
    /// all-day ones from any zone, is due within it.
    package static func widened(_ hours: Range<Date>) -> Range<Date> {
        hours.lowerBound.addingTimeInterval(-widestDayGap)..<hours.upperBound.addingTimeInterval(widestDayGap)
    }

    /// Whether it is due on the user's day `day` (whose hours are `hours`): a timed one at an
    /// instant then, an all-day one on that day where it is (Tokyo's Tuesday is Tuesday), as its
    /// card and the query language say.
    package func isDue(onUserDay day: LocalDate, hours: Range<Date>) -> Bool {
        guard let scheduledAt else { return false }
        if isAllDay, case .day(let own) = due { return own == day }
        return hours.contains(scheduledAt)
    }

    /// When all-day day `day` has ended in `zone`: the next day's midnight there. Until then the
    /// reminder is not overdue, wherever the user is.
    package static func endOfAllDay(_ day: LocalDate, in zone: TimeZone) -> Date {
        LocalDateTime(date: day.adding(days: 1), time: .midnight).resolved(in: zone)
    }

    /// When it is due: some day, on a day, or at a moment.
    package var due: Due {
        guard let scheduledAt else { return .someday }
        let local = nominal ?? LocalDateTime(of: scheduledAt, in: timeZone)
        return isAllDay ? .day(local.date) : .moment(local, scheduledAt)
    }

    /// Whether it is cancelled (closed, but not done).
    package var isCancelled: Bool { isCompleted && stage == .cancelled }

    /// Whether it is done (closed, and not cancelled).
    package var isDone: Bool { isCompleted && stage != .cancelled }

    /// The nominal wall-clock date and time it is due, in its own zone (before any DST shift): an
    /// all-day reminder's at the start of its day; `nil` when undated.
    package var localScheduled: LocalDateTime? {
        scheduledAt.map { nominal ?? LocalDateTime(of: $0, in: timeZone) }
    }

    /// Its current occurrence: the nominal date and time, and the instant it is due; `nil` when undated.
    package var currentOccurrence: Occurrence? {
        guard let scheduledAt, let localScheduled else { return nil }
        return Occurrence(nominal: localScheduled, instant: scheduledAt)
    }

    /// Makes `occurrence` the current one.
    package mutating func move(to occurrence: Occurrence) {
        scheduledAt = occurrence.instant
        nominal = LocalDateTime(of: occurrence.instant, in: timeZone) == occurrence.nominal ? nil : occurrence.nominal
    }

    /// The occurrence after the current one, `nil` for a one-time or undated reminder or past its end date.
    package var followingOccurrence: Occurrence? {
        guard let series, let currentOccurrence else { return nil }
        return series.occurrence(following: currentOccurrence)
    }

    /// Moves a repeating reminder on from its current occurrence: to the following one, or with
    /// `now`, to the first one due after `now` (the missed ones in between are skipped). A count
    /// of times goes down by the occurrences left behind. Returns `false`, changing nothing, when
    /// the series has no such occurrence (it has ended).
    /// A snooze of the occurrence left behind is over (see `reschedule(to:)`).
    package mutating func advance(pastInstant now: Date? = nil, doneAt: Date? = nil) -> Bool {
        let moved = recurrence.afterDone ? advance(afterDoneAt: doneAt ?? now ?? scheduledAt) : advanceInSeries(pastInstant: now)
        if moved { alarmsSnoozedUntil = nil }
        return moved
    }

    /// `advance` of a reminder that repeats on its series' dates.
    private mutating func advanceInSeries(pastInstant now: Date?) -> Bool {
        guard let following = followingOccurrence else { return false }
        guard let now, following.instant <= now else {
            move(to: following, passing: 1)
            return true
        }
        guard recurrence.times != nil else {
            guard let next = series?.nextOccurrence(after: now) else { return false }
            move(to: next)
            return true
        }
        var moved = self
        moved.move(to: following, passing: 1)
        while let current = moved.currentOccurrence, current.instant <= now {
            guard let next = moved.followingOccurrence else { return false }
            moved.move(to: next, passing: 1)
        }
        self = moved
        return true
    }

    /// Moves a reminder that repeats after done on from the day it was done (`instant`, read in its
    /// zone): to that day plus its interval, at its time of day (an all-day one on the day), the
    /// rule anchored there. `false`, changing nothing, when its count or end date leaves no more.
    private mutating func advance(afterDoneAt instant: Date?) -> Bool {
        guard let instant, let current = localScheduled, recurrence.times != 1 else { return false }
        let day = recurrence.day(after: LocalDate(containing: instant, in: timeZone))
        if let recurrenceEnd, day > recurrenceEnd { return false }
        let nominal = LocalDateTime(date: day, time: current.time)
        recurrence = recurrence.anchored(on: day)
        move(to: Occurrence(nominal: nominal, instant: nominal.resolved(in: timeZone)), passing: 1)
        return true
    }

    /// Makes `occurrence` the current one, `passed` occurrences on (a count of times goes down by that many).
    private mutating func move(to occurrence: Occurrence, passing passed: Int) {
        move(to: occurrence)
        if let times = recurrence.times { recurrence.times = times - passed }
    }

    /// Its occurrences from the current one on: the rule anchored at the nominal date and time
    /// (an all-day reminder's at the start of each day); `nil` when undated.
    package var series: RecurrenceSeries? {
        // One that repeats after done has its current occurrence alone: the next depends on when it is done.
        localScheduled.map { RecurrenceSeries(rule: recurrence.afterDone ? .never : recurrence, start: $0, end: recurrenceEnd, timeZone: timeZone) }
    }
}

/// When a reminder is due.
package enum Due: Hashable, Sendable {
    /// No date: some day. Listed after the dated ones; never notified, never overdue.
    case someday
    /// A day, without a time (all-day): overdue once the day has ended in its zone.
    case day(LocalDate)
    /// A wall-clock date and time (nominal) and the instant it resolves to.
    case moment(LocalDateTime, Date)

    /// The day it falls on, `nil` when undated.
    package var date: LocalDate? {
        switch self {
        case .someday: nil
        case .day(let day): day
        case .moment(let local, _): local.date
        }
    }
}
