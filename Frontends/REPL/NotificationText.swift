import FrontSupport
import Foundation
import Shared

/// Notifications as plain text lines.
enum NotificationText {
    /// "  2. Today 15:30  Call mum  (late)  id 1F…", with the title made safe to print.
    static func line(_ row: NotificationListModel.Row, number: Int) -> String {
        let digits = String(number)
        return String(repeating: " ", count: max(0, 3 - digits.count)) + digits
            + ". \(row.timeText)  \(VisibleText.escaped(row.title))\(row.note.map { "  (\($0))" } ?? "")  id \(row.id)"
    }

    /// A delivered notification as `due` and `watch` announce it, with how to answer it: by its
    /// `number` when it has one, else by its id; the commands as typed at the prompt (`atPrompt`)
    /// or in a shell (`memoss dismiss 1`).
    static func announcement(_ notification: DeliveredNotification, environment: AppEnvironment, number: Int? = nil,
                             again: Bool = false, atPrompt: Bool) -> String {
        let formatter = CardTimeFormatter(today: environment.today, timeZone: environment.timeZone)
        let request = notification.request
        let note = again ? "again: not answered yet" : notification.isLate ? "late" : nil
        var text = "Reminder: \(VisibleText.escaped(request.title))  " + formatter.announced(request, note: note, separator: "  ")
        if !request.body.isEmpty { text += "\n  \(VisibleText.escaped(request.body))" }
        let reference = number.map(String.init) ?? "ID"
        let command = atPrompt ? "" : "memoss "
        return text + "\n  id \(request.id)  (\(command)complete-notification \(reference), \(command)snooze \(reference) [LENGTH], "
            + "\(command)dismiss \(reference))"
    }
}
