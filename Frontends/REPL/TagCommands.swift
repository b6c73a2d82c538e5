import ArgumentParser
import Foundation
import Shared

extension Memoss {
    /// `memoss tags [--json]`: every tag with its colour.
    struct Tags: SessionCommand {
        static let configuration = CommandConfiguration(commandName: "tags", abstract: "List the tags, by name, with their colours.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Flag(help: "Print JSON (see README.md).") var json = false

        func execute(in session: Session) async throws {
            let tags = try await session.core.listTags()
            if json { return session.say(JSONShapes.encode(tags.map(JSONShapes.TagJSON.init))) }
            if tags.isEmpty { session.say(session.style.dim("No tags yet; `tag add NAME` makes one.")) }
            for tag in tags { session.say("  \(session.style.tag(TagChip(tag)))  \(session.style.dim(tag.colorHex))") }
        }
    }

    /// `memoss tag add|rm|rename|color …`: changes the tags.
    struct TagCommand: SessionCommand {
        enum Action: String, ExpressibleByArgument, CaseIterable { case add, rm, rename, color }

        static let configuration = CommandConfiguration(
            commandName: "tag",
            abstract: "Change tags: tag add NAME [#RRGGBB], tag rm NAME, tag rename OLD NEW, tag color NAME #RRGGBB.",
            discussion: "A new tag without a colour takes the next one of the palette.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "add, rm, rename or color.") var action: Action
        @Argument(help: "The tag's name, then the new name or colour.") var values: [String] = []

        func validate() throws {
            let expected: ClosedRange<Int> = switch action {
            case .add: 1...2
            case .rm: 1...1
            case .rename, .color: 2...2
            }
            guard expected.contains(values.count) else {
                throw ValidationError("Usage: tag add NAME [#RRGGBB] | tag rm NAME | tag rename OLD NEW | tag color NAME #RRGGBB.")
            }
        }

        func execute(in session: Session) async throws {
            let core = session.core
            switch action {
            case .add:
                let existing = try await core.listTags()
                let tag = try await core.createTag(name: values[0],
                                                   colorHex: values.count > 1 ? values[1] : TagRules.nextColor(existingCount: existing.count))
                session.say("Created \(session.style.tag(TagChip(tag))) (\(tag.colorHex)).")
            case .rm:
                let tag = try await core.findTag(named: values[0])
                try await core.deleteTag(id: tag.id)
                session.say("Deleted tag \"\(VisibleText.escaped(tag.name))\"; its reminders keep everything else.")
            case .rename:
                let tag = try await core.renameTag(id: try await core.findTag(named: values[0]).id, to: values[1])
                session.say("Renamed to \(session.style.tag(TagChip(tag))).")
            case .color:
                let tag = try await core.recolorTag(id: try await core.findTag(named: values[0]).id, colorHex: values[1])
                session.say("Recoloured \(session.style.tag(TagChip(tag))) (\(tag.colorHex)).")
            }
        }
    }
}
