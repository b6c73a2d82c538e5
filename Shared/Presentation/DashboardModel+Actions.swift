import Domain
import Foundation
import UseCases

/// What the user does on the dashboard: narrowing it, completing, deleting, resetting today,
/// undoing and redoing.
extension DashboardModel {
    /// What a confirmation on screen goes ahead with.
    enum PendingAction {
        case delete(Card)
        case resetToday([UUID])
    }

    // MARK: What is shown

    /// The user narrowed the dashboard to reminders carrying `tag` (filtered in the store; `nil`:
    /// any tag), keeping any list or priority filter; the cards are numbered afresh.
    package func filterTapped(_ tag: Tag?) async {
        narrow(to: tag)
        renumber()
        await load()
    }

    /// Narrows what `load` and `stream` read to reminders carrying `tag` (`nil`: every reminder).
    package func narrow(to tag: Tag?) {
        filterTag = tag
    }

    /// Narrows what `load` and `stream` read to the reminders of `list` (`nil`: every list).
    package func narrow(toList list: ReminderList?) {
        filterList = list
    }

    /// Narrows what `load` and `stream` read to the reminders of `priority` (`nil`: any).
    package func narrow(toPriority priority: Priority?) {
        filterPriority = priority
    }

    /// Narrows what `load` and `stream` read to what `filter` selects, typed as `text` (`nil`: every reminder).
    package func narrow(to filter: ReminderFilter, typed text: String?) {
        query = filter
        queryText = filter.isAll ? nil : text
    }

    /// The user narrowed the dashboard to the reminders of `list` (`nil`: every list), keeping any
    /// tag or priority filter; the cards are numbered afresh.
    package func listFilterTapped(_ list: ReminderList?) async {
        narrow(toList: list)
        renumber()
        await load()
    }

    /// The user narrowed the dashboard to the reminders of `priority` (`nil`: any), keeping any
    /// tag or list filter; the cards are numbered afresh.
    package func priorityFilterTapped(_ priority: Priority?) async {
        narrow(toPriority: priority)
        renumber()
        await load()
    }

    /// The lists the dashboard can be narrowed to, the default one first.
    package func listChoices() async throws -> [ReminderList] {
        try await lists.all()
    }

    /// What a reminder added from here starts with: the list, tag and priority the dashboard is
    /// narrowed to, so that it shows among the cards once saved.
    package var newReminderStart: ReminderFormModel.Start {
        ReminderFormModel.Start(listID: filterList?.reminderListID, tagIDs: Set([filterTag?.id].compactMap { $0 }),
                                priority: filterPriority ?? .none)
    }

    /// The user went back to every reminder; the cards are numbered afresh.
    package func clearFilterTapped() async {
        (filterTag, filterList, filterPriority) = (nil, nil, nil)
        (query, queryText) = (.all, nil)
        renumber()
        await load()
    }

    /// The user searched for titles containing `text` (empty: every reminder); the cards are
    /// numbered afresh.
    package func searchChanged(_ text: String) async {
        guard text != search else { return }
        search = text
        renumber()
        await load()
    }

    /// The user asked for every completed reminder, or again for only the most recent ones. The
    /// cards shown keep their numbers.
    package func showAllCompletedTapped() async {
        showing = showing == .toDoAndRecent ? .everything : .toDoAndRecent
        await load()
    }

    /// The user asked to read the store again and number the cards from 1 in screen order.
    package func refreshTapped() async {
        let key = selected
        renumber()
        selected = key
        await load()
    }

    // MARK: Completing

    /// The user ticked or unticked a card: toggles it, says what happened, and reloads.
    package func toggleTapped(_ id: UUID) async {
        let wasDone = cards.first { $0.id == id && !$0.reminder.isPastOccurrence }?.urgency == .done
        await perform {
            let changed = try await self.toggleCompletion(id: id)
            self.status = wasDone && !changed.isCompleted
                ? CompletionText.reopened(changed, formatter: self.formatter)
                : CompletionText.completed(changed, formatter: self.formatter)
        }
    }

    /// The user ticked the selected card: an open reminder is completed (a repeating one moves on
    /// to its next time), a done one reopened. The selection stays where it was on screen, on the
    /// card that takes the place of one that moved away.
    package func completeSelectedTapped() async {
        guard let card = selectedCard else { return }
        guard !card.reminder.isPastOccurrence else {
            status = nil
            error = CompletionText.completedTimeRefused(card.reminder, undo: "`u` (undo)")
            return
        }
        anchor = selectedPosition
        await toggleTapped(card.id)
    }

    var formatter: CardTimeFormatter { CardTimeFormatter(today: environment.today, timeZone: environment.timeZone) }

    // MARK: Editing

    /// The reminder the edit form opens for the selected card: the reminder itself, also for a
    /// completed time of a repeating one (its card in To Do); `nil` with a sentence in `error`
    /// when that card is not read.
    package func editTarget() -> ReminderWithTags? {
        guard let card = selectedCard else { return nil }
        guard card.reminder.isPastOccurrence else { return card.reminder }
        if let current = cards.first(where: { $0.id == card.id && !$0.reminder.isPastOccurrence }) { return current.reminder }
        error = "That is a completed time of \"\(VisibleText.escaped(card.title))\"; open the reminder from To Do to edit it."
        return nil
    }

    /// An add or edit form closed: says what it did, reloads, and selects a saved reminder.
    package func formClosed(_ form: ReminderFormModel) async {
        status = nil
        error = nil
        let title = if case .edit(let reminder) = form.mode { reminder.title } else { form.title }
        switch form.outcome {
        case .saved(let reminder)?:
            await load()
            select(CardKey(id: reminder.id, pastOccurrence: nil))
            let repeatChange = if case .edit(let before) = form.mode { CardTimeFormatter.repeatChange(from: before.reminder, to: reminder.reminder) } else { "" }
            status = "Saved \"\(VisibleText.escaped(reminder.title))\", \(formatter.dueSentence(for: reminder.reminder))\(repeatChange)."
                + (reminder.reminder.gapNote.map { " " + $0 } ?? "")
        case .deleted?:
            anchor = selectedPosition
            await load()
            status = "Deleted \"\(VisibleText.escaped(title))\"; `u` (undo) brings it back."
        case .unchanged(let reminder)?:
            // A tag made in the form (and then left unchosen) is new all the same.
            await load()
            status = ReminderFormModel.nothingChanged(in: reminder.title)
        case .discarded?, nil:
            break
        }
    }

    // MARK: Deleting

    /// The user deleted the selected card at once (a swipe): no question; `undo` brings it back.
    package func quickDeleteTapped() async {
        guard let card = selectedCard else { return }
        anchor = selectedPosition
        await perform {
            try await self.deleteReminder(id: card.id)
            self.status = "Deleted \"\(VisibleText.escaped(card.title))\"; `u` (undo) brings it back."
        }
    }

    /// The user asked to delete the selected card: asks first, naming it and when it is due.
    package func deleteTapped() {
        guard let card = selectedCard else { return }
        status = nil
        error = nil
        pendingAction = .delete(card)
        confirmationCards = []
        confirmation = .deleteReminder(titled: card.title, due: card.timeText)
    }

    // MARK: Resetting today

    /// The user asked to remove today's one-time reminders: removes them, says how many, reloads.
    package func resetTodayTapped() async {
        await perform {
            let count = try await self.resetToday()
            self.status = switch count {
            case 0: "No reminders were due today; nothing was removed."
            case 1: "Removed 1 reminder due today."
            default: "Removed \(count) reminders due today."
            }
        }
    }

    /// The user asked to reset today: lists today's one-time reminders and asks before removing
    /// exactly those; says so when there are none.
    package func resetTodayAsked() async {
        status = nil
        error = nil
        do {
            let going = try await resetToday.preview()
            guard !going.isEmpty else {
                status = "No one-time reminders are due today; nothing to remove."
                return
            }
            let formatter = formatter
            let grouping = Dashboard.Grouping(now: environment.now(), timeZone: environment.timeZone)
            confirmationCards = going.map {
                Self.card($0, $0.isCompleted ? .done : grouping.group(of: $0.reminder).urgency, formatter, lists: nil)
            }
            pendingAction = .resetToday(going.map(\.id))
            confirmation = .resetToday(count: going.count)
        } catch {
            self.error = ErrorMessage.describe(error)
        }
    }

    // MARK: Answering a confirmation

    /// The user went ahead with what the confirmation asked.
    package func confirmTapped() async {
        guard confirmation != nil, let action = pendingAction else { return }
        confirmation = nil
        confirmationCards = []
        pendingAction = nil
        switch action {
        case .delete(let card):
            if selected == card.key { anchor = selectedPosition }
            await perform {
                try await self.deleteReminder(id: card.id)
                self.status = "Deleted \"\(VisibleText.escaped(card.title))\"; `u` (undo) brings it back."
            }
        case .resetToday(let ids):
            anchor = selectedPosition
            await perform {
                let removed = try await self.resetToday(removing: ids)
                self.status = "Removed \(removed == 1 ? "1 reminder" : "\(removed) reminders") due today; "
                    + "`u` (undo) brings \(removed == 1 ? "it" : "them") back."
            }
        }
    }

    /// The user backed out: nothing changes.
    package func confirmationCancelled() {
        guard confirmation != nil, let action = pendingAction else { return }
        confirmation = nil
        confirmationCards = []
        pendingAction = nil
        status = switch action {
        case .delete(let card): "Kept \"\(VisibleText.escaped(card.title))\"."
        case .resetToday: "Kept them."
        }
    }

    // MARK: Undo

    /// The user asked to undo the last command (this screen's or any other's).
    package func undoTapped() async {
        await perform { self.status = "Undid: \(VisibleText.escaped(try await self.undo().sentence))." }
    }

    /// The user asked to redo what undo took back.
    package func redoTapped() async {
        await perform { self.status = "Redid: \(VisibleText.escaped(try await self.redo().sentence))." }
    }

    /// The user turned to something else (a notification): what the last action said goes.
    package func messagesDismissed() {
        status = nil
        error = nil
    }

    /// Says what `action` did (or why it failed) and reloads.
    func perform(_ action: () async throws -> Void) async {
        status = nil
        error = nil
        do {
            try await action()
            await load()
        } catch {
            anchor = nil
            self.error = ErrorMessage.describe(error)
        }
    }
}
