import Foundation

/// How `watch --exec` runs its commands: each beside the deliveries, so a slow one never holds a
/// later notification back, a few at once and each for a limited time.
package enum NotificationCommandLimits {
    /// How many commands run at once unless the user says; the others wait their turn, in order.
    package static let defaultAtOnce = 4
    /// The most the user may let run at once.
    package static let atOnceRange = 1...64
    /// How many seconds a command may run unless the user says.
    package static let defaultSeconds = 60
    /// The time limits the user may set, in seconds.
    package static let secondsRange = 1...86_400
    /// Seconds between the SIGTERM that stops a command past its time and the SIGKILL that follows
    /// when it is still running.
    package static let killAfter: TimeInterval = 5
}
