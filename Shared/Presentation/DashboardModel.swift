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
        package enum Urgency: Hashable, Sendable { case overdue, today, upcoming, done }

        /// The reminder's id.
        package let id: UUID
        /// The reminder's title.
        package let title: String
        /// When it is due, e.g. "Today 09:00".
        package let timeText: String
        /// Overdue, today, upcoming or done.
        package let urgency: Urgency
        /// The first tags by name, at most `TagChip.cardLimit`.
        package let tags: [TagChip]
        /// "+N" when the reminder has more tags than the card shows, else `nil`.
        package let moreTags: String?
        /// The repeat badge: "Daily", "Weekly" or "Monthly"; `nil` for a one-time reminder.
        package let recurrence: String?
        /// The reminder behind the card, for opening it in the edit form.
        package let reminder: ReminderWithTags
    }

    /// A titled list of cards.
    package struct Section: Hashable, Sendable {
        /// "To Do" or "Completed".
        package let title: String
        /// The cards, in the order to show them.
        package let cards: [Card]
        /// What to show when there are no cards.
        package let emptyText: String
        /// How many more there are than the cards shown (the Completed section keeps the most recent).
        package var hiddenCount = 0

        /// "and 19,990 more: `list --completed`" when some are not shown.
        package var moreText: String? { Self.moreText(hidden: hiddenCount) }

        /// The line for `hidden` cards not shown, with thousands grouped; `nil` for none.
        package static func moreText(hidden: Int) -> String? {
            guard hidden > 0 else { return nil }
            let digits = Array(String(hidden))
            let grouped = digits.enumerated().map { index, digit in
                (index > 0 && (digits.count - index) % 3 == 0 ? "," : "") + String(digit)
            }.joined()
            return "and \(grouped) more: `list --completed`"
        }
    }

    /// How many completed reminders the dashboard shows (the most recent); `nil` shows them all.
    package var completedLimit: Int? = DashboardModel.recentCompletedCount
    /// The Completed section's length by default.
    package static let recentCompletedCount = 10

    /// To Do (overdue, today, upcoming, each by time), then Completed; empty until `load()`.
    package private(set) var sections: [Section] = []
    /// Why the last load or action failed, as one sentence.
    package private(set) var error: String?
    /// What the last action did, e.g. "Removed 2 reminders due today.".
    package private(set) var status: String?
    /// The tag the dashboard is narrowed to, `nil` for every reminder.
    package private(set) var filterTag: Tag?

    @ObservationIgnored private let environment: AppEnvironment
    @ObservationIgnored private let loadDashboard: LoadDashboardUseCase
    @ObservationIgnored private let toggleCompletion: ToggleCompletionUseCase
    @ObservationIgnored private let resetToday: ResetTodayUseCase

    /// A dashboard reading through the given use cases.
    package init(
        environment: AppEnvironment,
        loadDashboard: LoadDashboardUseCase,
        toggleCompletion: ToggleCompletionUseCase,
        resetToday: ResetTodayUseCase
    ) {
        self.environment = environment
        self.loadDashboard = loadDashboard
        self.toggleCompletion = toggleCompletion
        self.resetToday = resetToday
    }

    /// All cards, To Do first, in the order they are shown (the numbers a list gives them).
    package var cards: [Card] { sections.flatMap(\.cards) }

    /// Whether there is nothing at all to show.
    package var isEmpty: Bool { cards.isEmpty }

    /// Reads the store and rebuilds the sections.
    package func load() async {
        do {
            let dashboard = try await loadDashboard(tagged: filterTag?.id, completedLimit: completedLimit)
            let formatter = CardTimeFormatter(today: environment.today, timeZone: environment.timeZone)
            func cards(_ reminders: [ReminderWithTags], _ urgency: Card.Urgency) -> [Card] {
                reminders.map {
                    let tags = TagChip.forCard($0.tags)
                    return Card(id: $0.id, title: $0.title, timeText: formatter.string(for: $0.scheduledAt),
                                urgency: urgency, tags: tags.chips, moreTags: tags.overflow,
                                recurrence: $0.recurrence.shortName, reminder: $0)
                }
            }
            sections = [
                Section(title: "To Do", cards: cards(dashboard.overdue, .overdue) + cards(dashboard.today, .today)
                    + cards(dashboard.upcoming, .upcoming), emptyText: "Nothing to do."),
                Section(title: "Completed", cards: cards(dashboard.completed, .done), emptyText: "Nothing completed yet.",
                        hiddenCount: dashboard.completedTotal - dashboard.completed.count),
            ]
            error = nil
        } catch {
            self.error = ErrorMessage.describe(error)
        }
    }

    /// The user narrowed the dashboard to reminders carrying `tag` (filtered in the store).
    package func filterTapped(_ tag: Tag) async {
        filterTag = tag
        await load()
    }

    /// The user went back to every reminder.
    package func clearFilterTapped() async {
        filterTag = nil
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
