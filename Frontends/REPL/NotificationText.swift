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
}
