import Domain
import Foundation
import Observation
import UseCases

/// The dashboard: the To Do and Completed sections as cards, and the actions taken on them.
@MainActor @Observable
package final class DashboardModel {
    /// One reminder as a card shows it.
    package struct Card: Identifiable, Hashable, Sendable {
        /// Where an open card stands in time.
        package enum Urgency: Hashable, Sendable { case overdue, today, upcoming, someday, done }

        /// The reminder's id.
        package let id: UUID
        /// The reminder's title.
        package let title: String
        /// When it is due, e.g. "Today 09:00".
        package let timeText: String
        /// Overdue, today, upcoming, some day (undated) or done (closed).
        package let urgency: Urgency
        /// Whether it is closed as cancelled rather than done.
        package var isCancelled: Bool { reminder.isCancelled }
        /// In progress, and how far ("40%" when said).
        package var progressText: String? {
            guard reminder.stage == .inProgress, !reminder.isCompleted else { return nil }
            return reminder.percentComplete.map { "\($0)%" } ?? "started"
        }
        /// The first tags by name, at most `TagChip.cardLimit`.
        package let tags: [TagChip]
        /// "+N" when the reminder has more tags than the card shows, else `nil`.
        package let moreTags: String?
        /// The repeat badge: "Daily", "Weekly" or "Monthly"; `nil` for a one-time reminder.
        package let recurrence: String?
        /// Its priority's marks, "!" to "!!!"; `nil` for none.
        package var priorityMarks: String? { reminder.priority == .none ? nil : reminder.priority.marks }
        /// The list it is in, when the dashboard shows several and it is not the default one.
        package let listName: String?
        /// The reminder behind the card, for opening it in the edit form.
        package let reminder: ReminderWithTags
    }

    /// A titled list of cards.
    package struct Section: Hashable, Sendable {
        /// "To Do", "No date" or "Completed".
        package let title: String
        /// The cards, in the order to show them.
        package let cards: [Card]
        /// What to show when there are no cards.
        package let emptyText: String
        /// What is not shown, e.g. "and 19,990 more: `list --completed`"; `nil` when all are.
        package var moreText: String?

        /// The line for `hidden` cards not shown, with thousands grouped, and how to see them
        /// (`hint`); `nil` for none.
        package static func moreText(hidden: Int, hint: String = "`list --completed`") -> String? {
            guard hidden > 0 else { return nil }
            let digits = Array(String(hidden))
            let grouped = digits.enumerated().map { index, digit in
                (index > 0 && (digits.count - index) % 3 == 0 ? "," : "") + String(digit)
            }.joined()
            return "and \(grouped) more: \(hint)"
        }
    }

    /// What a dashboard shows.
    package enum Showing: Sendable {
        /// To Do, then the most recently completed (`Dashboard.recentCompletedCount`).
        case toDoAndRecent
        /// To Do, then every completed one.
        case everything
        /// Only the completed ones, all of them.
        case completed
        /// Only To Do.
        case toDo
        /// Every completed one, then To Do (the order of `list --json`).
        case everythingDoneFirst
    }

    /// The dashboard line by line, as `stream` passes it.
    package enum Line: Sendable {
        /// A section begins: "To Do" or "Completed".
        case title(String)
        /// A card of the current section.
        case card(Card)
        /// The section has no cards: "Nothing to do.".
        case empty(String)
        /// Cards the section does not show: "and 19,990 more: `list --completed`".
        case more(String)
    }

    /// What `load` reads: To Do and the most recently completed unless set otherwise.
    package var showing: Showing = .toDoAndRecent

    /// To Do (overdue, today, upcoming, each by time), then Completed; empty until `load()`.
    package private(set) var sections: [Section] = []
    /// Why the last load or action failed, as one sentence.
    package private(set) var error: String?
    /// What the last action did, e.g. "Removed 2 reminders due today.".
    package private(set) var status: String?
    /// The tag the dashboard is narrowed to, `nil` for every reminder.
    package private(set) var filterTag: Tag?
    /// The list the dashboard is narrowed to, `nil` for every list.
    package private(set) var filterList: ReminderList?
    /// The priority the dashboard is narrowed to, `nil` for any.
    package private(set) var filterPriority: Priority?

    /// What the dashboard is narrowed to, as its titles say it ("Work · #Errands · high priority");
    /// `nil` for everything.
    package var filterDescription: String? {
        let parts = [filterList.map { VisibleText.escaped($0.name) }, filterTag.map { "#" + VisibleText.escaped($0.name) },
                     filterPriority.map { "\($0.word) priority" }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The filter the store reads with.
    private var filter: ReminderFilter {
        ReminderFilter(tagID: filterTag?.id, list: filterList?.choice, priority: filterPriority)
    }

    @ObservationIgnored private let environment: AppEnvironment
    @ObservationIgnored private let loadDashboard: LoadDashboardUseCase
    @ObservationIgnored private let toggleCompletion: ToggleCompletionUseCase
    @ObservationIgnored private let resetToday: ResetTodayUseCase
    @ObservationIgnored private let lists: ListsUseCase

    /// A dashboard reading through the given use cases.
    package init(
        environment: AppEnvironment,
        loadDashboard: LoadDashboardUseCase,
        toggleCompletion: ToggleCompletionUseCase,
        resetToday: ResetTodayUseCase,
        lists: ListsUseCase
    ) {
        self.environment = environment
        self.loadDashboard = loadDashboard
        self.toggleCompletion = toggleCompletion
        self.resetToday = resetToday
        self.lists = lists
    }

    /// All cards, To Do first, in the order they are shown (the numbers a list gives them).
    package var cards: [Card] { sections.flatMap(\.cards) }

    /// Whether there is nothing at all to show.
    package var isEmpty: Bool { cards.isEmpty }

    /// Reads the store and rebuilds the sections.
    package func load() async {
        let collected = CollectedSections()
        do {
            try await stream(showing) { collected.add($0) }
            sections = collected.sections
            error = nil
        } catch {
            self.error = ErrorMessage.describe(error)
        }
    }

    /// Passes the dashboard to `emit` line by line, To Do as the store reads it (memory stays flat
    /// however many there are), then Completed, both from one read of the store (a reminder
    /// completed meanwhile is in one of them, not both or neither). `limit` shows at most that
    /// many cards per section (the soonest to do, the most recently done); a section that hides
    /// some says how many.
    package func stream(_ showing: Showing, limit: Int? = nil, to emit: @escaping @Sendable (Line) -> Void) async throws {
        let formatter = CardTimeFormatter(today: environment.today, timeZone: environment.timeZone)
        let limitHint = "`list` without --limit"
        let toDo = (section: ReminderSection(done: false, limit: limit, countsAll: true), hint: limitHint)
        let someday = (section: ReminderSection(done: false, undated: true, limit: limit, countsAll: true), hint: limitHint)
        let recentOnly = showing == .toDoAndRecent && (limit ?? .max) >= Dashboard.recentCompletedCount
        let done = (section: ReminderSection(done: true, limit: recentOnly ? Dashboard.recentCompletedCount : limit, countsAll: true),
                    hint: recentOnly ? "`list --completed`" : limitHint)
        let sections = switch showing {
        case .toDoAndRecent, .everything: [toDo, someday, done]
        case .completed: [done]
        case .toDo: [toDo, someday]
        case .everythingDoneFirst: [done, toDo, someday]
        }
        // "No date" shows only when it has cards: its title waits for the first.
        let titles = sections.map { Line.title($0.section.done ? "Completed" : $0.section.undated ? "No date" : "To Do") }
        let pending = PendingTitle()
        let begin: @Sendable (Int) -> Void = { index in
            if sections[index].section.undated { pending.set(titles[index]) } else { emit(titles[index]) }
        }
        // A card names its list when several are shown.
        let all = filterList == nil ? try await lists.all() : []
        let names = all.count > 1 ? ListNames(all) : nil
        begin(0)
        try await loadDashboard.stream(sections.map(\.section), matching: filter) { _, _, reminder, group in
            if let title = pending.take() { emit(title) }
            emit(.card(Self.card(reminder, group?.urgency ?? .done, formatter, lists: names)))
        } ended: { _, index, shown, total in
            let section = sections[index].section
            if shown == 0 && !section.undated { emit(.empty(section.done ? "Nothing completed yet." : "Nothing to do.")) }
            if let more = Section.moreText(hidden: total - shown, hint: sections[index].hint) {
                if let title = pending.take() { emit(title) }
                emit(.more(more))
            }
            _ = pending.take()
            if index + 1 < sections.count { begin(index + 1) }
        }
    }

    nonisolated private static func card(_ reminder: ReminderWithTags, _ urgency: Card.Urgency, _ formatter: CardTimeFormatter,
                                         lists: ListNames?) -> Card {
        let tags = TagChip.forCard(reminder.tags)
        let values = reminder.reminder
        return Card(id: values.id, title: values.title, timeText: formatter.string(for: values),
                    urgency: urgency, tags: tags.chips, moreTags: tags.overflow,
                    recurrence: values.recurrence.shortName, listName: values.listID.flatMap { _ in lists?.name(of: values.listID) },
                    reminder: reminder)
    }

    /// The user narrowed the dashboard to reminders carrying `tag` (filtered in the store).
    package func filterTapped(_ tag: Tag) async {
        narrow(to: tag)
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

    /// The user went back to every reminder.
    package func clearFilterTapped() async {
        (filterTag, filterList, filterPriority) = (nil, nil, nil)
        await load()
    }

    /// The user ticked or unticked a card: toggles it and reloads.
    package func toggleTapped(_ id: UUID) async {
        await perform { _ = try await self.toggleCompletion(id: id) }
    }

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

    private func perform(_ action: () async throws -> Void) async {
        status = nil
        do {
            try await action()
            await load()
        } catch {
            self.error = ErrorMessage.describe(error)
        }
    }
}

extension Dashboard.Group {
    /// The card urgency of an open reminder in this group.
    var urgency: DashboardModel.Card.Urgency {
        switch self {
        case .overdue: .overdue
        case .today: .today
        case .upcoming: .upcoming
        case .someday: .someday
        }
    }
}

/// A section title held back until the section shows something.
private final class PendingTitle: @unchecked Sendable {
    private let lock = NSLock()
    private var title: DashboardModel.Line?

    func set(_ line: DashboardModel.Line) { lock.withLock { title = line } }

    /// The title if it is still held back, once.
    func take() -> DashboardModel.Line? {
        lock.withLock {
            defer { title = nil }
            return title
        }
    }
}

/// Sections gathered from a stream of lines (lines may come from the store's queue).
private final class CollectedSections: @unchecked Sendable {
    private let lock = NSLock()
    private var done: [DashboardModel.Section] = []
    private var current: (title: String, cards: [DashboardModel.Card], empty: String, more: String?)?

    func add(_ line: DashboardModel.Line) {
        lock.withLock {
            switch line {
            case .title(let title):
                finishSection()
                current = (title, [], "", nil)
            case .card(let card): current?.cards.append(card)
            case .empty(let text): current?.empty = text
            case .more(let text): current?.more = text
            }
        }
    }

    var sections: [DashboardModel.Section] {
        lock.withLock {
            finishSection()
            return done
        }
    }

    private func finishSection() {
        guard let section = current else { return }
        done.append(DashboardModel.Section(title: section.title, cards: section.cards, emptyText: section.empty, moreText: section.more))
        current = nil
    }
}
