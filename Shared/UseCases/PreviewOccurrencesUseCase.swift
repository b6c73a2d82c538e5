import Domain
import Foundation
import Storage

/// Says when a reminder will next be due: its current occurrence and the ones after it.
package struct PreviewOccurrencesUseCase: Sendable {
    private let repository: any ReminderRepository

    /// A use case reading through `repository`.
    package init(repository: any ReminderRepository) {
        self.repository = repository
    }

    /// Up to `count` occurrence instants of reminder `id`, from its current one on, within its end
    /// date (one for a one-time reminder, none for a done one).
    /// - Throws: `ReminderError.notFound`; `StoreError`.
    package func callAsFunction(id: UUID, count: Int) async throws -> [Date] {
        guard let reminder = try await repository.reminder(id: id) else { throw ReminderError.notFound(id) }
        return reminder.isCompleted ? [] : reminder.series?.occurrences(count: count).map(\.instant) ?? []
    }
}
