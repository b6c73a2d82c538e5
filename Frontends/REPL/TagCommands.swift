import ArgumentParser
import FrontSupport
import Foundation
import Shared

extension Memoss {
    /// `memoss tags [--json]`: every tag with its colour.
    struct Tags: SessionCommand {
        static let configuration = CommandConfiguration(commandName: "tags", abstract: "List the tags, by name, with their colours.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Flag(help: "Print JSON (man memoss, JSON, says its shape).") var json = false

        func execute(in session: Session) async throws {
            let tags = try await session.core.listTags()
            if json { return session.say(JSONShapes.encode(tags.map(JSONShapes.TagJSON.init))) }
            if tags.isEmpty { session.say(session.style.dim("No tags yet; `tag add NAME` makes one.")) }
            for tag in tags { session.say("  \(session.style.tag(TagChip(tag)))  \(session.style.dim(tag.colorHex))") }
        }
    }

    /// `memoss tag add|rm|rename|color …`: changes the tags.
    struct TagCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tag",
            abstract: "Change tags: tag add NAME [#RRGGBB], tag rm NAME, tag rename OLD NEW, tag color NAME #RRGGBB.",
            discussion: "A new tag without a colour takes the next one of the palette.",
            subcommands: [Add.self, Rm.self, Rename.self, Color.self])

        /// `tag add NAME [#RRGGBB]`.
        struct Add: SessionCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Create a tag, in the next palette colour unless one is given.")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @Argument(help: "Its name.") var name: String
            @Argument(help: ArgumentHelp("Its colour, #RRGGBB.", valueName: "#RRGGBB")) var color: String?

            func execute(in session: Session) async throws {
                let core = session.core
                let existing = try await core.listTags()
                let tag = try await core.createTag(name: name, colorHex: color ?? TagRules.nextColor(existingCount: existing.count))
                session.say("Created \(session.style.tag(TagChip(tag))) (\(tag.colorHex)).")
            }
        }

        /// `tag rm NAME`.
        struct Rm: SessionCommand {
            static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete a tag; its reminders keep everything else.")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @Argument(help: "Its name.", completion: Completion.tagNames) var name: String

            func execute(in session: Session) async throws {
                let tag = try await session.core.findTag(named: name)
                try await session.core.deleteTag(id: tag.id)
                session.say("Deleted tag \"\(VisibleText.escaped(tag.name))\"; its reminders keep everything else.")
            }
        }

        /// `tag rename OLD NEW`.
        struct Rename: SessionCommand {
            static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a tag.")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @Argument(help: "Its name now.", completion: Completion.tagNames) var name: String
            @Argument(help: "Its new name.") var newName: String

            func execute(in session: Session) async throws {
                let core = session.core
                let tag = try await core.renameTag(id: try await core.findTag(named: name).id, to: newName)
                session.say("Renamed to \(session.style.tag(TagChip(tag))).")
            }
        }

        /// `tag color NAME #RRGGBB`.
        struct Color: SessionCommand {
            static let configuration = CommandConfiguration(commandName: "color", abstract: "Change a tag's colour.")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @Argument(help: "Its name.", completion: Completion.tagNames) var name: String
            @Argument(help: ArgumentHelp("The colour, #RRGGBB.", valueName: "#RRGGBB")) var color: String

            func execute(in session: Session) async throws {
                let core = session.core
                let tag = try await core.recolorTag(id: try await core.findTag(named: name).id, colorHex: color)
                session.say("Recoloured \(session.style.tag(TagChip(tag))) (\(tag.colorHex)).")
            }
        }
    }
}
