import Foundation

extension UUID {
    /// The id as `uuidString` writes it (upper-case hex, 8-4-4-4-12), written here: Foundation
    /// formats each byte with the C library's `printf`, which an import or an export, writing
    /// ids for every row, feels.
    package var text: String {
        String(unsafeUninitializedCapacity: 36) { write(into: $0) }
    }

    /// `text`'s bytes, appended to `bytes` (a JSON listing writes one per reminder).
    package func appendText(to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { out in
            bytes.append(contentsOf: out[..<write(into: out)])
        }
    }

    /// Writes `text` into `out` (36 bytes at least); returns how many bytes it wrote.
    private func write(into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        withUnsafeBytes(of: uuid) { bytes in
            var end = 0
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    out[end] = UInt8(ascii: "-")
                    end += 1
                }
                out[end] = Self.hexDigit(byte >> 4)
                out[end + 1] = Self.hexDigit(byte & 0x0F)
                end += 2
            }
            return end
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
