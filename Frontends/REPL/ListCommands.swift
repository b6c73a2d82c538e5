import ArgumentParser
import FrontSupport
import Foundation
import Shared

extension Memoss {
    /// `memoss lists [show] [--json]`, `lists add|rm|rename|color …`: the lists and changes to them.
    struct Lists: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lists",
            abstract: "Show the lists with their counts; lists add NAME [#RRGGBB], lists rm NAME [--move-to LIST], "
                + "lists rename OLD NEW, lists color NAME #RRGGBB change them.",
            discussion: """
                Every reminder is in one list; a store starts with one, Reminders, where new reminders go unless \
                --list says otherwise. Removing a list that holds reminders moves them, after asking, to the list \
                --move-to names, else to the default list; the default list itself stays.
                """,
            subcommands: [Show.self, Add.self, Rm.self, Rename.self, Color.self],
            defaultSubcommand: Show.self)

        /// `lists [show] [--json]`.
        struct Show: SessionCommand {
            static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the lists, the default first, with how many reminders each holds.")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @Flag(help: "Print JSON (see README.md).") var json = false

            func execute(in session: Session) async throws {
                let summaries = try await session.core.lists.summaries()
                if json { return session.say(JSONShapes.encode(summaries.map(JSONShapes.ListJSON.init))) }
                let width = summaries.map { VisibleText.escaped($0.list.name).count }.max() ?? 0
                for summary in summaries {
                    let name = VisibleText.escaped(summary.list.name)
                    let padding = String(repeating: " ", count: width - name.count)
                    var counts = "\(summary.open) open"
                    if summary.closed > 0 { counts += ", \(summary.closed) done" }
                    session.say("  " + session.style.colored(name, hex: summary.list.colorHex) + padding + "  " + counts
                        + (summary.list.isDefault ? "  " + session.style.dim("(default)") : ""))
                }
            }
        }

        /// `lists add NAME [#RRGGBB]`.
        struct Add: SessionCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Create a list, in the next palette colour unless one is given.")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @Argument(help: "Its name.") var name: String
            @Argument(help: ArgumentHelp("Its colour, #RRGGBB.", valueName: "#RRGGBB")) var color: String?

            func execute(in session: Session) async throws {
                let list = try await session.core.lists.create(named: name, colorHex: color)
                session.say("Created list \(session.style.colored(VisibleText.escaped(list.name), hex: list.colorHex)) (\(list.colorHex)).")
            }
        }

        /// `lists rm NAME [--move-to LIST] [--yes]`.
        struct Rm: SessionCommand {
            static let configuration = CommandConfiguration(
                commandName: "rm", abstract: "Remove a list; its reminders move (after asking) to --move-to LIST, else the default list.")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @Argument(help: "Its name.", completion: Completion.listNames) var name: String
            @Option(help: ArgumentHelp("The list its reminders go to (the default list unless given).", valueName: "LIST"),
                    completion: Completion.listNames)
            var moveTo: String?
            @Flag(help: "Do not ask (for scripts).") var yes = false

            func execute(in session: Session) async throws {
                let lists = session.core.lists
                let list = try await lists.find(named: name)
                if list.isDefault { throw ListError.defaultListRemoved(list.name) }
                let destination: ReminderList
                if let moveTo { destination = try await lists.find(named: moveTo) } else { destination = try await lists.list(of: nil) }
                let held = try await lists.summaries().first { $0.list.id == list.id }.map { $0.open + $0.closed } ?? 0
                let named = "\"\(VisibleText.escaped(list.name))\"", to = "\"\(VisibleText.escaped(destination.name))\""
                if held > 0 {
                    let count = held == 1 ? "its reminder" : "its \(held) reminders"
                    guard yes || session.confirm("Remove list \(named) and move \(count) to \(to)? `undo` puts them back.") else {
                        return session.say("Kept list \(named).")
                    }
                }
                let moved = try await lists.remove(list, movingTo: held > 0 ? destination : nil)
                session.say("Removed list \(named)" + (moved > 0 ? "; \(moved == 1 ? "its reminder" : "its \(moved) reminders") moved to \(to)" : "")
                    + ". `undo` brings it back.")
            }
        }

        /// `lists rename OLD NEW`.
        struct Rename: SessionCommand {
            static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a list.")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @Argument(help: "Its name now.", completion: Completion.listNames) var name: String
            @Argument(help: "Its new name.") var newName: String

            func execute(in session: Session) async throws {
                let lists = session.core.lists
                let list = try await lists.rename(try await lists.find(named: name), to: newName)
                session.say("Renamed to \(session.style.colored(VisibleText.escaped(list.name), hex: list.colorHex)).")
            }
        }

        /// `lists color NAME #RRGGBB`.
        struct Color: SessionCommand {
            static let configuration = CommandConfiguration(commandName: "color", abstract: "Change a list's colour.")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @Argument(help: "Its name.", completion: Completion.listNames) var name: String
            @Argument(help: ArgumentHelp("The colour, #RRGGBB.", valueName: "#RRGGBB")) var color: String

            func execute(in session: Session) async throws {
                let lists = session.core.lists
                let list = try await lists.recolor(try await lists.find(named: name), to: color)
                session.say("Recoloured \(session.style.colored(VisibleText.escaped(list.name), hex: list.colorHex)) (\(list.colorHex)).")
            }
        }
    }
}
