import Domain
import Foundation
import Observation
import UseCases

/// The add/edit reminder form: its fields, their errors, saving, deleting and discarding.
///
/// Every rule comes from `ReminderRules`; a front only sets fields and calls the
/// `…Tapped` methods, then shows what the model says.
@MainActor @Observable
package final class ReminderFormModel {
    /// Whether the form makes a new reminder or changes a stored one.
    package enum Mode: Hashable, Sendable {
        /// A new reminder.
        case add
        /// A stored reminder with its tags, as it was when the form opened.
        case edit(ReminderWithTags)
    }

    /// What a new reminder starts with besides its date: the list, tags and priority of what the
    /// user is looking at, so that it shows there once saved.
    package struct Start: Hashable, Sendable {
        /// The list it goes in (`nil`: the default one).
        package var listID: UUID?
        /// The tags it carries.
        package var tagIDs: Set<UUID> = []
        /// Its priority.
        package var priority: Priority = .none
        /// Its alarms (the store's `alarms` setting: `MemossCore.addForm`).
        package var alarms: [Alarm] = Alarm.defaults

        /// A start in `listID`, with `tagIDs` and `priority`.
        package init(listID: UUID? = nil, tagIDs: Set<UUID> = [], priority: Priority = .none) {
            self.listID = listID
            self.tagIDs = tagIDs
            self.priority = priority
        }
    }

    /// How the form was closed.
    package enum Outcome: Hashable, Sendable {
        /// The reminder was stored with these values.
        case saved(ReminderWithTags)
        /// The reminder was deleted.
        case deleted(UUID)
        /// The form was closed without saving.
        case discarded
        /// Saved with nothing changed: nothing was written (nor recorded for `undo`).
        case unchanged(ReminderWithTags)
    }

    /// What every front says of an edit that changed nothing.
    package static func nothingChanged(in title: String) -> String {
        "Nothing changed in \"\(VisibleText.escaped(title))\"."
    }

    /// The title as typed; changing it clears `titleError`.
    package var title: String { didSet { if title != oldValue { titleError = nil } } }
    /// The notes as typed.
    package var notes: String
    /// The day it is due; changing it clears `dateError`, and the repeat options follow it.
    package var date: LocalDate {
        didSet {
            guard date != oldValue else { return }
            dateError = nil
            recurrencePicker.scheduledDateChanged(date)
        }
    }
    /// The time it is due; changing it clears `dateError`.
    package var time: LocalTime { didSet { if time != oldValue { dateError = nil } } }
    /// Whether it has a date (off: undated, due some day); changing it clears `dateError`.
    package var hasDate: Bool { didSet { if hasDate != oldValue { dateError = nil } } }
    /// Whether it has a time of day (off: due all day on `date`); changing it clears `dateError`.
    package var hasTime: Bool { didSet { if hasTime != oldValue { dateError = nil } } }
    /// How much it matters.
    package var priority: Priority
    /// When it notifies (normalised): by default once, at the due time; none when empty.
    package var alarms: [Alarm]
    /// The list it goes in: `nil` for the default list.
    package var listID: UUID?
    /// The lists it may go in, the default first; read by `load()`.
    package private(set) var lists: [ReminderList] = []

    /// Why the title was refused at the last save, if it was.
    package private(set) var titleError: String?
    /// Why the date and time were refused at the last save, if they were.
    package private(set) var dateError: String?
    /// Why the last save or delete failed for another reason (storage), as one sentence.
    package private(set) var error: String?
    /// Whether a save or delete is running.
    package private(set) var isSaving = false
    /// The question on screen before a delete, `nil` when none.
    package private(set) var deleteConfirmation: Confirmation?
    /// The question on screen before discarding changes, `nil` when none.
    package private(set) var discardConfirmation: Confirmation?
    /// How the form ended, `nil` while it is open.
    package private(set) var outcome: Outcome?
    /// Text typed into a field (`typed(_:into:)`) that could not be read, by field, with why; the
    /// field keeps its value meanwhile, and saving is refused until it is typed again or cleared.
    package private(set) var refusedText: [FieldProblem.Field: RefusedText] = [:]

    /// Text a field could not read, and the sentence saying why.
    package struct RefusedText: Hashable, Sendable {
        /// What was typed.
        package let text: String
        /// Why it was refused, e.g. "Give a time such as 17:30 or 5pm".
        package let message: String
    }

    /// Add or edit, and the reminder being edited.
    package let mode: Mode
    /// The reminder's tags: the chosen ones and inline creation.
    package let tagPicker: TagPickerModel
    /// How the reminder repeats, and until when.
    package let recurrencePicker: RecurrencePickerModel

    @ObservationIgnored private let original: ReminderDraft
    @ObservationIgnored private let environment: AppEnvironment
    @ObservationIgnored private let createReminder: CreateReminderUseCase
    @ObservationIgnored private let updateReminder: UpdateReminderUseCase
    @ObservationIgnored private let deleteReminder: DeleteReminderUseCase
    @ObservationIgnored private let listsUseCase: ListsUseCase

    /// A form in `mode`: a new reminder starts tomorrow at 09:00 in the user's zone with what
    /// `start` gives (no tags, in the default list, unless it says), an edited one starts with its
    /// stored values in its own zone.
    package init(
        mode: Mode,
        start: Start = Start(),
        environment: AppEnvironment,
        createReminder: CreateReminderUseCase,
        updateReminder: UpdateReminderUseCase,
        deleteReminder: DeleteReminderUseCase,
        listTags: ListTagsUseCase,
        createTag: CreateTagUseCase,
        lists: ListsUseCase
    ) {
        let start: ReminderDraft = switch mode {
        case .add:
            Self.draft(adding: start, today: environment.today, timeZoneID: environment.timeZone.identifier)
        case .edit(let reminder):
            ReminderDraft(editing: reminder, today: environment.today)
        }
        self.mode = mode
        self.original = start
        self.title = start.title
        self.notes = start.notes
        self.date = start.date
        self.time = start.time
        self.hasDate = start.hasDate
        self.hasTime = start.hasTime
        self.priority = start.priority
        self.alarms = start.alarms
        self.listID = start.listID
        self.tagPicker = TagPickerModel(selectedIDs: start.tagIDs, listTags: listTags, createTag: createTag)
        self.recurrencePicker = RecurrencePickerModel(
            scheduledDate: start.date, rule: start.recurrence, end: start.recurrenceEnd)
        self.environment = environment
        self.createReminder = createReminder
        self.updateReminder = updateReminder
        self.deleteReminder = deleteReminder
        self.listsUseCase = lists
    }

    /// The draft the add form opens with: tomorrow at 09:00, in `start`'s list with its tags and priority.
    private static func draft(adding start: Start, today: LocalDate, timeZoneID: String) -> ReminderDraft {
        var draft = ReminderDraft(title: "", due: ReminderDraft.defaultDue(today: today), timeZoneID: timeZoneID)
        draft.tagIDs = start.tagIDs
        draft.priority = start.priority
        draft.listID = start.listID
        draft.alarms = start.alarms
        return draft
    }

    /// Reads what the form offers from the store (the tags and the lists to choose from).
    package func load() async {
        do {
            try await tagPicker.load()
            lists = try await listsUseCase.all()
        } catch {
            self.error = ErrorMessage.describe(error)
        }
    }

    /// The list the reminder goes in, once `load()` has read them.
    package var list: ReminderList? {
        lists.first { $0.reminderListID == listID }
    }

    /// Puts the reminder in the list named `name` (ignoring case), among those `load()` read.
    /// - Throws: `ListError.noSuchName` with the closest names.
    package func chooseList(named name: String) throws(ListError) {
        let key = TagRules.key(for: name)
        guard let list = lists.first(where: { TagRules.key(for: $0.name) == key }) else {
            throw .noSuchName(name, closest: Suggestions.closest(to: name.trimmingWhitespace(), among: lists.map(\.name)))
        }
        listID = list.reminderListID
    }

    /// Where the reminder's clock is, when its zone's clock reads otherwise than the user's now
    /// ("Los Angeles"): its time and day words are read there, so a form says it beside the time;
    /// `nil` for a reminder in the user's zone.
    package var clockPlace: String? {
        guard let zone = TimeZone(identifier: original.timeZoneID) else { return nil }
        // At its due time, as a card tells (a zone sharing your clock today may not in July); undated, now.
        let at = hasDate ? LocalDateTime(date: date, time: hasTime ? time : .midnight).resolved(in: zone) : environment.now()
        return CardTimeFormatter.clocksDiffer(zone, environment.timeZone, at: at) ? CardTimeFormatter.place(of: zone) : nil
    }

    /// The fields as a draft, in the zone the reminder is scheduled in.
    package var draft: ReminderDraft {
        var draft = ReminderDraft(title: title, notes: notes, date: date, time: time, hasDate: hasDate, hasTime: hasTime,
                                  timeZoneID: original.timeZoneID, tagIDs: tagPicker.selectedIDs, recurrence: recurrencePicker.rule,
                                  recurrenceEnd: recurrencePicker.effectiveEnd)
        draft.priority = priority
        draft.alarms = alarms
        draft.listID = listID
        return draft
    }

    /// Sets the fields `input` gives, each read as a person types it (`ReminderFieldReader`, on the
    /// reminder's clock: in the zone it is scheduled in, as its time and an alarm at a set time are
    /// kept and said back; numeric dates in `dateOrder`); when one cannot be read, changes nothing
    /// and returns the problems, in form order.
    package func enter(_ input: ReminderFieldInput, dateOrder: TypedInput.DateOrder? = nil) -> [FieldProblem] {
        let reader = ReminderFieldReader(now: environment.now(), zone: TimeZone(identifier: original.timeZoneID) ?? environment.timeZone,
                                         order: dateOrder)
        var (values, problems) = reader.read(input, repeats: recurrencePicker.isEndDateAvailable, date: hasDate ? date : nil,
                                             time: hasDate && hasTime ? time : nil)
        let undated = values.date == nil && (!hasDate || values.clearsDate)
        for problem in values.problems(leavingUndated: undated) where !problems.contains(where: { $0.field == problem.field }) {
            problems.append(problem)
        }
        guard problems.isEmpty else { return problems }
        if let title = values.title { self.title = title }
        if let notes = values.notes { self.notes = notes }
        if values.clearsDate { hasDate = false }
        if let date = values.date { (self.date, hasDate) = (date, true) }
        if values.clearsTime { hasTime = false }
        if let time = values.time { (self.time, hasTime) = (time, true) }
        if let priority = values.priority { self.priority = priority }
        if let alarms = values.alarms { self.alarms = alarms }
        let picker = recurrencePicker
        if let spec = values.repeatSpec { picker.spec = spec }
        switch values.times {
        case .value(let count)?: picker.times = count
        case .none?: picker.times = nil
        case nil: break
        }
        switch values.until {
        case .value(let day)?:
            picker.hasEndDate = true
            picker.endDate = day
        case .none?: picker.hasEndDate = false
        case nil: break
        }
        return []
    }

    /// The user typed `text` into `field` (a full screen's form): the field takes it when it can
    /// be read (`enter`), else keeps its value and shows the text with why it was refused.
    package func typed(_ text: String, into field: FieldProblem.Field) {
        var input = ReminderFieldInput()
        switch field {
        case .title: input.title = text
        case .notes: input.notes = text
        case .date: input.date = text
        case .time: input.time = text
        case .repeat: input.repeatPhrase = text
        case .times: input.times = text
        case .until: input.until = text
        case .zone: input.zone = text
        case .priority: input.priority = text
        case .alarms: input.alarms = text
        }
        let problems = enter(input)
        refusedText[field] = problems.first.map { RefusedText(text: text, message: $0.sentence) }
        if problems.isEmpty, field == .repeat, !recurrencePicker.isEndDateAvailable {
            // A count or an end typed for a repeat there no longer is does not apply.
            refusedText[.times] = nil
            refusedText[.until] = nil
        }
    }

    /// The user chose one of the repeat picker's quick options.
    package func repeatChosen(_ kind: RecurrencePickerModel.Kind) {
        recurrencePicker.kind = kind
        refusedText[.repeat] = nil
        if !recurrencePicker.isEndDateAvailable {
            refusedText[.times] = nil
            refusedText[.until] = nil
        }
    }

    /// A field's value as text to edit: the refused text when there is one, else what it holds
    /// (`2026-11-22` or `none` when undated, `09:00` or `none` when all day, the repeat's sentence,
    /// a count or `none`, a day or `none`, a priority's word, the alarms as `AlarmText` says them).
    package func text(of field: FieldProblem.Field) -> String {
        if let refused = refusedText[field] { return refused.text }
        let picker = recurrencePicker
        return switch field {
        case .title: title
        case .notes: notes
        case .date: hasDate ? date.description : "none"
        case .time: hasDate && hasTime ? time.description : "none"
        case .repeat: picker.label
        case .times: picker.times.map(String.init) ?? "none"
        case .until: picker.hasEndDate ? picker.endDate.description : "none"
        case .zone: original.timeZoneID
        case .priority: priority.word
        case .alarms: Alarm.text(alarms, zone: TimeZone(identifier: original.timeZoneID) ?? environment.timeZone)
        }
    }

    /// What is wrong with `field` to show beside it: text that could not be read, or what the last
    /// save refused; `nil` when nothing is.
    package func message(for field: FieldProblem.Field) -> String? {
        if let refused = refusedText[field] { return refused.message }
        return switch field {
        case .title: titleError
        case .date, .time: field == .date ? dateError : nil
        case .until, .times: field == .until ? recurrencePicker.endDateError : nil
        case .notes, .repeat, .zone, .priority, .alarms: nil
        }
    }

    /// The user moved the list choice `step` lists on (back when negative), among those `load()` read.
    package func listStepped(by step: Int) {
        guard !lists.isEmpty else { return }
        let index = lists.firstIndex { $0.reminderListID == listID } ?? 0
        listID = lists[((index + step) % lists.count + lists.count) % lists.count].reminderListID
    }

    /// Whether the form edits a stored reminder (and so can delete it).
    package var isEditing: Bool { editedReminder != nil }

    /// "New Reminder" or "Edit Reminder".
    package var heading: String { isEditing ? "Edit Reminder" : "New Reminder" }

    /// Whether any field, the tags or the repeat differ from what the form opened with
    /// (white space at the ends aside).
    package var hasUnsavedChanges: Bool {
        func trimmed(_ text: String) -> String { text.trimmingWhitespace() }
        return trimmed(title) != trimmed(original.title)
            || ReminderRules.normalizedNotes(notes) != ReminderRules.normalizedNotes(original.notes)
            || hasDate != original.hasDate
            || (hasDate && date != original.date)
            || (hasDate && hasTime != original.hasTime)
            || (hasDate && hasTime && time != original.time)
            || tagPicker.selectedIDs != original.tagIDs
            || priority != original.priority
            || alarms != original.alarms
            || listID != original.listID
            || recurrencePicker.rule != original.recurrence
            || recurrencePicker.effectiveEnd != original.recurrenceEnd
            || !refusedText.isEmpty
    }

    private var editedReminder: ReminderWithTags? {
        if case .edit(let reminder) = mode { return reminder }
        return nil
    }

    /// The first occurrence the fields give (the date and time themselves while the repeat or
    /// its end is refused).
    package var firstOccurrence: Occurrence {
        let draft = draft
        return (try? ReminderRules.firstOccurrence(of: draft))
            ?? Occurrence(nominal: draft.series.start, in: draft.series.timeZone)
    }

    /// When the fields say it is due, as a summary shows it: "Fri 27 Nov 14:30", "Fri 27 Nov, all
    /// day", "No date".
    package func dueText(_ formatter: CardTimeFormatter) -> String {
        guard hasDate else { return CardTimeFormatter.undated }
        let first = firstOccurrence
        return hasTime ? formatter.string(for: first.instant) : formatter.string(forDay: first.nominal.date) + ", all day"
    }

    /// What a DST gap does to the time typed, for the summary before saving; `nil` when it exists.
    package var gapNote: String? {
        guard hasDate && hasTime else { return nil }
        return CardTimeFormatter.gapNote(for: firstOccurrence, in: draft.series.timeZone)
    }

    /// What is wrong with `field` as the fields stand now, the message a save would show;
    /// `nil` when nothing is. Lets a front check each answer as it is given.
    package func problem(for field: ReminderField) -> String? {
        ReminderRules.problems(in: draft, previously: editedReminder?.scheduledAt, now: environment.now())
            .first { $0.field == field || (field == .date && $0.field == .time) }?.message
    }

    /// The values to store, or every refused field, under the same rules as `saveTapped()`;
    /// `allowingPast` lifts the future rule (an import's completed rows, or `--allow-past`).
    package func validated(allowingPast: Bool) -> Validation {
        let result = ReminderRules.evaluate(draft, previously: editedReminder?.scheduledAt, now: environment.now(),
                                            allowingPast: allowingPast)
        if let values = result.values { return .valid(values) }
        return .refused(result.problems)
    }

    /// The outcome of `validated(allowingPast:)`.
    package enum Validation: Sendable {
        /// Every field keeps the rules; these are the values to store.
        case valid(ValidReminderValues)
        /// The fields the rules refuse, with their messages.
        case refused([ReminderValidationError])
    }

    /// The user asked to save: shows every refused field, or stores the reminder and sets `outcome`.
    package func saveTapped() async {
        guard !isSaving, outcome == nil else { return }
        error = nil
        let problems = ReminderRules.problems(
            in: draft, previously: editedReminder?.scheduledAt, now: environment.now()
        )
        // What the rules refuse is shown with what could not be read, all at once.
        guard refusedText.isEmpty else {
            show(problems)
            error = "Some fields could not be read; correct them or type them again."
            return
        }
        guard problems.isEmpty else { return show(problems) }
        if let editedReminder, !hasUnsavedChanges { return outcome = .unchanged(editedReminder) }
        isSaving = true
        defer { isSaving = false }
        do {
            // The tags made in the form and chosen are stored with it, as one command for `undo`.
            let saved = try await Journal.command {
                try await tagPicker.storeNewChosen()
                return if let editedReminder {
                    try await updateReminder(id: editedReminder.id, draft, from: original)
                } else {
                    try await createReminder(draft)
                }
            }
            outcome = .saved(saved)
        } catch let refusal as ReminderValidationError {
            show([refusal])
        } catch {
            self.error = ErrorMessage.describe(error)
        }
    }

    /// The user asked to delete the edited reminder: asks first, naming it and its due time.
    package func deleteTapped() {
        guard let editedReminder, outcome == nil else { return }
        let due = CardTimeFormatter(today: environment.today, timeZone: environment.timeZone)
            .string(for: editedReminder.reminder)
        deleteConfirmation = .deleteReminder(titled: editedReminder.title, due: due)
    }

    /// The user backed out of deleting.
    package func deleteCancelled() {
        deleteConfirmation = nil
    }

    /// The user confirmed the delete: removes the reminder and sets `outcome`.
    package func deleteConfirmed() async {
        guard let editedReminder, deleteConfirmation != nil, !isSaving else { return }
        deleteConfirmation = nil
        error = nil
        isSaving = true
        defer { isSaving = false }
        do {
            try await deleteReminder(id: editedReminder.id)
            outcome = .deleted(editedReminder.id)
        } catch {
            self.error = ErrorMessage.describe(error)
        }
    }

    /// The user asked to close the form: closes it at once when nothing changed, else asks first.
    package func cancelTapped() {
        guard outcome == nil else { return }
        if hasUnsavedChanges {
            discardConfirmation = .discardChanges
        } else {
            outcome = .discarded
        }
    }

    /// The user chose to lose the changes: the form closes and nothing is stored.
    package func discardConfirmed() {
        guard discardConfirmation != nil else { return }
        discardConfirmation = nil
        outcome = .discarded
    }

    /// The user chose to keep editing instead of discarding.
    package func keepEditingTapped() {
        discardConfirmation = nil
    }

    private func show(_ problems: [ReminderValidationError]) {
        for problem in problems {
            switch problem.field {
            case .title: titleError = problem.message
            case .date, .time: dateError = problem.message
            case .endDate: recurrencePicker.showEndDateError(problem.message)
            case .notes, .repeat, .timeZone: error = problem.message
            }
        }
    }
}
