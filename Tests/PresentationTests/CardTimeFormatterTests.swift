import Domain
import Foundation
import Presentation
import Testing
import TestSupport

struct CardTimeFormatterTests {
    private let formatter = CardTimeFormatter(today: day("2026-11-21"), timeZone: newYork)

    @Test(arguments: [
        ("2026-11-21T09:00:00-05:00", "Today 09:00"),
        ("2026-11-21T23:59:00-05:00", "Today 23:59"),
        ("2026-11-22T00:00:00-05:00", "Tomorrow 00:00"),
        ("2026-11-20T18:30:00-05:00", "Yesterday 18:30"),
        ("2026-11-24T07:05:00-05:00", "Tue 24 Nov 07:05"),
        ("2027-01-01T12:00:00-05:00", "Fri 1 Jan 2027 12:00"),
    ])
    func dueTimeIsSaidRelativeToToday(_ iso: String, _ expected: String) {
        #expect(formatter.string(for: instant(iso)) == expected)
    }
}
