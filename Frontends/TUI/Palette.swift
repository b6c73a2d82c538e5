/// The screen's own colours (a tag's come from the tag).
enum Palette {
    /// Memoss's moss green, for its name and what is done well.
    static let brand = RGB(red: 0x22, green: 0xC5, blue: 0x5E)
    /// Overdue, and errors.
    static let alert = RGB(red: 0xEF, green: 0x44, blue: 0x44)
    /// Due today, and a notification.
    static let today = RGB(red: 0xEA, green: 0xB3, blue: 0x08)
    /// Upcoming.
    static let upcoming = RGB(red: 0x3B, green: 0x82, blue: 0xF6)
}
