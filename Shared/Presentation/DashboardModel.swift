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
        package var isCancelled: Bool { reminder.reminder.isCancelled }
        /// How far an open one is: "40%" when said (another client may say it of a to-do it does
        /// not call in progress), "started" when in progress without it.
        package var progressText: String? {
            let item = reminder.reminder
            guard !item.isCompleted else { return nil }
            if item.stage == .inProgress { return item.percentComplete.map { "\($0)%" } ?? "started" }
            return item.percentComplete.flatMap { $0 > 0 ? "\($0)%" : nil }
        }
        /// The first tags by name, at most `TagChip.cardLimit`.
        package let tags: [TagChip]
        /// "+N" when the reminder has more tags than the card shows, else `nil`.
        package let moreTags: String?
        /// The repeat badge: "Daily", "Weekly" or "Monthly"; `nil` for a one-time reminder.
        package let recurrence: String?
        /// The alarm badge's text ("-1d, -15m", "no alarm") when an open, dated reminder's alarms are
        /// not the default one at the due time; `nil` otherwise.
        package var alarmText: String? {
            // The default alarm is told before the zone is looked up (a listing asks every card).
            let item = reminder.reminder
            guard urgency != .done, urgency != .someday, item.alarms != Alarm.defaults else { return nil }
            return AlarmText.badge(item.alarms, zone: viewerZone ?? item.timeZone)
        }
        /// Its priority's marks, "!" to "!!!"; `nil` for none.
        package var priorityMarks: String? {
            let priority = reminder.reminder.priority
            return priority == .none ? nil : priority.marks
        }
        /// The list it is in, when the dashboard shows several and it is not the default one.
        package let listName: String?
        /// The reminder behind the card, for opening it in the edit form.
        package let reminder: ReminderWithTags
        /// The zone of whoever reads the card (the user's), which its times are said in: an
        /// alarm at a set time too; `nil`: the reminder's own.
        package var viewerZone: TimeZone?

        /// What tells this card from every other one on screen.
        package var key: CardKey { CardKey(id: id, pastOccurrence: reminder.isPastOccurrence ? reminder.scheduledAt : nil) }
    }

    /// A card's identity on screen: its reminder, and for a completed time of a repeating
    /// reminder that goes on, that time (the reminder's own card is in To Do).
    package struct CardKey: Hashable, Sendable {
        /// The reminder's id.
        package let id: UUID
        /// The completed time this card stands for, `nil` for the reminder itself.
        package let pastOccurrence: Date?
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
        /// How many cards the section holds, shown or not.
        package var total = 0
        /// Whether it is Completed (else To Do).
        package var isDone = false
        /// Where among `cards` the ones not read lie, when its last cards were read too (`G`);
        /// `nil`: after them all.
        package var hiddenAt: Int?
        /// Whether the cards not shown are those `window` cuts off (read as the selection nears
        /// them), not the older completed ones.
        var windowed = false

        /// The line for `hidden` cards not shown, with thousands grouped, and how to see them
        /// (`hint`); `nil` for none.
        package static func moreText(hidden: Int, hint: String = "`list --completed`") -> String? {
            guard hidden > 0 else { return nil }
            return "and \(grouped(hidden)) more: \(hint)"
        }

        /// `count` with its thousands grouped: "19,990".
        package static func grouped(_ count: Int) -> String {
            let digits = Array(String(count))
            return digits.enumerated().map { index, digit in
                (index > 0 && digit != "-" && (digits.count - index) % 3 == 0 && digits[index - 1] != "-" ? "," : "") + String(digit)
            }.joined()
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
    /// How many To Do cards `load` reads (the soonest), `nil` for all of them. A full screen starts
    /// with a few screenfuls; moving the selection near the last one read reads more.
    package var window: Int?
    /// How many of the last cards of each section that `window` cuts short `load` reads too
    /// (after `selectLast`), 0 for none; moving up near the first of them reads more.
    @ObservationIgnored var tail = 0
    /// How a section that hides cards says how to see them: after a limit (`window`), and after
    /// the most recently completed ones.
    package var moreHints = (limited: "`list` without --limit", recent: "`list --completed`")

    /// To Do (overdue, today, upcoming, each by time), then Completed; empty until `load()`.
    package private(set) var sections: [Section] = []
    /// The sections as a full screen lists them: section and group headings, numbered cards, notes.
    package internal(set) var rows: [Row] = []
    /// The selected card, `nil` when there are none.
    package internal(set) var selected: CardKey?
    /// Why the last load or action failed, as one sentence.
    package internal(set) var error: String?
    /// What the last action did, e.g. "Removed 2 reminders due today.".
    package internal(set) var status: String?
    /// The tag the dashboard is narrowed to, `nil` for every reminder.
    package internal(set) var filterTag: Tag?
    /// The list the dashboard is narrowed to, `nil` for every list.
    package internal(set) var filterList: ReminderList?
    /// The priority the dashboard is narrowed to, `nil` for any.
    package internal(set) var filterPriority: Priority?
    /// The query the dashboard is narrowed to, beside the tag, list and priority above.
    package internal(set) var query: ReminderFilter = .all
    /// The query as typed (`tag:Work dentist`), `nil` when there is none.
    package internal(set) var queryText: String?

    /// What the dashboard is narrowed to by tag, list and priority, as its titles say it
    /// ("Work · #Errands · high priority", "no priority"); `nil` for everything.
    package var filterDescription: String? {
        let parts = [filterList.map { VisibleText.escaped($0.name) }, filterTag.map { "#" + VisibleText.escaped($0.name) },
                     filterPriority.map { $0 == .none ? "no priority" : "\($0.word) priority" }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// What the dashboard reads: the query's reminders carrying the tag, in the list, of the priority.
    package var filter: ReminderFilter {
        var filter = ReminderFilter(tagID: filterTag?.id, list: filterList?.choice, priority: filterPriority)
        filter.conditions += query.conditions
        return filter
    }
    /// The text titles must contain (ignoring case and accents), empty for every reminder.
    package internal(set) var search = ""
    /// The question on screen before a destructive step (a delete, a reset), `nil` when none.
    package internal(set) var confirmation: Confirmation?
    /// The cards the question is about, listed under it (what a reset removes).
    package internal(set) var confirmationCards: [Card] = []

    @ObservationIgnored let environment: AppEnvironment
    @ObservationIgnored let loadDashboard: LoadDashboardUseCase
    @ObservationIgnored let toggleCompletion: ToggleCompletionUseCase
    @ObservationIgnored let resetToday: ResetTodayUseCase
    @ObservationIgnored let lists: ListsUseCase
    @ObservationIgnored let deleteReminder: DeleteReminderUseCase
    @ObservationIgnored let undo: UndoUseCase
    @ObservationIgnored let redo: RedoUseCase
    @ObservationIgnored let saveListing: SaveListingUseCase?
    @ObservationIgnored let storeWatch: StoreWatch
    /// The store's version when the last load began: a change after it is one the screen has not read.
    @ObservationIgnored var loadedVersion: Int?
    /// The numbers cards keep until the view changes, and the ids in number order.
    @ObservationIgnored var numbering = Numbering()
    /// Which card to select after the next load: the one now at this position (an action moved the
    /// selected one away).
    @ObservationIgnored var anchor: Int?
    /// Where the selection was at the last load, for when its card goes.
    @ObservationIgnored var selectedIndex = 0
    /// The cards' keys in screen order, and where each is.
    @ObservationIgnored var keys: [CardKey] = []
    @ObservationIgnored var keyIndex: [CardKey: Int] = [:]
    /// Where cards are not read, in screen order.
    @ObservationIgnored var gaps: [Gap] = []
    /// What the confirmation on screen goes ahead with.
    @ObservationIgnored var pendingAction: PendingAction?
    /// Where the numbers the cards carry stand in the store since they were numbered from 1.
    @ObservationIgnored var listing = ListingState.fresh

    /// Where a screen's numbering stands in the store.
    enum ListingState {
        /// Not tried yet.
        case fresh
        /// Not kept yet (another program was writing), to be written over the listing that was
        /// stored when it was first tried, with that token (`nil`: none was).
        case notYet(over: ListingToken?)
        /// Kept, with this token: cards numbered later are added while it is the store's;
        /// `behind` when the last ones could not be added yet (another program was writing).
        case kept(ListingToken, behind: Bool)
        /// Another program listed before it could be kept: that listing's numbers are the store's.
        case givenUp
    }
    /// Counts loads, so an older one that ends late does not replace a newer one.
    @ObservationIgnored private var generation = 0

    /// A dashboard reading and changing through the given use cases. With `saveListing`, the
    /// numbers its cards carry are kept in the store as the last listing (so `done 3` in another
    /// shell means the card numbered 3 here); `storeWatch` tells when another process changed the store.
    package init(
        environment: AppEnvironment,
        loadDashboard: LoadDashboardUseCase,
        toggleCompletion: ToggleCompletionUseCase,
        resetToday: ResetTodayUseCase,
        lists: ListsUseCase,
        deleteReminder: DeleteReminderUseCase,
        undo: UndoUseCase,
        redo: RedoUseCase,
        saveListing: SaveListingUseCase?,
        storeWatch: StoreWatch
    ) {
        self.environment = environment
        self.loadDashboard = loadDashboard
        self.toggleCompletion = toggleCompletion
        self.resetToday = resetToday
        self.lists = lists
        self.deleteReminder = deleteReminder
        self.undo = undo
        self.redo = redo
        self.saveListing = saveListing
        self.storeWatch = storeWatch
    }

    /// All cards, To Do first, in the order they are shown (the numbers a list gives them).
    package var cards: [Card] { sections.flatMap(\.cards) }

    /// Whether there is nothing at all to show.
    package var isEmpty: Bool { cards.isEmpty }

    /// Reads the store and rebuilds the sections and rows; the selection stays on its card (or,
    /// when that card went, on the one now in its place), and cards keep their numbers.
    package func load() async {
        generation += 1
        let current = generation
        // Read before the store is: a change made while it is read is one to read again.
        let version = await storeWatch.version()
        do {
            let read = try await readSections()
            guard current == generation else { return }
            loadedVersion = version
            sections = read
            error = nil
            await arrange()
        } catch {
            guard current == generation else { return }
            self.error = ErrorMessage.describe(error)
        }
    }

    /// The sections as `load` reads them: `window` To Do cards at most (and the `tail` last of
    /// each section it cuts short), those whose title matches `search`, each section counting all
    /// it holds.
    private func readSections() async throws -> [Section] {
        let formatter = CardTimeFormatter(today: environment.today, timeZone: environment.timeZone)
        let search = search.isEmpty ? nil : TitleSearch(search)
        let plan = Self.plan(showing, limit: window, limitHint: moreHints.limited, recentHint: moreHints.recent)
        // A search reads every reminder (titles are matched here) and keeps the first matches.
        let caps = plan.map { search == nil ? nil : $0.section.limit }
        var read = plan.map { part in
            var section = part.section
            if search != nil { section.limit = nil }
            return section
        }
        // The last cards of a section cut short are read from its end, by position, not through
        // every card before them.
        var tails: [Int: Int] = [:]
        if search == nil && tail > 0 {
            for (index, part) in plan.enumerated() where part.windowed {
                tails[index] = read.count
                read.append(ReminderSection(done: part.section.done, undated: part.section.undated, limit: tail, fromEnd: true))
            }
        }
        let collector = SectionCollector(count: read.count, caps: caps + Array(repeating: nil, count: read.count - plan.count),
                                         search: search)
        let names = try await listNames()
        try await loadDashboard.stream(read, matching: filter) { index, reminder, group in
            collector.add(Self.card(reminder, group?.urgency ?? .done, formatter, lists: names), to: index)
        } ended: { index, shown, total in
            collector.end(index, shown: shown, total: total)
        }
        return plan.indices.compactMap { index in
            let part = plan[index]
            var (cards, total) = collector.result(index)
            // "No date" shows only when it has cards.
            if part.section.undated && total == 0 { return nil }
            var hiddenAt: Int?
            if let tailIndex = tails[index] {
                // The last cards, less those the first ones already hold (a section with fewer than both).
                let head = Set(cards.map(\.key))
                let last = collector.result(tailIndex).cards.filter { !head.contains($0.key) }
                hiddenAt = last.isEmpty ? nil : cards.count
                cards += last
            }
            let empty = search != nil ? "Nothing matches \"\(self.search)\"."
                : part.section.done ? "Nothing completed yet." : "Nothing to do."
            return Section(title: Self.title(of: part.section), cards: cards, emptyText: empty,
                           moreText: Section.moreText(hidden: total - cards.count, hint: part.hint), total: total,
                           isDone: part.section.done, hiddenAt: hiddenAt, windowed: part.windowed)
        }
    }

    /// The sections `showing` reads, each with its limit, how its "more" line says to see the rest,
    /// and whether the limit is `limit` (the window).
    nonisolated private static func plan(_ showing: Showing, limit: Int?, limitHint: String, recentHint: String)
        -> [(section: ReminderSection, hint: String, windowed: Bool)]
    {
        let windowed = limit != nil
        let toDo = (section: ReminderSection(done: false, limit: limit, countsAll: true), hint: limitHint, windowed: windowed)
        let someday = (section: ReminderSection(done: false, undated: true, limit: limit, countsAll: true), hint: limitHint,
                       windowed: windowed)
        let recentOnly = showing == .toDoAndRecent && (limit ?? .max) >= Dashboard.recentCompletedCount
        let done = (section: ReminderSection(done: true, limit: recentOnly ? Dashboard.recentCompletedCount : limit, countsAll: true),
                    hint: recentOnly ? recentHint : limitHint, windowed: windowed && !recentOnly)
        return switch showing {
        case .toDoAndRecent, .everything: [toDo, someday, done]
        case .completed: [done]
        case .toDo: [toDo, someday]
        case .everythingDoneFirst: [done, toDo, someday]
        }
    }

    /// Passes the dashboard to `emit` line by line, To Do as the store reads it (memory stays flat
    /// however many there are), then Completed, both from one read of the store (a reminder
    /// completed meanwhile is in one of them, not both or neither). `limit` shows at most that
    /// many cards per section (the soonest to do, the most recently done); a section that hides
    /// some says how many.
    package func stream(_ showing: Showing, limit: Int? = nil, to emit: @escaping @Sendable (consuming Line) -> Void) async throws {
        let formatter = CardTimeFormatter(today: environment.today, timeZone: environment.timeZone)
        let filter = filter
        let completedHint = "`list\(queryText.map { " " + $0 } ?? "") --completed`"
        let sections = chosen(showing, limit: limit, limitHint: "`list` without --limit", recentHint: completedHint)
        guard !sections.isEmpty else { return emit(.empty(Self.nothingMatches)) }
        let isFiltered = !filter.isAll
        // "No date" shows only when it has cards: its title waits for the first. So does every
        // section of a listing narrowed by a query, which says once when nothing matches.
        let titles = sections.map { Line.title(Self.title(of: $0.section)) }
        let pending = PendingTitle(), shownAny = Gathered<Bool>()
        let begin: @Sendable (Int) -> Void = { index in
            if isFiltered || sections[index].section.undated { pending.set(titles[index]) } else { emit(titles[index]) }
        }
        let names = try await listNames()
        begin(0)
        try await loadDashboard.stream(sections.map(\.section), matching: filter) { _, reminder, group in
            if let title = pending.take() { emit(title) }
            emit(.card(Self.card(reminder, group?.urgency ?? .done, formatter, lists: names)))
        } ended: { index, shown, total in
            let section = sections[index].section
            if shown > 0 { shownAny.add(true) }
            if shown == 0 && !section.undated && !isFiltered {
                emit(.empty(section.done ? "Nothing completed yet." : "Nothing to do."))
            }
            if let more = Section.moreText(hidden: total - shown, hint: sections[index].hint) {
                if let title = pending.take() { emit(title) }
                emit(.more(more))
            }
            _ = pending.take()
            if index + 1 < sections.count { begin(index + 1) }
        }
        if isFiltered && shownAny.all.isEmpty { emit(.empty(Self.nothingMatches)) }
    }

    /// Every reminder `showing` holds, read as `stream` reads them but handed on as they are, not
    /// made into cards (for JSON), each with whether it is done.
    package func streamReminders(_ showing: Showing,
                                 to emit: @escaping @Sendable (ReminderWithTags, _ isDone: Bool) -> Void) async throws {
        let chosen = chosen(showing, limit: nil)
        guard !chosen.isEmpty else { return }
        try await loadDashboard.stream(chosen.map(\.section), matching: filter) { _, reminder, group in
            emit(reminder, group == nil)
        } ended: { _, _, _ in }
    }

    /// Whether `stream(showing, limit:)` reads every reminder before it passes the first on (a
    /// search, put in order once read): while its lines are written, the read has ended, and its
    /// second core is free to write them.
    package func readsWholeFirst(_ showing: Showing, limit: Int? = nil) -> Bool {
        loadDashboard.readsWholeFirst(chosen(showing, limit: limit).map(\.section), matching: filter)
    }

    /// The sections `showing` shows, those a query leaves out (open or closed ones) left out.
    private func chosen(_ showing: Showing, limit: Int?, limitHint: String = "", recentHint: String = "")
        -> [(section: ReminderSection, hint: String, windowed: Bool)]
    {
        let filter = filter
        return Self.plan(showing, limit: limit, limitHint: limitHint, recentHint: recentHint)
            .filter { $0.section.done ? filter.mayIncludeClosed : filter.mayIncludeOpen }
    }

    /// What a section narrowed by a query says when nothing in it matches.
    nonisolated package static let nothingMatches = "Nothing matches."

    /// "To Do", "No date" or "Completed".
    nonisolated private static func title(of section: ReminderSection) -> String {
        section.done ? "Completed" : section.undated ? "No date" : "To Do"
    }

    /// The lists' names when cards name their list: several lists are shown (no list filter).
    private func listNames() async throws -> ListNames? {
        let all = filterList == nil ? try await lists.all() : []
        return all.count > 1 ? ListNames(all) : nil
    }

    nonisolated static func card(_ reminder: ReminderWithTags, _ urgency: Card.Urgency, _ formatter: CardTimeFormatter,
                                 lists: ListNames?) -> Card {
        let tags = TagChip.forCard(reminder.tags)
        let values = reminder.reminder
        return Card(id: values.id, title: values.title, timeText: formatter.string(for: values),
                    urgency: urgency, tags: tags.chips, moreTags: tags.overflow,
                    recurrence: values.recurrence.shortName, listName: values.listID.flatMap { _ in lists?.name(of: values.listID) },
                    reminder: reminder, viewerZone: formatter.timeZone)
    }
}

extension DashboardModel.Card.Urgency {
    /// The heading a full screen gives the cards of this urgency in To Do; `nil` for done ones
    /// (their section's title says it).
    package var heading: String? {
        switch self {
        case .overdue: "Overdue"
        case .today: "Today"
        case .upcoming: "Upcoming"
        // Undated and done cards have sections of their own: "No date", "Completed".
        case .someday, .done: nil
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

/// The cards of each section as the store passes them (from its queue): those matching the search,
/// up to each section's cap, and how many there are in all.
private final class SectionCollector: @unchecked Sendable {
    private let lock = NSLock()
    private let caps: [Int?]
    private let search: TitleSearch?
    private var cards: [[DashboardModel.Card]]
    private var totals: [Int]

    init(count: Int, caps: [Int?], search: TitleSearch?) {
        self.caps = caps
        self.search = search
        cards = Array(repeating: [], count: count)
        totals = Array(repeating: 0, count: count)
    }

    func add(_ card: DashboardModel.Card, to section: Int) {
        guard search?.matches(card.title) ?? true else { return }
        lock.withLock {
            totals[section] += 1
            if cards[section].count < caps[section] ?? .max { cards[section].append(card) }
        }
    }

    func end(_ section: Int, shown: Int, total: Int) {
        // Without a search the store counts what it did not pass; with one, every card was passed.
        guard search == nil else { return }
        lock.withLock { totals[section] = total }
    }

    func result(_ section: Int) -> (cards: [DashboardModel.Card], total: Int) {
        lock.withLock { (cards[section], max(totals[section], cards[section].count)) }
    }
}
