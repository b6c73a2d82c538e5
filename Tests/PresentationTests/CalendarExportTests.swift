import Domain
import Foundation
import ICalendar
import Presentation
import Testing
import TestSupport

/// `export --format ics` learns the calendar's zones from the store in the read that writes its
/// items (no reminder read twice): the file is the one the calendar writer makes of the same
/// reminders, each zone's VTIMEZONE covering the years its reminders need.
struct CalendarExportTests {
    /// Reminders in six zones: one-time, a series that goes on, one that ends in 2031, a done
    /// series cancelled, an all-day and an undated one (neither is in a zone), one tagged Work.
    private func world() async throws -> (TestWorld, Domain.Tag) {
        let world = try TestWorld()
        let work = try await world.addTag("Work")
        func add(_ title: String, _ date: String?, _ time: String?, zone: String, repeats: RecurrenceRule = .never,
                 until end: String? = nil, tags: [Domain.Tag] = []) async throws -> ReminderWithTags {
            var draft = ReminderDraft(title: title, notes: "", date: day(date ?? "2026-11-22"), time: TestSupport.time(time ?? "09:00"),
                                      hasDate: date != nil, hasTime: time != nil, timeZoneID: zone,
                                      tagIDs: Set(tags.map(\.id)), recurrence: repeats)
            draft.recurrenceEnd = end.map(day)
            return try await world.core.createReminder(draft)
        }
        _ = try await add("Dentist", "2026-12-03", "09:30", zone: "Europe/Berlin")
        _ = try await add("Rent", "2026-12-01", "10:00", zone: "America/New_York")
        _ = try await add("Vitamins", "2026-11-22", "08:00", zone: "Asia/Tokyo", repeats: RecurrenceRule(.daily))
        _ = try await add("Team sync", "2026-11-23", "09:00", zone: "Australia/Sydney", repeats: RecurrenceRule(.weekly(Weekdays([2]))), until: "2031-03-01")
        let done = try await add("Old series", "2026-11-21", "20:00", zone: "America/Chicago", repeats: RecurrenceRule(.daily))
        _ = try await world.core.changeStatus(ids: [done.id], to: .cancelled)
        _ = try await add("Bins", "2026-11-24", nil, zone: "Pacific/Auckland")
        _ = try await add("Someday", nil, nil, zone: "Europe/Paris")
        _ = try await add("Report", "2027-02-01", "17:00", zone: "Asia/Kolkata", tags: [work])
        return (world, work)
    }

    private func export(_ world: TestWorld, matching filter: ReminderFilter = .all) async throws -> String {
        let text = Gathered<String>()
        _ = try await world.core.exportModel.export(.ics, matching: filter, completedOnly: false) { text.add(String(decoding: $0, as: UTF8.self)) }
        return text.all.joined()
    }

    /// The TZIDs of the VTIMEZONEs, and the years of each one's observances.
    private func zones(_ calendar: String) -> [String: [Int]] {
        var zones: [String: [Int]] = [:], current: String?
        for line in calendar.components(separatedBy: "\r\n") {
            if line.hasPrefix("TZID:") { current = String(line.dropFirst(5)); zones[current!] = [] }
            if line == "END:VTIMEZONE" { current = nil }
            if let zone = current, line.hasPrefix("DTSTART:") { zones[zone]!.append(Int(line.dropFirst(8).prefix(4))!) }
        }
        return zones
    }

    @Test func anExportIsTheCalendarOfItsRemindersWithTheZonesTheyNeed() async throws {
        let (world, _) = try await world()
        let exported = try await export(world)
        let items = try await world.allReminders().map { CalendarItem(reminder: $0.reminder, tagNames: $0.tags.map(\.name)) }
        #expect(items.count == 8)
        let product = try #require(exported.components(separatedBy: "\r\n").first { $0.hasPrefix("PRODID:") })
            .dropFirst("PRODID:-//Memoss//".count).dropLast("//EN".count)
        #expect(exported == CalendarWriter.calendar(items, stamp: world.clock.now, product: String(product)))

        let years = zones(exported)
        #expect(years.keys.sorted() == ["America/Chicago", "America/New_York", "Asia/Kolkata", "Asia/Tokyo", "Australia/Sydney", "Europe/Berlin"])
        // A one-time reminder of 2026: the year before to the year after.
        #expect(years["Europe/Berlin"]!.min() == 2025 && years["Europe/Berlin"]!.max() == 2027)
        // A series ending on 1 March 2031: to the year after its end.
        #expect(years["Australia/Sydney"]!.max() == 2032)
        // A cancelled series does not go on.
        #expect(years["America/Chicago"]!.max() == 2027)
    }

    @Test func aQuerysExportHasOnlyTheZonesOfWhatItHolds() async throws {
        let (world, work) = try await world()
        let exported = try await export(world, matching: ReminderFilter(tagID: work.id))
        #expect(zones(exported).keys.sorted() == ["Asia/Kolkata"])
        #expect(exported.components(separatedBy: "BEGIN:VTODO").count == 2)
    }
}
