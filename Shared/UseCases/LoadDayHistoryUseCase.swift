import Domain
import Foundation
import Storage

/// Reads one local day's history: the reminders due that day (repeating reminders' times on it
/// included, each marked done when it was completed) and the completions made on it.
package struct LoadDayHistoryUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment

    /// A use case reading through `repository`, reading days in the zone of `environment`.
    package init(repository: any ReminderRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// The history of `day` in the user's zone. What was due that day: the reminders whose current
    /// time falls on it; the later times of open repeating reminders that fall on it; and the
    /// completed times of repeating reminders that fell on it (from the completion log, done).
    /// A repeating reminder's times before its current one that were not completed are not kept,
    /// so they are not shown.
    package func callAsFunction(day: LocalDate) async throws -> DayHistory {
        let interval = day.interval(in: environment.timeZone)
        var scheduled = try await repository.reminders(scheduledIn: interval)
        var seen = Set(scheduled.compactMap { reminder in reminder.scheduledAt.map { Key(id: reminder.id, instant: $0) } })
        for (completion, reminder) in try await repository.completions(ofOccurrencesIn: interval)
        where seen.insert(Key(id: reminder.id, instant: completion.occurrence)).inserted {
            var done = reminder
            done.scheduledAt = completion.occurrence
            done.nominal = nil
            done.isCompleted = true
            done.stage = .none
            done.completedAt = completion.completedAt
            scheduled.append(done)
        }
        let justBefore = interval.lowerBound.addingTimeInterval(-0.001)
        for reminder in try await repository.openRepeatingReminders(dueBefore: interval.lowerBound) {
            guard let occurrence = reminder.series?.nextOccurrence(after: justBefore), interval.contains(occurrence.instant),
                  seen.insert(Key(id: reminder.id, instant: occurrence.instant)).inserted else { continue }
            var then = reminder
            then.move(to: occurrence)
            scheduled.append(then)
        }
        scheduled.sort { ($0.scheduledAt ?? .distantPast, $0.id.uuidString) < ($1.scheduledAt ?? .distantPast, $1.id.uuidString) }
        return DayHistory(day: day, scheduled: scheduled, completions: try await repository.completions(madeIn: interval))
    }

    private struct Key: Hashable {
        let id: UUID
        let instant: Date
    }
}
