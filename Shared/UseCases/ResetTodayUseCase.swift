import Domain
import Foundation
import Storage

/// Removes today's one-time reminders (the user's local day) and keeps every other day's.
package struct ResetTodayUseCase: Sendable {
    private let repository: any ReminderRepository
    private let environment: AppEnvironment
    private let plan: PlanNotificationsUseCase

    /// A use case deleting through `repository`, with the day from `environment`, replanning notifications with `plan`.
    package init(repository: any ReminderRepository, environment: AppEnvironment, plan: PlanNotificationsUseCase) {
        self.repository = repository
        self.environment = environment
        self.plan = plan
    }

    /// Deletes the one-time reminders due today, open or done, and returns how many went.
    package func callAsFunction() async throws -> Int {
        let count = try await repository.deleteOneTime(scheduledIn: environment.today.interval(in: environment.timeZone))
        try await plan()
        return count
    }
}
