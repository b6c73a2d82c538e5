import ArgumentParser
import CSystem
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
                set, e.g. --exec 'notify-send "$MEMOSS_TITLE" "$MEMOSS_BODY"'. Commands run beside the \
                deliveries, so a slow one never holds a later notification back: at most \
                \(NotificationCommandLimits.defaultAtOnce) at once (--exec-jobs; the others wait their turn), each \
                for at most \(NotificationCommandLimits.defaultSeconds) s (--exec-timeout), after which it is \
                stopped with everything it started (SIGTERM, then SIGKILL \(Int(NotificationCommandLimits.killAfter)) s \
                later). With --notify, a notification service that starts after watch is used from then on; a \
                notification that fires again replaces its popup, and one answered anywhere is closed. When \
                another program holds the store locked, watch waits for it and delivers late (marked late once \
                over a minute). A query after the options (help query) runs CMD only for the notifications of the \
                reminders it selects: --exec CMD tag:Work. With --nag 10m, a notification nobody answers is shown \
                again every 10 minutes (printed, its popup replaced; --exec runs once) until it is completed, \
                snoozed or dismissed anywhere. Ctrl-C, or SIGTERM or SIGHUP, stops watch and the programs it started.
                """
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Option(name: .long, help: ArgumentHelp("A shell command to run for each notification.", valueName: "cmd"))
        var exec: String?
        @Option(name: .long, help: ArgumentHelp(
            "How many --exec commands may run at once (1 to \(NotificationCommandLimits.atOnceRange.upperBound); "
                + "\(NotificationCommandLimits.defaultAtOnce) unless set).", valueName: "n"))
        var execJobs: Int = NotificationCommandLimits.defaultAtOnce
        @Option(name: .long, help: ArgumentHelp(
            "How many seconds an --exec command may run before it is stopped (\(NotificationCommandLimits.defaultSeconds) unless set).",
            valueName: "seconds"))
        var execTimeout: Int = NotificationCommandLimits.defaultSeconds
        @Flag(help: "Also show each one on the desktop (the session bus's notification service), with Complete, Snooze 15 min and Dismiss.")
        var notify = false
        @Option(help: ArgumentHelp("Also sync every sync account now and then every INTERVAL (5m, 1h, 1h30m).", valueName: "interval"))
        var syncEvery: String?
        @Option(help: ArgumentHelp(
            "Show a notification again every INTERVAL (5m, 10m, 1h) until it is completed, snoozed or dismissed, here or anywhere.",
            valueName: "interval"))
        var nag: String?
        @Argument(help: ArgumentHelp("With --exec, run CMD only for the reminders this query selects (help query).", valueName: "query"))
        var query: [String] = []

        func validate() throws {
            if !query.isEmpty && exec == nil {
                throw ValidationError("A query chooses the notifications --exec runs for; give --exec CMD too.")
            }
            guard NotificationCommandLimits.atOnceRange.contains(execJobs) else {
                throw ValidationError("--exec-jobs takes 1 to \(NotificationCommandLimits.atOnceRange.upperBound) commands at once, e.g. --exec-jobs 2.")
            }
            guard NotificationCommandLimits.secondsRange.contains(execTimeout) else {
                throw ValidationError("--exec-timeout takes 1 to \(NotificationCommandLimits.secondsRange.upperBound) seconds, e.g. --exec-timeout 30.")
            }
            if let nag, Self.minutes(nag) == nil {
                throw ValidationError("--nag takes an interval from 1m to 24h, e.g. --nag 10m or --nag 1h.")
            }
            if let syncEvery, Self.minutes(syncEvery) == nil {
                throw ValidationError("--sync-every takes an interval from 1m to 24h, e.g. --sync-every 5m or --sync-every 1h.")
            }
        }

        /// The minutes an interval option says (`10`, `5m`, `1h30m`), 1 to a day; `nil` otherwise.
        private static func minutes(_ text: String) -> Int? {
            guard case .minutes(let minutes)? = TypedInput.snooze(text), (1...1_440).contains(minutes) else { return nil }
            return minutes
        }

        func run() async throws {
            let core = try await store.openCore(before: memoss.store)
            memoss_stop_children_on_signals()
            do {
                _ = try await core.queryModel.filter(query)
            } catch let error as QueryError {
                Output.fail(error.message, status: error.isUsage ? 2 : 1)
            }
            var notifier: DesktopNotifier?
            var serviceProblem: String?
            if notify {
                let (connected, problem) = DesktopNotifier.onSessionBus(environment: ProcessInfo.processInfo.environment)
                if let problem { Output.warn(problem) }
                notifier = connected
                connected?.listen { action in Task { await Self.answer(action, core: core, notifier: connected) } }
                if let connected, case .failure(let problem) = connected.lookUpService() {
                    serviceProblem = problem.reason
                    Output.warn(Self.noService(problem.reason))
                }
            }
            let commands = exec.map { ExecQueue(command: $0, atOnce: execJobs, seconds: execTimeout) }
            Output.say("Watching \(core.storePath ?? "the store") for due reminders; Ctrl-C stops.")
            var nagging = nag.flatMap(Self.minutes).map { NagSchedule(every: TimeInterval($0 * 60)) }
            if let syncEvery, let minutes = Self.minutes(syncEvery) {
                Output.say("Syncing every \(minutes) min.")
                if let path = core.storePath { Self.syncForever(store: path, every: TimeInterval(minutes * 60)) }
            }
            var saidWaiting = false
            var saidBusy = false
            while true {
                do {
                    let due = try await core.deliverDueNotificationsAsWatcher.deliverOrShow()
                    if due.isDeliveringHere == saidWaiting {
                        Output.say(saidWaiting ? "The other watch stopped; this one delivers now."
                            : "Another memoss watch delivers this store's notifications; this one takes over when it stops.")
                        saidWaiting.toggle()
                    }
                    if due.isStoreBusy != saidBusy {
                        if due.isStoreBusy {
                            Output.warn("another program holds the store locked; what falls due is delivered once it is free.")
                        } else {
                            Output.say("The store is free again.")
                        }
                        saidBusy.toggle()
                    }
                    var shown = due.delivered.map { (notification: $0, again: false) }
                    if var schedule = nagging, let awaiting = due.awaitingAnswer {
                        let now = core.environment.now()
                        schedule.shown(due.delivered, at: now)
                        let waiting = try await core.listNotifications().delivered.filter { awaiting.contains($0.id) }
                        shown += schedule.due(waiting: waiting, at: now).map { ($0, true) }
                        nagging = schedule
                    }
                    for (notification, again) in shown {
                        Output.say(NotificationText.announcement(notification, environment: core.environment, again: again, atPrompt: false))
                        if let notifier {
                            switch notifier.show(notification, body: notification.body(environment: core.environment)) {
                            case .shown:
                                if serviceProblem != nil { Output.say("The desktop's notification service answers now; notifications show there.") }
                                serviceProblem = nil
                            case .noService(let problem):
                                if serviceProblem == nil { Output.warn(Self.noService(problem)) }
                                serviceProblem = problem
                            case .refused(let problem):
                                Output.warn("the desktop notification could not be shown (\(problem.isEmpty ? "no answer" : problem)); it is printed above.")
                            }
                        }
                        if !again, let commands, try await isSelected(notification, core) {
                            commands.run(for: notification, environment: core.environment)
                        }
                    }
                    if let notifier, let awaiting = due.awaitingAnswer { notifier.closeAnswered(awaiting: awaiting) }
                    // A busy store was waited for already (the store's own wait); look again soon.
                    if due.isStoreBusy {
                        _ = await core.waitForChange(timeout: 1)
                    } else {
                        try await core.waitForNextNotificationOrChange(orUntil: nagging?.next)
                    }
                    try Task.checkCancellation()
                } catch let error as CancellationError {
                    throw error
                } catch {
                    Output.fail(ErrorMessage.describe(error))
                }
            }
        }

        /// What `watch --notify` says when no notification service answers.
        private static func noService(_ problem: String) -> String {
            "no notification service answers on the session bus (\(problem)), so notifications are printed here "
                + "until one does."
        }

        /// Whether the query selects the notification's reminder (read again for each: `due:today` is
        /// today's when it fires); every one without a query.
        private func isSelected(_ notification: DeliveredNotification, _ core: MemossCore) async throws -> Bool {
            guard !query.isEmpty else { return true }
            let filter = try await core.queryModel.filter(query)
            let id = notification.request.reminderID
            return try await core.reminderIDs([id], matching: filter).contains(id)
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
        private static func answer(_ action: DesktopNotifier.Action, core: MemossCore, notifier: DesktopNotifier?) async {
            let formatter = CardTimeFormatter(today: core.environment.today, timeZone: core.environment.timeZone)
            do {
                switch action.key {
                case "complete":
                    let result = try await core.completeFromNotification(id: action.notificationID)
                    Output.say("From its notification: " + CompletionText.completed(result, formatter: formatter))
                case "snooze":
                    let request = try await core.snoozeNotification(id: action.notificationID)
                    Output.say("From its notification: snoozed \"\(VisibleText.escaped(request.title))\" until \(formatter.string(for: request.fireAt)).")
                case "dismiss":
                    let request = try await core.dismissNotification(id: action.notificationID)
                    Output.say("From its notification: dismissed \"\(VisibleText.escaped(request.title))\".")
                default:
                    return
                }
                notifier?.close(action.notificationID)
            } catch {
                Output.warn(ErrorMessage.describe(error))
            }
        }
    }
}
