import Domain

/// A tag as a chip shows it: its name in its colour.
package struct TagChip: Hashable, Sendable {
    /// The tag's name.
    package let name: String
    /// The chip's colour, `#RRGGBB`.
    package let colorHex: String

    /// A chip with this name and colour.
    package init(name: String, colorHex: String) {
        self.name = name
        self.colorHex = colorHex
    }

    /// The chip of `tag`.
    package init(_ tag: Tag) {
        self.init(name: tag.name, colorHex: tag.colorHex)
    }

    /// How many chips a card shows before it says "+N" for the rest.
    package static let cardLimit = 3

    /// The chips a card shows for `tags` (at most `cardLimit`) and the "+N" text for the rest, if any.
    package static func forCard(_ tags: [Tag]) -> (chips: [TagChip], overflow: String?) {
        let chips = tags.prefix(cardLimit).map(TagChip.init)
        return (chips, tags.count > cardLimit ? "+\(tags.count - cardLimit)" : nil)
    }
}
