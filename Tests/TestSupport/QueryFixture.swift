import Domain
import Foundation
import Shared

/// A fixed store on disk for the query language's tests, as it stands at `testNow` (Saturday
/// 21 November 2026, 15:00 in New York): reminders due before, today, this week and later, undated,
/// all day, repeating, done, cancelled and in progress, with tags, notes, accents, CJK and an emoji,
/// two of them in the list Errands, two of a priority.
package enum QueryFixture {
    /// The titles, each once, of the reminders the store holds.
    package static let titles = [
        "Call the dentist", "Pay rent", "Submit report", "Renew passport", "Water the ferns", "Read 日本語の本",
        "Café with Ana", "Buy milk", "Cancelled trip", "Plan 🎉 party", "Old errand", "Next year's taxes",
    ]

    /// Makes the store in `world` (on disk, at `testNow`, without tags or lists of its own) and returns the reminders' ids by title.
    package static func make(in world: TestWorld) async throws -> [String: UUID] {
        let core = world.core
        let home = try await world.addTag("Home"), work = try await world.addTag("Work"), sante = try await world.addTag("Santé")
        let personal = try await world.addTag("Personal"), shopping = try await world.addTag("Shopping")
        var ids: [String: UUID] = [:]
        let errands = try await core.lists.create(named: "Errands", colorHex: nil)
        func add(_ title: String, _ date: String?, _ time: String? = "09:00", notes: String = "", tags: [Domain.Tag] = [],
                 repeats: RecurrenceRule = .never, priority: Priority = .none, list: ReminderList? = nil) async throws {
            var draft = ReminderDraft(title: title, notes: notes, date: day(date ?? "2026-11-22"), time: TestSupport.time(time ?? "09:00"),
                                      hasDate: date != nil, hasTime: time != nil, timeZoneID: "America/New_York",
                                      tagIDs: Set(tags.map(\.id)), recurrence: repeats)
            draft.priority = priority
            draft.listID = list?.reminderListID
            ids[title] = try await core.createReminder(draft).id
        }
        // Made two days earlier, so that some are due before now.
        world.clock.advance(by: -2 * 86_400)
        try await add("Renew passport", "2026-11-20", "10:00", list: errands)
        try await add("Buy milk", "2026-11-21", "12:00", tags: [shopping], list: errands)
        try await add("Old errand", "2026-11-19", "18:00")
        _ = try await core.completeReminders(ids: [ids["Old errand"]!])
        world.clock.advance(by: 2 * 86_400)
        _ = try await core.completeReminders(ids: [ids["Buy milk"]!])
        try await add("Call the dentist", "2026-11-23", notes: "Ask about the crown", tags: [sante])
        try await add("Pay rent", "2026-12-01", tags: [home], priority: .medium)
        try await add("Submit report", "2026-11-21", "17:00", tags: [work], priority: .high)
        try await add("Water the ferns", "2026-11-21", "18:00", tags: [home], repeats: RecurrenceRule(.daily))
        try await add("Read 日本語の本", nil)
        try await add("Café with Ana", "2026-11-22", nil, tags: [personal])
        try await add("Cancelled trip", "2026-12-04")
        _ = try await core.changeStatus(ids: [ids["Cancelled trip"]!], to: .cancelled)
        try await add("Plan 🎉 party", "2026-11-28", "19:00", tags: [home])
        _ = try await core.changeStatus(ids: [ids["Plan 🎉 party"]!], to: .inProgress(percent: 40))
        try await add("Next year's taxes", "2027-04-15", tags: [work])
        return ids
    }
}
