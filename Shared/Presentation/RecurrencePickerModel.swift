import Domain
import Foundation
import Observation

/// Choosing how a reminder repeats: options that follow the scheduled date, and an optional end day.
@MainActor @Observable
package final class RecurrencePickerModel {
    /// The four choices, whose weekday or day come from the scheduled date.
    package enum Kind: String, CaseIterable, Hashable, Sendable {
        case never, daily, weekly, monthly
    }

    /// One choice as the picker lists it.
    package struct Option: Hashable, Sendable {
        /// Which choice.
        package let kind: Kind
        /// The rule it stands for on the scheduled date.
        package let rule: RecurrenceRule
        /// "Never", "Daily", "Weekly on Tuesday", "Monthly on the 21st".
        package var label: String { rule.label }
    }

    /// The chosen kind.
    package var kind: Kind { didSet { if kind != oldValue { endDateError = nil } } }
    /// Whether the repeats stop after `endDate`; only offered while repeating.
    package var hasEndDate: Bool { didSet { if hasEndDate != oldValue { endDateError = nil } } }
    /// The last day an occurrence may fall on (inclusive). Until the user sets it, it follows the
    /// scheduled date at one month after it.
    package var endDate: LocalDate {
        didSet {
            guard endDate != oldValue else { return }
            endDateIsDefault = false
            endDateError = nil
        }
    }
    /// Why the end day was refused at the last save, if it was.
    package private(set) var endDateError: String?
    /// The day the reminder is scheduled on, which the options follow.
    package private(set) var scheduledDate: LocalDate

    @ObservationIgnored private var endDateIsDefault: Bool

    /// A picker for a reminder on `scheduledDate` repeating by `rule` until `end`.
    package init(scheduledDate: LocalDate, rule: RecurrenceRule, end: LocalDate?) {
        self.scheduledDate = scheduledDate
        self.kind = switch rule {
        case .never: .never
        case .daily: .daily
        case .weekly: .weekly
        case .monthly: .monthly
        }
        self.hasEndDate = end != nil
        self.endDate = end ?? Self.defaultEnd(after: scheduledDate)
        self.endDateIsDefault = end == nil
    }

    /// The choices for the scheduled date, in order.
    package var options: [Option] { Kind.allCases.map { Option(kind: $0, rule: rule(for: $0)) } }

    /// The chosen rule on the scheduled date.
    package var rule: RecurrenceRule { rule(for: kind) }

    /// Whether the end-day toggle is shown: only while repeating.
    package var isEndDateAvailable: Bool { kind != .never }

    /// The end day that applies: `nil` when not repeating or when the toggle is off.
    package var effectiveEnd: LocalDate? { isEndDateAvailable && hasEndDate ? endDate : nil }

    /// The scheduled date changed: the options follow it, and so does an end day the user has not set.
    package func scheduledDateChanged(_ date: LocalDate) {
        scheduledDate = date
        if endDateIsDefault {
            endDate = Self.defaultEnd(after: date)
            endDateIsDefault = true
        }
    }

    /// Shows why the end day was refused.
    func showEndDateError(_ message: String) {
        endDateError = message
    }

    /// The same day one month after `date`, or that month's last day when it is shorter.
    package static func defaultEnd(after date: LocalDate) -> LocalDate {
        let (year, month) = date.month == 12 ? (date.year + 1, 1) : (date.year, date.month + 1)
        return LocalDate(year: year, month: month, day: min(date.day, LocalDate.daysIn(month: month, year: year)))
            ?? date
    }

    private func rule(for kind: Kind) -> RecurrenceRule {
        switch kind {
        case .never: .never
        case .daily: .daily
        case .weekly: .weekly(weekday: scheduledDate.weekday)
        case .monthly: .monthly(day: scheduledDate.day)
        }
    }
}
