import ArgumentParser
import FrontSupport
import Foundation
import Shared

/// `--tag`, `--list` and `--priority`, which narrow `list`, `export` and `reset-today` alike.
struct FilterOptions: ParsableArguments {
    @Option(help: "Only the reminders carrying this tag.", completion: Completion.tagNames) var tag: String?
    @Option(help: "Only the reminders in this list.", completion: Completion.listNames) var list: String?
    @Option(help: ArgumentHelp("Only the reminders of this priority: none, low, medium or high (or !, !!, !!!).", valueName: "level"))
    var priority: String?

    func validate() throws {
        if let priority, Priority(text: priority) == nil {
            throw ValidationError("--priority: \(FieldProblem.priorityHint).")
        }
    }

    /// The tag and the list named, found in the store (a name it does not have is refused with
    /// the closest ones), and the priority.
    func resolved(_ core: MemossCore) async throws -> (tag: Tag?, list: ReminderList?, priority: Priority?) {
        var (foundTag, foundList): (Tag?, ReminderList?) = (nil, nil)
        if let tag { foundTag = try await core.findTag(named: tag) }
        if let list { foundList = try await core.lists.find(named: list) }
        return (foundTag, foundList, priority.flatMap(Priority.init(text:)))
    }

    /// The filter the options name.
    func filter(_ core: MemossCore) async throws -> ReminderFilter {
        let (tag, list, priority) = try await resolved(core)
        return ReminderFilter(tagID: tag?.id, list: list?.choice, priority: priority)
    }
}
