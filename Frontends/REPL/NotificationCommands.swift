import ArgumentParser
import FrontSupport
import Foundation
import Shared

/// How the commands that answer a notification take it.
private let notificationReference = ArgumentHelp("Its number in the last `notifications` (or `due`), or its id (4 characters or more of it).")

extension Memoss {
    /// `memoss notifications [--all] [--json]`: what is pending, how the budget is used, and what was delivered.
    struct Notifications: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "notifications",
            abstract: "List notifications, numbered: delivered ones waiting for an answer, then pending ones with the budget they use.",
            discussion: "A repeating reminder's planned notifications are one line, its next; --all lists each. snooze N and complete-notification N answer the one numbered N.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Flag(help: "List every pending notification, each of a series on its own line.") var all = false
        @Flag(help: "Print JSON (man memoss, JSON, says its shape); it always has every one.") var json = false

        func execute(in session: Session) async throws {
            if json {
                let centre = try await session.core.listNotifications()
                return session.say(JSONShapes.encode(JSONShapes.NotificationsJSON(
                    pending: centre.pending, delivered: centre.delivered, zone: session.core.environment.timeZone)))
            }
            let list = session.core.notificationListModel()
            await list.load()
            if let error = list.error { throw Refusal(message: error) }
            if !list.delivered.isEmpty {
                session.say("Delivered, waiting for an answer:")
                for (index, row) in list.delivered.enumerated() { session.say(NotificationText.line(row, number: index + 1)) }
            }
            session.say(list.budgetText)
            let pending = all ? list.pending : list.pendingBySeries
            for (index, row) in pending.enumerated() {
                session.say(NotificationText.line(row, number: list.delivered.count + index + 1))
            }
            try await session.core.numberNotifications.keep((list.delivered + pending).map(\.id))
        }
    }

    /// `memoss due`: delivers what is due now, including what fell due while nothing ran.
    struct Due: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "due",
            abstract: "Deliver the notifications due now (and any missed while nothing ran, marked late) and print them.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss

        func execute(in session: Session) async throws {
            let due = try await session.core.deliverDueNotifications.deliverOrShow()
            if due.delivered.isEmpty && due.deliveredElsewhere.isEmpty { session.say("Nothing is due.") }
            let numbers = try await session.notificationNumbers()
            for notification in due.delivered {
                session.say(NotificationText.announcement(notification, environment: session.core.environment, number: numbers[notification.id],
                                                            atPrompt: session.isREPL))
            }
            if !due.deliveredElsewhere.isEmpty {
                session.say("A running `memoss watch` delivers this store's notifications; due now:")
                for notification in due.deliveredElsewhere {
                    session.say(NotificationText.announcement(notification, environment: session.core.environment, number: numbers[notification.id],
                                                            atPrompt: session.isREPL))
                }
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
        @Argument(help: notificationReference) var id: String

        func execute(in session: Session) async throws {
            let id = try await session.core.numberNotifications.resolve(id)
            session.say(CompletionText.completed(try await session.core.completeFromNotification(id: id),
                                                   formatter: session.timeFormatter))
        }
    }

    /// `memoss dismiss ID`: answers a notification without completing or snoozing its reminder.
    struct Dismiss: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "dismiss",
            abstract: "Dismiss a notification: it goes, the reminder stays as it is, and no synced device notifies it again.",
            discussion: "One not delivered yet is answered ahead of its time, with the reminder's alarms before it.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: notificationReference) var id: String

        func execute(in session: Session) async throws {
            let request = try await session.core.dismissNotification(id: try await session.core.numberNotifications.resolve(id))
            session.say("Dismissed \"\(VisibleText.escaped(request.title))\".")
        }
    }

    /// `memoss snooze ID [LENGTH]`: fires a notification again later.
    struct Snooze: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "snooze",
            abstract: "Snooze a notification for 15 minutes, or for LENGTH (10, 90m, 1h, 1h30m) or until a time (17:30).",
            discussion: "A delivered notification fires again LENGTH from now; one not delivered yet is postponed from its own time, never made earlier.")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: notificationReference) var id: String
        @Argument(help: "How long: minutes (10), 90m, 1h, 1h30m, or until a time (17:30, 5:30pm); default 15 minutes.")
        var length: String?

        func execute(in session: Session) async throws {
            guard let snooze = length.map(TypedInput.snooze) ?? SnoozeLength.standard else {
                throw UsageProblem(message: NotificationError.invalidSnooze.message)
            }
            let request = try await session.core.snoozeNotification(id: try await session.core.numberNotifications.resolve(id), length: snooze)
            session.say("Snoozed \"\(VisibleText.escaped(request.title))\" until \(session.timeFormatter.string(for: request.fireAt)).")
        }
    }
}
