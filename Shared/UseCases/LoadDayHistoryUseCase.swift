import Domain
import Foundation
import Storage

/// Reads one local day's history: the reminders due that day and the completions made on it.
package struct LoadDayHistoryUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment

    /// A use case reading through `repository`, reading days in the zone of `environment`.
    package init(repository: any ReminderRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// The history of `day` in the user's zone.
    package func callAsFunction(day: LocalDate) async throws -> DayHistory {
        let interval = day.interval(in: environment.timeZone)
        return DayHistory(
            day: day,
            scheduled: try await repository.reminders(scheduledIn: interval),
            completions: try await repository.completions(madeIn: interval)
        )
    }
}
