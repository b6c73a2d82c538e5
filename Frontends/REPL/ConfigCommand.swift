import ArgumentParser
import FrontSupport
import Foundation
import Shared

extension Memoss {
    /// `memoss config [NAME [VALUE]]`: the settings the user sets once.
    struct Config: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Show the settings, or set one: config all-day-time 08:00, config alarms -15m,0 (default restores the default).")

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Argument(help: "The setting: all-day-time or alarms.") var name: String?
        /// Its words, read as one value (`config alarms -15m, 0` at the prompt, unquoted).
        @Argument(help: "Its new value, or default.") var words: [String] = []

        func execute(in session: Session) async throws {
            let core = session.core
            guard let name else {
                let settings = try await core.changeSetting.current()
                for setting in Setting.allCases {
                    let value = switch setting {
                    case .allDayTime: settings.allDayTime.description
                    case .newAlarms: Alarm.text(settings.newAlarms, zone: core.environment.timeZone)
                    }
                    session.say("  \(setting.rawValue) \(value)  \(session.style.dim("(\(setting.summary))"))")
                }
                return
            }
            guard let setting = Setting(rawValue: name.lowercased()) else {
                throw UsageProblem(message: "No setting named \"\(VisibleText.escaped(name))\"; the settings are "
                    + Setting.allCases.map(\.rawValue).joined(separator: ", ") + ".")
            }
            let value = words.joined(separator: " ")
            guard !value.isEmpty else {
                throw UsageProblem(message: "Give \(setting.rawValue) a value, or default: config \(setting.rawValue) \(setting.example).")
            }
            switch setting {
            case .allDayTime:
                let time: LocalTime?
                if value.lowercased() == "default" {
                    time = nil
                } else {
                    guard let read = TypedInput.time(value) else { throw UsageProblem(message: "all-day-time: \(TypedInput.timeHint).") }
                    time = read
                }
                try await core.changeSetting.allDayTime(time)
                session.say("All-day reminders notify at \((time ?? .nineAM).description) on their day.")
            case .newAlarms:
                var alarms: [Alarm]?
                if value.lowercased() != "default" {
                    let environment = core.environment
                    switch AlarmText.read(value, now: environment.now(), zone: environment.timeZone) {
                    case .success(let read): alarms = read
                    case .failure: throw UsageProblem(message: "alarms: \(AlarmText.hint).")
                    }
                }
                do {
                    try await core.changeSetting.newAlarms(alarms)
                } catch let refused as SettingError {
                    throw UsageProblem(message: refused.message)
                }
                session.say("A reminder added without alarms gets: \(Alarm.text(alarms ?? Alarm.defaults, zone: core.environment.timeZone)).")
            }
        }
    }
}
