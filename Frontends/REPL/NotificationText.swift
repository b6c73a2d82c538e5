import FrontSupport
import Foundation
import Shared

/// Notifications as plain text lines.
enum NotificationText {
    /// "  Today 15:30  Call mum  (late)  id 1F…", with the title made safe to print.
    static func line(_ row: NotificationListModel.Row) -> String {
        "  \(row.timeText)  \(VisibleText.escaped(row.title))\(row.note.map { "  (\($0))" } ?? "")  id \(row.id)"
    }

    /// A delivered notification as `due` and `watch` announce it.
    static func announcement(_ notification: DeliveredNotification, environment: AppEnvironment) -> String {
        let formatter = CardTimeFormatter(today: environment.today, timeZone: environment.timeZone)
        let request = notification.request
        var text = "Reminder: \(VisibleText.escaped(request.title))  \(formatter.string(for: request.fireAt))"
        if notification.isLate { text += "  (late)" }
        if !request.body.isEmpty { text += "\n  \(VisibleText.escaped(request.body))" }
        return text + "\n  id \(request.id)  (memoss complete-notification ID, memoss snooze ID [LENGTH])"
    }

    /// What completing from a notification did: "Completed "Tea"." (and the next time of a repeating
    /// one), or that there was nothing left to complete.
    static func completed(_ result: (reminder: Reminder, completed: Bool), formatter: CardTimeFormatter) -> String {
        let title = VisibleText.escaped(result.reminder.title)
        guard result.completed else {
            return result.reminder.isCompleted ? "\"\(title)\" was already done; the notification is dismissed."
                : "\"\(title)\" has already moved past that time (next: \(formatter.string(for: result.reminder))); the notification is dismissed."
        }
        return completed(result.reminder, formatter: formatter)
    }

    /// "Completed "Tea"." for a reminder now done, "Completed "Meds"; next: Tomorrow 08:00." for a
    /// repeating one that moved on.
    static func completed(_ reminder: Reminder, formatter: CardTimeFormatter) -> String {
        let title = VisibleText.escaped(reminder.title)
        return reminder.isCompleted ? "Completed \"\(title)\"."
            : "Completed \"\(title)\"; next: \(formatter.string(for: reminder))."
    }
}
