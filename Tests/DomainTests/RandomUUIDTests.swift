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

/// An id's text, as exports and import keys write it, is what Foundation's `uuidString` writes.
struct UUIDTextTests {
    @Test func anIdIsWrittenAsFoundationWritesIt() {
        #expect(UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF")!.text == "00112233-4455-6677-8899-AABBCCDDEEFF")
        // Every value of every byte, the others zero; then ids from a fixed sequence of bytes.
        var ids: [UUID] = []
        for position in 0..<16 {
            for value in 0...255 {
                var bytes = [UInt8](repeating: 0, count: 16)
                bytes[position] = UInt8(value)
                ids.append(UUID(bytes))
            }
        }
        var state: UInt64 = 14
        for _ in 0..<5_000 {
            ids.append(UUID((0..<16).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }))
        }
        for id in ids where id.text != id.uuidString {
            Issue.record("\(id.uuidString) was written \(id.text)")
            return
        }
    }
}

private extension UUID {
    init(_ bytes: [UInt8]) {
        self.init(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                         bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
