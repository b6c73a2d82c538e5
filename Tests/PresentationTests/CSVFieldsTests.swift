import Foundation
import Presentation
import Testing
import TestSupport

/// `completed_at` as an export writes it is read by hand; anything else by Foundation's ISO 8601
/// formatters. Both must give the same instant (to the millisecond the store keeps) for every
/// text, valid or not.
struct CSVFieldsTests {
    @Test func completedTimesReadAsFoundationsISO8601FormattersReadThem() {
        let plain = ISO8601DateFormatter(), fractional = ISO8601DateFormatter()
        fractional.formatOptions.insert(.withFractionalSeconds)
        func milliseconds(_ date: Date?) -> Int64? { date.map { Int64(($0.timeIntervalSince1970 * 1_000).rounded()) } }
        var random = SeededGenerator(seed: 5545)
        func pick(_ range: ClosedRange<Int>, _ width: Int) -> String {
            String(Int.random(in: range, using: &random)).leftPadded(to: width)
        }
        var exactForm = 0
        for _ in 0..<3_000 {
            var text = pick(1900...2200, 4) + "-" + pick(1...13, 2) + "-" + pick(1...31, 2) + "T"
                + pick(0...24, 2) + ":" + pick(0...59, 2) + ":" + pick(0...60, 2)
            let digits = Int.random(in: 0...4, using: &random)
            if digits > 0 { text += "." + (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined() }
            text += ["Z", "+" + pick(0...14, 2) + ":" + pick(0...59, 2), "-" + pick(0...12, 2) + ":" + pick(0...45, 2), "", "z"]
                .randomElement(using: &random)!
            let expected = milliseconds(plain.date(from: text) ?? fractional.date(from: text))
            #expect(milliseconds(CSVFields.instant(text)) == expected, "\(text)")
            let zone = text.suffix(6).first
            if expected != nil, digits <= 3, text.hasSuffix("Z") || zone == "+" || zone == "-" { exactForm += 1 }
        }
        // Most of them were in the form read by hand, and valid.
        #expect(exactForm > 500)
        #expect(milliseconds(CSVFields.instant("2026-12-03T19:00:05.123Z")) == 1_796_324_405_123)
        #expect(milliseconds(CSVFields.instant("2026-12-03T20:00:05.1+01:00")) == 1_796_324_405_100)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
