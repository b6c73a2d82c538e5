import Domain
import Foundation
import Storage

/// Sets (or puts back to its default) a setting the user sets once, and replans notifications.
package struct ChangeSettingUseCase: Sendable {
    private let settings: any SettingRepository
    private let environment: AppEnvironment
    private let plan: PlanNotificationsUseCase

    /// A use case storing through `settings`, replanning through `plan`.
    package init(settings: any SettingRepository, environment: AppEnvironment, plan: PlanNotificationsUseCase) {
        self.settings = settings
        self.environment = environment
        self.plan = plan
    }

    /// Sets the time of day all-day reminders notify at; `nil` puts back 09:00.
    package func allDayTime(_ time: LocalTime?) async throws {
        try await Journal.record("Set \(Setting.allDayTime.rawValue) to \(time?.description ?? Setting.allDayTime.defaultValue)",
                                 at: environment.now()) {
            try await settings.set(.allDayTime, to: time?.description)
        }
        await plan.afterChange()
    }

    /// Sets the alarms a reminder added without any gets (each relative to its due time; `[]` for
    /// none); `nil` puts back one at the due time. Reminders already stored keep theirs.
    /// - Throws: `SettingError.defaultAlarmNotRelative` for an alarm at a date and time; `StoreError`.
    package func newAlarms(_ alarms: [Alarm]?) async throws {
        var stored: String?
        if let alarms {
            guard let value = Settings.stored(alarms) else { throw SettingError.defaultAlarmNotRelative }
            stored = value
        }
        let text = alarms.map { Alarm.text($0, zone: environment.timeZone) } ?? Setting.newAlarms.defaultValue
        try await Journal.record("Set \(Setting.newAlarms.rawValue) to \(text)", at: environment.now()) {
            try await settings.set(.newAlarms, to: stored)
        }
    }

    /// Every setting as it stands.
    package func current() async throws -> Settings {
        try await settings.settings()
    }
}
