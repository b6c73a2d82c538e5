import ArgumentParser
import Foundation
import Shared

extension Memoss {
    /// `memoss complete-notification ID`: marks the reminder of a notification complete.
    struct CompleteNotification: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "complete-notification",
            abstract: "Complete the reminder of a notification: a repeating one moves to its next time, a one-time one is done."
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "The notification's id, as `memoss notifications` lists it.") var id: String

        func run() async throws {
            let core = await store.openCore(before: memoss.store)
            do {
                let reminder = try await core.completeFromNotification(id: id)
                let title = VisibleText.escaped(reminder.title)
                if reminder.isCompleted {
                    print("Completed \"\(title)\".")
                } else {
                    let formatter = CardTimeFormatter(today: core.environment.today, timeZone: core.environment.timeZone)
                    print("Completed \"\(title)\"; next: \(formatter.string(for: reminder.scheduledAt)).")
                }
            } catch {
                Terminal.fail(ErrorMessage.describe(error))
            }
        }
    }
}
