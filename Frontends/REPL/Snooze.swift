import ArgumentParser
import Foundation
import Shared

extension Memoss {
    /// `memoss snooze ID [MINUTES]`: fires a notification again later.
    struct Snooze: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Snooze a notification for 15 minutes, or for MINUTES."
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "The notification's id, as `memoss notifications` lists it.") var id: String
        @Argument(help: "How many minutes to snooze (default 15).") var minutes: Int = NotificationBudget.defaultSnoozeMinutes

        func run() async throws {
            let core = await store.openCore(before: memoss.store)
            do {
                let request = try await core.snoozeNotification(id: id, minutes: minutes)
                let formatter = CardTimeFormatter(today: core.environment.today, timeZone: core.environment.timeZone)
                print("Snoozed \"\(VisibleText.escaped(request.title))\" until \(formatter.string(for: request.fireAt)).")
            } catch {
                Terminal.fail(ErrorMessage.describe(error))
            }
        }
    }
}
