import Domain
import Foundation
import Testing
import TestSupport

/// Where an open reminder stands in time: overdue, today, upcoming or some day, for users and
/// reminders in zones as far apart as zones go.
struct DashboardGroupingTests {
    private static let zones = ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Etc/GMT+12", "America/New_York",
                                "Asia/Kolkata", "Australia/Lord_Howe", "Europe/London", "UTC"]

    private func reminder(day: LocalDate, zone: String) -> Reminder {
        let zoneValue = TimeZone(identifier: zone)!
        return Reminder(id: UUID(), title: "Water the plants", notes: nil,
                        scheduledAt: LocalDateTime(date: day, time: .midnight).resolved(in: zoneValue), isAllDay: true,
                        timeZoneID: zone, createdAt: testNow, updatedAt: testNow)
    }

    /// An all-day reminder is overdue once its day has ended in its own zone, today on or before
    /// the user's today, upcoming after: checked against that rule for days from three before
    /// the user's today to three after, at instants just after midnight, midday and just before
    /// midnight, for every pair of zones.
    @Test func anAllDayReminderIsOverdueOnceItsDayEndsInItsZone() throws {
        for userZone in Self.zones {
            let user = try #require(TimeZone(identifier: userZone))
            let today = LocalDate(containing: testNow, in: user)
            let moments = [LocalTime(hour: 0, minute: 1), LocalTime(hour: 12, minute: 0), LocalTime(hour: 23, minute: 59)]
                .map { LocalDateTime(date: today, time: $0!).resolved(in: user) }
            for now in moments {
                let grouping = Dashboard.Grouping(now: now, timeZone: user)
                for reminderZone in Self.zones {
                    for offset in -3...3 {
                        let day = today.adding(days: offset)
                        let item = reminder(day: day, zone: reminderZone)
                        let ended = day.interval(in: TimeZone(identifier: reminderZone)!).upperBound <= now
                        let expected: Dashboard.Group = ended ? .overdue : day <= today ? .today : .upcoming
                        #expect(grouping.group(of: item) == expected, "\(day) in \(reminderZone), user in \(userZone) at \(now)")
                    }
                }
            }
        }
    }

    /// The day after today can already be over in a zone far ahead of the user's: for a user at
    /// UTC−12 late in the day, an all-day reminder on the next day in Kiritimati (UTC+14) is overdue.
    @Test func tomorrowInAZoneFarAheadCanBeOverdue() throws {
        let user = try #require(TimeZone(identifier: "Etc/GMT+12"))
        let today = LocalDate(containing: testNow, in: user)
        let now = LocalDateTime(date: today, time: LocalTime(hour: 23, minute: 0)!).resolved(in: user)
        let grouping = Dashboard.Grouping(now: now, timeZone: user)
        #expect(grouping.group(of: reminder(day: today.adding(days: 1), zone: "Pacific/Kiritimati")) == .overdue)
        #expect(grouping.group(of: reminder(day: today.adding(days: 1), zone: "UTC")) == .upcoming)
        #expect(grouping.group(of: reminder(day: today.adding(days: 2), zone: "Pacific/Kiritimati")) == .upcoming)
    }

    /// A timed reminder by its instant: overdue before now, today until the end of the user's day.
    @Test func aTimedReminderIsGroupedByItsInstant() throws {
        let user = try #require(TimeZone(identifier: "America/New_York"))
        let grouping = Dashboard.Grouping(now: testNow, timeZone: user)
        func timed(_ instant: Date, zone: String) -> Reminder {
            Reminder(id: UUID(), title: "Call", notes: nil, scheduledAt: instant, isAllDay: false,
                     timeZoneID: zone, createdAt: testNow, updatedAt: testNow)
        }
        #expect(grouping.group(of: timed(testNow.addingTimeInterval(-60), zone: "Asia/Tokyo")) == .overdue)
        #expect(grouping.group(of: timed(testNow.addingTimeInterval(60), zone: "Asia/Tokyo")) == .today)
        // 23:59 in New York is the next day in Tokyo, and still today for the user.
        #expect(grouping.group(of: timed(instant("2026-11-21T23:59:00-05:00"), zone: "Asia/Tokyo")) == .today)
        #expect(grouping.group(of: timed(instant("2026-11-22T00:00:00-05:00"), zone: "UTC")) == .upcoming)
    }

    /// To Do read by due instant, as the store reads it, comes out in its groups' order (overdue,
    /// today, upcoming), each group in the order read, nothing lost: for all-day reminders from
    /// three days before to three after in every zone and timed ones every five hours around now,
    /// for users in every zone just after midnight, at midday and just before midnight. An
    /// all-day reminder due today starts the day at midnight, before a timed one already overdue.
    @Test func toDoReadByDueInstantComesOutInItsGroupsOrder() throws {
        for userZone in Self.zones {
            let user = try #require(TimeZone(identifier: userZone))
            let today = LocalDate(containing: testNow, in: user)
            for time in [LocalTime(hour: 0, minute: 1), LocalTime(hour: 12, minute: 0), LocalTime(hour: 23, minute: 59)] {
                let now = LocalDateTime(date: today, time: try #require(time)).resolved(in: user)
                let grouping = Dashboard.Grouping(now: now, timeZone: user)
                var items = Self.zones.flatMap { zone in (-3...3).map { reminder(day: today.adding(days: $0), zone: zone) } }
                items += (-12...12).map { hours in
                    Reminder(id: UUID(), title: "Call", notes: nil, scheduledAt: now.addingTimeInterval(Double(hours) * 5 * 3_600),
                             isAllDay: false, timeZoneID: userZone, createdAt: testNow, updatedAt: testNow)
                }
                items.sort { ($0.scheduledAt!, $0.id.uuidString) < ($1.scheduledAt!, $1.id.uuidString) }
                var order = Dashboard.GroupOrder<Reminder>(grouping)
                var out: [(Reminder, Dashboard.Group)] = []
                for item in items {
                    order.take(item, group: grouping.group(of: item), dueAt: item.scheduledAt) { out.append(($0, $1)) }
                }
                order.flush { out.append(($0, $1)) }
                let rank: [Dashboard.Group: Int] = [.overdue: 0, .today: 1, .upcoming: 2]
                let expected = items.enumerated().sorted { (rank[grouping.group(of: $0.element)]!, $0.offset)
                    < (rank[grouping.group(of: $1.element)]!, $1.offset) }.map(\.element.id)
                #expect(out.map(\.0.id) == expected, "user in \(userZone) at \(now)")
                #expect(out.allSatisfy { $0.1 == grouping.group(of: $0.0) })
            }
        }
    }
}
