import Domain
import Foundation
import Storage

/// Deletes a reminder and its completion log for good.
package struct DeleteReminderUseCase: Sendable {
    private let repository: any ReminderRepository
    private let plan: PlanNotificationsUseCase

    /// A use case deleting through `repository`, replanning notifications with `plan`.
    package init(repository: any ReminderRepository, plan: PlanNotificationsUseCase) {
        self.repository = repository
        self.plan = plan
    }

    /// Deletes reminder `id` with its pending and delivered notifications, then refills the plan.
    /// - Throws: `ReminderError.notFound` when there is no such reminder; `StoreError` when storage fails.
    package func callAsFunction(id: UUID) async throws {
        guard try await repository.delete(id: id) else { throw ReminderError.notFound(id) }
        try await plan()
    }
}
