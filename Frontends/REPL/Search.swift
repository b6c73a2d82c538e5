import ArgumentParser
import FrontSupport
import Foundation
import Shared

extension Memoss {
    /// `memoss search QUERY… [--limit N] [--json]`: every reminder a query selects, numbered as `list`
    /// numbers them, soonest first, done ones after.
    struct Search: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Find reminders: words in titles, notes, tag and list names (any case, any accents, the start of a word), and filters.",
            discussion: """
                Every reminder the query selects, numbered as list numbers them: to do soonest first, then undated, then \
                done, most recently done first. search dentist, search "call mum", search caf tag:Health -done:yes, search list:Home pri:high; \
                help query says more.
                """
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Option(help: ArgumentHelp("At most N reminders in each section.", valueName: "N")) var limit: Int?
        @Flag(help: "Print JSON instead of cards, as list --json does (man memoss, JSON).") var json = false
        @Argument(help: ArgumentHelp("Words to look for, filters and views (help query).", valueName: "query"))
        var query: [String]

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, e.g. --limit 20.") }
            if json && limit != nil { throw ValidationError("--json lists everything; leave out --limit.") }
            if query.allSatisfy({ $0.trimmingWhitespace().isEmpty }) { throw ValidationError("Say what to look for, e.g. search dentist.") }
        }

        func execute(in session: Session) async throws {
            let dashboard = session.core.dashboardModel()
            dashboard.narrow(to: try await session.filter(query), typed: session.typed(query))
            try await List.show(dashboard, .everything, limit: limit, json: json, session)
        }
    }
}
