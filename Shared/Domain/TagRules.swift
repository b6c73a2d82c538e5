import Foundation

/// The rules a tag's name and colour must keep, shared by the picker and the use cases.
package enum TagRules {
    /// The longest name accepted, in characters, after trimming.
    package static let maxNameLength = 40
    /// The most tags one reminder may carry (an imported row, a synced to-do).
    package static let maxTagsPerReminder = 20

    /// The eight colours offered for new tags, in picker order.
    package static let palette = ["#22C55E", "#3B82F6", "#EC4899", "#F97316", "#8B5CF6", "#14B8A6", "#EAB308", "#6B7280"]

    /// The tags a new store starts with, once.
    package static let defaults: [(name: String, colorHex: String)] = [
        ("Personal", "#22C55E"), ("Work", "#3B82F6"), ("Health", "#EC4899"), ("Shopping", "#F97316"),
    ]

    /// The palette colour for a tag created without one, when `existingCount` tags exist: the presets in turn.
    package static func nextColor(existingCount: Int) -> String {
        palette[existingCount % palette.count]
    }

    /// The name trimmed, or the reason it cannot be used.
    package static func validName(_ raw: String) throws(TagValidationError) -> String {
        let trimmed = raw.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .nameRequired }
        guard trimmed.count <= maxNameLength else { throw .nameTooLong }
        return trimmed
    }

    /// The colour as `#RRGGBB` in upper case, or the reason it cannot be used.
    package static func validColor(_ raw: String) throws(TagValidationError) -> String {
        let trimmed = raw.trimmingWhitespace()
        let digits = trimmed.dropFirst()
        guard trimmed.first == "#", digits.count == 6, digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII)
        else { throw .invalidColor(raw) }
        return trimmed.uppercased()
    }

    /// The key two names share when they differ only by case (or width, like `Ｗork`), so are the same tag.
    package static func key(for name: String) -> String {
        let trimmed = name.trimmingWhitespace()
        // ASCII needs only lower case (the same result as folding, much faster); other text is folded.
        if trimmed.utf8.allSatisfy({ $0 < 0x80 }) { return trimmed.lowercased() }
        return trimmed.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    }

    /// The tag among `tags` whose name equals `name` ignoring case, if any.
    package static func tag(named name: String, in tags: [Tag]) -> Tag? {
        let wanted = key(for: name)
        return tags.first { key(for: $0.name) == wanted }
    }

    /// Tags in the order every list shows them: by name, ignoring case.
    package static func sorted(_ tags: [Tag]) -> [Tag] {
        // Each name's key made once, not at every comparison.
        tags.map { (key: key(for: $0.name), tag: $0) }
            .sorted { ($0.key, $0.tag.name) < ($1.key, $1.tag.name) }
            .map(\.tag)
    }
}

/// Why a tag's values were refused; `message` is what the user reads.
package enum TagValidationError: Error, Hashable, Sendable {
    /// The name is empty once trimmed.
    case nameRequired
    /// The name is longer than `TagRules.maxNameLength`.
    case nameTooLong
    /// Another tag already has this name, ignoring case; carries that tag's name.
    case duplicateName(String)
    /// The colour is not `#RRGGBB`.
    case invalidColor(String)

    /// The sentence shown to the user.
    package var message: String {
        switch self {
        case .nameRequired: "Tag name is required"
        case .nameTooLong: "Tag name must be at most \(TagRules.maxNameLength) characters"
        case .duplicateName(let existing): "A tag named \"\(VisibleText.escaped(existing))\" already exists"
        case .invalidColor(let raw): "Colour \"\(VisibleText.escaped(raw))\" is not valid; write it as #RRGGBB, e.g. #22C55E"
        }
    }
}

/// Why a tag use case could not do what it was asked, besides invalid values.
package enum TagError: Error, Hashable, Sendable {
    /// No tag has this id (it may have been deleted elsewhere).
    case notFound(UUID)
    /// No tag has this name; carries the closest names there are and, when creating is one
    /// step away, how to do it ("Use --new-tag Wrok to create it").
    case noSuchName(String, closest: [String] = [], howToCreate: String? = nil)

    /// The sentence the user reads.
    package var message: String {
        switch self {
        case .notFound: "This tag no longer exists; it may have been deleted elsewhere."
        case .noSuchName(let name, let closest, let howToCreate):
            "No tag named \"\(VisibleText.escaped(name))\""
                + (closest.isEmpty ? "." : "; did you mean " + closest.map { "\"\(VisibleText.escaped($0))\"" }.joined(separator: " or ") + "?")
                + (howToCreate.map { " \($0)." } ?? " `tags` lists them.")
        }
    }
}
