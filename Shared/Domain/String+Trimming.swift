extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The text without white space (spaces, tabs, line breaks, Unicode spaces) at either end.
    ///
    /// Native, without Foundation's `trimmingCharacters(in:)`, which bridges to NSString and
    /// dominated the time of a large import on Linux; most text needs no trimming and is returned at once.
    package func trimmingWhitespace() -> String {
        if let first = utf8.first, let last = utf8.last, (0x21..<0x80).contains(first), (0x21..<0x80).contains(last) {
            return String(self)
        }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(self[start...end])
    }
}
