import Domain
import Foundation
import Testing

/// A listing keeps a completed time's card as its reminder's id with the variant bits turned, and
/// reads it back as that reminder; a reminder's own id is never read as one.
struct ListingEntryTests {
    @Test(arguments: ["1F2E3D4C-5B6A-4978-8695-A4B3C2D1E0F9", "00000000-0000-8000-8000-000000000001",
                      "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF"])
    func aCompletedTimesEntryReadsBackAsItsReminder(_ text: String) throws {
        let id = try #require(UUID(uuidString: text))
        let entry = ListingEntry.completedTime(of: id)
        #expect(entry != id)
        #expect(ListingEntry.reminder(ofCompletedTime: entry) == id)
        #expect(ListingEntry.reminder(ofCompletedTime: id) == nil)
    }
}
