import FrontSupport
import Foundation
import Shared

/// `watch --exec`: each notification's command runs through `/bin/sh` beside the deliveries, at most
/// `atOnce` at a time (the others wait their turn, in order) and each for at most `seconds`, then
/// stopped with everything it started (see `NotificationCommandLimits`).
final class ExecQueue: @unchecked Sendable {
    private struct Job {
        let environment: [String: String]
        let title: String
    }

    private let command: String
    private let atOnce: Int
    private let seconds: Int
    private let lock = NSLock()
    private var waiting: [Job] = []
    private var running = 0

    /// A queue running `command` for each notification.
    init(command: String, atOnce: Int, seconds: Int) {
        self.command = command
        self.atOnce = atOnce
        self.seconds = seconds
    }

    /// Runs the command for `notification` now, or once fewer than `atOnce` run; returns at once.
    func run(for notification: DeliveredNotification, environment: AppEnvironment) {
        let request = notification.request
        let variables = ProcessInfo.processInfo.environment.merging([
            "MEMOSS_TITLE": request.title, "MEMOSS_BODY": notification.body(environment: environment),
            "MEMOSS_REMINDER_ID": request.reminderID.uuidString, "MEMOSS_NOTIFICATION_ID": request.id,
            "MEMOSS_FIRE_AT": request.fireAt.ISO8601Format(), "MEMOSS_LATE": notification.isLate ? "1" : "0",
        ]) { $1 }
        let job = Job(environment: variables, title: VisibleText.escaped(request.title))
        let start = lock.withLock { () -> Bool in
            guard running < atOnce else {
                waiting.append(job)
                return false
            }
            running += 1
            return true
        }
        if start { launch(job) }
    }

    /// Runs `job` on a thread of its own, then the next one waiting.
    private func launch(_ job: Job) {
        Thread { [self] in
            var next: Job? = job
            while let current = next {
                execute(current)
                next = lock.withLock {
                    guard !waiting.isEmpty else {
                        running -= 1
                        return nil
                    }
                    return waiting.removeFirst()
                }
            }
        }.start()
    }

    private func execute(_ job: Job) {
        let child: ChildProgram
        do {
            child = try ChildProgram.start(["/bin/sh", "-c", command], environment: job.environment)
        } catch let failure as ChildProgram.StartFailure {
            Output.refuse("--exec command could not start: \(failure.reason)")
            return
        } catch {
            return
        }
        let state = Deadline()
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) {
            guard state.stop() else { return }
            Output.refuse("--exec command for \"\(job.title)\" still ran after \(self.seconds) s; it was stopped.")
            child.signalGroup(SIGTERM)
            DispatchQueue.global().asyncAfter(deadline: .now() + NotificationCommandLimits.killAfter) {
                if state.isRunning { child.signalGroup(SIGKILL) }
            }
        }
        let status = child.wait()
        if !state.end() && status != 0 { Output.refuse("--exec command for \"\(job.title)\" exited \(status).") }
    }
}

/// Whether a command still runs, and whether its time limit stopped it.
private final class Deadline: @unchecked Sendable {
    private let lock = NSLock()
    private var ended = false
    private var stopped = false

    /// Whether it still runs.
    var isRunning: Bool { lock.withLock { !ended } }

    /// Marks it stopped by its time limit; false when it had already ended.
    func stop() -> Bool {
        lock.withLock {
            stopped = !ended
            return stopped
        }
    }

    /// Marks it ended; whether its time limit had stopped it.
    func end() -> Bool {
        lock.withLock {
            ended = true
            return stopped
        }
    }
}
