import Domain

/// The add form's rules a server's to-do breaks, as one sentence naming each field.
struct FieldProblems: Error {
    /// Each rule broken, one per field.
    var problems: [ReminderValidationError]

    /// "notes: must be at most 10000 characters; date: must be a day from 1900-01-01 to 2199-12-31".
    var sentence: String {
        problems.map { problem in
            let message = problem.message
            return "\(problem.field.rawValue): \(message.prefix(1).lowercased())\(message.dropFirst())"
        }.joined(separator: "; ")
    }
}
