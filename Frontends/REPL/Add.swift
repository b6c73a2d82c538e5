import ArgumentParser
import FrontSupport
import Foundation
import Shared

extension Memoss {
    /// `memoss add [TITLE [--date D] [--time T] [--repeat R] [--until D] [--tag NAME]… [--new-tag NAME]… [--notes N]]`.
    struct Add: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a reminder: with a title, at once; without one, field by field at prompts.",
            discussion: """
                With a title it is due tomorrow at 09:00 unless --date or --time say otherwise. A title may \
                begin with a dash (add -- "-check logs", or just add "-check logs"). --tag takes tags that \
                exist; --new-tag creates one. Fields may be typed among the words: add Call the dentist due:fri \
                at:10:30 +Health pri:high (also list:NAME, repeat:PHRASE, alarm:-15m, tag:NAME); quote the \
                title as one word to keep such words in it.
                """
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: ArgumentHelp("What to be reminded of (its words, quoted or not, with fields among them: due:fri +Health); "
            + "leave it out to be asked for every field."))
        var titleWords: [String] = []
        @OptionGroup var options: ReminderFieldOptions

        func execute(in session: Session) async throws {
            let form = try await session.core.addForm()
            let (fields, words, typed) = try options.merging(titleWords)
            if words.isEmpty, !titleWords.isEmpty {
                throw UsageProblem(message: "A reminder needs a title besides its fields, as in: add Call the dentist due:fri +Health.")
            }
            let title = words.isEmpty ? nil : words.joined(separator: " ")
            try await Journal.command {
                guard let title else {
                    switch await ReminderFlow(session: session, form: form).run() {
                    case .saved(let reminder):
                        session.say(Self.added(reminder, number: try await session.number(added: reminder.id), list: form.list, session))
                    case .abandoned: try Self.refuseAbandoned(session)
                    case .cancelled, .deleted, .unchanged: break
                    }
                    return
                }
                await form.load()
                form.title = title
                try await fields.fill(form, environment: session.core.environment, typed: typed)
                let reminder = try await ReminderFieldOptions.save(form)
                session.say(Self.added(reminder, number: try await session.number(added: reminder.id), list: form.list, session))
            }
        }

        /// A flow the input ended before it was saved: refused (exit status 1) in a script and from the
        /// shell, where a title was wanted; at the prompt, Ctrl-C is the user's own choice.
        @MainActor
        static func refuseAbandoned(_ session: Session, example: String = "add TITLE --date DATE") throws {
            guard !(session.isREPL && session.console.isTerminal) else { return }
            throw Refusal(message: "Nothing was saved: the questions ended before the reminder was saved. Where nobody answers "
                + "them, give the fields at once: \(example).")
        }

        /// "Added 7. "Buy milk" to "Errands", due Tue 5 Jan 2027 10:00, repeating Weekly on Tuesday
        /// until 2027-03-01, high priority.": its number in the kept listing (when it could be kept)
        /// and what it is (the list named when it is not the default one).
        @MainActor
        static func added(_ reminder: ReminderWithTags, number: Int?, list: ReminderList?, _ session: Session) -> String {
            var summary = "Added \(number.map { "\($0). " } ?? "")\"\(VisibleText.escaped(reminder.title))\""
            if let list, !list.isDefault { summary += " to \"\(VisibleText.escaped(list.name))\"" }
            summary += ", \(session.timeFormatter.dueSentence(for: reminder.reminder))"
            if reminder.recurrence.isRepeating {
                summary += ", repeating \(reminder.recurrence.label)"
                if let end = reminder.recurrenceEnd { summary += " until \(end)" }
            }
            if reminder.priority != .none { summary += ", \(reminder.priority.word) priority" }
            if let alarms = AlarmText.sentence(reminder.reminder, zone: session.core.environment.timeZone) { summary += ", " + alarms }
            return summary + "." + (reminder.reminder.gapNote.map { " " + $0 } ?? "")
        }
    }
}
