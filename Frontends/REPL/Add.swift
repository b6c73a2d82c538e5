import ArgumentParser
import Foundation
import Shared

extension Memoss {
    /// `memoss add TITLE [--date D] [--time T] [--repeat R] [--until D] [--tag NAME]… [--notes N]`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a reminder (tomorrow at 09:00 unless --date or --time say otherwise).",
            discussion: """
                Dates: YYYY-MM-DD, today, tomorrow or a weekday name. Times: HH:mm, 9am or 9:30pm. \
                A tag that does not exist yet is created in the next palette colour.
                """
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "What to be reminded of.") var title: String
        @Option(help: "The day it is due.") var date: String?
        @Option(help: "The time it is due.") var time: String?
        @Option(name: .customLong("repeat"), help: "never, daily, weekly (on the date's weekday) or monthly (on its day).")
        var repeatRule: RecurrencePickerModel.Kind = .never
        @Option(help: "The last day it repeats on (inclusive).") var until: String?
        @Option(name: .customLong("tag"), help: "A tag, by name; repeat for more.") var tags: [String] = []
        @Option(help: "Notes.") var notes: String?

        @MainActor
        func run() async throws {
            let core = await store.openCore(before: memoss.store)
            let today = core.environment.today
            let form = core.formModel(.add)
            await form.load()
            form.title = title
            form.notes = notes ?? ""
            if let date {
                guard let day = TypedInput.date(date, today: today) else { Terminal.fail("--date: \(TypedInput.dateHint).", status: 2) }
                form.date = day
            }
            if let time {
                guard let value = TypedInput.time(time) else { Terminal.fail("--time: \(TypedInput.timeHint).", status: 2) }
                form.time = value
            }
            form.recurrencePicker.kind = repeatRule
            if let until {
                guard let day = TypedInput.date(until, today: today) else { Terminal.fail("--until: \(TypedInput.dateHint).", status: 2) }
                guard repeatRule != .never else { Terminal.fail("--until needs --repeat daily, weekly or monthly.", status: 2) }
                form.recurrencePicker.hasEndDate = true
                form.recurrencePicker.endDate = day
            }
            for name in tags where await form.tagPicker.chooseOrCreate(named: name) == nil {
                Terminal.fail("tag: \(form.tagPicker.creationError ?? "cannot use \"\(name)\"").")
            }
            await form.saveTapped()
            guard case .saved(let reminder) = form.outcome else {
                let problems = [("title", form.titleError), ("date", form.dateError),
                                ("until", form.recurrencePicker.endDateError), (nil, form.error)]
                    .compactMap { field, message in message.map { (field.map { "\($0): " } ?? "") + $0 } }
                Terminal.fail(problems.map { $0.hasSuffix(".") ? $0 : $0 + "." }.joined(separator: " "))
            }
            let formatter = CardTimeFormatter(today: today, timeZone: core.environment.timeZone)
            var summary = "Added \"\(VisibleText.escaped(reminder.title))\", due \(formatter.string(for: reminder.scheduledAt))"
            if reminder.recurrence.isRepeating {
                summary += ", repeating \(reminder.recurrence.label)"
                if let end = reminder.recurrenceEnd { summary += " until \(end)" }
            }
            print(summary + ".")
        }
    }
}

extension RecurrencePickerModel.Kind: ExpressibleByArgument {}
