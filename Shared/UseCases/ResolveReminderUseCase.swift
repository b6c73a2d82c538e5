import Domain
import Foundation
import Storage

/// Finds the reminders a person means by numbers from the last listing or prefixes of their ids.
///
/// Numbers keep naming what the last listing showed, across processes, until the next listing:
/// the listing is kept in the store. A number whose reminder was deleted since says so instead
/// of shifting to another reminder.
package struct ResolveReminderUseCase: Sendable {
    /// The fewest id characters accepted as a prefix.
    package static let shortestPrefix = 4
    private let repository: any ReminderRepository
    private let loadDashboard: LoadDashboardUseCase

    /// A use case reading through `repository`; `loadDashboard` numbers reminders when nothing was listed yet.
    package init(repository: any ReminderRepository, loadDashboard: LoadDashboardUseCase) {
        self.repository = repository
        self.loadDashboard = loadDashboard
    }

    /// The reminder `reference` names; see `callAsFunction(_:listing:)` for many. A range of
    /// numbers is refused (`ReminderReferenceError.rangeForOne`), not cut to its first.
    package func callAsFunction(_ reference: String, listing: [UUID]? = nil) async throws -> ReminderWithTags {
        if let (numbers, mayBePrefix) = try Self.numbers(reference.trimmingWhitespace()), numbers.count > 1, !mayBePrefix {
            throw ReminderReferenceError.rangeForOne(reference)
        }
        let found = try await callAsFunction([reference], listing: listing)
        guard found.count == 1 else { throw ReminderReferenceError.rangeForOne(reference) }
        return found[0]
    }

    /// The reminders `references` name, in order and each once: `3` is the third of the listing
    /// (`listing` when given, else the last one stored; with none, the dashboard as it is now,
    /// which is then stored so that the numbers stay), `5-7` a range of numbers, `1f2e` or
    /// `1F2E3D4C-5B…` an id prefix of at least 4 hex digits that only one id has. A numeral of
    /// 4 digits or more (`1234`, `1200-1210`) is a number when the listing has it, else an id prefix.
    /// - Throws: the first bad reference's `ReminderReferenceError`, naming none when any is bad.
    package func callAsFunction(_ references: [String], listing: [UUID]? = nil) async throws -> [ReminderWithTags] {
        guard !references.isEmpty else { throw ReminderReferenceError.noneGiven }
        var numbered = listing
        var found: [ReminderWithTags] = []
        for reference in references {
            let text = reference.trimmingWhitespace()
            if let (numbers, mayBePrefix) = try Self.numbers(text) {
                // The stored listing's entries for these numbers alone, when it is not at hand.
                let entries: (count: Int, ids: [Int: UUID])
                if let numbered {
                    entries = Self.entries(numbers, of: numbered)
                } else if let stored = try await repository.lastListing(numbers: numbers) {
                    entries = stored
                } else {
                    let ids = try await storedListing()
                    numbered = ids
                    entries = Self.entries(numbers, of: ids)
                }
                if mayBePrefix && (numbers.lowerBound < 1 || numbers.upperBound > entries.count) {
                    let outside = numbers.first { $0 < 1 || $0 > entries.count }
                    found.append(try await byPrefix(text, orNumber: outside, listed: entries.count))
                } else {
                    for number in numbers { found.append(try await listed(number, id: entries.ids[number], of: entries.count)) }
                }
            } else {
                found.append(try await byPrefix(text))
            }
        }
        // Each reminder once; named also by a card of one of its completed times, it is marked so
        // (`done 1 5` is refused whatever the order, as `done 5` is).
        var result: [ReminderWithTags] = [], at: [UUID: Int] = [:]
        for item in found {
            if let index = at[item.id] {
                if item.isPastOccurrence { result[index].isPastOccurrence = true }
            } else {
                at[item.id] = result.count
                result.append(item)
            }
        }
        return result
    }

    /// `3` → 3...3, `5-7` → 5...7, with whether the text may be an id prefix too (a numeral of
    /// 4 digits or more); `nil` when the text is not numbers (an id prefix, say, or a long
    /// numeral with a leading 0, which no listing writes).
    private static func numbers(_ text: String) throws -> (numbers: ClosedRange<Int>, mayBePrefix: Bool)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let long = parts.filter { $0.count >= shortestPrefix }
        if long.contains(where: { $0.first == "0" }) { return nil }
        let mayBePrefix = !long.isEmpty
        if let number = Int(text) { return (number...number, mayBePrefix) }
        guard parts.count == 2, let low = Int(parts[0]), let high = Int(parts[1]) else { return nil }
        guard low >= 1, low <= high else {
            if mayBePrefix { return nil }
            throw ReminderReferenceError.badRange(text)
        }
        return (low...high, mayBePrefix)
    }

    /// Gives a reminder just added the next number of the last listing (`listing` when given, else
    /// the one stored; with none, the dashboard as it is now, which holds it): returns its number,
    /// with `listing` made the listing that numbers it (left `nil` when only the stored one was
    /// added to, not read). Without `listing`, `nil` when the stored listing could not be kept
    /// because another program was writing (a number then would name nothing). A prompt's own
    /// `listing` always numbers it; the stored one takes it too while it is that listing, the
    /// one with `token` (after another program's `list`, that listing's numbers stay the store's).
    package func number(added id: UUID, listing: inout [UUID]?, token: ListingToken? = nil) async throws -> Int? {
        // The prompt's own listing, taken over (appended in place, not copied: 16 MB at a million
        // reminders) with the new reminder at its end; when the stored one is the prompt's, only
        // the new reminder is written.
        guard var ids = listing.take() else {
            if let number = try await repository.appendToListing(id) { return number }
            let ids = try await storedListing()
            guard let index = ids.firstIndex(of: id) else { return nil }
            listing = ids
            return index + 1
        }
        if !ids.contains(id) { ids.append(id) }
        defer { listing = ids }
        if let token { try await repository.saveListing(ids, .extending(token)) }
        guard let index = ids.lastIndex(of: id) else { return nil }
        return index + 1
    }

    private func storedListing() async throws -> [UUID] {
        if let stored = try await repository.lastListing() { return stored }
        let dashboard = try await loadDashboard(completedLimit: Dashboard.recentCompletedCount)
        let ids = (dashboard.toDo + dashboard.completed).map(ListingEntry.id(of:))
        try await repository.saveListing(ids, .any)
        return ids
    }

    /// How many `listing` numbers and the ids of `numbers` in it (those it has).
    private static func entries(_ numbers: ClosedRange<Int>, of listing: [UUID]) -> (count: Int, ids: [Int: UUID]) {
        var ids: [Int: UUID] = [:]
        for number in numbers.clamped(to: 1...max(1, listing.count)) where number <= listing.count { ids[number] = listing[number - 1] }
        return (listing.count, ids)
    }

    /// The reminder of `number`, whose id in a listing of `count` is `id`.
    private func listed(_ number: Int, id: UUID?, of count: Int) async throws -> ReminderWithTags {
        guard let id else { throw ReminderReferenceError.noSuchNumber(number, listed: count) }
        if let reminder = try await repository.reminderWithTags(id: id) { return reminder }
        // A card that showed a completed time: the reminder, marked as that card was.
        guard var reminder = try await repository.reminderWithTags(id: ListingEntry.reminder(ofCompletedTime: id)) else {
            throw ReminderReferenceError.deletedSinceListing(number)
        }
        reminder.isPastOccurrence = true
        return reminder
    }

    /// The one reminder whose id starts with `text`. When `text` is also `number`, beyond the
    /// listing's `listed`, and no id starts with it, the number is what is refused.
    private func byPrefix(_ text: String, orNumber number: Int? = nil, listed: Int = 0) async throws -> ReminderWithTags {
        let hex = text.replacingOccurrences(of: "-", with: "")
        guard hex.count >= Self.shortestPrefix, hex.count <= 32, hex.allSatisfy({ $0.isHexDigit && $0.isASCII }) else {
            if let number { throw ReminderReferenceError.noSuchNumber(number, listed: listed) }
            throw ReminderReferenceError.notAReference(text)
        }
        let matches = try await repository.reminders(idPrefix: hex, limit: 2)
        guard let first = matches.first else {
            if let number { throw ReminderReferenceError.noSuchNumber(number, listed: listed) }
            throw ReminderReferenceError.noMatch(text)
        }
        guard matches.count == 1 else { throw ReminderReferenceError.ambiguous(text) }
        return first
    }
}

/// Remembers the order a listing numbered reminders in, for the numbers typed after it.
package struct SaveListingUseCase: Sendable {
    private let repository: any ReminderRepository

    /// A use case storing through `repository`.
    package init(repository: any ReminderRepository) {
        self.repository = repository
    }

    /// Stores `ids` as the last listing, as `condition` allows (`.any`: always); its token, `nil`
    /// when another program was writing, so they were not kept (a reader never waits for a writer),
    /// or `condition` does not hold.
    @discardableResult
    package func callAsFunction(_ ids: [UUID], _ condition: ListingCondition = .any) async throws -> ListingToken? {
        try await repository.saveListing(ids, condition)
    }

    /// Stores the ids `spool` holds as the last listing; its token, `nil` as for `callAsFunction(_:_:)`.
    @discardableResult
    package func callAsFunction(_ spool: ListingSpool) async throws -> ListingToken? {
        try await repository.saveListing(spool)
    }

    /// The stored listing's token, `nil` when nothing was listed yet.
    package func token() async throws -> ListingToken? {
        try await repository.listingToken()
    }
}
