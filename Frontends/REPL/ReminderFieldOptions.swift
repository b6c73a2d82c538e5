import ArgumentParser
import FrontSupport
import Foundation
import Shared

/// The fields `add` and `edit` take as options; each fills the form as a person would, so the
/// form's rules decide.
struct ReminderFieldOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The day it is due, perhaps with its time: YYYY-MM-DD, today, tomorrow, fri, next mon, "
        + "in 3 days, 5 dec, eom, \"tomorrow 5pm\", \"in 2 hours\".", valueName: "date"))
    var date: String?
    @Option(help: "The time it is due: 17:30, 17, 5pm, 5:30pm, noon or midnight.") var time: String?
    @Option(help: "Which comes first in a numeric --date or --until such as 05/12/2026: dmy (the day) or mdy (the month).")
    var dateOrder: TypedInput.DateOrder?
    @Option(name: .customLong("repeat"), help: ArgumentHelp(
        "How it repeats: never, daily, weekdays, weekends, weekly, monthly, yearly, \"every 3 days\", \"every 2 weeks on tue,thu\", "
            + "\"monthly on the 15th\", \"monthly on the last fri\", \"monthly on the last day\", \"yearly on 29 feb\", "
            + "\"every 3 days after done\" (counted from completion); "
            + "left-out days follow --date.", valueName: "phrase"))
    var repeatRule: String?
    @Option(help: "How many times it repeats, this one included, or none.") var times: String?
    @Option(help: "The last day it repeats on (inclusive), or none.") var until: String?
    @Option(name: .customLong("tag"), parsing: .unconditionalSingleValue,
            help: "A tag that exists, by name; repeat for more. With edit, +NAME adds and -NAME removes.",
            completion: Completion.tagNames)
    var tags: [String] = []
    @Option(name: .customLong("new-tag"), parsing: .unconditionalSingleValue,
            help: "A tag to create (in the next palette colour) and put on it.")
    var newTags: [String] = []
    @Option(parsing: .unconditional, help: "Notes (\"\" for none).") var notes: String?
    @Option(help: ArgumentHelp("How much it matters: none, low, medium or high (or !, !!, !!!).", valueName: "level"))
    var priority: String?
    @Option(help: "The list it goes in (with edit, moves it there); the default list unless given.", completion: Completion.listNames)
    var list: String?
    @Option(name: .customLong("alarm"), parsing: .unconditionalSingleValue, help: ArgumentHelp(
        "When it notifies: -15m, -1h30m, -1d, -1w before the due time, +10m after it, 0 at it, or a date and time "
            + "(\"2027-01-04 18:00\"); repeat for more, or none. Without it, once at the due time; with edit, "
            + "the alarms given replace the ones it had.", valueName: "when"))
    var alarms: [String] = []

    /// Whether any field was given.
    var isEmpty: Bool {
        date == nil && time == nil && dateOrder == nil && repeatRule == nil && times == nil && until == nil && tags.isEmpty && newTags.isEmpty
            && notes == nil && priority == nil && list == nil && alarms.isEmpty
    }

    /// These options with the fields typed among the words (`InlineFields`: `due:fri`, `+Health`);
    /// the title's words are what is left. A field given both ways is refused.
    func merging(_ words: [String], whenEditing: Bool = false) throws -> (fields: ReminderFieldOptions, words: [String], typed: [String: String]) {
        let inline: InlineFields
        switch InlineFields.read(words, whenEditing: whenEditing) {
        case .success(let read): inline = read
        case .failure(let problem): throw UsageProblem(message: problem.message)
        }
        var merged = self
        let pairs: [(WritableKeyPath<ReminderFieldOptions, String?>, String?, String, String)] = [
            (\.date, inline.date, "due", "--date"), (\.time, inline.time, "at", "--time"), (\.list, inline.list, "list", "--list"),
            (\.priority, inline.priority, "pri", "--priority"), (\.repeatRule, inline.repeatPhrase, "repeat", "--repeat"),
        ]
        for (field, value, word, option) in pairs {
            guard let value else { continue }
            if merged[keyPath: field] != nil { throw UsageProblem(message: InlineFields.twice(word, option).message) }
            merged[keyPath: field] = value
        }
        merged.tags += inline.tags
        merged.alarms += inline.alarms
        return (merged, inline.words, inline.typedKeys)
    }

    /// Sets the form's fields from the options given (the others keep their values) and `title`
    /// when given, each read by the form as a person's typing is; the first that cannot be read is
    /// refused, naming its option.
    /// `typed`: the fields typed among the words (`merging`), whose refusals name the word's key
    /// (`pri: Give none, low…` for `pri:urgent`), not the option the user did not type.
    @MainActor
    func fill(_ form: ReminderFormModel, title: String? = nil, environment: AppEnvironment, typed: [String: String] = [:]) async throws {
        let input = ReminderFieldInput(title: title, notes: notes, date: date, time: time, repeatPhrase: repeatRule, times: times,
                                       until: until, priority: priority,
                                       alarms: alarms.isEmpty ? nil : alarms.joined(separator: ", "))
        if let problem = form.enter(input, dateOrder: dateOrder).first {
            var (message, isUsage) = problem.optionMessage
            if let (option, key) = typed.first(where: { message.hasPrefix($0.key + ":") }) {
                message = key + ":" + message.dropFirst(option.count + 1)
            }
            throw isUsage ? UsageProblem(message: message) as any Error : Refusal(message: message)
        }
        if let list {
            if list.trimmingWhitespace().isEmpty {
                throw UsageProblem(message: "--list cannot be empty; give a list's name (lists shows them), or leave out --list.")
            }
            do { try form.chooseList(named: list) } catch { throw Refusal(message: "--list: " + error.message) }
        }
        let picker = form.tagPicker
        if tags.contains(where: { $0.trimmingWhitespace().isEmpty }) || newTags.contains(where: { $0.trimmingWhitespace().isEmpty }) {
            let option = tags.contains { $0.trimmingWhitespace().isEmpty } ? "--tag" : "--new-tag"
            throw UsageProblem(message: "\(option) cannot be empty: \(TagValidationError.nameRequired.message.lowercased()), such as \(option) Work.")
        }
        for tag in tags {
            if tag.hasPrefix("-"), tag.count > 1 {
                try picker.unchoose(named: String(tag.dropFirst()))
            } else {
                let name = tag.hasPrefix("+") ? String(tag.dropFirst()) : tag
                _ = try picker.choose(named: name, howToCreate: "Use --new-tag \(Self.shellWord(name)) to create it")
            }
        }
        // Made now, stored when the reminder is saved (never for one refused).
        for name in newTags where picker.createAndChoose(named: name) == nil {
            throw Refusal(message: "--new-tag: \(picker.creationError ?? "cannot create \"\(name)\"").")
        }
    }

    /// Saves the form; a refusal lists every field's problem on one line.
    @MainActor
    static func save(_ form: ReminderFormModel) async throws -> ReminderWithTags {
        await form.saveTapped()
        if case .unchanged(let reminder) = form.outcome { return reminder }
        guard case .saved(let reminder) = form.outcome else {
            let problems = [("title", form.titleError), ("date", form.dateError),
                            ("until", form.recurrencePicker.endDateError), (nil, form.error)]
                .compactMap { field, message in message.map { (field.map { "\($0): " } ?? "") + $0 } }
            throw Refusal(message: problems.map { $0.hasSuffix(".") ? $0 : $0 + "." }.joined(separator: " "))
        }
        return reminder
    }

    /// The day `text` names (a weekday's name pointing `direction`); a day the calendar does not
    /// have is refused with a sentence (exit 1), a numeric date without `order` names the option,
    /// anything else that is not a date is a usage error (exit 2).
    static func day(_ text: String, option: String, today: LocalDate, direction: TypedInput.Direction = .future,
                    order: TypedInput.DateOrder? = nil) throws -> LocalDate {
        if let day = TypedInput.date(text, today: today, direction: direction, order: order) { return day }
        if let sentence = TypedInput.missingDay(text) { throw Refusal(message: "\(option): \(sentence)") }
        if TypedInput.isNumericDate(text) {
            throw UsageProblem(message: "\(option): \(text) has the day and the month in numbers; add --date-order dmy (day first) "
                + "or --date-order mdy (month first), or write it as YYYY-MM-DD.")
        }
        let near = TypedInput.didYouMean(text, withTime: false)
        throw UsageProblem(message: near.isEmpty ? "\(option): \(TypedInput.dateHint)." : "\(option): \"\(VisibleText.escaped(text))\" is not a date\(near)")
    }

    /// A name as it would be typed on a command line (quoted when it has spaces).
    static func shellWord(_ name: String) -> String {
        name.contains(where: \.isWhitespace) ? "\"\(VisibleText.escaped(name))\"" : VisibleText.escaped(name)
    }
}

extension TypedInput.DateOrder: ExpressibleByArgument {}
