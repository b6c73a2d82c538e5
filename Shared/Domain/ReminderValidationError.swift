import Foundation

/// Why a reminder's values were refused; `message` is what the user reads.
package enum ReminderValidationError: Error, Hashable, Sendable {
    /// The title is empty once trimmed.
    case titleRequired
    /// The title is longer than `ReminderRules.maxTitleLength`.
    case titleTooLong
    /// The due instant is not after now.
    case notInFuture
    /// The zone name is not one this system knows.
    case unknownTimeZone(String)

    /// The field the error belongs to.
    package var field: ReminderField {
        switch self {
        case .titleRequired, .titleTooLong: .title
        case .notInFuture: .date
        case .unknownTimeZone: .timeZone
        }
    }

    /// The sentence shown beside the field.
    package var message: String {
        switch self {
        case .titleRequired: "Title is required"
        case .titleTooLong: "Title must be at most \(ReminderRules.maxTitleLength) characters"
        case .notInFuture: "Must be in the future"
        case .unknownTimeZone(let zone): "Unknown time zone \"\(zone)\"; use an IANA name such as Europe/London"
        }
    }
}

/// The fields of the reminder form, as errors and reports name them.
package enum ReminderField: String, Hashable, Sendable {
    case title, notes, date, time, timeZone = "timezone"
}
