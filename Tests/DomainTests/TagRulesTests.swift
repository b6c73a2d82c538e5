import Domain
import Testing

struct TagRulesTests {
    @Test(arguments: ["", "  ", "\t"])
    func blankNameIsRequired(_ name: String) {
        #expect(throws: TagValidationError.nameRequired) { try TagRules.validName(name) }
    }

    @Test func nameIsTrimmedAndMayBeFortyCharacters() throws {
        let longest = String(repeating: "x", count: 40)
        #expect(try TagRules.validName("  \(longest) ") == longest)
        #expect(throws: TagValidationError.nameTooLong) { try TagRules.validName(longest + "y") }
    }

    @Test(arguments: ["#22c55e", "#22C55E", " #22C55E "])
    func colourIsSixHexDigitsAfterAHash(_ raw: String) throws {
        #expect(try TagRules.validColor(raw) == "#22C55E")
    }

    @Test(arguments: ["22C55E", "#22C55", "#22C55EE", "#GGGGGG", "green", "", "#２２C55E"])
    func colourThatIsNotRRGGBBIsRefusedWithTheForm(_ raw: String) {
        #expect(throws: TagValidationError.invalidColor(raw)) { try TagRules.validColor(raw) }
        #expect(TagValidationError.invalidColor(raw).message.contains("#RRGGBB"))
    }

    @Test func namesThatDifferOnlyByCaseShareAKey() {
        #expect(TagRules.key(for: "Work") == TagRules.key(for: "wORK "))
        #expect(TagRules.key(for: "Über") == TagRules.key(for: "über"))
        #expect(TagRules.key(for: "Work") != TagRules.key(for: "Works"))
    }

    @Test func paletteHasTheEightPresetsAndDefaultsComeFromIt() {
        #expect(TagRules.palette == ["#22C55E", "#3B82F6", "#EC4899", "#F97316", "#8B5CF6", "#14B8A6", "#EAB308", "#6B7280"])
        #expect(TagRules.defaults.map(\.name) == ["Personal", "Work", "Health", "Shopping"])
        #expect(TagRules.defaults.allSatisfy { TagRules.palette.contains($0.colorHex) })
    }
}
