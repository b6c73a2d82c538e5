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

    /// The first occurrence that notifies after `instant`, and when it does; `nil` when undated or
    /// when the series has ended.
    package func nextFiring(after instant: Date, _ settings: Settings) -> (occurrence: Occurrence, fireAt: Date)? {
        guard let series else { return nil }
        // An all-day occurrence notifies up to a day after its day starts.
        let lookBack: TimeInterval = isAllDay ? 2 * 86_400 : 0
        var occurrence = series.nextOccurrence(after: instant.addingTimeInterval(-lookBack))
        while let current = occurrence {
            let fireAt = fireInstant(of: current, settings)
            if fireAt > instant { return (current, fireAt) }
            occurrence = series.occurrence(following: current)
        }
        return nil
    }
}
