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

    /// The dashboard as of now.
    package func callAsFunction() async throws -> Dashboard {
        Dashboard(
            open: try await repository.openReminders(),
            completed: try await repository.completedReminders(),
            now: environment.now(),
            timeZone: environment.timeZone
        )
    }
}
