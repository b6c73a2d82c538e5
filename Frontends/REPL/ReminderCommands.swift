import ArgumentParser
import Foundation
import Shared

extension Memoss {
    /// `memoss edit N`: the add flow over a stored reminder, prefilled, with delete.
    struct Edit: SessionCommand {
        static let configuration = CommandConfiguration(
            abstract: "Edit a reminder field by field (Enter keeps a value); d at the end deletes it.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "Its number in the last list, or at least 4 characters of its id.") var reminder: String

        func execute(in session: Session) async throws {
            let found = try await session.resolve(reminder)
            switch await ReminderFlow(session: session, form: session.core.formModel(.edit(found))).run() {
            case .saved(let saved): session.say("Saved \"\(VisibleText.escaped(saved.title))\", due \(session.timeFormatter.string(for: saved.scheduledAt)).")
            case .deleted(let title): session.say("Deleted \"\(VisibleText.escaped(title))\".")
            case .cancelled: break
            }
        }
    }

    /// `memoss delete N`: deletes a reminder after asking.
    struct Delete: SessionCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a reminder, after asking.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "Its number in the last list, or at least 4 characters of its id.") var reminder: String

        func execute(in session: Session) async throws {
            let form = session.core.formModel(.edit(try await session.resolve(reminder)))
            let title = VisibleText.escaped(form.title)
            form.deleteTapped()
            guard let question = form.deleteConfirmation, session.confirm("\(question.title) \(question.message)") else {
                form.deleteCancelled()
                session.say("Kept \"\(title)\".")
                return
            }
            await form.deleteConfirmed()
            if let error = form.error { throw Refusal(message: error) }
            session.say("Deleted \"\(title)\".")
        }
    }

    /// `memoss rm N`: deletes a reminder at once, as a swipe does.
    struct Rm: SessionCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a reminder at once, without asking.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "Its number in the last list, or at least 4 characters of its id.") var reminder: String

        func execute(in session: Session) async throws {
            let found = try await session.resolve(reminder)
            try await session.core.deleteReminder(id: found.id)
            session.say("Deleted \"\(VisibleText.escaped(found.title))\".")
        }
    }

    /// `memoss done N`: completes a reminder (a repeating one moves on) or reopens a done one.
    struct Done: SessionCommand {
        static let configuration = CommandConfiguration(
            abstract: "Complete a reminder: a one-time one is done (or reopened), a repeating one moves to its next time.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "Its number in the last list, or at least 4 characters of its id.") var reminder: String

        func execute(in session: Session) async throws {
            let before = try await session.resolve(reminder)
            let after = try await session.core.toggleCompletion(id: before.id)
            let title = VisibleText.escaped(after.title)
            if !after.isCompleted && before.isCompleted {
                session.say("Reopened \"\(title)\".")
            } else if after.isCompleted {
                session.say("Completed \"\(title)\".")
            } else {
                session.say("Completed \"\(title)\"; next: \(session.timeFormatter.string(for: after.scheduledAt)).")
            }
        }
    }

    /// `memoss next N [--count K]`: when a reminder will be due, from its current time on.
    struct Next: SessionCommand {
        static let configuration = CommandConfiguration(abstract: "Show the next times a reminder is due (its whole series).")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "Its number in the last list, or at least 4 characters of its id.") var reminder: String
        @Option(help: "How many times to show (1–1000).") var count = 5
        @Flag(help: "Print JSON (see README.md).") var json = false

        func validate() throws {
            guard (1...1_000).contains(count) else { throw ValidationError("--count must be from 1 to 1000.") }
        }

        func execute(in session: Session) async throws {
            let found = try await session.resolve(reminder)
            let times = try await session.core.previewOccurrences(id: found.id, count: count)
            if json { return session.say(JSONShapes.encode(JSONShapes.OccurrencesJSON(found, occurrences: times))) }
            session.say("\(VisibleText.escaped(found.title)) · \(found.recurrence.label)")
            if times.isEmpty { session.say("  " + session.style.dim("Done; nothing more is due.")) }
            for time in times {
                session.say("  \(session.timeFormatter.string(for: time))  \(session.style.dim(ISO8601Text.string(time, in: found.timeZone)))")
            }
        }
    }

    /// `memoss history [DATE]`: what was due on a day and what was completed then.
    struct History: SessionCommand {
        static let configuration = CommandConfiguration(abstract: "Show what was due on a day (today unless given) and what was completed then.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "The day: YYYY-MM-DD, today, tomorrow or a weekday name.") var date: String?
        @Flag(help: "Print JSON (see README.md).") var json = false

        func execute(in session: Session) async throws {
            let environment = session.core.environment
            guard let day = date.map({ TypedInput.date($0, today: environment.today) }) ?? environment.today else {
                throw UsageProblem(message: "\(TypedInput.dateHint).")
            }
            let history = try await session.core.loadDayHistory(day: day)
            if json { return session.say(JSONShapes.encode(JSONShapes.HistoryJSON(history, zone: environment.timeZone))) }
            session.say(session.style.bold("Due on \(day)"))
            if history.scheduled.isEmpty { session.say("  " + session.style.dim("Nothing was due.")) }
            for reminder in history.scheduled {
                let mark = reminder.isCompleted ? "[x]" : "[ ]"
                session.say("  \(mark) \(LocalTime(of: reminder.scheduledAt, in: environment.timeZone))  \(VisibleText.escaped(reminder.title))")
            }
            session.say(session.style.bold("Completed on \(day)"))
            if history.completions.isEmpty { session.say("  " + session.style.dim("Nothing was completed.")) }
            for entry in history.completions {
                session.say("  \(LocalTime(of: entry.completion.completedAt, in: environment.timeZone))  \(VisibleText.escaped(entry.title))"
                    + "  " + session.style.dim("(due \(session.timeFormatter.string(for: entry.completion.occurrence)))"))
            }
        }
    }

    /// `memoss reset-today`: removes today's one-time reminders.
    struct ResetToday: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-today", abstract: "Remove today's one-time reminders (done or not); repeating ones stay.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss

        func execute(in session: Session) async throws {
            let dashboard = session.core.dashboardModel()
            await dashboard.resetTodayTapped()
            if let error = dashboard.error { throw Refusal(message: error) }
            session.lastListing = nil
            session.say(dashboard.status ?? "")
        }
    }
}
