import Shared

/// The add/edit sheet: every field of the form on one screen, typed in place; each field's
/// problem beside it as the form gives it; Save refused while a field is refused; Esc asks before
/// losing changes; Delete asks first.
@MainActor
final class SheetLayer: Layer {
    /// A line of the sheet that takes the focus.
    private enum Item: Equatable {
        case text(FieldProblem.Field)
        case repeatChoice
        case listChoice
        case tags
        case buttons
    }

    private enum Button: Int { case save, cancel, delete }

    private let form: ReminderFormModel
    private var focused: Item = .text(.title)
    private var editor: LineEditor?
    private var button = Button.save

    /// Closed once the form is saved, deleted or discarded.
    var isClosed: Bool { form.outcome != nil }

    /// The sheet of `form`, the title field ready to type in.
    init(form: ReminderFormModel) {
        self.form = form
        editor = LineEditor(form.text(of: .title))
    }

    private var items: [Item] {
        var items: [Item] = [.text(.title), .text(.notes), .text(.date), .text(.time), .repeatChoice]
        if form.recurrencePicker.isEndDateAvailable { items += [.text(.until), .text(.times)] }
        items.append(.text(.priority))
        if form.lists.count > 1 { items.append(.listChoice) }
        return items + [.tags, .buttons]
    }

    private static func label(_ item: Item) -> String {
        switch item {
        case .text(let field):
            switch field {
            case .title: "Title"
            case .notes: "Notes"
            case .date: "Date"
            case .time: "Time"
            case .until: "Until"
            case .times: "Times"
            case .repeat: "Repeat"
            case .zone: "Zone"
            case .priority: "Priority"
            case .alarms: "Alarms"
            }
        case .repeatChoice: "Repeat"
        case .listChoice: "List"
        case .tags: "Tags"
        case .buttons: ""
        }
    }

    // MARK: Drawing

    func draw(on terminal: Terminal) -> (row: Int, column: Int)? {
        let items = items
        let box = Box(on: terminal, width: min(terminal.columns - 4, 100), height: min(terminal.rows - 2, items.count + 9),
                      title: form.heading)
        let labelWidth = 8
        let valueColumn = box.inner + labelWidth + 1
        let valueRoom = min(40, box.room - labelWidth - 1)
        let messageColumn = valueColumn + valueRoom + 2
        var row = box.row(1), cursor: (row: Int, column: Int)?
        for item in items where item != .buttons {
            let isFocused = item == focused
            terminal.put(row, box.inner, Self.label(item), Look(bold: true, color: isFocused ? Palette.brand : nil))
            switch item {
            case .text(let field):
                if isFocused, let editor {
                    cursor = editor.draw(on: terminal, row: row, column: valueColumn, room: valueRoom, look: Look(underline: true))
                } else {
                    let text = form.text(of: field)
                    terminal.put(row, valueColumn, Columns.visible(text), text == "none" || text.isEmpty ? .dim : .plain, room: valueRoom)
                }
            case .repeatChoice:
                terminal.put(row, valueColumn, form.recurrencePicker.label, Look(reverse: isFocused), room: valueRoom)
            case .listChoice:
                terminal.put(row, valueColumn, Columns.visible(form.list?.name ?? ""), Look(reverse: isFocused, color: form.list.flatMap { RGB(hex: $0.colorHex) }),
                             room: valueRoom)
            case .tags:
                drawTags(on: terminal, row: row, column: valueColumn, room: valueRoom, focused: isFocused)
            case .buttons: break
            }
            if let message = message(for: item) {
                if Columns.width(message) <= box.inner + box.room - messageColumn {
                    terminal.put(row, messageColumn, message, Look.bold.colored(Palette.alert))
                } else {
                    row += 1
                    terminal.put(row, box.inner + 2, "↳ " + message, Look.bold.colored(Palette.alert), room: box.room - 2)
                }
            } else {
                // A time is read on its reminder's own clock: where, beside it.
                let notes = [note(for: item), item == .text(.time) ? form.clockPlace.map { "in " + $0 } : nil].compactMap { $0 }
                if !notes.isEmpty {
                    terminal.put(row, messageColumn, notes.joined(separator: " · "), .dim, room: box.inner + box.room - messageColumn)
                }
            }
            row += 1
        }
        row += 1
        var column = box.inner
        let buttons: [Button] = form.isEditing ? [.save, .cancel, .delete] : [.save, .cancel]
        for candidate in buttons {
            var look = Look(bold: candidate == .save, reverse: focused == .buttons && button == candidate)
            if candidate == .save, !canSave { look.dim = true }
            if candidate == .delete { look.color = Palette.alert }
            let name = switch candidate {
            case .save: "Save"
            case .cancel: "Cancel"
            case .delete: "Delete"
            }
            column = terminal.put(row, column, "[ \(name) ]", look) + 2
        }
        if let error = form.error {
            row += 1
            terminal.put(row, box.inner, error, Look.bold.colored(Palette.alert), room: box.room)
        }
        terminal.put(box.row(box.rows - 1), box.inner, hint, .dim, room: box.room)
        return cursor
    }

    /// Whether Save would be taken now: nothing refused, the title and the time keep the rules.
    private var canSave: Bool {
        form.refusedText.isEmpty && form.problem(for: .title) == nil && form.problem(for: .date) == nil
    }

    private var hint: String {
        switch focused {
        case .repeatChoice: "Enter picks a repeat · ← → next choice · Ctrl-S save · Esc close"
        case .listChoice: "← → another list · Tab next · Ctrl-S save · Esc close"
        case .tags: "Enter or space picks tags · Tab next · Ctrl-S save · Esc close"
        case .buttons: "← → choose · Enter · Ctrl-S save · Esc close"
        case .text(let field): field == .date ? "fri, 2026-12-03, tomorrow 5pm, none · Tab next · Ctrl-S save · Esc close"
            : field == .priority ? "none, low, medium, high (or !, !!, !!!) · Tab next · Ctrl-S save"
            : "Tab ↓ next · Shift-Tab ↑ back · Ctrl-S save · Esc close"
        }
    }

    private func message(for item: Item) -> String? {
        switch item {
        case .text(let field): form.message(for: field)
        case .repeatChoice: form.message(for: .repeat)
        case .listChoice: nil
        case .tags: form.tagPicker.creationError
        case .buttons: nil
        }
    }

    /// What helps read a field: the day of a date, what a DST gap does to the time.
    private func note(for item: Item) -> String? {
        switch item {
        case .text(.date): form.hasDate ? CardTimeFormatter.fullDay(form.date) : "no date: due some day"
        case .text(.time): !form.hasDate ? nil : form.hasTime ? form.gapNote : "all day"
        default: nil
        }
    }

    private func drawTags(on terminal: Terminal, row: Int, column: Int, room: Int, focused: Bool) {
        let chosen = form.tagPicker.selected
        guard !chosen.isEmpty else {
            terminal.put(row, column, "none", Look(dim: true, reverse: focused))
            return
        }
        var at = column
        for tag in chosen {
            guard at < column + room else { break }
            at = terminal.put(row, at, "#" + Columns.visible(tag.name), Look(reverse: focused, color: RGB(hex: tag.colorHex)),
                              room: column + room - at) + 1
        }
    }

    // MARK: Keys

    func handle(_ key: Key, on screen: Screen) async {
        switch key {
        case .tab, .down: move(by: 1)
        case .backTab, .up: move(by: -1)
        case .control("s"):
            commit()
            await save()
        case .escape:
            commit()
            await cancel(on: screen)
        default:
            switch focused {
            case .text:
                if key == .enter {
                    move(by: 1)
                } else if var editing = editor, editing.handle(key) {
                    editor = editing
                }
            case .repeatChoice: await handleRepeat(key, on: screen)
            case .listChoice:
                if key == .right || key == .char("l") || key == .char(" ") { form.listStepped(by: 1) }
                if key == .left || key == .char("h") { form.listStepped(by: -1) }
                if key == .enter { move(by: 1) }
            case .tags:
                if key == .enter || key == .char(" ") { await screen.present(TagPickerLayer(picker: form.tagPicker)) }
            case .buttons: await handleButtons(key, on: screen)
            }
        }
    }

    private func handleRepeat(_ key: Key, on screen: Screen) async {
        let options = form.recurrencePicker.options
        let current = options.firstIndex { $0.kind == form.recurrencePicker.kind }
        switch key {
        case .enter, .char(" "): await screen.present(RepeatLayer(form: form))
        case .right, .char("l"): form.repeatChosen(options[((current ?? -1) + 1) % options.count].kind)
        case .left, .char("h"): form.repeatChosen(options[((current ?? options.count) + options.count - 1) % options.count].kind)
        default: break
        }
    }

    private func handleButtons(_ key: Key, on screen: Screen) async {
        let last = form.isEditing ? Button.delete : Button.cancel
        switch key {
        case .left, .char("h"): button = Button(rawValue: max(0, button.rawValue - 1)) ?? .save
        case .right, .char("l"): button = Button(rawValue: min(last.rawValue, button.rawValue + 1)) ?? last
        case .enter, .char(" "):
            switch button {
            case .save: await save()
            case .cancel: await cancel(on: screen)
            case .delete: await delete(on: screen)
            }
        default: break
        }
    }

    /// Gives the form what was typed in the focused field.
    private func commit() {
        guard case .text(let field) = focused, let editor else { return }
        if editor.text != form.text(of: field) { form.typed(editor.text, into: field) }
        self.editor = LineEditor(form.text(of: field))
    }

    private func move(by step: Int) {
        commit()
        let items = items
        let index = items.firstIndex(of: focused) ?? 0
        focus(items[(index + step + items.count) % items.count])
    }

    private func focus(_ item: Item) {
        focused = item
        if case .text(let field) = item { editor = LineEditor(form.text(of: field)) } else { editor = nil }
    }

    private func save() async {
        await form.saveTapped()
        guard form.outcome == nil else { return }
        if let refused = items.first(where: { message(for: $0) != nil }) { focus(refused) }
    }

    private func cancel(on screen: Screen) async {
        form.cancelTapped()
        guard let question = form.discardConfirmation else { return }
        let form = form
        await screen.present(ConfirmLayer(question, safeDefault: true, confirm: { form.discardConfirmed() },
                                          cancel: { form.keepEditingTapped() }))
    }

    private func delete(on screen: Screen) async {
        form.deleteTapped()
        guard let question = form.deleteConfirmation else { return }
        let form = form
        await screen.present(ConfirmLayer(question, confirm: { await form.deleteConfirmed() }, cancel: { form.deleteCancelled() }))
    }
}
