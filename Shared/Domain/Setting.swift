import Foundation

/// Something the user sets once for the whole store (`memoss config NAME VALUE`).
package enum Setting: String, CaseIterable, Hashable, Sendable {
    /// The time of day all-day reminders are notified at.
    case allDayTime = "all-day-time"

    /// What it is, for `config`'s listing.
    package var summary: String {
        switch self {
        case .allDayTime: "the time of day all-day reminders are notified at"
        }
    }

    /// Its value until the user sets one.
    package var defaultValue: String {
        switch self {
        case .allDayTime: LocalTime.nineAM.description
        }
    }
}

/// The store's settings, each set or at its default.
package struct Settings: Hashable, Sendable {
    /// The time of day all-day reminders are notified at, in their zone (09:00 unless set).
    package var allDayTime: LocalTime

    /// Every setting at its default.
    package static let defaults = Settings(allDayTime: .nineAM)

    /// The settings `values` give (by `Setting` name); a value that cannot be read is its default.
    package init(values: [String: String]) {
        allDayTime = values[Setting.allDayTime.rawValue].flatMap(LocalTime.init(hhmm:)) ?? .nineAM
    }

    /// Settings from their values.
    package init(allDayTime: LocalTime) {
        self.allDayTime = allDayTime
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
