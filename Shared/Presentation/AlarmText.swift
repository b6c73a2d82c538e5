import Domain
import Foundation

/// A reminder's alarms as a person types them: `-1d, -15m`, `0` (at the due time), `+10m` (after
/// it), `2027-01-04 18:00` (an absolute time), `none`. The one place alarm text is read, for the
/// form and the command line; `Alarm.text` writes it.
package enum AlarmText {
    /// How alarms are typed, for a refusal.
    package static let hint = "Give alarms as -15m, -1h30m, -1d or -1w (before the due time), +10m (after it), 0 (at it), "
        + "or a date and time (\"2027-01-04 18:00\"), several separated by commas; or none"

    /// Reads `text`: alarms separated by commas, each an offset from the due time or a date with a
    /// time of day (read in `zone`, numeric dates in `order`), or `none` alone.
    package static func read(_ text: String, now: Date, zone: TimeZone, order: TypedInput.DateOrder? = nil)
        -> Result<[Alarm], FieldProblem.Reason>
    {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
        let noneWords = ["none", "never", "-", "no alarm", "no alarms"]
        if parts.count == 1, noneWords.contains(parts[0].lowercased()) { return .success([]) }
        if parts.contains(where: { noneWords.contains($0.lowercased()) }) { return .failure(.alarmNoneWithOthers) }
        guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else { return .failure(.notAnAlarm(text)) }
        var alarms: [Alarm] = []
        for part in parts {
            if let seconds = offset(part) {
                guard abs(seconds) <= Alarm.maximumOffset else { return .failure(.alarmTooFar(part)) }
                alarms.append(.relative(seconds: seconds))
            } else if let moment = TypedInput.moment(part, now: now, zone: zone, order: order), let time = moment.time {
                alarms.append(.absolute(LocalDateTime(date: moment.date, time: time).resolved(in: zone)))
            } else {
                return .failure(unsigned(part) ? .alarmNeedsSign(part) : .notAnAlarm(part))
            }
        }
        return .success(Alarm.normalized(alarms))
    }

    /// A card's badge: the alarms when they are not the default one, else `nil`.
    package static func badge(_ alarms: [Alarm], zone: TimeZone) -> String? {
        alarms == Alarm.defaults ? nil : alarms.isEmpty ? "no alarm" : Alarm.text(alarms, zone: zone)
    }

    /// What a command says of a reminder's alarms after adding or saving it: "alarms -1d, -15m",
    /// "no alarm"; `nil` for the default one. An alarm at a set time is said in `zone` (the user's),
    /// with its reminder's clock when that reads otherwise, where a typed one is read: "alarm
    /// 2026-12-02 19:30 (16:30 in Los Angeles)". An undated reminder never notifies: the alarms it
    /// kept when its date was taken away are said to be kept (`keptUntilDated`), none is `nil`.
    package static func sentence(_ reminder: Reminder, zone: TimeZone) -> String? {
        guard !reminder.hasDefaultAlarms else { return nil }
        let alarms = "alarm\(reminder.alarms.count == 1 ? "" : "s") " + said(reminder.alarms, of: reminder.timeZone, in: zone)
        guard reminder.scheduledAt != nil else { return reminder.alarms.isEmpty ? nil : "\(alarms) \(keptUntilDated)" }
        return reminder.alarms.isEmpty ? "no alarm" : alarms
    }

    /// `alarms` of a reminder in `own` zone, said in `zone` (the user's): one at a set time with
    /// the reminder's clock too when that reads otherwise, where a typed one is read: "-15m,
    /// 2026-12-02 19:30 (16:30 in Los Angeles)".
    package static func said(_ alarms: [Alarm], of own: TimeZone, in zone: TimeZone) -> String {
        guard own.identifier != zone.identifier, alarms.contains(where: { if case .absolute = $0 { true } else { false } }) else {
            return Alarm.text(alarms, zone: zone)
        }
        return alarms.map { alarm -> String in
            guard case .absolute(let instant) = alarm else { return alarm.text(zone: zone) }
            return alarm.text(zone: zone) + CardTimeFormatter.ownClockNote(at: instant, own: own, viewer: zone) { "\($0)" }
        }.joined(separator: ", ")
    }

    /// What is said of the alarms an undated reminder keeps from the date it had (they count from a
    /// due time, so they notify again once it has a date).
    package static let keptUntilDated = "kept for when it has a date"

    /// The seconds an offset says: `0`, `at due time`, `-15m`, `+1h30m`, `-2 days`, `15 minutes
    /// before`, `1h after`; `nil` when it is not one, or has no sign and is not 0.
    private static func offset(_ text: String) -> Int? {
        var words = text.lowercased()
        if ["0", "at due time", "at due", "due", "at the due time"].contains(words) { return 0 }
        var sign = 0
        for (suffix, value) in [(" before", -1), (" after", 1)] where words.hasSuffix(suffix) {
            words = String(words.dropLast(suffix.count))
            sign = value
        }
        if sign == 0, let first = words.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            words = String(words.dropFirst())
        }
        guard sign != 0, let magnitude = duration(words), magnitude > 0 else { return nil }
        return sign * magnitude
    }

    /// Whether `text` is a duration without a sign (`15m`): the user is asked which way.
    private static func unsigned(_ text: String) -> Bool {
        (duration(text.lowercased()) ?? 0) > 0
    }

    /// The seconds `1h30m`, `2 days`, `90 min` say; `nil` when not a duration.
    private static func duration(_ text: String) -> Int? {
        let names: [String: Int] = [
            "w": 604_800, "week": 604_800, "weeks": 604_800, "d": 86_400, "day": 86_400, "days": 86_400,
            "h": 3_600, "hr": 3_600, "hrs": 3_600, "hour": 3_600, "hours": 3_600,
            "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60, "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
        ]
        var total = 0, number = "", unit = "", groups = 0
        func close() -> Bool {
            // A bare number alone is minutes (`-15`).
            guard let count = Int(number), count <= 1_000_000, let size = unit.isEmpty && groups == 0 ? 60 : names[unit] else { return false }
            total += count * size
            (number, unit, groups) = ("", "", groups + 1)
            return true
        }
        for character in text where !character.isWhitespace {
            if character.isASCII, character.isNumber {
                if !unit.isEmpty, !close() { return nil }
                number.append(character)
            } else if character.isLetter, !number.isEmpty {
                unit.append(character)
            } else {
                return nil
            }
        }
        guard !number.isEmpty, unit.isEmpty ? groups == 0 : true, close() else { return nil }
        return total
    }
}
