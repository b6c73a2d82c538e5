import Domain
import Testing
import TestSupport

struct LocalTimeTests {
    @Test(arguments: [("09:00", 9, 0), ("9:05", 9, 5), ("23:59", 23, 59), ("00:00", 0, 0)])
    func hoursAndMinutesAreRead(_ text: String, _ hour: Int, _ minute: Int) {
        let time = LocalTime(hhmm: text)
        #expect(time?.hour == hour)
        #expect(time?.minute == minute)
    }

    @Test(arguments: ["24:00", "12:60", "9", "9:5", "09:00:00", "ab:cd", "", "-1:00"])
    func textThatIsNotATimeIsRefused(_ text: String) {
        #expect(LocalTime(hhmm: text) == nil)
    }

    @Test func timeIsShownWithTwoDigitsEach() {
        #expect(time("9:05").description == "09:05")
    }

    /// Numbers written as bytes read as `String` writes them, zero-padded to the width asked.
    @Test func decimalBytesAreWhatStringWritesPaddedToTheWidth() {
        for number in [0, 7, 9, 10, 99, 100, 2026, 123_456_789, -1, -900, -86_400, Int.max, Int.min] {
            for width in [1, 2, 4] {
                var bytes: [UInt8] = []
                number.appendDecimal(to: &bytes, width: width)
                let digits = String(number.magnitude)
                let expected = (number < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
                #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(number), width \(width)")
            }
        }
    }
}
