import ArgumentParser
import Foundation
import Shared

/// The fields `add` and `edit` take as options; each fills the form as a person would, so the
/// form's rules decide.
struct ReminderFieldOptions: ParsableArguments {
    @Option(help: "The day it is due: YYYY-MM-DD, today, tomorrow or a weekday name.") var date: String?
    @Option(help: "The time it is due: HH:mm, 9am or 9:30pm.") var time: String?
    @Option(name: .customLong("repeat"), help: "never, daily, weekly (on the date's weekday) or monthly (on its day).")
    var repeatRule: RecurrencePickerModel.Kind?
    @Option(help: "The last day it repeats on (inclusive), or none.") var until: String?
    @Option(name: .customLong("tag"), parsing: .unconditionalSingleValue,
            help: "A tag that exists, by name; repeat for more. With edit, +NAME adds and -NAME removes.")
    var tags: [String] = []
    @Option(name: .customLong("new-tag"), parsing: .unconditionalSingleValue,
            help: "A tag to create (in the next palette colour) and put on it.")
    var newTags: [String] = []
    @Option(parsing: .unconditional, help: "Notes (\"\" for none).") var notes: String?

    /// Whether any field was given.
    var isEmpty: Bool {
        date == nil && time == nil && repeatRule == nil && until == nil && tags.isEmpty && newTags.isEmpty && notes == nil
    }

    /// Sets the form's fields from the options given; the others keep their values.
    @MainActor
    func fill(_ form: ReminderFormModel, today: LocalDate) async throws {
        if let notes { form.notes = notes }
        if let date {
            form.date = try Self.day(date, option: "--date", today: today)
        }
        if let time {
            guard let value = TypedInput.time(time) else { throw UsageProblem(message: "--time: \(TypedInput.timeHint).") }
            form.time = value
        }
        if let repeatRule { form.recurrencePicker.kind = repeatRule }
        if let until {
            guard form.recurrencePicker.kind != .never else {
                throw UsageProblem(message: "--until needs --repeat daily, weekly or monthly.")
            }
            if ["none", "never", "-"].contains(until.lowercased()) {
                form.recurrencePicker.hasEndDate = false
            } else {
                form.recurrencePicker.hasEndDate = true
                form.recurrencePicker.endDate = try Self.day(until, option: "--until", today: today)
            }
        }
        let picker = form.tagPicker
        for tag in tags {
            if tag.hasPrefix("-"), tag.count > 1 {
                try picker.unchoose(named: String(tag.dropFirst()))
            } else {
                let name = tag.hasPrefix("+") ? String(tag.dropFirst()) : tag
                _ = try picker.choose(named: name, howToCreate: "Use --new-tag \(Self.shellWord(name)) to create it")
            }
        }
        // A tag is created only for a reminder that will be saved: refuse bad fields first.
        if !newTags.isEmpty, [ReminderField.title, .date, .endDate].contains(where: { form.problem(for: $0) != nil }) {
            _ = try await Self.save(form)
        }
        for name in newTags where await picker.createAndChoose(named: name) == nil {
            throw Refusal(message: "--new-tag: \(picker.creationError ?? "cannot create \"\(name)\"").")
        }
    }

    /// Saves the form; a refusal lists every field's problem on one line.
    @MainActor
    static func save(_ form: ReminderFormModel) async throws -> ReminderWithTags {
        await form.saveTapped()
        guard case .saved(let reminder) = form.outcome else {
            let problems = [("title", form.titleError), ("date", form.dateError),
                            ("until", form.recurrencePicker.endDateError), (nil, form.error)]
                .compactMap { field, message in message.map { (field.map { "\($0): " } ?? "") + $0 } }
            throw Refusal(message: problems.map { $0.hasSuffix(".") ? $0 : $0 + "." }.joined(separator: " "))
        }
        return reminder
    }

    /// The day `text` names; a day the calendar does not have is refused with a sentence (exit 1),
    /// anything else that is not a date is a usage error (exit 2).
    static func day(_ text: String, option: String, today: LocalDate) throws -> LocalDate {
        if let day = TypedInput.date(text, today: today) { return day }
        if let sentence = TypedInput.missingDay(text) { throw Refusal(message: "\(option): \(sentence)") }
        throw UsageProblem(message: "\(option): \(TypedInput.dateHint).")
    }

    /// A name as it would be typed on a command line (quoted when it has spaces).
    static func shellWord(_ name: String) -> String {
        name.contains(where: \.isWhitespace) ? "\"\(VisibleText.escaped(name))\"" : VisibleText.escaped(name)
    }
}

extension RecurrencePickerModel.Kind: ExpressibleByArgument {}
