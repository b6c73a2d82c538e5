import Domain
import Foundation

/// An iCalendar recurrence rule (RFC 5545 `RRULE`) read as a Memoss repeat: the one reader of
/// rules, for calendars, CSV repeat columns (TickTick writes RRULEs) and `--repeat`. A rule Memoss
/// cannot follow exactly is refused with the part that cannot be, never approximated.
package enum RecurrenceRuleText {
    /// Why a rule cannot be read as a Memoss repeat.
    package struct Problem: Error, Hashable, Sendable {
        /// What is wrong, as a sentence's body (no capital, no full stop).
        package let message: String
    }

    /// Whether `text` is written as a rule (`RRULE:…` or `FREQ=…`) rather than a phrase.
    package static func isRule(_ text: String) -> Bool {
        let upper = text.trimmingWhitespace().uppercased()
        return upper.hasPrefix("RRULE:") || upper.hasPrefix("FREQ=")
    }

    /// The rule `value` (an RRULE's value: `FREQ=WEEKLY;BYDAY=MO,WE`, perhaps after `RRULE:`) stands
    /// for, with its UNTIL as the last local day in `zone` (the day before when UNTIL's time of day
    /// there comes before `startTime`, the series' own: that day's time is past it), for an item
    /// that starts on `start`; or
    /// why Memoss cannot have it exactly. `skippedMonths`: whether a plain `FREQ=MONTHLY` from the
    /// 29th–31st (which skips the months without that day) is refused, as for a file or a typed
    /// rule; a server's to-do synced before it was is read as Memoss's monthly on that day (on the
    /// last day of shorter months), as it was then.
    package static func read(_ value: String, start: LocalDate, startTime: LocalTime? = nil, zone: TimeZone,
                             refusingSkippedMonths skippedMonths: Bool = true) -> Result<(RecurrenceRule, LocalDate?), Problem> {
        let text = value.trimmingWhitespace()
        let rule = text.uppercased().hasPrefix("RRULE:") ? String(text.dropFirst(6)) : text
        // The parts compared in upper case, and quoted in refusals as written.
        var parts: [String: String] = [:], written: [String: String] = [:]
        for part in rule.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else {
                return .failure(Problem(message: "\"\(part)\" is not a NAME=VALUE part of a rule"))
            }
            parts[pair[0].uppercased()] = String(pair[1]).uppercased()
            written[pair[0].uppercased()] = String(part)
        }
        func cannot(_ what: String) -> Result<(RecurrenceRule, LocalDate?), Problem> {
            .failure(Problem(message: "\(what) cannot be represented in Memoss, which repeats every n days, weeks on a set of days, "
                + "months on a day or an nth weekday, or years on a date; reading it otherwise would change when it is due"))
        }
        let supported: Set<String> = ["FREQ", "UNTIL", "COUNT", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "WKST"]
        if let other = parts.keys.sorted().first(where: { !supported.contains($0) }) {
            return cannot(written[other] ?? other)
        }
        var interval = 1
        if let text = parts["INTERVAL"] {
            guard let value = Int(text), (1...RecurrenceRule.maximumInterval).contains(value) else { return cannot("INTERVAL=\(text)") }
            interval = value
        }
        var times: Int?
        if let text = parts["COUNT"] {
            guard let value = Int(text), (1...RecurrenceRule.maximumTimes).contains(value) else { return cannot("COUNT=\(text)") }
            times = value
        }
        let byDay = parts["BYDAY"].map { $0.split(separator: ",").map(String.init) }
        let (byMonthDay, bySetPos, byMonth) = (parts["BYMONTHDAY"], parts["BYSETPOS"], parts["BYMONTH"])
        let pattern: RecurrenceRule.Pattern
        switch parts["FREQ"] {
        case "DAILY":
            guard byDay == nil, byMonthDay == nil, bySetPos == nil, byMonth == nil else {
                return cannot("FREQ=DAILY with BYDAY, BYMONTHDAY, BYMONTH or BYSETPOS")
            }
            pattern = .daily
        case "WEEKLY":
            guard byMonthDay == nil, bySetPos == nil, byMonth == nil else { return cannot("FREQ=WEEKLY with BYMONTHDAY, BYMONTH or BYSETPOS") }
            var days: [Int] = []
            for code in byDay ?? [CalendarWriter.weekdayCodes[start.weekday - 1]] {
                guard let index = CalendarWriter.weekdayCodes.firstIndex(of: code) else { return cannot(written["BYDAY"] ?? "BYDAY") }
                days.append(index + 1)
            }
            // Memoss's weeks run Monday to Sunday, which decides the days an interval selects.
            if interval > 1, days.count > 1, let weekStart = parts["WKST"], weekStart != "MO" {
                return cannot("WKST=\(weekStart) with INTERVAL=\(interval) on several days")
            }
            pattern = .weekly(Weekdays(days))
        case "MONTHLY":
            guard byMonth == nil else { return cannot("FREQ=MONTHLY with BYMONTH") }
            if let byDay {
                guard byMonthDay == nil, bySetPos == nil, byDay.count == 1, let code = byDay.first, code.count >= 3,
                      let index = CalendarWriter.weekdayCodes.firstIndex(of: String(code.suffix(2))),
                      let nth = Int(code.dropLast(2).replacingOccurrences(of: "+", with: "")), [1, 2, 3, 4, -1].contains(nth)
                else { return cannot("FREQ=MONTHLY;\(written["BYDAY"] ?? "BYDAY") (Memoss has the 1st to 4th or the last weekday of a month)") }
                pattern = .monthly(.weekday(nth: nth, weekday: index + 1))
                break
            }
            switch (byMonthDay, bySetPos) {
            case (let list?, nil) where list.contains(","):
                return cannot("BYMONTHDAY=\(list) (several days of each month; Memoss repeats months on one day)")
            case (nil, nil):
                // RFC 5545 skips the months where the start's day does not exist; Memoss moves it to the last day.
                guard start.day <= 28 || !skippedMonths else {
                    let day = RecurrenceRule.ordinal(start.day)
                    return cannot("FREQ=MONTHLY from the \(day) (it skips the months without a \(day); Memoss would put it on their last day)")
                }
                pattern = .monthly(.day(start.day))
            case ("-1", nil): pattern = .monthly(.last)
            case (let list?, "-1"):
                let days = list.split(separator: ",").compactMap { Int($0) }
                guard let top = days.max(), top >= 29, top <= 31, days.sorted() == Array(28...top) else {
                    return cannot("BYMONTHDAY=\(list) with BYSETPOS=-1")
                }
                pattern = .monthly(.day(top))
            case (let single?, nil):
                guard let value = Int(single), (1...28).contains(value) else {
                    return cannot("BYMONTHDAY=\(single) (days past the 28th are skipped in shorter months, where Memoss moves them to the last day)")
                }
                pattern = .monthly(.day(value))
            default:
                return cannot("BYMONTHDAY=\(byMonthDay ?? "") with BYSETPOS=\(bySetPos ?? "")")
            }
        case "YEARLY":
            guard byDay == nil else { return cannot("FREQ=YEARLY with BYDAY") }
            let month = byMonth.flatMap { Int($0) } ?? start.month
            if let byMonth, Int(byMonth) == nil || !(1...12).contains(month) { return cannot(written["BYMONTH"] ?? byMonth) }
            switch (byMonthDay, bySetPos) {
            case (nil, nil):
                // RFC 5545 skips the years where the date does not exist; Memoss moves it to the 28th.
                guard month != 2 || start.day != 29 else {
                    return cannot("FREQ=YEARLY from 29 February (it falls only in leap years; Memoss would put it on the 28th in others)")
                }
                pattern = .yearly(month: month, day: start.day)
            case ("-1", nil) where month == 2, ("28,29", "-1") where month == 2:
                pattern = .yearly(month: 2, day: 29)
            case (let single?, nil):
                guard let day = Int(single), (1...LocalDate.daysIn(month: month, year: 2001)).contains(day) else {
                    return cannot("BYMONTH=\(month);BYMONTHDAY=\(single)")
                }
                pattern = .yearly(month: month, day: day)
            default:
                return cannot("FREQ=YEARLY with BYMONTHDAY=\(byMonthDay ?? "") and BYSETPOS=\(bySetPos ?? "")")
            }
        case let frequency?:
            return cannot("FREQ=\(frequency)")
        case nil:
            return .failure(Problem(message: "the rule has no FREQ"))
        }
        let recurrence = RecurrenceRule(pattern, interval: interval, times: times)
        guard recurrence.matches(start) else {
            return cannot("RRULE:\(rule) with a start on \(start) that it does not fall on (RFC 5545 counts the start as well)")
        }
        guard let until = parts["UNTIL"] else { return .success((recurrence, nil)) }
        guard let parsed = TodoReader.parse(until, dateOnly: until.count == 8) else {
            return .failure(Problem(message: "UNTIL=\(until) is not a date or a date and time"))
        }
        guard until.count != 8, let startTime else {
            let end = parsed.isUTC ? LocalDate(containing: parsed.time.resolved(in: .gmt), in: zone) : parsed.time.date
            return .success((recurrence, max(end, start)))
        }
        // The series' time on UNTIL's day, as an instant (a DST change that day moves it): past
        // UNTIL, that day has no occurrence. The start counts whatever UNTIL says (RFC 5545).
        let instant = parsed.time.resolved(in: parsed.isUTC ? .gmt : zone).addingTimeInterval(TimeInterval(parsed.second))
        let day = LocalDate(containing: instant, in: zone)
        let end = LocalDateTime(date: day, time: startTime).resolved(in: zone) > instant ? day.adding(days: -1) : day
        return .success((recurrence, max(end, start)))
    }
}
