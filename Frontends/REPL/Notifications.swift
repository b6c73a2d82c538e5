import ArgumentParser
import Foundation
import Shared

extension Memoss {
    /// `memoss notifications`: what is pending, how the budget is used, and what was delivered.
    struct Notifications: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List pending notifications (when, title, id), the budget each group uses, and delivered ones."
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss

        @MainActor
        func run() async throws {
            let list = await store.openCore(before: memoss.store).notificationListModel()
            await list.load()
            if let error = list.error { Terminal.fail(error) }
            print(list.budgetText)
            for row in list.pending { print(NotificationText.line(row)) }
            if !list.delivered.isEmpty {
                print("Delivered, waiting for an answer:")
                for row in list.delivered { print(NotificationText.line(row)) }
            }
        }
    }
}
