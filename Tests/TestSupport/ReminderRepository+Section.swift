import Domain
import Foundation
import Storage

extension ReminderRepository {
    /// Calls `body` with each reminder of one `section` (see
    /// `forEachReminder(in:matching:_:ended:)`), narrowed to tag `tagID` when given; returns
    /// how many it passed.
    @discardableResult
    package func forEachReminder(
        _ section: ReminderSection, tagged tagID: UUID?, _ body: @escaping @Sendable (ReminderWithTags) throws -> Void
    ) async throws -> Int {
        let shown = Gathered<Int>()
        try await forEachReminder(in: [section], matching: ReminderFilter(tagID: tagID)) { _, item in try body(item) } ended: { _, count, _ in
            shown.add(count)
        }
        return shown.all.first ?? 0
    }
}
