import Presentation
import Testing

struct TitleSearchTests {
    @Test(arguments: [
        ("milk", "Buy milk", true), ("MILK", "Buy Milk", true), ("cafe", "Café au lait", true),
        ("CAFÉ", "cafe", true), ("東京", "東京 trip", true),
        ("milk ", "Buy milk", true), ("", "anything", true), ("milks", "Buy milk", false),
        ("ü", "Über", true), ("a", "", false),
    ])
    func aTitleMatchesWhenItContainsTheTextIgnoringCaseAndAccents(_ text: String, _ title: String, _ matches: Bool) {
        #expect(TitleSearch(text).matches(title) == matches)
    }
}
