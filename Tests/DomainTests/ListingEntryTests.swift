import Domain
import Foundation
import Testing

/// A listing keeps a completed time's card as its reminder's id masked, and reads it back as that
/// reminder, whatever the id's bytes (an imported UID can be any 16).
struct ListingEntryTests {
    @Test(arguments: ["1F2E3D4C-5B6A-4978-8695-A4B3C2D1E0F9", "00000000-0000-8000-8000-000000000001",
                      "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF", "00000000-0000-0000-0000-000000000001",
                      "12345678-1234-1234-F234-123456789ABC"])
    func aCompletedTimesEntryReadsBackAsItsReminder(_ text: String) throws {
        let id = try #require(UUID(uuidString: text))
        let entry = ListingEntry.completedTime(of: id)
        #expect(entry != id)
        #expect(ListingEntry.reminder(ofCompletedTime: entry) == id)
    }
}
