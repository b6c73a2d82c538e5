import Domain
import Foundation
import Presentation
import Testing
import TestSupport

/// `TZ` read as the C library reads it, against the system's tz database (tzdata, which CI installs).
struct UserTimeZoneTests {
    let july = instant("2027-07-01T12:00:00Z")
    let january = instant("2027-01-15T12:00:00Z")
    private let temporary: TemporaryFolder

    init() throws { temporary = try TemporaryFolder() }

    func zone(_ tz: String?, localtime: String = "/etc/localtime") -> UserTimeZone {
        UserTimeZone(processEnvironment: tz.map { ["TZ": $0] } ?? [:],
                     places: .init(zoneDirectory: "/usr/share/zoneinfo", localtime: localtime))
    }

    @Test(arguments: [
        ("EST", -5, -5), ("MST", -7, -7), ("HST", -10, -10), ("EST5EDT", -5, -4), ("CET", 1, 2),
        ("America/New_York", -5, -4), (":Europe/Berlin", 1, 2), (":/usr/share/zoneinfo/Asia/Tokyo", 9, 9),
        ("/usr/share/zoneinfo/America/Nuuk", -2, -1), ("UTC", 0, 0),
    ])
    func zoneNamesMeanWhatTheDatabaseSays(_ tz: String, _ winterHours: Int, _ summerHours: Int) {
        let user = zone(tz)
        #expect(user.problem == nil)
        #expect(user.timeZone.secondsFromGMT(for: january) == winterHours * 3_600)
        #expect(user.timeZone.secondsFromGMT(for: july) == summerHours * 3_600)
    }

    @Test func tzdataEstIsItsOwnZoneNotNewYork() {
        #expect(zone("EST").timeZone.identifier == "EST")
    }

    @Test(arguments: [("UTC0", 0), ("EST5", -5 * 3_600), ("<+0530>-5:30", 19_800), ("<-03>3", -3 * 3_600)])
    func posixRulesWithoutDaylightSavingAreFixedOffsets(_ tz: String, _ seconds: Int) {
        let user = zone(tz)
        #expect(user.problem == nil)
        #expect(user.timeZone.secondsFromGMT(for: january) == seconds)
        #expect(user.timeZone.secondsFromGMT(for: july) == seconds)
    }

    @Test func aPosixRuleWithDaylightSavingUsesTheZoneThatFollowsIt() {
        let user = zone("CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(user.problem == nil)
        #expect(user.timeZone.secondsFromGMT(for: january) == 3_600)
        #expect(user.timeZone.secondsFromGMT(for: july) == 7_200)
    }

    @Test func aPosixRuleNoZoneFollowsKeepsItsStandardOffsetAndSaysSo() {
        let user = zone("ABC-3DEF,M1.1.0,M2.1.0")
        #expect(user.timeZone.secondsFromGMT(for: july) == 3 * 3_600)
        #expect(user.problem?.message == "TZ=\"ABC-3DEF,M1.1.0,M2.1.0\" has daylight-saving rules that no zone of the "
            + "time zone database follows; using UTC+03:00 all year; set TZ to a zone name such as Europe/Berlin, "
            + "or unset it to use the system's zone.")
    }

    @Test(arguments: [
        ("Foo/Bar", "TZ=\"Foo/Bar\" names no zone of the time zone database in /usr/share/zoneinfo; using UTC; "),
        (":Nowhere", "TZ=\":Nowhere\" names no zone of the time zone database in /usr/share/zoneinfo; using UTC; "),
        ("PST", "TZ=\"PST\" is neither a time zone name nor a POSIX rule; using UTC; "),
        ("", "TZ is set but empty, so times are in UTC (as the C library reads it); "),
        ("\u{1B}]0;x\u{07}", "TZ=\"\\u{1B}]0;x\\u{7}\" is neither a time zone name nor a POSIX rule; using UTC; "),
    ])
    func aTzThatCannotBeUsedIsUtcAndSaid(_ tz: String, _ start: String) throws {
        let user = zone(tz)
        #expect(user.timeZone.secondsFromGMT(for: july) == 0)
        let message = try #require(user.problem?.message)
        #expect(message.hasPrefix(start), "\(message)")
        #expect(message.hasSuffix("set TZ to a zone name such as Europe/Berlin, or unset it to use the system's zone."))
    }

    @Test func unsetReadsTheSystemZoneFromTheLocaltimeLink() throws {
        let link = temporary.url.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Pacific/Auckland")
        let user = zone(nil, localtime: link)
        #expect(user.problem == nil)
        #expect(user.timeZone.identifier == "Pacific/Auckland")
    }

    @Test func unsetWithNoLocaltimeIsUtcAsTheCLibraryDoes() {
        let user = zone(nil, localtime: temporary.url.appendingPathComponent("missing").path)
        #expect(user.problem == nil)
        #expect(user.timeZone.secondsFromGMT(for: july) == 0)
    }
}
