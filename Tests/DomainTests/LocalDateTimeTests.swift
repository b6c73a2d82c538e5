import Domain
import Foundation
import Testing
import TestSupport

struct LocalDateTimeTests {
    private let lordHowe = TimeZone(identifier: "Australia/Lord_Howe") ?? .gmt

    @Test func ordinaryWallTimeIsReadWithTheZonesOffset() {
        let wall = LocalDateTime(date: day("2026-11-21"), time: time("22:00"))
        #expect(wall.resolved(in: newYork) == instant("2026-11-22T03:00:00Z"))
    }

    @Test func timeInsideSpringForwardGapMovesForwardByTheGap() {
        // 02:30 does not exist on 8 March 2026 in New York; it becomes 03:30 EDT.
        let wall = LocalDateTime(date: day("2026-03-08"), time: time("02:30"))
        #expect(wall.resolved(in: newYork) == instant("2026-03-08T03:30:00-04:00"))
    }

    @Test func ambiguousFallBackTimeTakesTheEarlierInstant() {
        // 01:30 happens twice on 1 November 2026 in New York; the first is EDT.
        let wall = LocalDateTime(date: day("2026-11-01"), time: time("01:30"))
        #expect(wall.resolved(in: newYork) == instant("2026-11-01T01:30:00-04:00"))
    }

    @Test func halfHourGapOfLordHoweMovesForwardByHalfAnHour() {
        let wall = LocalDateTime(date: day("2026-10-04"), time: time("02:15"))
        #expect(wall.resolved(in: lordHowe) == instant("2026-10-04T02:45:00+11:00"))
    }

    @Test func halfHourOverlapOfLordHoweTakesTheEarlierInstant() {
        let wall = LocalDateTime(date: day("2026-04-05"), time: time("01:45"))
        #expect(wall.resolved(in: lordHowe) == instant("2026-04-05T01:45:00+11:00"))
    }

    @Test func readingAnInstantBackGivesTheSameWallTime() {
        let wall = LocalDateTime(date: day("2026-07-04"), time: time("18:45"))
        #expect(LocalDateTime(of: wall.resolved(in: newYork), in: newYork) == wall)
    }
}
