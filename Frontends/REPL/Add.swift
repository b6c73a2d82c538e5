import ArgumentParser
import Foundation
import Shared

extension Memoss {
    /// `memoss add [TITLE [--date D] [--time T] [--repeat R] [--until D] [--tag NAME]… [--notes N]]`.
    struct Add: SessionCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a reminder: with a title, at once; without one, field by field at prompts.",
            discussion: """
                With a title it is due tomorrow at 09:00 unless --date or --time say otherwise. Dates: \
                YYYY-MM-DD, today, tomorrow or a weekday name. Times: HH:mm, 9am or 9:30pm. A tag that \
                does not exist yet is created in the next palette colour.
                """
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "What to be reminded of; leave it out to be asked for every field.") var title: String?
        @Option(help: "The day it is due.") var date: String?
        @Option(help: "The time it is due.") var time: String?
        @Option(name: .customLong("repeat"), help: "never, daily, weekly (on the date's weekday) or monthly (on its day).")
        var repeatRule: RecurrencePickerModel.Kind = .never
        @Option(help: "The last day it repeats on (inclusive).") var until: String?
        @Option(name: .customLong("tag"), help: "A tag, by name; repeat for more.") var tags: [String] = []
        @Option(help: "Notes.") var notes: String?

        func execute(in session: Session) async throws {
            let form = session.core.formModel(.add)
            guard let title else {
                if case .saved(let reminder) = await ReminderFlow(session: session, form: form).run() {
                    session.say(Self.added(reminder, session))
                }
                return
            }
            try await fill(form, title: title, today: session.core.environment.today)
            await form.saveTapped()
            guard case .saved(let reminder) = form.outcome else {
                let problems = [("title", form.titleError), ("date", form.dateError),
                                ("until", form.recurrencePicker.endDateError), (nil, form.error)]
                    .compactMap { field, message in message.map { (field.map { "\($0): " } ?? "") + $0 } }
                throw Refusal(message: problems.map { $0.hasSuffix(".") ? $0 : $0 + "." }.joined(separator: " "))
            }
            session.say(Self.added(reminder, session))
        }

        /// Sets the form from the options, as a person would fill it in.
        @MainActor
        private func fill(_ form: ReminderFormModel, title: String, today: LocalDate) async throws {
            await form.load()
            form.title = title
            form.notes = notes ?? ""
            if let date {
                guard let day = TypedInput.date(date, today: today) else { throw UsageProblem(message: "--date: \(TypedInput.dateHint).") }
                form.date = day
            }
            if let time {
                guard let value = TypedInput.time(time) else { throw UsageProblem(message: "--time: \(TypedInput.timeHint).") }
                form.time = value
            }
            form.recurrencePicker.kind = repeatRule
            if let until {
                guard let day = TypedInput.date(until, today: today) else { throw UsageProblem(message: "--until: \(TypedInput.dateHint).") }
                guard repeatRule != .never else { throw UsageProblem(message: "--until needs --repeat daily, weekly or monthly.") }
                form.recurrencePicker.hasEndDate = true
                form.recurrencePicker.endDate = day
            }
            for name in tags where await form.tagPicker.chooseOrCreate(named: name) == nil {
                throw Refusal(message: "tag: \(form.tagPicker.creationError ?? "cannot use \"\(name)\"").")
            }
        }

        /// "Added "Buy milk", due Tue 5 Jan 2027 10:00, repeating Weekly on Tuesday until 2027-03-01."
        @MainActor
        static func added(_ reminder: ReminderWithTags, _ session: Session) -> String {
            var summary = "Added \"\(VisibleText.escaped(reminder.title))\", due \(session.timeFormatter.string(for: reminder.scheduledAt))"
            if reminder.recurrence.isRepeating {
                summary += ", repeating \(reminder.recurrence.label)"
                if let end = reminder.recurrenceEnd { summary += " until \(end)" }
            }
            return summary + "."
        }
    }
}

extension RecurrencePickerModel.Kind: ExpressibleByArgument {}
