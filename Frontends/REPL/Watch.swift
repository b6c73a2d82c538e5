import ArgumentParser
import FrontSupport
import Foundation
import Shared

extension Memoss {
    /// `memoss watch`: stays running and announces each notification when it fires.
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Stay running, sleep until the next notification, and print each one when it fires.",
            discussion: """
                With --exec, CMD runs through /bin/sh for each notification with MEMOSS_TITLE, MEMOSS_BODY, \
                MEMOSS_REMINDER_ID, MEMOSS_NOTIFICATION_ID, MEMOSS_FIRE_AT (ISO 8601) and MEMOSS_LATE (1 or 0) \
                set, e.g. --exec 'notify-send "$MEMOSS_TITLE" "$MEMOSS_BODY"'. Stop with Ctrl-C.
                """
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Option(name: .long, help: ArgumentHelp("A shell command to run for each notification.", valueName: "cmd"))
        var exec: String?
        @Flag(help: "Also show each one on the desktop (the session bus's notification service), with Complete and Snooze 15 min.")
        var notify = false
        @Option(help: ArgumentHelp("Also sync every sync account now and then every INTERVAL (5m, 1h, 1h30m).", valueName: "interval"))
        var syncEvery: String?

        func validate() throws {
            guard let syncEvery else { return }
            guard case .minutes(let minutes)? = TypedInput.snooze(syncEvery), (1...1_440).contains(minutes) else {
                throw ValidationError("--sync-every takes an interval from 1m to 24h, e.g. --sync-every 5m or --sync-every 1h.")
            }
        }

        func run() async throws {
            let core = try await store.openCore(before: memoss.store)
            var notifier: DesktopNotifier?
            if notify {
                let (connected, problem) = DesktopNotifier.connect(environment: ProcessInfo.processInfo.environment)
                if let problem { Output.warn(problem) }
                notifier = connected
                connected?.listen { action in Task { await Self.answer(action, core: core) } }
            }
            Output.say("Watching \(core.storePath ?? "the store") for due reminders; Ctrl-C stops.")
            if let syncEvery, case .minutes(let minutes)? = TypedInput.snooze(syncEvery) {
                Output.say("Syncing every \(minutes) min.")
                if let path = core.storePath { Self.syncForever(store: path, every: TimeInterval(minutes * 60)) }
            }
            var saidWaiting = false
            while true {
                do {
                    let due = try await core.deliverDueNotificationsAsWatcher.deliverOrShow()
                    if due.isDeliveringHere == saidWaiting {
                        Output.say(saidWaiting ? "The other watch stopped; this one delivers now."
                            : "Another memoss watch delivers this store's notifications; this one takes over when it stops.")
                        saidWaiting.toggle()
                    }
                    for notification in due.delivered {
                        Output.say(NotificationText.announcement(notification, environment: core.environment))
                        if let notifier {
                            let (shown, problem) = notifier.show(notification, body: notification.body(environment: core.environment))
                            if !shown {
                                Output.warn("the desktop notification could not be shown (\(problem ?? "no answer")); it is printed above.")
                            }
                        }
                        if let exec { run(exec, for: notification, environment: core.environment) }
                    }
                    try await core.waitForNextNotificationOrChange()
                    try Task.checkCancellation()
                } catch let error as CancellationError {
                    throw error
                } catch {
                    Output.fail(ErrorMessage.describe(error))
                }
            }
        }

        /// Syncs every account now and then every `interval`, on a thread of its own: `memoss-sync`
        /// says what changed and what failed (an account that is up to date says nothing); offline,
        /// it says why and the next round tries again.
        private static func syncForever(store: String, every interval: TimeInterval) {
            let thread = Thread {
                while true {
                    do {
                        _ = try SyncProcess.run(["--changes-only", "--timeout", "60"], store: store)
                    } catch let refusal as Refusal {
                        Output.warn(refusal.message)
                    } catch {
                        Output.warn(ErrorMessage.describe(error))
                    }
                    Thread.sleep(forTimeInterval: interval)
                }
            }
            thread.start()
        }

        /// Does what was clicked on a desktop notification and says so.
        private static func answer(_ action: DesktopNotifier.Action, core: MemossCore) async {
            let formatter = CardTimeFormatter(today: core.environment.today, timeZone: core.environment.timeZone)
            do {
                switch action.key {
                case "complete":
                    let result = try await core.completeFromNotification(id: action.notificationID)
                    Output.say("From its notification: " + CompletionText.completed(result, formatter: formatter))
                case "snooze":
                    let request = try await core.snoozeNotification(id: action.notificationID)
                    Output.say("From its notification: snoozed \"\(VisibleText.escaped(request.title))\" until \(formatter.string(for: request.fireAt)).")
                default:
                    break
                }
            } catch {
                Output.warn(ErrorMessage.describe(error))
            }
        }

        private func run(_ command: String, for notification: DeliveredNotification, environment: AppEnvironment) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            let request = notification.request
            process.environment = ProcessInfo.processInfo.environment.merging([
                "MEMOSS_TITLE": request.title, "MEMOSS_BODY": notification.body(environment: environment),
                "MEMOSS_REMINDER_ID": request.reminderID.uuidString, "MEMOSS_NOTIFICATION_ID": request.id,
                "MEMOSS_FIRE_AT": request.fireAt.ISO8601Format(), "MEMOSS_LATE": notification.isLate ? "1" : "0",
            ]) { $1 }
            do {
                try process.run()
                process.waitUntilExit()
                if process.terminationStatus != 0 { Output.refuse("--exec command exited \(process.terminationStatus).") }
            } catch {
                Output.refuse("--exec command could not start: \(error.localizedDescription)")
            }
        }
    }
}
