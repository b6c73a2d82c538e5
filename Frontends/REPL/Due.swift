import ArgumentParser
import Foundation
import Shared

extension Memoss {
    /// `memoss due`: delivers what is due now, including what fell due while nothing ran.
    struct Due: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Deliver the notifications due now (and any missed while nothing ran, marked late) and print them."
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss

        func run() async throws {
            let core = await store.openCore(before: memoss.store)
            do {
                let delivered = try await core.deliverDueNotifications()
                if delivered.isEmpty { print("Nothing is due.") }
                for notification in delivered {
                    print(NotificationText.announcement(notification, environment: core.environment))
                }
            } catch {
                Terminal.fail(ErrorMessage.describe(error))
            }
        }
    }
}
