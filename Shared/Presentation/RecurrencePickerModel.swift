import Domain
import Foundation
import Observation

/// Choosing how a reminder repeats: quick options that follow the scheduled date, a custom rule
/// (frequency, interval, weekdays, monthly day, or counted from completion), and how it ends (a day, a number of times, both,
/// or never).
@MainActor @Observable
package final class RecurrencePickerModel {
    /// The quick choices, whose weekday, day or date come from the scheduled date, and `custom`.
    package enum Kind: String, CaseIterable, Hashable, Sendable {
        case never, daily, weekdays, weekly, biweekly, monthly, monthlyWeekday, lastDay, yearly, custom
    }

    /// One choice as the picker lists it.
    package struct Option: Hashable, Sendable {
        /// Which choice.
        package let kind: Kind
        /// What it means, before the date fills in its parts.
        package let spec: RepeatSpec
        /// The rule it stands for on the scheduled date (without a count).
        package let rule: RecurrenceRule
        /// "Never", "Daily", "Every weekday", "Weekly on Tuesday", "Every 2 weeks on Tuesday",
        /// "Monthly on the 21st", "Monthly on the last Friday", "Yearly on 29 February".
        package var label: String { rule.label }
    }

    /// The chosen repeat without its count: a quick option's, or a custom one.
    package var spec: RepeatSpec {
        didSet {
            // The count is `times`; setting it here again runs this once more, with none.
            if spec.times != nil { spec.times = nil }
            if spec != oldValue { endDateError = nil }
        }
    }
    /// How many times it repeats (this occurrence included), `nil` for no limit; only while repeating.
    package var times: Int? { didSet { if times != oldValue { endDateError = nil } } }
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
        self.spec = Self.spec(following: rule, on: scheduledDate)
        self.times = rule.isRepeating ? rule.times : nil
        self.hasEndDate = end != nil
        self.endDate = end ?? Self.defaultEnd(after: scheduledDate)
        self.endDateIsDefault = end == nil
    }

    /// What `rule` means for a reminder on `date`, without its count: the quick option that gives it
    /// on that date ("weekly", which follows the date), else the rule itself as a custom one.
    nonisolated package static func spec(following rule: RecurrenceRule, on date: LocalDate) -> RepeatSpec {
        var bare = rule
        bare.times = nil
        return quickSpecs(on: date).first { $0.spec.rule(on: date) == bare }?.spec ?? RepeatSpec(rule: bare)
    }

    /// The quick choices for the scheduled date, in order ("Monthly on the last day" only on a
    /// month's last day before the 31st).
    package var options: [Option] {
        Self.quickSpecs(on: scheduledDate).map { Option(kind: $0.kind, spec: $0.spec, rule: $0.spec.rule(on: scheduledDate)) }
    }

    nonisolated private static func quickSpecs(on date: LocalDate) -> [(kind: Kind, spec: RepeatSpec)] {
        var specs: [(Kind, RepeatSpec)] = [
            (.never, RepeatSpec(.never)), (.daily, RepeatSpec(.daily)),
            (.weekdays, RepeatSpec(.weekly, weekdays: .mondayToFriday)), (.weekly, RepeatSpec(.weekly)),
            (.biweekly, RepeatSpec(.weekly, interval: 2)), (.monthly, RepeatSpec(.monthly)),
            (.monthlyWeekday, RepeatSpec(.monthly, monthly: .sameWeekday)),
        ]
        if date.day < 31, date.day == LocalDate.daysIn(month: date.month, year: date.year) {
            specs.append((.lastDay, RepeatSpec(.monthly, monthly: .lastDay)))
        }
        specs.append((.yearly, RepeatSpec(.yearly)))
        return specs
    }

    /// The chosen quick option, or `custom`.
    package var kind: Kind {
        get {
            let chosen = spec.rule(on: scheduledDate)
            return Self.quickSpecs(on: scheduledDate).first { $0.spec.rule(on: scheduledDate) == chosen }?.kind ?? .custom
        }
        set {
            guard newValue != .custom else {
                // A custom rule starts from what is chosen, spelled out.
                spec = RepeatSpec(rule: rule(on: scheduledDate, times: nil))
                return
            }
            spec = Self.quickSpecs(on: scheduledDate).first { $0.kind == newValue }?.spec ?? RepeatSpec(.monthly, monthly: .lastDay)
        }
    }

    /// Chooses the repeat a phrase states ("every 2 weeks on tue,thu, 10 times"); its count, when
    /// it has one, replaces the chosen count.
    package func choose(phrase: String) throws(RepeatPhraseError) {
        let parsed = try RepeatSpec.parse(phrase)
        spec = parsed
        if parsed.frequency == .never { times = nil } else if let count = parsed.times { times = count }
    }

    // MARK: The custom rule's parts

    /// The unit: setting it keeps the interval and makes the other parts follow the date.
    package var frequency: RepeatSpec.Frequency {
        get { spec.frequency }
        set {
            guard newValue != spec.frequency else { return }
            let afterDone = spec.afterDone && newValue != .never
            spec = RepeatSpec(newValue, interval: newValue == .never ? 1 : spec.interval)
            spec.afterDone = afterDone
        }
    }
    /// Whether it counts from completion ("every 3 days after done"): the day then follows the date,
    /// so turning it on drops chosen weekdays or a monthly day; a never-repeating rule stays never.
    package var afterDone: Bool {
        get { spec.afterDone }
        set {
            guard newValue != spec.afterDone, !newValue || spec.frequency != .never else { return }
            spec.afterDone = newValue
            if newValue { (spec.weekdays, spec.monthly, spec.yearly) = (nil, .sameDay, nil) }
        }
    }
    /// Every how many units (1–999).
    package var interval: Int {
        get { spec.interval }
        set { spec.interval = newValue }
    }
    /// A weekly rule's days (the date's weekday until set). Days other than the date's weekday
    /// make it repeat on them, no longer after done.
    package var weekdays: Weekdays {
        get { spec.weekdays ?? Weekdays([scheduledDate.weekday]) }
        set {
            if spec.afterDone, newValue == Weekdays([scheduledDate.weekday]) { return }
            spec.afterDone = false
            spec.weekdays = newValue
        }
    }
    /// A monthly rule's day. Another day than the date's makes it repeat on it, no longer after done.
    package var monthlyMode: RepeatSpec.MonthlyMode {
        get { spec.monthly }
        set {
            if spec.afterDone, newValue == .sameDay { return }
            spec.afterDone = false
            spec.monthly = newValue
        }
    }
    /// The ways a monthly rule can fall for the scheduled date: on its day, on its weekday in the
    /// same place (the 4th Tuesday, the last Friday), on the last day.
    package var monthlyOptions: [(mode: RepeatSpec.MonthlyMode, label: String)] {
        [RepeatSpec.MonthlyMode.sameDay, .sameWeekday, .lastDay].map { mode in
            var spec = RepeatSpec(.monthly, monthly: mode)
            spec.interval = 1
            let label = spec.rule(on: scheduledDate).label
            return (mode, String(label.dropFirst("Monthly ".count)))
        }
    }

    // MARK: The rule

    /// The chosen rule on the scheduled date, with its count.
    package var rule: RecurrenceRule { rule(on: scheduledDate, times: times) }

    private func rule(on date: LocalDate, times: Int?) -> RecurrenceRule {
        var spec = spec
        spec.times = times
        return spec.rule(on: date)
    }

    /// The chosen rule's sentence: "Every 2 weeks on Tuesday and Thursday, 10 times".
    package var label: String { rule.label }

    /// Whether the end choices are shown: only while repeating.
    package var isEndDateAvailable: Bool { spec.frequency != .never }

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

    /// Shows why the end day (or the count) was refused.
    func showEndDateError(_ message: String) {
        endDateError = message
    }

    /// The same day one month after `date`, or that month's last day when it is shorter.
    package static func defaultEnd(after date: LocalDate) -> LocalDate {
        let (year, month) = date.month == 12 ? (date.year + 1, 1) : (date.year, date.month + 1)
        return LocalDate(year: year, month: month, day: min(date.day, LocalDate.daysIn(month: month, year: year)))
            ?? date
    }
}
