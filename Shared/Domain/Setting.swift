import Foundation

/// Something the user sets once for the whole store (`memoss config NAME VALUE`).
package enum Setting: String, CaseIterable, Hashable, Sendable {
    /// The time of day all-day reminders are notified at.
    case allDayTime = "all-day-time"
    /// The alarms a reminder added without any gets.
    case newAlarms = "alarms"

    /// What it is, for `config`'s listing.
    package var summary: String {
        switch self {
        case .allDayTime: "the time of day all-day reminders are notified at"
        case .newAlarms: "the alarms a reminder added without any gets, relative to its due time"
        }
    }

    /// A value it takes, for a sentence that asks for one.
    package var example: String {
        switch self {
        case .allDayTime: "08:00"
        case .newAlarms: "-15m,0"
        }
    }

    /// Its value until the user sets one.
    package var defaultValue: String {
        switch self {
        case .allDayTime: LocalTime.nineAM.description
        case .newAlarms: Alarm.atDueTime
        }
    }
}

/// The store's settings, each set or at its default.
package struct Settings: Hashable, Sendable {
    /// The time of day all-day reminders are notified at, in their zone (09:00 unless set).
    package var allDayTime: LocalTime
    /// The alarms a reminder added without any gets (one at the due time unless set).
    package var newAlarms: [Alarm]

    /// Every setting at its default.
    package static let defaults = Settings(allDayTime: .nineAM)

    /// The settings `values` give (by `Setting` name); a value that cannot be read is its default.
    package init(values: [String: String]) {
        allDayTime = values[Setting.allDayTime.rawValue].flatMap(LocalTime.init(hhmm:)) ?? .nineAM
        newAlarms = values[Setting.newAlarms.rawValue].flatMap(Self.alarms) ?? Alarm.defaults
    }

    /// Settings from their values.
    package init(allDayTime: LocalTime, newAlarms: [Alarm] = Alarm.defaults) {
        self.allDayTime = allDayTime
        self.newAlarms = newAlarms
    }

    /// `alarms` as the store keeps the setting: each offset in seconds, comma-separated; `none`
    /// for no alarm. Only alarms relative to the due time make a default.
    package static func stored(_ alarms: [Alarm]) -> String? {
        var offsets: [String] = []
        for alarm in alarms {
            guard case .relative(let seconds) = alarm else { return nil }
            offsets.append(String(seconds))
        }
        return offsets.isEmpty ? "none" : offsets.joined(separator: ",")
    }

    /// The alarms a stored value says; `nil` when it cannot be read.
    private static func alarms(_ text: String) -> [Alarm]? {
        guard text != "none" else { return [] }
        let offsets = text.split(separator: ",").map { Int($0) }
        guard !offsets.isEmpty, offsets.allSatisfy({ $0.map { abs($0) <= Alarm.maximumOffset } ?? false }) else { return nil }
        return Alarm.normalized(offsets.compactMap { $0 }.map { .relative(seconds: $0) })
    }
}

extension Reminder {
    /// When `occurrence` of this reminder notifies: its instant, or for an all-day reminder its
    /// day at `settings`' all-day time in its zone.
    package func fireInstant(of occurrence: Occurrence, _ settings: Settings) -> Date {
        guard isAllDay else { return occurrence.instant }
        return LocalDateTime(date: occurrence.nominal.date, time: settings.allDayTime).resolved(in: timeZone)
    }
}

/// A setting's value the store cannot keep.
package enum SettingError: Error, Hashable, Sendable, UserFacingError {
    /// A default alarm at a date and time: it would be the same instant for every reminder.
    case defaultAlarmNotRelative

    package var message: String {
        switch self {
        case .defaultAlarmNotRelative:
            "alarms: a default alarm counts from each reminder's due time; give offsets such as -15m or 0, or none."
        }
    }
}
