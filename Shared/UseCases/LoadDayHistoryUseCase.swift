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
    /// time falls on it; the later times of open repeating reminders that fall on it; the
    /// completed times of repeating reminders that fell on it (from the completion log, done); and
    /// the times a completion here passed over (a late `done` moves a reminder to its first time
    /// after now), not done: those its rule gives, as it is now, between the time completed and
    /// where the completion moved it (`Completion.passedUntil`). A time moved by an edit or by
    /// another device (a sync brings no completion) is not taken as passed over.
    package func callAsFunction(day: LocalDate) async throws -> DayHistory {
        let interval = day.interval(in: environment.timeZone), widened = Reminder.widened(interval)
        // An all-day reminder is on its own day where it is, as its card says.
        var scheduled = try await repository.reminders(scheduledIn: widened).filter { $0.reminder.isDue(onUserDay: day, hours: interval) }
        var seen = Set(scheduled.compactMap { item in item.reminder.scheduledAt.map { Key(id: item.id, instant: $0) } })
        for (completion, item) in try await repository.completions(ofOccurrencesIn: widened) {
            var done = item
            done.reminder.scheduledAt = completion.occurrence
            done.reminder.nominal = nil
            done.reminder.isCompleted = true
            done.reminder.stage = .none
            done.reminder.completedAt = completion.completedAt
            guard done.reminder.isDue(onUserDay: day, hours: interval),
                  seen.insert(Key(id: item.id, instant: completion.occurrence)).inserted else { continue }
            scheduled.append(done)
        }
        let justBefore = interval.lowerBound.addingTimeInterval(-0.001)
        // A series' time on the day: after the day's start, where the series is (an all-day one's
        // day starts in its zone, up to 26 hours from yours).
        let searchFrom = { (reminder: Reminder) -> Date in
            reminder.isAllDay ? LocalDateTime(date: day, time: .midnight).resolved(in: reminder.timeZone).addingTimeInterval(-0.001) : justBefore
        }
        for item in try await repository.openRepeatingReminders(dueBefore: widened.upperBound) {
            guard let occurrence = item.reminder.series?.nextOccurrence(after: searchFrom(item.reminder)) else { continue }
            var then = item
            then.reminder.move(to: occurrence)
            guard then.reminder.isDue(onUserDay: day, hours: interval),
                  seen.insert(Key(id: item.id, instant: occurrence.instant)).inserted else { continue }
            scheduled.append(then)
        }
        for (completion, item) in try await repository.completions(passingOver: interval) {
            guard let passedUntil = completion.passedUntil, let timeOfDay = item.reminder.localScheduled?.time else { continue }
            // Its series as it is now, from the time completed (at its own time of day: an instant a
            // gap moved is not the time the rule gives), up to where the completion moved it.
            var anchored = item.reminder
            let zone = anchored.timeZone
            anchored.move(to: Occurrence(nominal: LocalDateTime(date: LocalDate(containing: completion.occurrence, in: zone), time: timeOfDay),
                                         instant: completion.occurrence))
            anchored.recurrence.times = nil
            guard let occurrence = anchored.series?.nextOccurrence(after: searchFrom(anchored)), occurrence.instant < passedUntil else { continue }
            var missed = item
            missed.reminder.move(to: occurrence)
            guard missed.reminder.isDue(onUserDay: day, hours: interval),
                  seen.insert(Key(id: item.id, instant: occurrence.instant)).inserted else { continue }
            missed.reminder.isCompleted = false
            missed.reminder.stage = .none
            missed.reminder.completedAt = nil
            scheduled.append(missed)
        }
        scheduled.sort {
            ($0.reminder.scheduledAt ?? .distantPast, $0.id.uuidString) < ($1.reminder.scheduledAt ?? .distantPast, $1.id.uuidString)
        }
        return DayHistory(day: day, scheduled: scheduled, completions: try await repository.completions(madeIn: interval))
    }

    private struct Key: Hashable {
        let id: UUID
        let instant: Date
    }
}
