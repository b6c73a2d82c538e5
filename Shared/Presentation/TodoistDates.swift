import Domain
import Foundation

/// Todoist's due dates as its CSV export writes them in `DATE`: the due string a person typed, in
/// English (`DATE_LANG` en) — `Oct 5 2026`, `tomorrow 18:00`, `2026-10-06 15:30`, `every monday at
/// 9am`, `every 2 weeks`, `every 15th`, `every last fri`, `every! 3 days` (from completion: `every 3
/// days after done`) — read into a day, a time and a repeat phrase Memoss reads.
///
/// A repeating task's export has its rule but not the day it is next due: that day is the first
/// the rule gives from today (or from its `starting` day) that is not past, as Todoist itself
/// schedules a task imported from a template.
package enum TodoistDates {
    /// What a due string says: the day, the time of day (none: all day), the repeat as Memoss's
    /// phrase (none: once) and the repeat's last day.
    package struct Due: Hashable, Sendable {
        package let date: LocalDate
        package let time: LocalTime?
        package let repeatPhrase: String?
        package let until: LocalDate?
    }

    /// Reads `text` at `now` in `zone`; the failure is the sentence for the row's `DATE`.
    package static func read(_ text: String, now: Date, zone: TimeZone) -> Result<Due, Failure> {
        var words = text.trimmingWhitespace().lowercased().replacingOccurrences(of: ",", with: " , ")
            .split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return .failure(Failure("the date is empty")) }
        // "every! 3 days" repeats from completion: Memoss's "every 3 days after done".
        var afterDone = false
        if words[0] == "every!" || words[0] == "every" && words.dropFirst().first == "!" {
            afterDone = true
            words.replaceSubrange(0..<(words[0] == "every!" ? 1 : 2), with: ["every"])
        } else if words[0].hasPrefix("every!") {
            afterDone = true
            words[0] = String(words[0].dropFirst("every!".count))
            words.insert("every", at: 0)
        }
        let today = LocalDate(containing: now, in: zone)
        // "… until 31 dec", "… ending 31 dec"; "… starting 5 jan", "… from 5 jan".
        var until: LocalDate?, starting: LocalDate?
        for (keywords, assign) in [(["until", "ending"], 0), (["starting", "from"], 1)] {
            guard let index = words.lastIndex(where: keywords.contains), index > 0 else { continue }
            let rest = words[(index + 1)...].filter { $0 != "," }.joined(separator: " ")
            guard let day = TypedInput.date(rest, today: today) else {
                return .failure(Failure("\"\(rest)\" after \"\(words[index])\" is not a date"))
            }
            if assign == 0 { until = day } else { starting = day }
            words.removeSubrange(index...)
        }
        // The time: after "at", or the last word.
        var time: LocalTime?
        if let at = words.lastIndex(of: "at"), at > 0, let clock = TypedInput.time(words[(at + 1)...].joined(separator: " ")) {
            time = clock
            words.removeSubrange(at...)
        } else if words.count > 1, let clock = TypedInput.time(words.suffix(2).joined(separator: " ")),
                  words.suffix(2).last.map({ ["am", "pm"].contains($0) }) == true {
            time = clock
            words.removeLast(2)
        } else if words.count > 1, let last = words.last, last.contains(where: \.isNumber), last.contains(":") || last.hasSuffix("am") || last.hasSuffix("pm"),
                  let clock = TypedInput.time(last) {
            time = clock
            words.removeLast()
        }
        while words.last == "," { words.removeLast() }
        let repeats = ["every", "daily", "weekly", "monthly", "yearly", "annually", "everyday", "weekdays", "weekends"]
        guard let first = words.first, repeats.contains(first) else {
            let phrase = words.filter { $0 != "," }.joined(separator: " ")
            guard let moment = TypedInput.moment(phrase, now: now, zone: zone) else {
                return .failure(Failure("\"\(text)\" is not a date Memoss reads"))
            }
            if time != nil, moment.time != nil { return .failure(Failure("\"\(text)\" gives the time twice")) }
            return .success(Due(date: moment.date, time: time ?? moment.time, repeatPhrase: nil, until: nil))
        }
        guard var phrase = repeatPhrase(words.filter { $0 != "," }) else {
            return .failure(Failure("\"\(text)\" is a repeat Memoss does not have"))
        }
        if afterDone { phrase += " after done" }
        let spec: RepeatSpec
        do {
            spec = try RepeatSpec.parse(phrase)
        } catch {
            let fromCompletion = afterDone || words.contains("after") && words.contains { ["completion", "completed", "done"].contains($0) }
            return .failure(Failure(fromCompletion
                ? "\"\(text)\" repeats from when it is done on days to fall on, which Memoss does not have: make it every! N days, "
                    + "weeks, months or years in Todoist, or repeat from its date"
                : "\"\(text)\" is a repeat Memoss does not have"))
        }
        // The first day of the rule from today (or its start) that is not past.
        var day = max(starting ?? today, today)
        for _ in 0..<800 {
            let rule = spec.rule(on: day)
            let notPast = time.map { LocalDateTime(date: day, time: $0).resolved(in: zone) > now } ?? true
            if rule.matches(day), notPast {
                if let until, until < day { return .failure(Failure("\"\(text)\" ends before its next day")) }
                return .success(Due(date: day, time: time, repeatPhrase: phrase, until: until))
            }
            day = day.adding(days: 1)
        }
        return .failure(Failure("\"\(text)\" falls on no day in the next two years"))
    }

    /// Why a due string could not be read.
    package struct Failure: Error, Hashable, Sendable {
        /// The sentence's body.
        package let message: String
        init(_ message: String) { self.message = message }
    }

    /// Todoist's way of saying a repeat as Memoss's phrase: `every day` → daily, `every workday` →
    /// weekdays, `every 15th` → monthly on the 15th, `every last fri` → monthly on the last fri,
    /// `every 27 jan` → yearly on 27 jan; phrases both say alike (`every 2 weeks`, `every mon, fri`)
    /// as they are. `nil` for a repeat by the hour.
    static func repeatPhrase(_ words: [String]) -> String? {
        guard let first = words.first else { return nil }
        if first != "every" { return words.joined(separator: " ") }
        let rest = Array(words.dropFirst())
        if rest.contains(where: { ["hour", "hours", "minute", "minutes"].contains($0) }) { return nil }
        switch rest {
        case ["day"], ["days"]: return "daily"
        case ["workday"], ["work", "day"], ["weekday"], ["workdays"]: return "weekdays"
        case ["weekend"], ["weekends"]: return "weekends"
        case ["last", "day"]: return "monthly on the last day"
        default: break
        }
        if rest.count == 1, let day = Int(rest[0].prefix { $0.isNumber }), (1...31).contains(day), rest[0].dropFirst(String(day).count).allSatisfy(\.isLetter) {
            return "monthly on the \(RecurrenceRule.ordinal(day))"
        }
        if rest.count == 2, TypedInput.weekday(rest[1]) != nil, ["first", "second", "third", "fourth", "last", "1st", "2nd", "3rd", "4th"].contains(rest[0]) {
            return "monthly on the \(rest[0]) \(rest[1])"
        }
        if rest.count == 2 {
            let (dayWord, monthWord) = Int(rest[0].prefix { $0.isNumber }) != nil ? (rest[0], rest[1]) : (rest[1], rest[0])
            if let month = TypedInput.month(monthWord), let day = Int(dayWord.prefix { $0.isNumber }), (1...31).contains(day) {
                return "yearly on \(day) \(RecurrenceRule.monthNames[month - 1].prefix(3).lowercased())"
            }
        }
        return words.joined(separator: " ")
    }
}
