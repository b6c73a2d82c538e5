import ArgumentParser
import Foundation
import Shared

extension Memoss {
    /// `memoss notifications [--json]`: what is pending, how the budget is used, and what was delivered.
    struct Notifications: SessionCommand {
        static let configuration = CommandConfiguration(
            abstract: "List pending notifications (when, title, id), the budget each group uses, and delivered ones.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Flag(help: "Print JSON (see README.md).") var json = false

        func execute(in session: Session) async throws {
            if json {
                let centre = try await session.core.listNotifications()
                return session.say(JSONShapes.encode(JSONShapes.NotificationsJSON(
                    pending: centre.pending, delivered: centre.delivered, zone: session.core.environment.timeZone)))
            }
            let list = session.core.notificationListModel()
            await list.load()
            if let error = list.error { throw Refusal(message: error) }
            session.say(list.budgetText)
            for row in list.pending { session.say(NotificationText.line(row)) }
            if !list.delivered.isEmpty {
                session.say("Delivered, waiting for an answer:")
                for row in list.delivered { session.say(NotificationText.line(row)) }
            }
        }
    }

    /// `memoss due`: delivers what is due now, including what fell due while nothing ran.
    struct Due: SessionCommand {
        static let configuration = CommandConfiguration(
            abstract: "Deliver the notifications due now (and any missed while nothing ran, marked late) and print them.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss

        func execute(in session: Session) async throws {
            let delivered = try await session.core.deliverDueNotifications()
            if delivered.isEmpty { session.say("Nothing is due.") }
            for notification in delivered {
                session.say(NotificationText.announcement(notification, environment: session.core.environment))
            }
        }
    }

    /// `memoss complete-notification ID`: marks the reminder of a notification complete.
    struct CompleteNotification: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "complete-notification",
            abstract: "Complete the reminder of a notification: a repeating one moves to its next time, a one-time one is done.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "The notification's id, as `notifications` lists it.") var id: String

        func execute(in session: Session) async throws {
            let reminder = try await session.core.completeFromNotification(id: id)
            let title = VisibleText.escaped(reminder.title)
            session.say(reminder.isCompleted ? "Completed \"\(title)\"."
                : "Completed \"\(title)\"; next: \(session.timeFormatter.string(for: reminder.scheduledAt)).")
        }
    }

    /// `memoss snooze ID [MINUTES]`: fires a notification again later.
    struct Snooze: SessionCommand {
        static let configuration = CommandConfiguration(abstract: "Snooze a notification for 15 minutes, or for MINUTES.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "The notification's id, as `notifications` lists it.") var id: String
        @Argument(help: "How many minutes to snooze (default 15).") var minutes: Int = NotificationBudget.defaultSnoozeMinutes

        func execute(in session: Session) async throws {
            let request = try await session.core.snoozeNotification(id: id, minutes: minutes)
            session.say("Snoozed \"\(VisibleText.escaped(request.title))\" until \(session.timeFormatter.string(for: request.fireAt)).")
        }
    }
}
