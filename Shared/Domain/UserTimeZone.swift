import Foundation

/// The user's time zone, read from `TZ` the way the C library reads it, and what to tell the
/// user when `TZ` cannot be used as it stands.
///
/// - `TZ` unset: the system's zone, `/etc/localtime` (a link into the zone database names it);
///   none there: UTC, silently, as the C library does.
/// - `TZ=""`: UTC, as the C library does, said once.
/// - `TZ=:NAME` or `TZ=NAME`: the zone database's file `NAME` (under `$TZDIR`, else
///   `/usr/share/zoneinfo`), so tzdata's own `EST`, `MST`, `HST`, `EST5EDT`, `CET`… mean what
///   they mean there (`EST` is -05:00 all year); an absolute path names a file of the database.
/// - Otherwise a POSIX rule: `UTC0`, `<+0530>-5:30`, `EST5` (a fixed offset, as the C library
///   reads it); with daylight-saving rules (`CET-1CEST,M3.5.0,M10.5.0/3`), the database's zone
///   whose current rule is exactly that one; when none is, the standard offset all year, said once.
/// - Anything else: UTC, said once, as the C library would silently use UTC.
package struct UserTimeZone: Sendable {
    /// The zone to use.
    package let timeZone: TimeZone
    /// Why `TZ` was not used as written (the front says it once); `nil` when it was.
    package let problem: Problem?

    /// What was wrong with `TZ`, and what is used instead.
    package enum Problem: Hashable, Sendable {
        /// `TZ` is set but empty: UTC.
        case empty
        /// `TZ` names no file of the zone database in `directory`: UTC.
        case noSuchZone(tz: String, directory: String)
        /// `TZ` is a POSIX rule with daylight saving no zone follows: its standard offset all year.
        case unfollowedRule(tz: String, standardOffset: Int)
        /// `TZ` is neither a zone name nor a rule: UTC.
        case unreadable(tz: String)
    }

    /// Where the zone database and the system's zone live (tests point them elsewhere).
    package struct Places: Sendable {
        /// The zone database's folder.
        package var zoneDirectory: String
        /// The system's zone file.
        package var localtime: String

        /// The folders the C library uses; `TZDIR` overrides the database's.
        package init(processEnvironment: [String: String]) {
            zoneDirectory = processEnvironment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
            localtime = "/etc/localtime"
        }

        /// Explicit folders.
        package init(zoneDirectory: String, localtime: String) {
            self.zoneDirectory = zoneDirectory
            self.localtime = localtime
        }
    }

    /// Reads `TZ` from `processEnvironment`.
    package init(processEnvironment: [String: String], places: Places? = nil) {
        let places = places ?? Places(processEnvironment: processEnvironment)
        (timeZone, problem) = Self.resolve(processEnvironment["TZ"], places: places)
    }

    private static let utc = TimeZone(identifier: "Etc/UTC") ?? .gmt

    private static func resolve(_ tz: String?, places: Places) -> (TimeZone, Problem?) {
        guard let tz else { return (systemZone(places), nil) }
        if tz.isEmpty { return (utc, .empty) }
        let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
        if let zone = databaseZone(name, places: places) { return (zone, nil) }
        if name.hasPrefix("/") || tz.hasPrefix(":") {
            return (utc, .noSuchZone(tz: tz, directory: places.zoneDirectory))
        }
        if let rule = PosixRule(name) {
            if !rule.hasDaylightSaving, let zone = fixedZone(rule.standardOffset) { return (zone, nil) }
            if let zone = zoneFollowing(rule: name, places: places) { return (zone, nil) }
            if let zone = fixedZone(rule.standardOffset) {
                return (zone, .unfollowedRule(tz: tz, standardOffset: rule.standardOffset))
            }
        }
        return (utc, name.contains("/") ? .noSuchZone(tz: tz, directory: places.zoneDirectory) : .unreadable(tz: tz))
    }

    /// The zone of file `name` in the database (or of an absolute path into it).
    private static func databaseZone(_ name: String, places: Places) -> TimeZone? {
        let directory = resolvingLinks(places.zoneDirectory) + "/"
        var relative = name
        if name.hasPrefix("/") {
            let resolved = resolvingLinks(name)
            guard resolved.hasPrefix(directory) else { return nil }
            relative = String(resolved.dropFirst(directory.count))
        }
        guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.split(separator: "/").contains(".."),
              isZoneFile(places.zoneDirectory + "/" + relative)
        else { return nil }
        return TimeZone(identifier: relative)
    }

    /// The zone `/etc/localtime` names: the database file it links to, else one with the same bytes
    /// named in `/etc/timezone`; UTC when there is none.
    private static func systemZone(_ places: Places) -> TimeZone {
        let manager = FileManager.default
        guard manager.fileExists(atPath: places.localtime) else { return utc }
        if let target = try? manager.destinationOfSymbolicLink(atPath: places.localtime) {
            let absolute = target.hasPrefix("/") ? target
                : URL(fileURLWithPath: places.localtime).deletingLastPathComponent().appendingPathComponent(target).path
            let resolved = resolvingLinks(absolute)
            if let range = resolved.range(of: "zoneinfo/", options: .backwards),
               let zone = TimeZone(identifier: String(resolved[range.upperBound...])) {
                return zone
            }
        }
        let named = (try? String(contentsOfFile: "/etc/timezone", encoding: .utf8))?.trimmingWhitespace() ?? ""
        if !named.isEmpty, let zone = databaseZone(named, places: places),
           manager.contentsEqual(atPath: places.localtime, andPath: places.zoneDirectory + "/" + named) {
            return zone
        }
        return TimeZone.current
    }

    private static func isZoneFile(_ path: String) -> Bool {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var magic: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        guard withUnsafeMutableBytes(of: &magic, { read(file, $0.baseAddress, 4) }) == 4 else { return false }
        return magic == (UInt8(ascii: "T"), UInt8(ascii: "Z"), UInt8(ascii: "i"), UInt8(ascii: "f"))
    }

    /// `path` with every symbolic link in it followed (the C library's `realpath`, which every
    /// command's start pays for; Foundation's walk took a third of a millisecond); as Foundation
    /// gives it when it cannot be followed (a part of it does not exist).
    private static func resolvingLinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The first zone of the database (by name) whose rule for times after its last transition
    /// (the footer of a TZif version 2+ file) is exactly `rule`.
    private static func zoneFollowing(rule: String, places: Places) -> TimeZone? {
        let root = URL(fileURLWithPath: places.zoneDirectory)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return nil }
        var names: [String] = []
        while let name = walker.nextObject() as? String {
            if name.hasPrefix("posix") || name.hasPrefix("right") { walker.skipDescendants(); continue }
            names.append(name)
        }
        let wanted = Data("\n\(rule)\n".utf8)
        for name in names.sorted() {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(name).path),
                  data.starts(with: Data("TZif".utf8)), data.count > wanted.count, data.suffix(wanted.count) == wanted,
                  let zone = TimeZone(identifier: name)
            else { continue }
            return zone
        }
        return nil
    }

    /// A zone at a fixed offset: tzdata's `Etc/GMT±N` for whole hours, else Foundation's `GMT±HHMM`.
    private static func fixedZone(_ seconds: Int) -> TimeZone? {
        if seconds == 0 { return utc }
        if seconds % 3_600 == 0, (-12...14).contains(seconds / 3_600) {
            // Etc/GMT's signs are POSIX's: Etc/GMT+5 is five hours behind UTC.
            let hours = -seconds / 3_600
            return TimeZone(identifier: "Etc/GMT\(hours > 0 ? "+" : "")\(hours)")
        }
        return TimeZone(secondsFromGMT: seconds)
    }
}

/// The parts of a POSIX `TZ` rule Memoss uses: `std offset [dst [offset][,start[/time],end[/time]]]`.
private struct PosixRule {
    /// Seconds east of UTC of standard time (POSIX writes them west: `EST5` is -5 hours).
    let standardOffset: Int
    /// Whether a daylight-saving name follows.
    let hasDaylightSaving: Bool

    init?(_ text: String) {
        var rest = Substring(text)
        guard Self.name(&rest), let offset = Self.offset(&rest) else { return nil }
        standardOffset = -offset
        if rest.isEmpty { hasDaylightSaving = false; return }
        guard Self.name(&rest) else { return nil }
        hasDaylightSaving = true
    }

    /// `<+0530>` or three or more letters.
    private static func name(_ rest: inout Substring) -> Bool {
        if rest.first == "<" {
            guard let close = rest.firstIndex(of: ">"), rest.distance(from: rest.startIndex, to: close) >= 4 else { return false }
            rest = rest[rest.index(after: close)...]
            return true
        }
        let letters = rest.prefix { $0.isASCII && $0.isLetter }
        guard letters.count >= 3 else { return false }
        rest = rest.dropFirst(letters.count)
        return true
    }

    /// `[+-]hh[:mm[:ss]]`, hours 0–24, in seconds west of UTC.
    private static func offset(_ rest: inout Substring) -> Int? {
        var sign = 1
        if let first = rest.first, first == "+" || first == "-" { sign = first == "-" ? -1 : 1; rest = rest.dropFirst() }
        var parts: [Int] = []
        while parts.count < 3 {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard (1...2).contains(digits.count), let value = Int(digits) else { return nil }
            parts.append(value)
            rest = rest.dropFirst(digits.count)
            guard rest.first == ":" else { break }
            rest = rest.dropFirst()
        }
        guard parts[0] <= 24, parts.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        let padded = parts + Array(repeating: 0, count: 3 - parts.count)
        return sign * (padded[0] * 3_600 + padded[1] * 60 + padded[2])
    }
}
