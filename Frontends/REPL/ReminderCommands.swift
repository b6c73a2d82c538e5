import ArgumentParser
import FrontSupport
import Foundation
import Shared

extension Memoss {
    /// `memoss edit N [--title T] [--date D] …`: changes the named fields at once, or walks the form.
    struct Edit: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Edit a reminder: the fields given as options at once, else field by field (d at the end deletes it).",
            discussion: """
                --tag +Work adds a tag, --tag -Home removes one; --notes "" clears the notes, --until none the end date; \
                --date none makes it undated, --time none all-day; --status and --progress say where it stands. \
                Fields may be typed as words too: edit 3 due:mon at:10 +Work pri:high.
                """)

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "Its number in the last list, or at least 4 characters of its id.", completion: Completion.reminderNumbers)
        var reminder: String
        @Argument(help: ArgumentHelp("Fields as words: due:mon, at:10:30, +Work, list:Home, pri:high, repeat:weekly, alarm:-15m.",
                                     valueName: "field"))
        var fieldWords: [String] = []
        @Option(parsing: .unconditional, help: "A new title.") var title: String?
        @OptionGroup var options: ReminderFieldOptions
        @Option(help: ArgumentHelp("Where it stands: \(StatusInput.words).", valueName: "status")) var status: String?
        @Option(help: ArgumentHelp("How much of it is done, 0–100 (40 or 40%); it is then in progress.", valueName: "percent"))
        var progress: String?

        func execute(in session: Session) async throws {
            let (fields, words, typed) = try options.merging(fieldWords, whenEditing: true)
            if let word = words.first {
                throw UsageProblem(message: "\"\(VisibleText.escaped(word))\" is not a field; edit takes fields as words (due:mon, at:10, +Work, "
                    + "pri:high) or options, and a new title as --title \"…\".")
            }
            let found = try await session.resolve(reminder)
            let form = session.core.formModel(.edit(found))
            let change: StatusInput.Change?
            do { change = try StatusInput.change(status: status, progress: progress) } catch { throw UsageProblem(message: error.message) }
            if change != nil { try CompletionText.refuseCompletedTimes([found], undo: "`undo`") }
            try await Journal.command {
                guard title == nil && fields.isEmpty && change == nil else {
                    await form.load()
                    try await fields.fill(form, title: title, environment: session.core.environment, typed: typed)
                    var said = false
                    if form.hasUnsavedChanges {
                        session.say(Self.saved(try await ReminderFieldOptions.save(form), list: form.list, was: found.reminder, session))
                        said = true
                    }
                    switch change {
                    case .complete?:
                        for after in try await session.core.completeReminders(ids: [found.id]) {
                            session.say(CompletionText.completed(after, formatter: session.timeFormatter))
                        }
                    case .set(let status)?:
                        for after in try await session.core.changeStatus(ids: [found.id], to: status) {
                            session.say("\"\(VisibleText.escaped(after.title))\" is \(Self.statusText(after)).")
                        }
                    case nil:
                        if !said { session.say(ReminderFormModel.nothingChanged(in: found.title)) }
                    }
                    return
                }
                switch await ReminderFlow(session: session, form: form).run() {
                case .saved(let saved): session.say(Self.saved(saved, list: form.list, was: found.reminder, session))
                case .unchanged(let reminder): session.say(ReminderFormModel.nothingChanged(in: reminder.title))
                case .deleted(let title): session.say("Deleted \"\(VisibleText.escaped(title))\"; `undo` brings it back.")
                case .abandoned: try Add.refuseAbandoned(session, example: "edit N --title TITLE")
                case .cancelled: break
                }
            }
        }

        /// "to do", "in progress (40%)", "cancelled"; a to-do another client says is 40% done, "to do (40%)".
        static func statusText(_ reminder: Reminder) -> String {
            switch reminder.statusWord {
            case "in-progress": "in progress" + (reminder.percentComplete.map { " (\($0)%)" } ?? "")
            case "todo": "to do" + (reminder.percentComplete.flatMap { $0 > 0 ? " (\($0)%)" : nil } ?? "")
            default: reminder.statusWord
            }
        }

        /// "Saved "Call Mum", due Sun 8 Mar 2026 03:30." and what a DST gap did to the time; a repeat
        /// the edit changed (`was`), a new day moving a weekly one, is said too.
        @MainActor
        static func saved(_ reminder: ReminderWithTags, list: ReminderList?, was before: Reminder? = nil, _ session: Session) -> String {
            "Saved \"\(VisibleText.escaped(reminder.title))\""
                + (list.map { $0.isDefault ? "" : " in \"\(VisibleText.escaped($0.name))\"" } ?? "")
                + ", \(session.timeFormatter.dueSentence(for: reminder.reminder))"
                + (before.map { CardTimeFormatter.repeatChange(from: $0, to: reminder.reminder) } ?? "")
                + (reminder.priority == .none ? "" : ", \(reminder.priority.word) priority")
                + (AlarmText.sentence(reminder.reminder, zone: session.core.environment.timeZone).map { ", " + $0 } ?? "") + "."
                + (reminder.reminder.gapNote.map { " " + $0 } ?? "")
        }
    }

    /// `memoss delete N…`: deletes reminders after asking, naming each.
    struct Delete: SessionCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete reminders, after asking (undo brings them back).")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "Numbers in the last list (3, 5-7), or at least 4 characters of ids.", completion: Completion.reminderNumbers)
        var reminders: [String]

        func execute(in session: Session) async throws {
            let found = try await session.resolve(reminders)
            let question = found.count == 1
                ? "Delete \(session.named(found[0]))? `undo` brings it back."
                : "Delete these \(found.count) reminders? `undo` brings them back."
            if found.count > 1 { for reminder in found { session.say("  \(session.named(reminder))") } }
            guard session.confirm(question) else {
                return session.say(found.count == 1 ? "Kept \"\(VisibleText.escaped(found[0].title))\"." : "Kept them.")
            }
            try await session.core.deleteReminder(ids: found.map(\.id))
            Rm.sayDeleted(found, session)
        }
    }

    /// `memoss rm N…` or `memoss rm QUERY`: deletes reminders at once, as a swipe does; what a query
    /// selects after showing it and asking.
    struct Rm: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete reminders at once, without asking (undo brings them back); rm QUERY asks first.",
            discussion: "rm done tag:Shopping shows what the query (help query) selects and asks before deleting it; --yes does not ask.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Flag(help: "With a query, do not ask (for scripts).") var yes = false
        @Argument(help: "Numbers in the last list (3, 5-7), at least 4 characters of ids, or a query.", completion: Completion.reminderNumbers)
        var reminders: [String]

        func execute(in session: Session) async throws {
            guard let found = try await session.chosen(reminders, command: "rm", verb: "delete", openOnly: false, yes: yes) else { return }
            try await session.core.deleteReminder(ids: found.map(\.id))
            Self.sayDeleted(found, session)
        }

        @MainActor
        static func sayDeleted(_ found: [ReminderWithTags], _ session: Session) {
            for reminder in found { session.say("Deleted \"\(VisibleText.escaped(reminder.title))\".") }
        }
    }

    /// `memoss done N…`: completes reminders (a repeating one moves on).
    struct Done: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "done",
            abstract: "Complete reminders: a one-time one is done, a repeating one moves to its next time after now.",
            discussion: """
                A repeating reminder that is overdue skips the times it missed (only the one completed is logged); \
                with --one it moves to the time right after the one completed instead. A done reminder is refused; \
                reopen opens it again. Several at once are all done, or none. done QUERY (done overdue tag:Shopping) \
                shows the open reminders the query (help query) selects and asks first; --yes does not ask.
                """)

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Flag(help: "Tick just the current time of a repeating reminder, not the missed ones after it.") var one = false
        @Flag(help: "With a query, do not ask (for scripts).") var yes = false
        @Argument(help: "Numbers in the last list (3, 5-7), at least 4 characters of ids, or a query.", completion: Completion.reminderNumbers)
        var reminders: [String]

        func execute(in session: Session) async throws {
            guard let found = try await session.chosen(reminders, command: "done", verb: "complete", openOnly: true, yes: yes) else { return }
            try CompletionText.refuseCompletedTimes(found, undo: "`undo`")
            for after in try await session.core.completeReminders(ids: found.map(\.id), onlyCurrent: one) {
                session.say(CompletionText.completed(after, formatter: session.timeFormatter))
            }
        }
    }

    /// `memoss cancel N…`: closes reminders without doing them.
    struct Cancel: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel",
            abstract: "Cancel reminders: closed without being done, never notified, never overdue (reopen opens them again).")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "Numbers in the last list (3, 5-7), or at least 4 characters of ids.", completion: Completion.reminderNumbers)
        var reminders: [String]

        func execute(in session: Session) async throws {
            let found = try await session.resolve(reminders)
            try CompletionText.refuseCompletedTimes(found, undo: "`undo`")
            let cancelled = try await session.core.changeStatus(ids: found.map(\.id), to: .cancelled)
            for reminder in found {
                let done = cancelled.contains { $0.id == reminder.id }
                session.say(done ? "Cancelled \"\(VisibleText.escaped(reminder.title))\"; `reopen` opens it again."
                    : "\"\(VisibleText.escaped(reminder.title))\" was cancelled already.")
            }
        }
    }

    /// `memoss reopen N…`: reopens done reminders.
    struct Reopen: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "reopen",
            abstract: "Reopen done or cancelled reminders (also: undone).", aliases: ["undone"])

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "Numbers in the last list (3, 5-7), or at least 4 characters of ids.", completion: Completion.reminderNumbers)
        var reminders: [String]

        func execute(in session: Session) async throws {
            let found = try await session.resolve(reminders)
            try CompletionText.refuseCompletedTimes(found, undo: "`undo`")
            for after in try await session.core.reopenReminders(ids: found.map(\.id)) {
                session.say(CompletionText.reopened(after, formatter: session.timeFormatter))
            }
        }
    }

    /// `memoss next N [--count K]`: when a reminder will be due, from its current time on.
    struct Next: SessionCommand {
        static let configuration = CommandConfiguration(commandName: "next", abstract: "Show the next times a reminder is due (its whole series).")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "Its number in the last list, or at least 4 characters of its id.", completion: Completion.reminderNumbers)
        var reminder: String
        @Option(help: "How many times to show (1–1000).") var count = 5
        @Flag(help: "Print JSON (man memoss, JSON, says its shape).") var json = false

        func validate() throws {
            guard (1...1_000).contains(count) else { throw ValidationError("--count must be from 1 to 1000.") }
        }

        func execute(in session: Session) async throws {
            let found = try await session.resolve(reminder)
            let times = try await session.core.previewOccurrences(id: found.id, count: count)
            if json { return session.say(JSONShapes.encode(JSONShapes.OccurrencesJSON(found, occurrences: times))) }
            session.say("\(VisibleText.escaped(found.title)) · \(found.recurrence.label)")
            if times.isEmpty {
                session.say("  " + session.style.dim(found.scheduledAt == nil ? "No date; nothing is due until it has one." : "Done; nothing more is due."))
            }
            for time in times {
                session.say("  \(session.timeFormatter.string(forTimeOf: found.reminder, at: time))  \(session.style.dim(ISO8601Text.string(time, in: found.timeZone)))")
            }
        }
    }

    /// `memoss history [DATE]`: what was due on a day and what was completed then.
    struct History: SessionCommand {
        static let configuration = CommandConfiguration(commandName: "history", abstract: "Show what was due on a day (today unless given) and what was completed then.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: ArgumentHelp("The day: YYYY-MM-DD, today, yesterday, fri (the last one), last fri, 3 days ago, 5 dec (the last one) …",
                                     valueName: "date")) var date: [String] = []
        @Flag(help: "Print JSON (man memoss, JSON, says its shape).") var json = false

        func execute(in session: Session) async throws {
            let environment = session.core.environment
            let day = date.isEmpty ? environment.today
                : try ReminderFieldOptions.day(date.joined(separator: " "), option: "history", today: environment.today, direction: .past)
            let history = try await session.core.loadDayHistory(day: day)
            if json { return session.say(JSONShapes.encode(JSONShapes.HistoryJSON(history, zone: environment.timeZone, lists: ListNames(try await session.core.lists.all())))) }
            session.say(session.style.bold("Due on \(day)"))
            if history.scheduled.isEmpty { session.say("  " + session.style.dim("Nothing was due.")) }
            for reminder in history.scheduled.map(\.reminder) {
                let mark = reminder.isCompleted ? "[x]" : "[ ]"
                let time = reminder.isAllDay ? "all day" : reminder.scheduledAt.map { LocalTime(of: $0, in: environment.timeZone).description } ?? ""
                session.say("  \(mark) \(time)  \(VisibleText.escaped(reminder.title))")
            }
            session.say(session.style.bold("Completed on \(day)"))
            if history.completions.isEmpty { session.say("  " + session.style.dim("Nothing was completed.")) }
            for entry in history.completions {
                // An all-day one's day, as its card says it (not the instant its day starts).
                let due = entry.allDayZoneID.map { session.timeFormatter.string(forAllDayAt: entry.completion.occurrence, zoneID: $0) }
                    ?? session.timeFormatter.string(for: entry.completion.occurrence)
                session.say("  \(LocalTime(of: entry.completion.completedAt, in: environment.timeZone))  \(VisibleText.escaped(entry.title))"
                    + "  " + session.style.dim("(due \(due))"))
            }
        }
    }

    /// `memoss reset-today [--tag NAME] [--list NAME] [--priority LEVEL] [--yes]`: removes today's
    /// one-time reminders (those the options keep), after showing them and asking.
    struct ResetToday: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-today",
            abstract: "Remove today's one-time reminders (done or not), after asking; repeating ones stay.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @OptionGroup var filter: FilterOptions
        @Flag(help: "Do not ask (for scripts).") var yes = false

        func execute(in session: Session) async throws {
            let going = try await session.core.resetToday.preview(matching: try await filter.filter(session.core))
            guard !going.isEmpty else { return session.say("No one-time reminders are due today; nothing to remove.") }
            session.say("Today's one-time reminders:")
            for reminder in going { session.say("  \(session.named(reminder))") }
            let count = going.count == 1 ? "this reminder" : "these \(going.count) reminders"
            guard yes || session.confirm("Remove \(count)? `undo` brings \(going.count == 1 ? "it" : "them") back.") else {
                return session.say("Kept them.")
            }
            let removed = try await session.core.resetToday(removing: going.map(\.id))
            session.say("Removed \(removed == 1 ? "1 reminder" : "\(removed) reminders") due today; `undo` brings \(removed == 1 ? "it" : "them") back.")
        }
    }

    /// `memoss undo [--list] [--limit N]`: takes back the last command, as a whole.
    struct Undo: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract: "Undo your last command (again to go further back); --list shows what would be undone.",
            discussion: """
                The journal is kept in the store, so undo works after a restart. It keeps the last 100 commands unless \
                --limit says otherwise. Undo takes back your own commands, never what a sync brought from another \
                device; when a sync changed the same reminders since, it says so and changes nothing. undo --sync takes \
                back the last sync's changes, after listing what that would delete or change (on the server too, at the \
                next sync) and asking.
                """)

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Flag(help: "Show what undo and redo would do, newest first, without doing it.") var list = false
        @Option(help: "Keep the last N commands (1–10000) from now on.") var limit: Int?
        @Flag(help: "Undo the last sync's changes instead, after showing them and asking.") var sync = false
        @Flag(help: "With --sync, do not ask.") var yes = false

        func validate() throws {
            if limit != nil && (list || sync || yes) {
                throw ValidationError("--limit sets how many commands the journal keeps and undoes nothing; give it alone, e.g. undo --limit 500.")
            }
            if yes && !sync { throw ValidationError("--yes goes with --sync (undo --sync --yes); undo alone does not ask.") }
        }

        func execute(in session: Session) async throws {
            if let limit {
                try await session.core.listJournal.setLimit(limit)
                return session.say("The journal keeps the last \(limit) commands.")
            }
            if sync { return try await undoSync(session) }
            guard list else {
                let command = try await session.core.undo()
                return session.say("Undid: \(VisibleText.escaped(command.sentence)).")
            }
            let journal = try await session.core.listJournal()
            let mine = journal.undoable.filter { $0.origin == nil }
            if mine.isEmpty { session.say("Nothing to undo.") }
            for (index, command) in mine.enumerated() {
                session.say("  \(index + 1). \(VisibleText.escaped(command.sentence))  \(session.style.dim(session.timeFormatter.string(for: command.at)))")
            }
            if let synced = journal.undoable.first(where: { $0.origin != nil }) {
                session.say("undo --sync would take back: \(VisibleText.escaped(synced.sentence))  \(session.style.dim(session.timeFormatter.string(for: synced.at)))")
            }
            if !journal.redoable.isEmpty {
                session.say("redo would apply again:")
                for command in journal.redoable { session.say("  \(VisibleText.escaped(command.sentence))") }
            }
            session.say(session.style.dim("(keeps the last \(journal.limit) commands)"))
        }

        /// Lists what undoing the last sync would do, asks, and does it.
        @MainActor
        private func undoSync(_ session: Session) async throws {
            guard let preview = try await session.core.undo.syncPreview() else { throw JournalError.noSyncToUndo }
            session.say("Undoing \"\(VisibleText.escaped(preview.command.sentence))\" would, here and at the next sync on the server:")
            for (title, effect) in preview.effects {
                let verb = switch effect {
                case .delete: "delete"
                case .restore: "bring back"
                case .changeBack: "change back"
                }
                session.say("  \(verb) \"\(VisibleText.escaped(title))\"")
            }
            guard yes || session.confirm("Undo it?") else { return session.say("Kept the sync's changes.") }
            let command = try await session.core.undo.sync()
            session.say("Undid: \(VisibleText.escaped(command.sentence)).")
        }
    }

    /// `memoss redo`: applies again what undo took back.
    struct Redo: SessionCommand {
        static let configuration = CommandConfiguration(commandName: "redo", abstract: "Redo what undo took back (before any other change).")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss

        func execute(in session: Session) async throws {
            let command = try await session.core.redo()
            session.say("Redid: \(VisibleText.escaped(command.sentence)).")
        }
    }
}
