import Foundation

/// A request to notify the user at an instant, as the notification centre keeps it.
package struct NotificationRequest: Identifiable, Hashable, Sendable {
    /// `<reminder uuid>` for a one-time reminder, `<reminder uuid>-<n>` for occurrence n of a repeating
    /// one; an alarm other than the one at the due time adds `-<its key>` (`Alarm.key`).
    package var id: String
    /// The reminder it is about.
    package var reminderID: UUID
    /// When it fires.
    package var fireAt: Date
    /// When the occurrence it is about is due (for an all-day reminder, its day at the all-day
    /// time): `fireAt` for the alarm at the due time, later for an alarm before it; a snooze keeps it.
    package var dueAt: Date
    /// The reminder's title.
    package var title: String
    /// The reminder's notes, empty when none.
    package var body: String
    /// Whether it is about a repeating reminder.
    package var isRecurring: Bool
    /// Whether the user snoozed it (a rebuild of the plan keeps it).
    package var isSnoozed: Bool

    /// Creates a request from its values.
    package init(id: String, reminderID: UUID, fireAt: Date, dueAt: Date? = nil, title: String, body: String,
                 isRecurring: Bool, isSnoozed: Bool = false) {
        self.id = id
        self.reminderID = reminderID
        self.fireAt = fireAt
        self.dueAt = dueAt ?? fireAt
        self.title = title
        self.body = body
        self.isRecurring = isRecurring
        self.isSnoozed = isSnoozed
    }
}

/// A notification that has fired and waits for the user to act on it.
package struct DeliveredNotification: Identifiable, Hashable, Sendable {
    /// The request it came from.
    package var request: NotificationRequest
    /// When it was delivered.
    package var deliveredAt: Date
    /// Whether it was delivered after its time because nothing was running then.
    package var isLate: Bool

    /// Creates a delivered notification.
    package init(request: NotificationRequest, deliveredAt: Date, isLate: Bool) {
        self.request = request
        self.deliveredAt = deliveredAt
        self.isLate = isLate
    }

    /// The request's identifier.
    package var id: String { request.id }
}

/// The notification budget, as iOS sets it.
package enum NotificationBudget {
    /// At most this many requests are pending at once; beyond it the soonest are kept.
    package static let pendingCap = 64
    /// Slots for one-time reminders, soonest first.
    package static let oneTimeSlots = 14
    /// Slots for the soonest occurrences of all repeating reminders together.
    package static var recurringSlots: Int { pendingCap - oneTimeSlots }
    /// A notification delivered more than this many seconds after its time is marked late.
    package static let lateAfter: TimeInterval = 60
    /// The snooze when the user does not say how long.
    package static let defaultSnoozeMinutes = 15
}

/// How long to snooze: a number of minutes, or until a wall-clock time.
package enum SnoozeLength: Hashable, Sendable {
    /// For this many minutes (1–10080).
    case minutes(Int)
    /// Until the next time the user's clock reads this.
    case until(LocalTime)

    /// The snooze when the user does not say how long.
    package static let standard = SnoozeLength.minutes(NotificationBudget.defaultSnoozeMinutes)

    /// How many minutes a snooze may last: one to a week.
    package static let allowedMinutes = 1...10_080
}

/// Why a notification action could not be done.
package enum NotificationError: Error, Hashable, Sendable {
    /// No delivered or pending notification has this identifier.
    case notFound(String)
    /// More than one notification id starts with this prefix.
    case ambiguous(String)
    /// A snooze must be 1 to 10080 minutes, or a time of day.
    case invalidSnooze
    /// A number beyond the last numbering of notifications (how many it had).
    case noSuchNumber(Int, listed: Int)
    /// A notification not delivered yet, answered while one of another occurrence of its reminder,
    /// firing by then, is pending or waiting (the answer covers the reminder's alarms up to its
    /// time): the reminder's title.
    case earlierFirst(String)
    /// A number whose notification was answered (or replanned away) since it was numbered.
    case numberGone(Int)

    /// The sentence the user reads.
    package var message: String {
        switch self {
        case .notFound(let id): "No notification has the id \(id); `notifications` lists them."
        case .ambiguous(let prefix): "More than one notification id starts with \(prefix); type more of it."
        case .invalidSnooze: "Snooze for 1 to 10080 minutes (a week): 10, 90m, 1h, 1h30m, or until a time such as 17:30 or 5:30pm."
        case .noSuchNumber(let number, let listed):
            listed == 0 ? "There is no notification \(number): none is pending or waiting for an answer."
                : "There is no notification \(number); `notifications` numbers \(listed == 1 ? "1" : "1 to \(listed)")."
        case .earlierFirst(let title):
            "\"\(VisibleText.escaped(title))\" has a notification of an earlier time pending or waiting, which answering this "
                + "one would silence; answer that one first (`notifications --all` lists them)."
        case .numberGone(let number):
            "Notification \(number) was answered or went since it was numbered; `notifications` numbers them again."
        }
    }
}
