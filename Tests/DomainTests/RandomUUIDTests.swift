import Domain
import Foundation
import Testing

/// New ids are random version 4 UUIDs, as every other tool that reads them (sync servers,
/// calendar apps) expects.
struct RandomUUIDTests {
    @Test func newIdsAreDistinctVersion4UUIDs() {
        let ids = (0..<10_000).map { _ in UUID.random() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let text = Array(id.uuidString)
            #expect(text[14] == "4", "\(id) is not version 4")
            #expect("89AB".contains(text[19]), "\(id) is not of the RFC 4122 variant")
        }
        // Every other bit varies: no byte is the same in all of them (but the fixed half-bytes).
        for index in [0, 5, 7, 9, 15] {
            #expect(Set(ids.map { withUnsafeBytes(of: $0.uuid) { $0[index] } }).count > 200)
        }
    }
}
