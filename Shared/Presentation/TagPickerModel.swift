import Domain
import Foundation
import Observation
import UseCases

/// Choosing a reminder's tags: every tag, the chosen ones, and making a new one inline, which is
/// stored with the reminder (`storeNewChosen()`, when the form saves) and never if it is not saved
/// or the tag is not chosen then.
@MainActor @Observable
package final class TagPickerModel {
    /// Every tag, by name ignoring case; empty until `load()`.
    package private(set) var allTags: [Tag] = []
    /// The chosen tags' ids.
    package private(set) var selectedIDs: Set<UUID>
    /// The name typed for a new tag; changing it clears `creationError`.
    package var newTagName = "" { didSet { if newTagName != oldValue { creationError = nil } } }
    /// The new tag's colour, as an index into `palette`.
    package var newTagColorIndex = 0
    /// Why the last creation was refused (e.g. "A tag named "Work" already exists").
    package private(set) var creationError: String?
    /// Tags made here and not stored yet, by name; each is in `allTags`.
    package private(set) var new: [Tag] = []

    @ObservationIgnored private let listTags: ListTagsUseCase
    @ObservationIgnored private let createTag: CreateTagUseCase

    /// A picker starting with `selectedIDs` chosen.
    package init(selectedIDs: Set<UUID>, listTags: ListTagsUseCase, createTag: CreateTagUseCase) {
        self.selectedIDs = selectedIDs
        self.listTags = listTags
        self.createTag = createTag
    }

    /// The colours a new tag can have, in order.
    package var palette: [String] { TagRules.palette }

    /// The chosen tags, by name.
    package var selected: [Tag] { allTags.filter { selectedIDs.contains($0.id) } }
    /// The tags not chosen, by name.
    package var unselected: [Tag] { allTags.filter { !selectedIDs.contains($0.id) } }

    /// The new tag as it would look, `nil` while its name is blank.
    package var newTagPreview: TagChip? {
        let name = newTagName.trimmingWhitespace()
        return name.isEmpty ? nil : TagChip(name: name, colorHex: newTagColor)
    }

    /// Whether Create can be pressed: a name is typed.
    package var canCreate: Bool { newTagPreview != nil }

    private var newTagColor: String { palette[min(max(newTagColorIndex, 0), palette.count - 1)] }

    /// Reads every tag from the store (and keeps those made here); chosen tags that no longer
    /// exist are dropped. A tag made here that another program stored meanwhile under the same
    /// name is that one now, chosen if the made one was.
    package func load() async throws {
        let stored = try await listTags()
        for tag in new {
            guard let same = TagRules.tag(named: tag.name, in: stored) else { continue }
            if selectedIDs.remove(tag.id) != nil { selectedIDs.insert(same.id) }
        }
        new.removeAll { TagRules.tag(named: $0.name, in: stored) != nil }
        allTags = TagRules.sorted(stored + new)
        selectedIDs.formIntersection(allTags.map(\.id))
    }

    /// Stores the tags made here that are chosen, each its own step of the command saving the
    /// reminder (`Journal.command`); the others are let go.
    /// - Throws: `TagValidationError.duplicateName` when another program made a tag of that name
    ///   meanwhile; `StoreError`.
    package func storeNewChosen() async throws {
        for tag in new where selectedIDs.contains(tag.id) {
            try await createTag.store(tag)
            new.removeAll { $0.id == tag.id }
        }
    }

    /// The user chose a tag.
    package func select(_ id: UUID) {
        if allTags.contains(where: { $0.id == id }) { selectedIDs.insert(id) }
    }

    /// The user removed a chosen tag.
    package func deselect(_ id: UUID) {
        selectedIDs.remove(id)
    }

    /// The tag whose name equals `name` ignoring case, if any (how a typed name is chosen).
    package func tag(named name: String) -> Tag? {
        TagRules.tag(named: name, in: allTags)
    }

    /// Chooses the tag named `name` (ignoring case). Never creates one: an unknown name is
    /// refused with the closest names there are and `howToCreate`.
    package func choose(named name: String, howToCreate: String? = nil) throws(TagError) -> Tag {
        guard let tag = tag(named: name) else {
            throw .noSuchName(name.trimmingWhitespace(),
                              closest: Suggestions.closest(to: name.trimmingWhitespace(), among: allTags.map(\.name)),
                              howToCreate: howToCreate)
        }
        select(tag.id)
        return tag
    }

    /// Unchooses the tag named `name` (ignoring case); an unknown name is refused with the closest names.
    package func unchoose(named name: String) throws(TagError) {
        guard let tag = tag(named: name) else {
            throw .noSuchName(name.trimmingWhitespace(),
                              closest: Suggestions.closest(to: name.trimmingWhitespace(), among: allTags.map(\.name)))
        }
        deselect(tag.id)
    }

    /// Chooses the tags a person typed as a list: names or their numbers in `allTags` (from 1),
    /// separated by commas or spaces, a name with spaces in quotes (or between commas, as it is
    /// written); `-` or `none` for none. All or nothing: an unknown name chooses nothing.
    package func chooseTyped(_ line: String, howToCreate: (String) -> String? = { _ in nil }) throws(TagError) {
        var chosen: [UUID] = []
        for item in TypedInput.listItems(line, wholeItems: { self.tag(named: $0) != nil }) where !["-", "none"].contains(item.lowercased()) {
            if let number = Int(item), allTags.indices.contains(number - 1) {
                chosen.append(allTags[number - 1].id)
            } else if let tag = tag(named: item) {
                chosen.append(tag.id)
            } else {
                throw .noSuchName(item, closest: Suggestions.closest(to: item, among: allTags.map(\.name)),
                                  howToCreate: howToCreate(item))
            }
        }
        selectedIDs = Set(chosen)
    }

    /// A typed tags line's parts: the names or numbers of tags there are (for `chooseTyped`), then
    /// each tag to make, written `+Name` with an optional colour number after it, up to the next
    /// comma or `+`. A `+` starts a tag to make at the line's start or after a space or comma:
    /// "Health, +Big one 2, Work +Word games 3" is "Health, Work", then "Big one 2" and "Word
    /// games 3"; "C++" is a name.
    package static func typedParts(_ line: String) -> (chosen: String, new: [String]) {
        // The names of each comma's item before its first `+`; what follows a `+`, a tag to make.
        var items = [""], new: [String] = [], making: String?
        var previous: Character = " ", quoted = false
        // A quote without its pair is a character of a name (5" floppy).
        let quotes = line.filter { $0 == "\"" }.count.isMultiple(of: 2)
        for character in line {
            let isQuote = character == "\"" && quotes
            if isQuote { quoted.toggle() }
            if !quoted && !isQuote && character == "+" && (previous == " " || previous == ",") {
                if let making { new.append(making) }
                making = ""
            } else if !quoted && !isQuote && character == "," {
                if let making { new.append(making) }
                making = nil
                items.append("")
            } else if making != nil {
                making?.append(character)
            } else {
                items[items.count - 1].append(character)
            }
            previous = character
        }
        if let making { new.append(making) }
        let chosen = items.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.joined(separator: ", ")
        // A new tag's name in quotes (+"Q1,Q2" 3) is the name without them.
        let made = new.map { text -> String in
            let name = text.trimmingWhitespace()
            guard quotes, name.hasPrefix("\""), let close = name.dropFirst().firstIndex(of: "\"") else { return name }
            return String(name[name.index(after: name.startIndex)..<close]) + name[name.index(after: close)...]
        }
        return (chosen, made.filter { !$0.isEmpty })
    }

    /// Chooses the tag named `name`, making it in the next palette colour (as an import names
    /// one) when there is none of that name. `nil` (with `creationError`) when the name is refused.
    package func createAndChoose(named name: String) -> Tag? {
        if let tag = tag(named: name) {
            select(tag.id)
            return tag
        }
        guard !name.trimmingWhitespace().isEmpty else { return nil }
        return make(name: name, colorHex: TagRules.nextColor(existingCount: allTags.count))
    }

    /// The user pressed Create: makes the new tag, chooses it at once and clears the inputs; a
    /// refused name (or one a tag has) leaves them and says why in `creationError`. Returns the
    /// new tag, stored when the reminder is.
    @discardableResult
    package func createTapped() -> Tag? {
        guard canCreate else { return nil }
        if let existing = tag(named: newTagName) {
            creationError = TagValidationError.duplicateName(existing.name).message
            return nil
        }
        guard let tag = make(name: newTagName, colorHex: newTagColor) else { return nil }
        newTagName = ""
        newTagColorIndex = 0
        return tag
    }

    private func make(name: String, colorHex: String) -> Tag? {
        do {
            let tag = try createTag.prepare(name: name, colorHex: colorHex)
            new.append(tag)
            allTags = TagRules.sorted(allTags + [tag])
            selectedIDs.insert(tag.id)
            return tag
        } catch {
            creationError = ErrorMessage.describe(error)
            return nil
        }
    }
}
