import ArgumentParser
import FrontSupport
import Foundation
import Shared

extension Memoss {
    /// `memoss show N… [--json]`: reminders in full.
    struct Show: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show reminders in full: notes, list, tags, due time, priority, repeat and its next times, status, completions, id and sync.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: ArgumentHelp("Its number in the last list (or several: 1 3, 5-7), at least 4 characters of its id, or words "
                                     + "that match it alone (a query)."), completion: Completion.reminderNumbers)
        var reminder: [String]
        @Flag(help: "Print JSON instead (man memoss, JSON, says its shape).") var json = false

        /// How many completions the text shows (the most recent); --json has them all.
        static let completionsShown = 10

        func execute(in session: Session) async throws {
            // Several numbers show each in turn (a blank line between; a JSON array of them).
            let found = try await session.several(reminder)
            let lists = ListNames(try await session.core.lists.all())
            var shown: [ReminderInFull] = []
            for item in found { shown.append(try await session.core.showReminder(id: item.id)) }
            if json {
                let documents = shown.map { JSONShapes.ReminderInFullJSON($0, lists: lists) }
                return session.say(documents.count == 1 ? JSONShapes.encode(documents[0]) : JSONShapes.encode(documents))
            }
            for (index, full) in shown.enumerated() {
                if index > 0 { session.say("") }
                for line in Self.lines(full, lists: lists, session) { session.say(line) }
            }
        }

        /// The reminder as labelled lines, its title first, its list named as in `lists`.
        @MainActor
        static func lines(_ full: ReminderInFull, lists: ListNames, _ session: Session) -> [String] {
            let reminder = full.reminder, style = session.style, formatter = session.timeFormatter
            var lines = [style.bold(VisibleText.escaped(reminder.title))]
            func add(_ label: String, _ value: String) {
                lines.append("  " + style.dim((label + ":").padding(toLength: 11, withPad: " ", startingAt: 0)) + value)
            }
            func more(_ value: String) { lines.append(String(repeating: " ", count: 13) + value) }
            if let notes = reminder.notes {
                for (index, line) in notes.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let text = VisibleText.escaped(String(line))
                    if index == 0 { add("Notes", text) } else { more(text) }
                }
            }
            add("List", VisibleText.escaped(lists.name(of: reminder.listID)))
            if !reminder.tags.isEmpty { add("Tags", reminder.tags.map { style.tag(TagChip($0)) }.joined(separator: " ")) }
            add("Due", due(reminder.reminder, session))
            if reminder.priority != .none { add("Priority", "\(reminder.priority.word) \(reminder.priority.marks)") }
            // The default alarm (at the due time) goes unsaid, as on the cards.
            let alarms = AlarmText.said(reminder.alarms, of: reminder.timeZone, in: session.core.environment.timeZone)
            if reminder.scheduledAt != nil, !reminder.hasDefaultAlarms { add("Alarms", alarms) }
            if reminder.scheduledAt == nil, !reminder.hasDefaultAlarms, !reminder.alarms.isEmpty {
                add("Alarms", alarms + ", " + AlarmText.keptUntilDated)
            }
            if reminder.recurrence.isRepeating {
                let end = reminder.recurrenceEnd.map { " until \($0)" } ?? ""
                add("Repeats", reminder.recurrence.label + end)
                if !full.nextTimes.isEmpty { add("Then", full.nextTimes.map { formatter.string(forTimeOf: reminder.reminder, at: $0) }.joined(separator: ", ")) }
            }
            add("Status", status(reminder.reminder, formatter))
            add("Created", formatter.string(for: reminder.createdAt) + (reminder.updatedAt != reminder.createdAt
                ? "; changed \(formatter.string(for: reminder.updatedAt))" : ""))
            for (index, completion) in full.completions.prefix(completionsShown).enumerated() {
                let text = "\(formatter.string(forTimeOf: reminder.reminder, at: completion.occurrence)), done \(formatter.string(for: completion.completedAt))"
                if index == 0 { add("Completed", text) } else { more(text) }
            }
            if full.completions.count > completionsShown {
                more(style.dim("and \(full.completions.count - completionsShown) more: `show --json` has them all"))
            }
            add("Id", reminder.id.text)
            for (index, place) in full.syncedWith.enumerated() {
                let text = "\(VisibleText.escaped(place.account))  \(style.dim(VisibleText.escaped(place.href)))"
                if index == 0 { add("Synced", text) } else { more(text) }
            }
            return lines
        }

        /// "Fri 27 Nov 14:30", with its own wall time and zone when that is not the user's.
        @MainActor
        private static func due(_ reminder: Reminder, _ session: Session) -> String {
            let zone = session.core.environment.timeZone
            guard reminder.timeZone.identifier != zone.identifier, let local = reminder.localScheduled else {
                return session.timeFormatter.string(for: reminder) + (reminder.isAllDay ? ", all day" : "")
            }
            // The day alone (a card's "(Tokyo)" is said below in full).
            let text = reminder.isAllDay ? session.timeFormatter.string(forDay: local.date) : session.timeFormatter.string(for: reminder)
            let own = CardTimeFormatter(today: LocalDate(containing: session.core.environment.now(), in: reminder.timeZone),
                                        timeZone: reminder.timeZone)
            let there = reminder.isAllDay ? "all day \(own.string(forDay: local.date))" : own.string(for: reminder)
            return text + " (\(there) in \(reminder.timeZoneID))"
        }

        private static func status(_ reminder: Reminder, _ formatter: CardTimeFormatter) -> String {
            if reminder.isCancelled { return "cancelled" }
            if reminder.isDone { return "done" + (reminder.completedAt.map { " \(formatter.string(for: $0))" } ?? "") }
            return Edit.statusText(reminder)
        }
    }
}
