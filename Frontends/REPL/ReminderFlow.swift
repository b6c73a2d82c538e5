import FrontSupport
import Foundation
import Shared

/// Walks the add/edit form field by field at a prompt: each prompt shows the current value (Enter
/// keeps it), a refused answer shows the view-model's message and asks again, and a summary ends
/// with Save? [Y/n/e] (and d to delete when editing).
@MainActor
struct ReminderFlow {
    /// How the flow ended.
    enum Outcome {
        /// Saved, or deleted (its title).
        case saved(ReminderWithTags), deleted(String)
        /// Saved with nothing changed: nothing was written.
        case unchanged(ReminderWithTags)
        /// The user answered n at the end.
        case cancelled
        /// The input ended (or Ctrl-C) before the end.
        case abandoned
    }

    private enum Step: CaseIterable { case title, notes, date, time, repeatRule, endsOn, tags, priority, alarms, list }
    private struct Abandoned: Error {}

    let session: Session
    let form: ReminderFormModel

    /// Runs the flow to its end.
    func run() async -> Outcome {
        await form.load()
        session.say(session.style.bold(form.heading))
        do {
            while true {
                try await walk()
                if let outcome = try await decide() { return outcome }
            }
        } catch {
            session.say("Cancelled; nothing was saved.")
            return .abandoned
        }
    }

    // MARK: Fields

    private func walk() async throws {
        var index = 0
        let steps = Step.allCases
        while index < steps.count {
            let step = steps[index]
            if step == .endsOn && !form.recurrencePicker.isEndDateAvailable { index += 1; continue }
            // Without a date there is no time to ask, and nothing repeats.
            if [.time, .repeatRule, .endsOn, .alarms].contains(step) && !form.hasDate { index += 1; continue }
            // The list is asked only when there is more than one.
            if step == .list && form.lists.count < 2 { index += 1; continue }
            if let back = try await ask(step) {
                index = steps.firstIndex(of: back) ?? 0
            } else {
                index += 1
            }
        }
    }

    /// Asks for one field; returns the step to go back to when the answer made an earlier one wrong.
    private func ask(_ step: Step) async throws -> Step? {
        let today = session.core.environment.today
        switch step {
        case .title:
            while true {
                if let line = try read("Title", current: form.title, emptied: "") { form.title = line }
                guard let problem = form.problem(for: .title) else { return nil }
                session.say(session.style.red(problem))
            }
        case .notes:
            if let line = try read("Notes (optional, - for none)", current: form.notes, emptied: "-") {
                form.notes = line == "-" ? "" : line
            }
            return nil
        case .date:
            while true {
                let (hadDate, day) = (form.hasDate, form.date)
                guard let line = try read("Date", current: form.hasDate ? form.date.description : "none")
                else { return nil }
                if let problem = form.enter(ReminderFieldInput(date: line)).first {
                    session.say(session.style.red(problem.sentence))
                    continue
                }
                // Without a date there is no repeat step, so a repeat the rules refuse now (one
                // without a date) stops only when the user says so; otherwise the date is asked again.
                let picker = form.recurrencePicker
                guard hadDate, !form.hasDate, form.problem(for: .repeat) != nil else { return nil }
                if session.confirm("Without a date it cannot repeat. Stop repeating (\(picker.label))?") {
                    picker.kind = .never
                    return nil
                }
                (form.hasDate, form.date) = (hadDate, day)
            }
        case .time:
            while true {
                if let line = try read(form.clockPlace.map { "Time in \($0)" } ?? "Time", current: form.hasTime ? form.time.description : "all day"),
                   let problem = form.enter(ReminderFieldInput(time: line)).first {
                    session.say(session.style.red(problem.sentence))
                    continue
                }
                guard let problem = form.problem(for: .date) else { return nil }
                // A time already past today is asked again here; a day already past, at its own step.
                session.say(session.style.red("\(problem): \(form.date) \(form.hasTime ? form.time.description : "all day")"))
                if form.date < session.core.environment.today { return .date }
            }
        case .repeatRule:
            let picker = form.recurrencePicker
            let options = picker.options
            let numbered = options.enumerated().map { "\($0.offset + 1) \($0.element.label)" } + ["\(options.count + 1) Custom…"]
            session.sayMenu("Repeat: ", numbered)
            while true {
                guard let line = try read("Repeat (a number, or a phrase such as every 2 weeks on tue,thu)",
                                          current: picker.kind == .custom ? picker.label : options.first { $0.kind == picker.kind }?.label ?? "Never")
                else { return nil }
                if let number = Int(line) {
                    if options.indices.contains(number - 1) { picker.kind = options[number - 1].kind; return nil }
                    if number == options.count + 1 { try askCustomRule(); return nil }
                    session.say(session.style.red("Answer a number from 1 to \(options.count + 1), or a phrase"))
                    continue
                }
                if ["custom", "custom…"].contains(line.lowercased()) { try askCustomRule(); return nil }
                if let option = options.first(where: { $0.label.lowercased() == line.lowercased() }) {
                    picker.kind = option.kind
                    return nil
                }
                do {
                    try picker.choose(phrase: line)
                    return nil
                } catch {
                    session.say(session.style.red(error.sentence))
                }
            }
        case .endsOn:
            let picker = form.recurrencePicker
            while true {
                var current = [picker.hasEndDate ? picker.endDate.description : nil,
                               picker.times.map { $0 == 1 ? "once" : "\($0) times" }].compactMap { $0 }.joined(separator: ", ")
                if current.isEmpty { current = "never" }
                if let line = try read("Ends (a date, N times, both, or never)", current: current) {
                    guard let (end, times) = RepeatSpec.ending(line, today: today) else {
                        session.say(session.style.red(TypedInput.missingDay(line)
                            ?? "Answer a date (\(TypedInput.dateForms)), a number of times (10 times), both (2027-06-30, 10 times), or never"))
                        continue
                    }
                    picker.hasEndDate = end != nil
                    if let end { picker.endDate = end }
                    picker.times = times
                }
                guard let problem = form.problem(for: .endDate) else { return nil }
                session.say(session.style.red(problem))
            }
        case .tags:
            try await askTags()
            return nil
        case .priority:
            while true {
                guard let line = try read("Priority (none, low, medium, high, or !, !!, !!!)", current: form.priority.word) else { return nil }
                guard let problem = form.enter(ReminderFieldInput(priority: line)).first else { return nil }
                session.say(session.style.red(problem.sentence))
            }
        case .alarms:
            while true {
                guard let line = try read("Alarms", current: form.text(of: .alarms), emptied: Alarm.noneText) else { return nil }
                guard let problem = form.enter(ReminderFieldInput(alarms: line)).first else { return nil }
                session.say(session.style.red(problem.sentence))
            }
        case .list:
            let numbered = form.lists.enumerated().map { "\($0.offset + 1) \(session.style.colored(VisibleText.escaped($0.element.name), hex: $0.element.colorHex))" }
            session.sayMenu("Lists: ", numbered)
            while true {
                guard let line = try read("List (a name or a number)", current: form.list?.name ?? "") else { return nil }
                if let number = Int(line), form.lists.indices.contains(number - 1) {
                    form.listID = form.lists[number - 1].reminderListID
                    return nil
                }
                do {
                    try form.chooseList(named: line)
                    return nil
                } catch {
                    session.say(session.style.red(error.message))
                }
            }
        }
    }

    /// The custom rule, part by part: the unit and interval (and "after done" to count from
    /// completion), then the weekdays or the monthly day of a rule that falls on days.
    private func askCustomRule() throws {
        let picker = form.recurrencePicker
        if picker.frequency == .never { picker.frequency = .weekly }
        while true {
            let unit = picker.frequency.unit ?? "week"
            let current = (picker.interval == 1 ? unit : "\(picker.interval) \(unit)s") + (picker.afterDone ? " after done" : "")
            guard let line = try read("Repeat every (day, week, month or year, with a number: 2 weeks; 3 days after done counts from completion)",
                                      current: current) else { break }
            guard let (frequency, number, afterDone) = RepeatSpec.unitAndInterval(line) else {
                session.say(session.style.red("Answer a unit (day, week, month or year), with a number from 1 to \(RecurrenceRule.maximumInterval) before it for every few, "
                    + "and after done to count from completion"))
                continue
            }
            picker.frequency = frequency
            picker.interval = number
            picker.afterDone = afterDone
            break
        }
        // Counted from completion, the day it is done decides: no days to ask for.
        switch picker.afterDone ? .daily : picker.frequency {
        case .weekly:
            while true {
                let current = RepeatSpec(.weekly, weekdays: picker.weekdays).phrase.replacingOccurrences(of: "weekly on ", with: "")
                guard let line = try read("On (weekday names: mon,wed,fri, weekdays or weekends)", current: current) else { break }
                guard let spec = try? RepeatSpec.parse("weekly on " + line), let days = spec.weekdays else {
                    session.say(session.style.red("Answer weekday names separated by commas (mon,wed,fri), weekdays or weekends"))
                    continue
                }
                picker.weekdays = days
                break
            }
        case .monthly:
            let choices = picker.monthlyOptions
            session.sayMenu("On: ", choices.enumerated().map { "\($0.offset + 1) \($0.element.label)" })
            while true {
                let current = choices.firstIndex { $0.mode == picker.monthlyMode }.map { String($0 + 1) } ?? RepeatSpec(rule: picker.rule).phrase
                guard let line = try read("On (a number, or the 15th, the 2nd tue, the last fri)", current: current) else { break }
                if let number = Int(line), choices.indices.contains(number - 1) { picker.monthlyMode = choices[number - 1].mode; break }
                guard let spec = try? RepeatSpec.parse("monthly on " + line) else {
                    session.say(session.style.red("Answer 1 to \(choices.count), or a day such as the 15th, the 2nd tue or the last fri"))
                    continue
                }
                picker.monthlyMode = spec.monthly
                break
            }
        case .never, .daily, .yearly:
            break
        }
        session.say("Repeat: \(picker.label)")
    }

    private func askTags() async throws {
        let picker = form.tagPicker
        while true {
            let numbered = picker.allTags.enumerated().map { "\($0.offset + 1) \(session.style.tag(TagChip($0.element)))" }
            session.sayMenu("Tags: ", numbered.isEmpty ? ["none yet"] : numbered)
            let current = picker.selected.map { VisibleText.escaped($0.name) }.joined(separator: ", ")
            guard let line = try read("Tags (names or numbers, by commas or spaces, - for none, +Name [1–8] creates)",
                                      current: current.isEmpty ? "none" : current, emptied: "-") else { return }
            // "Health +Errands": Health chosen, Errands made; "+Garden 5" alone asks again after.
            let parts = TagPickerModel.typedParts(line)
            if !parts.chosen.isEmpty {
                do {
                    try picker.chooseTyped(parts.chosen) { "Type +\($0) to create it" }
                } catch {
                    session.say(session.style.red(error.message))
                    continue
                }
            }
            var made = true
            for name in parts.new where made { made = await create(name) }
            if made && !parts.chosen.isEmpty { return }
        }
    }

    /// "+Garden 5": a new tag named Garden in palette colour 5, chosen at once; `false` when refused.
    private func create(_ text: String) async -> Bool {
        let picker = form.tagPicker
        var words = text.split(separator: " ").map(String.init)
        if let last = words.last, words.count > 1, let number = Int(last) {
            guard (1...picker.palette.count).contains(number) else {
                session.say(session.style.red("Pick a colour from 1 to \(picker.palette.count)"))
                return false
            }
            picker.newTagColorIndex = number - 1
            words.removeLast()
        } else {
            picker.newTagColorIndex = picker.palette.firstIndex(of: TagRules.nextColor(existingCount: picker.allTags.count)) ?? 0
        }
        picker.newTagName = words.joined(separator: " ")
        if let preview = picker.newTagPreview { session.say("New tag: \(session.style.tag(preview))") }
        if let tag = picker.createTapped() {
            session.say("Chose \(session.style.tag(TagChip(tag))), a new tag made when the reminder is saved.")
            return true
        }
        session.say(session.style.red(picker.creationError ?? TagValidationError.nameRequired.message))
        return false
    }

    /// Reads an answer for `label`; `nil` means keep `current`. Editing a reminder at a terminal,
    /// `current` is on the line to begin with, editable in place (so fixing one word is one
    /// word), and an answer left as it was keeps it; an emptied line is `emptied` (`nil`: keep).
    /// Otherwise `current` is shown in brackets and Enter keeps it. Ctrl-C or the end of input abandon.
    private func read(_ label: String, current: String, emptied: String? = nil) throws -> String? {
        let shown = VisibleText.escaped(current)
        // A value that would not read back as typed (a line break in the notes) is shown, not put on the line.
        let editable = form.isEditing && session.console.isTerminal && shown == current && !current.isEmpty
        let prompt = editable || shown.isEmpty ? "\(label): " : "\(label) [\(shown)]: "
        switch session.console.read(prompt, prefill: editable ? current : nil) {
        case .line(let line):
            let trimmed = line.trimmingWhitespace()
            if editable && trimmed == current.trimmingWhitespace() { return nil }
            return trimmed.isEmpty ? (editable ? emptied : nil) : trimmed
        case .interrupted, .endOfInput:
            throw Abandoned()
        }
    }

    // MARK: Summary and decision

    private func summary() -> String {
        let draft = form.draft
        let when = form.dueText(session.timeFormatter)
        var repeatText = ""
        if draft.recurrence.isRepeating {
            repeatText = " · \(draft.recurrence.label)" + (draft.recurrenceEnd.map { " until \($0)" } ?? "")
        }
        var lines = ["  " + session.style.bold(VisibleText.escaped(draft.title.trimmingWhitespace())),
                     "  \(when)\(repeatText)"]
        if let note = form.gapNote { lines.append("  " + note) }
        if let notes = ReminderRules.normalizedNotes(draft.notes) { lines.append("  Notes: \(VisibleText.escaped(notes))") }
        if !form.tagPicker.selected.isEmpty {
            lines.append("  Tags: " + form.tagPicker.selected.map { session.style.tag(TagChip($0)) }.joined(separator: " "))
        }
        if form.priority != .none { lines.append("  Priority: \(form.priority.word) \(form.priority.marks)") }
        if draft.hasDate, draft.alarms != Alarm.defaults {
            let zone = session.core.environment.timeZone
            lines.append("  Alarms: " + AlarmText.said(draft.alarms, of: TimeZone(identifier: draft.timeZoneID) ?? zone, in: zone))
        }
        if form.lists.count > 1, let list = form.list {
            lines.append("  List: " + session.style.colored(VisibleText.escaped(list.name), hex: list.colorHex))
        }
        return lines.joined(separator: "\n")
    }

    /// Shows the summary and asks what to do; `nil` means walk the fields again.
    private func decide() async throws -> Outcome? {
        session.say(summary())
        while true {
            let choices = form.isEditing ? "[Y/n/e/d]" : "[Y/n/e]"
            switch session.console.read("Save? \(choices) ") {
            case .interrupted, .endOfInput:
                throw Abandoned()
            case .line(let raw):
                switch raw.trimmingWhitespace().lowercased() {
                case "", "y", "yes":
                    await form.saveTapped()
                    if case .saved(let reminder) = form.outcome { return .saved(reminder) }
                    if case .unchanged(let reminder) = form.outcome { return .unchanged(reminder) }
                    let problems = [form.titleError, form.dateError, form.recurrencePicker.endDateError, form.error]
                    for problem in problems.compactMap({ $0 }) { session.say(session.style.red(problem)) }
                    if form.error != nil { continue }  // a storage failure: the fields are fine, ask again
                    return nil
                case "e", "edit":
                    return nil
                case "n", "no":
                    form.cancelTapped()
                    if let question = form.discardConfirmation {
                        guard session.confirm("\(question.title) \(question.message)") else {
                            form.keepEditingTapped()
                            continue
                        }
                        form.discardConfirmed()
                    }
                    session.say("Cancelled; nothing was saved.")
                    return .cancelled
                case "d" where form.isEditing, "delete" where form.isEditing:
                    form.deleteTapped()
                    guard let question = form.deleteConfirmation else { continue }
                    guard session.confirm("\(question.title) \(question.message)") else {
                        form.deleteCancelled()
                        continue
                    }
                    await form.deleteConfirmed()
                    if case .deleted = form.outcome { return .deleted(form.title) }
                    session.say(session.style.red(form.error ?? "The reminder could not be deleted."))
                default:
                    session.say(session.style.red("Answer y to save, n to cancel, e to edit again" + (form.isEditing ? ", d to delete" : "")))
                }
            }
        }
    }
}
