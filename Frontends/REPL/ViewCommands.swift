import ArgumentParser
import FrontSupport
import Foundation
import Shared

extension Memoss {
    /// `memoss view save|rm|list …`: queries kept under a name, listed with `list NAME`.
    struct ViewCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "view",
            abstract: "Keep queries under a name: view save NAME QUERY, then list NAME; view list, view rm NAME.",
            discussion: "A view's query is read each time it is used, so due<+7d is always the coming week. help query says more.",
            subcommands: [Save.self, Rm.self, ListViews.self])

        /// `view save NAME QUERY…`.
        struct Save: SessionCommand {
            static let configuration = CommandConfiguration(
                commandName: "save", abstract: "Save a query under a name (replacing a view of that name); then list NAME lists it.")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @Argument(help: "Its name: letters, digits, - and _.") var name: String
            @Argument(help: ArgumentHelp("The query (help query).", valueName: "query")) var query: [String] = []

            func execute(in session: Session) async throws {
                let saved: (view: SavedView, replaced: Bool)
                do {
                    saved = try await session.core.queryModel.save(view: name, words: query)
                } catch let error as QueryError {
                    throw error.isUsage ? UsageProblem(message: error.message) as any Error : Refusal(message: error.message)
                } catch SavedViewError.emptyQuery {
                    // A query left out is how the command was typed.
                    throw UsageProblem(message: SavedViewError.emptyQuery.message)
                }
                let name = VisibleText.escaped(saved.view.name)
                session.say("\(saved.replaced ? "Replaced" : "Saved") the view \(name): \(VisibleText.escaped(saved.view.queryText)). "
                    + "`list \(name)` lists it.")
            }
        }

        /// `view rm NAME`.
        struct Rm: SessionCommand {
            static let configuration = CommandConfiguration(commandName: "rm", abstract: "Forget a saved view (not one another view uses).")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss
            @Argument(help: "Its name.") var name: String

            func execute(in session: Session) async throws {
                let removed = try await session.core.queryModel.remove(view: name)
                session.say("Removed the view \(VisibleText.escaped(removed.name)); `undo` brings it back.")
            }
        }

        /// `view list`.
        struct ListViews: SessionCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List the saved views and the built-in ones.")

            @OptionGroup var store: StoreOptions
            @ParentCommand var memoss: Memoss

            func execute(in session: Session) async throws {
                let views = try await session.core.queryModel.views()
                let width = max(9, (views.map(\.name.count).max() ?? 0) + 2)
                func line(_ name: String, _ query: String) -> String {
                    "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + session.style.dim(query)
                }
                if views.isEmpty { session.say(session.style.dim("No saved views yet; `view save NAME QUERY` saves one.")) }
                for view in views { session.say(line(VisibleText.escaped(view.name), VisibleText.escaped(view.queryText))) }
                session.say("Built in:")
                for (name, query) in [("today", "due:today done:no"), ("overdue", "due:overdue"), ("week", "due:week done:no"),
                                      ("undated", "due:none done:no"), ("done", "done:yes")] {
                    session.say(line(name, query))
                }
            }
        }
    }
}
