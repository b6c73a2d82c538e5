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
}
