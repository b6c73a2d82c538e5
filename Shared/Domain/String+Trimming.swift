extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The text without white space (spaces, tabs, line breaks, Unicode spaces) at either end.
    ///
    /// Native, without Foundation's `trimmingCharacters(in:)`, which bridges to NSString and
    /// dominated the time of a large import on Linux; most text needs no trimming and is returned at once.
    package func trimmingWhitespace() -> String {
        Self.trimmed(self)
    }

    /// What `trimmingWhitespace` gives, as a function the module specializes for `String` and
    /// `Substring` (the generic one, called from other modules, looked up the type's conformances
    /// at each call: a tenth of an import's parsing).
    @inline(__always)
    fileprivate static func trimmed<Text: StringProtocol>(_ text: Text) -> String where Text.UTF8View: BidirectionalCollection {
        if let first = text.utf8.first, let last = text.utf8.last, (0x21..<0x80).contains(first), (0x21..<0x80).contains(last) {
            return String(text)
        }
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(text[start...end])
    }
}

extension String {
    /// The text without white space at either end (`StringProtocol.trimmingWhitespace`).
    package func trimmingWhitespace() -> String { Self.trimmed(self) }
}

extension Substring {
    /// The text without white space at either end (`StringProtocol.trimmingWhitespace`).
    package func trimmingWhitespace() -> String { Self.trimmed(self) }
}
