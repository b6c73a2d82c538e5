import Domain
import Foundation
import ICalendar

/// A reminder's fields as a person types them at a prompt, on a command line or in a CSV row:
/// each one text, or `nil` when it is not given (the field keeps what it had). Given empty, a field
/// that can be cleared is cleared (no notes, no date, all day, no repeat, no count, no end day),
/// and the title, which cannot, is refused.
package struct ReminderFieldInput: Hashable, Sendable {
    /// The title.
    package var title: String?
    /// The notes; empty clears them.
    package var notes: String?
    /// The day it is due (`fri`, `2026-12-03`), perhaps with its time (`tomorrow 5pm`, `in 2 hours`)
    /// where the reader's `datesCarryTime` allows it; `none` (or `-`) for no date (undated).
    package var date: String?
    /// The time it is due (`17:30`, `5pm`); `none` or `all day` for none (due all day).
    package var time: String?
    /// How it repeats, as a phrase (`every 2 weeks on tue,thu, 10 times`).
    package var repeatPhrase: String?
    /// How many times it repeats, or `none`.
    package var times: String?
    /// The last day it repeats on, or `none`.
    package var until: String?
    /// The IANA zone the date and time are read in.
    package var zone: String?
    /// How much it matters: none, low, medium, high, or `!`, `!!`, `!!!`.
    package var priority: String?
    /// When it notifies (`AlarmText`): `-1d, -15m`, `0`, `2027-01-04 18:00`, or `none`; the set replaces the one it had.
    package var alarms: String?

    /// Fields given by name; the others are not given.
    package init(title: String? = nil, notes: String? = nil, date: String? = nil, time: String? = nil,
                 repeatPhrase: String? = nil, times: String? = nil, until: String? = nil, zone: String? = nil,
                 priority: String? = nil, alarms: String? = nil) {
        self.alarms = alarms
        self.title = title
        self.notes = notes
        self.date = date
        self.time = time
        self.repeatPhrase = repeatPhrase
        self.times = times
        self.until = until
        self.zone = zone
        self.priority = priority
    }
}

/// The fields of `ReminderFieldInput` once read: each the value it names, `nil` where not given.
package struct ReminderFieldValues: Hashable, Sendable {
    /// A field that is set to a value or cleared.
    package enum Change<Value: Hashable & Sendable>: Hashable, Sendable {
        case value(Value)
        case none
    }

    package var title: String?
    package var notes: String?
    package var date: LocalDate?
    package var time: LocalTime?
    /// The date was cleared: the reminder becomes undated.
    package var clearsDate = false
    /// The time was cleared: the reminder becomes all-day.
    package var clearsTime = false
    /// The repeat as read: relative to the date it ends up on (`weekly` is on the date's weekday).
    package var repeatSpec: RepeatSpec?
    package var times: Change<Int>?
    package var until: Change<LocalDate>?
    package var zone: TimeZone?
    package var priority: Priority?
    /// The alarms, normalised; empty for none.
    package var alarms: [Alarm]?

    /// No field given.
    package init() {}

    /// What a reminder left without a date (`undated`) cannot have of these fields: a time of
    /// day, or alarms given to it (they count from its due time and would never be heard). A row
    /// being restored (`keepingAlarms`: an import) keeps its alarms for when it has a date, as a
    /// reminder whose date was taken away does, and as `export` writes it.
    package func problems(leavingUndated undated: Bool, keepingAlarms: Bool = false) -> [FieldProblem] {
        guard undated else { return [] }
        var problems: [FieldProblem] = []
        if time != nil { problems.append(FieldProblem(field: .time, reason: .timeNeedsDate)) }
        if !keepingAlarms, let alarms, !alarms.isEmpty { problems.append(FieldProblem(field: .alarms, reason: .alarmNeedsDate)) }
        return problems
    }

    /// `draft` with these values set: the repeat is worked out on the draft's final date (a quick
    /// repeat such as "weekly" follows a new date, as the form's picker does), keeping its count
    /// unless a new one is given.
    package func applied(to draft: ReminderDraft) -> ReminderDraft {
        var result = draft
        if let title { result.title = title }
        if let notes { result.notes = notes }
        if clearsDate { result.hasDate = false }
        if let date { (result.date, result.hasDate) = (date, true) }
        if clearsTime { result.hasTime = false }
        if let time { (result.time, result.hasTime) = (time, true) }
        if let zone { result.timeZoneID = zone.identifier }
        if let priority { result.priority = priority }
        if let alarms { result.alarms = alarms }
        if repeatSpec != nil || times != nil || date != nil {
            var spec = repeatSpec ?? RecurrencePickerModel.spec(following: draft.recurrence, on: draft.date)
            switch times {
            case .value(let count)?: spec.times = count
            case .none?: spec.times = nil
            case nil: spec.times = draft.recurrence.times
            }
            result.recurrence = spec.rule(on: result.date)
        }
        switch until {
        case .value(let day)?: result.recurrenceEnd = day
        case .none?: result.recurrenceEnd = nil
        case nil: break
        }
        return result
    }
}

/// Why a field's text could not be read.
package struct FieldProblem: Error, Hashable, Sendable {
    /// The field, by the name a command line and a CSV header give it.
    package enum Field: String, Hashable, Sendable {
        case title, notes, date, time, `repeat`, times, until, zone, priority
        case alarms = "alarm"
    }

    /// What was wrong with the text.
    package enum Reason: Error, Hashable, Sendable {
        /// Not a day (or a moment) in any form the reader knows.
        case notADate(String)
        /// A day the calendar does not have; the sentence says why ("2026-02-30 does not exist: …").
        case noSuchDay(String, sentence: String)
        /// A numeric date (05/12/2026) without an order saying which number is the day.
        case numericNeedsOrder(String)
        /// A numeric date that is not a day when read in `order`.
        case notADayInOrder(String, TypedInput.DateOrder)
        /// The date gave a time of day, and so did the time.
        case timeGivenTwice
        /// Not a time of day.
        case notATime(String)
        /// A repeat phrase that could not be read.
        case repeatPhrase(RepeatPhraseError)
        /// A count or an end day for a reminder that does not repeat.
        case needsRepeat
        /// Not a count of times.
        case notACount(String)
        /// A zone this system does not know.
        case unknownZone(String)
        /// A time of day for a reminder without a date.
        case timeNeedsDate
        /// Not a priority.
        case notAPriority(String)
        /// Empty, for a field that cannot be cleared (the title).
        case required
        /// An iCalendar rule (`FREQ=WEEKLY;BYDAY=MO`) Memoss cannot follow exactly, or without a date; why.
        case calendarRule(String)
        /// Not an alarm (`AlarmText`).
        case notAnAlarm(String)
        /// An offset without a sign (`15m`): before or after the due time?
        case alarmNeedsSign(String)
        /// An offset further than `Alarm.maximumOffset` from the due time.
        case alarmTooFar(String)
        /// `none` given with alarms.
        case alarmNoneWithOthers
        /// Alarms for a reminder without a date (nothing to notify at).
        case alarmNeedsDate
    }

    /// The field the text was given for.
    package let field: Field
    /// What was wrong.
    package let reason: Reason

    /// `field`'s text was wrong for `reason`.
    package init(field: Field, reason: Reason) {
        self.field = field
        self.reason = reason
    }

    /// The sentence for a person at a prompt, where the field being asked names itself.
    package var sentence: String {
        switch reason {
        case .noSuchDay(_, let sentence): sentence
        case .notADate(let text) where TypedInput.correction(text, withTime: field == .date) != nil:
            "\"\(VisibleText.escaped(text))\" is not a date\(TypedInput.didYouMean(text, withTime: field == .date))"
        case .notADate, .numericNeedsOrder, .notADayInOrder: field == .date ? TypedInput.momentHint : TypedInput.dateHint
        case .timeGivenTwice: "The date already gives the time"
        case .notATime: TypedInput.timeHint
        case .repeatPhrase(let error): error.sentence
        case .needsRepeat: "It does not repeat"
        case .notACount: "Give a number from 1 to \(RecurrenceRule.maximumTimes), or none"
        case .unknownZone(let zone): ReminderValidationError.unknownTimeZone(zone).message
        case .timeNeedsDate: "A time needs a date"
        case .notAPriority: Self.priorityHint
        case .required: ReminderValidationError.titleRequired.message
        // A rule's part (`byday=tu,Xy`) is quoted as written, never capitalised.
        case .calendarRule(let why): why.prefix { $0 != " " }.contains("=") ? why : why.prefix(1).uppercased() + why.dropFirst()
        case .notAnAlarm(let text): "\"\(VisibleText.escaped(text))\" is not an alarm. \(AlarmText.hint)"
        case .alarmNeedsSign(let text):
            "Say which way: -\(VisibleText.escaped(text)) for before the due time, +\(VisibleText.escaped(text)) for after it"
        case .alarmTooFar(let text): "\(VisibleText.escaped(text)) is too far from the due time; an alarm is at most 52 weeks before or after it"
        case .alarmNoneWithOthers: "none cannot go with other alarms; give none alone, or only the alarms"
        case .alarmNeedsDate: "A reminder without a date has no time to notify at; give it a date, or no alarm"
        }
    }

    /// The sentence for a command line, naming the option (`--date: …`), and whether it is a
    /// usage error (exit status 2) rather than a refused value (a day the calendar does not have).
    package var optionMessage: (message: String, isUsage: Bool) {
        let option = field == .repeat ? "--repeat" : "--\(field.rawValue)"
        switch reason {
        case .noSuchDay(_, let sentence): return ("\(option): \(sentence)", false)
        case .notADate(let text) where TypedInput.correction(text, withTime: field == .date) != nil:
            return ("\(option): \(sentence)", true)
        case .notADate: return ("\(option): \(field == .date ? TypedInput.momentHint : TypedInput.dateHint).", true)
        case .numericNeedsOrder(let text), .notADayInOrder(let text, _):
            return ("\(option): \(text) has the day and the month in numbers; add --date-order dmy (day first) "
                + "or --date-order mdy (month first), or write it as YYYY-MM-DD.", true)
        case .timeGivenTwice: return ("--date already gives the time; leave out --time or the time in --date.", true)
        case .notATime: return ("--time: \(TypedInput.timeHint).", true)
        case .repeatPhrase(let error): return ("--repeat: \(error.message).", true)
        case .needsRepeat: return ("\(option) needs a repeat, such as --repeat daily.", true)
        case .notACount: return ("--times: give a number from 1 to \(RecurrenceRule.maximumTimes), or none.", true)
        case .unknownZone(let zone): return ("\(option): \(ReminderValidationError.unknownTimeZone(zone).message)", true)
        case .timeNeedsDate: return ("--time needs a date; give --date a day (not none), or leave out --time.", true)
        case .notAPriority: return ("--priority: \(Self.priorityHint).", true)
        case .required: return ("\(option) cannot be empty; give one, or leave out \(option) to keep the one it has.", true)
        case .calendarRule(let why): return ("--repeat: \(why).", true)
        case .notAnAlarm, .alarmNeedsSign, .alarmTooFar, .alarmNoneWithOthers: return ("--alarm: \(sentence).", true)
        case .alarmNeedsDate: return ("--alarm needs a date to count from; give --date a day (not none), or leave out --alarm.", true)
        }
    }

    /// The message for a CSV row's column (after `file:line: column: `).
    package var columnMessage: String {
        switch reason {
        case .noSuchDay(_, let sentence): String(sentence.dropLast())
        case .notADate(let text): "Must be a date written YYYY-MM-DD (or D/M/YYYY with --date-order)" + TypedInput.didYouMean(text, withTime: false)
        case .numericNeedsOrder(let text):
            "\(text) has the day and the month in numbers; say which comes first with --date-order dmy (day first) "
                + "or --date-order mdy (month first)"
        case .notADayInOrder(let text, let order): "\(text) is not a day of the calendar read as \(order.rawValue)"
        case .repeatPhrase(let error): error.sentence
        case .timeNeedsDate: "A time needs a date; give the date too, or leave the time empty"
        case .timeGivenTwice, .notATime, .needsRepeat, .notACount, .unknownZone, .notAPriority, .required, .calendarRule,
             .notAnAlarm, .alarmNeedsSign, .alarmTooFar, .alarmNoneWithOthers, .alarmNeedsDate: sentence
        }
    }

    /// What a priority may be.
    package static let priorityHint = "Give none, low, medium or high (or !, !! or !!!)"
}

/// Reads the fields of one reminder from text, the one place each field's text is parsed and
/// checked, whoever gives it: the form at a prompt, the command line's options, a CSV row.
/// Pure: the clock, the zone and the date order are given.
package struct ReminderFieldReader: Sendable {
    /// The instant "today", "in 2 hours" and a weekday's name are read from.
    package var now: Date
    /// The zone the fields are read in (the user's, the reminder's, or a row's).
    package var zone: TimeZone
    /// How a numeric date such as 05/12/2026 is read; `nil` refuses them.
    package var order: TypedInput.DateOrder?
    /// Whether a date may carry a time of day (`tomorrow 5pm`, `in 2 hours`), as a person types it;
    /// a CSV date column is a day only.
    package var datesCarryTime: Bool

    /// A reader at `now` in `zone`.
    package init(now: Date, zone: TimeZone, order: TypedInput.DateOrder? = nil, datesCarryTime: Bool = true) {
        self.now = now
        self.zone = zone
        self.order = order
        self.datesCarryTime = datesCarryTime
    }

    /// The day it is in the reader's zone.
    package var today: LocalDate { LocalDate(containing: now, in: zone) }

    /// Reads every field `input` gives: the values, and a problem for each field that could not be read.
    /// `repeats` says whether the reminder repeats unless `input` says otherwise (a count or an end day
    /// needs a repeat); `date` and `time` are when it is due unless `input` gives them (an iCalendar
    /// rule is read from the day it starts on, its UNTIL against the time of day).
    package func read(_ input: ReminderFieldInput, repeats: Bool = false, date: LocalDate? = nil, time: LocalTime? = nil)
        -> (values: ReminderFieldValues, problems: [FieldProblem])
    {
        var values = ReminderFieldValues()
        var problems: [FieldProblem] = []
        var reader = self
        if let zoneText = input.zone?.trimmingWhitespace(), !zoneText.isEmpty {
            if let named = TimeZone(identifier: zoneText) {
                values.zone = named
                reader.zone = named
            } else {
                problems.append(FieldProblem(field: .zone, reason: .unknownZone(zoneText)))
            }
        }
        if let title = input.title, title.trimmingWhitespace().isEmpty {
            problems.append(FieldProblem(field: .title, reason: .required))
        }
        values.title = input.title
        values.notes = input.notes
        if let text = input.priority {
            if Self.isNone(text) {
                values.priority = Priority.none
            } else if let priority = Priority(text: text) { values.priority = priority } else { problems.append(FieldProblem(field: .priority, reason: .notAPriority(text))) }
        }
        if let text = input.alarms {
            switch AlarmText.read(text, now: now, zone: reader.zone, order: order) {
            case .success(let alarms): values.alarms = alarms
            case .failure(let problem): problems.append(FieldProblem(field: .alarms, reason: problem))
            }
        }
        if let text = input.date, Self.isNone(text) {
            values.clearsDate = true
            if let time = input.time, !Self.isNone(time), !Self.isAllDay(time) {
                problems.append(FieldProblem(field: .time, reason: .timeNeedsDate))
            }
        } else if let text = input.date {
            switch reader.moment(text) {
            case .success(let moment):
                values.date = moment.date
                if let clock = moment.time {
                    if input.time != nil { problems.append(FieldProblem(field: .date, reason: .timeGivenTwice)) }
                    values.time = clock
                }
            case .failure(let problem): problems.append(FieldProblem(field: .date, reason: problem))
            }
        }
        if let text = input.time, Self.isNone(text) || Self.isAllDay(text) {
            values.clearsTime = true
        } else if let text = input.time, !values.clearsDate {
            if let clock = TypedInput.time(text) { values.time = clock } else { problems.append(FieldProblem(field: .time, reason: .notATime(text))) }
        }
        var repeating = repeats
        if let phrase = input.repeatPhrase, RecurrenceRuleText.isRule(phrase) {
            // An iCalendar rule, as other tools write repeats: read by the calendar's own rules.
            if let start = values.date ?? date, !values.clearsDate {
                switch RecurrenceRuleText.read(phrase, start: start, startTime: values.time ?? (values.clearsTime ? nil : time), zone: reader.zone) {
                case .success(let (rule, end)):
                    values.repeatSpec = RepeatSpec(rule: rule)
                    repeating = rule.isRepeating
                    values.times = rule.times.map { .value($0) } ?? ReminderFieldValues.Change<Int>.none
                    if let end, input.until == nil { values.until = .value(end) }
                case .failure(let problem):
                    problems.append(FieldProblem(field: .repeat, reason: .calendarRule(problem.message)))
                }
            } else {
                problems.append(FieldProblem(field: .repeat, reason: .calendarRule("a rule is read from the day it starts on; give the date too")))
            }
        } else if let phrase = input.repeatPhrase {
            do {
                let spec = Self.isNone(phrase) ? RepeatSpec(.never) : try RepeatSpec.parse(phrase)
                values.repeatSpec = spec
                repeating = spec.frequency != .never
                if spec.frequency == .never { values.times = ReminderFieldValues.Change<Int>.none } else if let count = spec.times { values.times = .value(count) }
            } catch {
                problems.append(FieldProblem(field: .repeat, reason: .repeatPhrase(error)))
            }
        }
        if let text = input.times {
            if !repeating && !Self.isNone(text) {
                problems.append(FieldProblem(field: .times, reason: .needsRepeat))
            } else if Self.isNone(text) {
                values.times = ReminderFieldValues.Change<Int>.none
            } else if let count = RepeatSpec.count(text.lowercased().split(separator: " ").map(String.init), bare: true) {
                values.times = .value(count)
            } else {
                problems.append(FieldProblem(field: .times, reason: .notACount(text)))
            }
        }
        if let text = input.until {
            // Said first: an end day is for a repeat (a CSV row's is left unused instead).
            if !repeating && !Self.isNone(text) { problems.append(FieldProblem(field: .until, reason: .needsRepeat)) }
            if Self.isNone(text) {
                values.until = ReminderFieldValues.Change<LocalDate>.none
            } else {
                switch reader.day(text) {
                case .success(let day): values.until = .value(day)
                case .failure(let problem): problems.append(FieldProblem(field: .until, reason: problem))
                }
            }
        }
        return (values, problems)
    }

    /// A day, perhaps with a time where dates carry one.
    private func moment(_ text: String) -> Result<(date: LocalDate, time: LocalTime?), FieldProblem.Reason> {
        if datesCarryTime, let moment = TypedInput.moment(text, now: now, zone: zone, order: order) { return .success(moment) }
        return day(text).map { ($0, nil) }
    }

    /// A day: `YYYY-MM-DD`, a weekday's name (the next one), `5 dec`, … or a numeric date in `order`.
    private func day(_ text: String) -> Result<LocalDate, FieldProblem.Reason> {
        if let day = TypedInput.date(text, today: today) { return .success(day) }
        if TypedInput.isNumericDate(text) {
            guard let order else { return .failure(.numericNeedsOrder(text)) }
            if let day = TypedInput.numericDate(text, order: order) { return .success(day) }
            return .failure(.notADayInOrder(text, order))
        }
        if let sentence = TypedInput.missingDay(text) { return .failure(.noSuchDay(text, sentence: sentence)) }
        return .failure(.notADate(text))
    }

    /// `all day` (or `all-day`, `allday`): no time of day.
    private static func isAllDay(_ text: String) -> Bool {
        ["all day", "all-day", "allday"].contains(text.trimmingWhitespace().lowercased())
    }

    /// `none`, `never`, `-` or nothing: the field is cleared.
    private static func isNone(_ text: String) -> Bool {
        ["", "none", "never", "-"].contains(text.trimmingWhitespace().lowercased())
    }
}
