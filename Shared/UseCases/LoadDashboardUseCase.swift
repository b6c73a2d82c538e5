import Domain
import Foundation
import Storage

/// Reads the reminders for the dashboard: To Do (overdue, today, upcoming) and Completed.
package struct LoadDashboardUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment

    /// A use case reading through `repository`, grouping by the clock and zone of `environment`.
    package init(repository: any ReminderRepository, environment: AppEnvironment) {
        self.repository = repository
        self.environment = environment
    }

    /// The dashboard as of now; only the reminders carrying `tagID` when given (filtered in the store).
    /// `completedLimit` keeps only the most recently completed ones (counting the rest).
    package func callAsFunction(tagged tagID: UUID? = nil, completedLimit: Int? = nil) async throws -> Dashboard {
        let open = try await repository.openReminders(tagged: tagID)
        guard let completedLimit else {
            return Dashboard(open: open, completed: try await repository.completedReminders(tagged: tagID),
                             now: environment.now(), timeZone: environment.timeZone)
        }
        let recent = try await repository.recentlyCompleted(tagged: tagID, limit: completedLimit)
        return Dashboard(open: open, completed: recent.reminders, completedTotal: recent.total,
                         now: environment.now(), timeZone: environment.timeZone)
    }
}
