import Domain
import Foundation
import UseCases

/// A status and a percentage as people and files write them: `todo`, `in-progress`, `done`,
/// `cancelled` (and `needs-action`, `in-process`, `completed`, `canceled` as iCalendar and other
/// tools spell them); `40` or `40%`. The one reader of both, for `edit --status --progress` and a
/// CSV's `status` and `percent_complete` columns.
package enum StatusInput {
    /// What a status word says: whether the reminder is closed (`nil` for an empty word, which says
    /// nothing) and its stage.
    package struct Word: Hashable, Sendable {
        /// Closed (done or cancelled), open, or not said.
        package let closed: Bool?
        /// In progress or cancelled, besides open and done.
        package let stage: Reminder.Stage
    }

    /// The words `--status` takes, for hints.
    package static let words = "todo, in-progress, done or cancelled"

    /// What `text` says, `nil` when it is not a status word.
    package static func word(_ text: String) -> Word? {
        let word = text.trimmingWhitespace().lowercased()
        return switch word.contains("_") ? String(word.map { $0 == "_" ? "-" : $0 }) : word {
        case "": Word(closed: nil, stage: .none)
        case "todo", "to do", "to-do", "open", "needs-action": Word(closed: false, stage: .none)
        case "in-progress", "in progress", "in-process", "started": Word(closed: false, stage: .inProgress)
        case "done", "completed", "complete": Word(closed: true, stage: .none)
        case "cancelled", "canceled": Word(closed: true, stage: .cancelled)
        default: nil
        }
    }

    /// A percentage, 0–100, written `40` or `40%`; `nil` for anything else.
    package static func percent(_ text: String) -> Int? {
        let trimmed = text.trimmingWhitespace()
        guard let value = Int(trimmed.hasSuffix("%") ? String(trimmed.dropLast()).trimmingWhitespace() : trimmed),
              (0...100).contains(value) else { return nil }
        return value
    }

    /// What `edit --status S --progress P` asks for: to complete it (`nil` status with `done`), or a
    /// status to set; `nil` when neither is given.
    package enum Change: Hashable, Sendable {
        case complete
        case set(ChangeStatusUseCase.Status)
    }

    /// Reads `--status` and `--progress`; a progress alone means started. Throws a sentence naming the option.
    package static func change(status: String?, progress: String?) throws(StatusProblem) -> Change? {
        var percent: Int?
        if let progress {
            guard let value = Self.percent(progress) else { throw StatusProblem("--progress: give a percentage from 0 to 100, such as 40 or 40%.") }
            percent = value
        }
        guard let status else { return percent.map { .set(.inProgress(percent: $0)) } }
        guard let word = word(status), word.closed != nil else { throw StatusProblem("--status: give \(words).") }
        switch (word.closed, word.stage) {
        case (true, .cancelled): return .set(.cancelled)
        case (true, _):
            guard percent == nil else { throw StatusProblem("--progress goes with an open reminder; leave it out with --status done.") }
            return .complete
        case (_, .inProgress): return .set(.inProgress(percent: percent))
        default:
            guard percent == nil else { throw StatusProblem("--progress means started; give --status in-progress, or leave out --progress.") }
            return .set(.toDo)
        }
    }
}

/// A status or a progress that could not be read, as one sentence (a usage error).
package struct StatusProblem: Error, Hashable, Sendable {
    /// The sentence shown.
    package let message: String

    init(_ message: String) {
        self.message = message
    }
}
