import Foundation

/// Which reminders a listing, a search, an export or a batch command keeps, resolved against the
/// store and the clock (tags and lists by id, days as instants): a reminder is kept when every
/// condition holds. `--tag`, `--list` and `--priority` and the query language (`tag:Work`,
/// `list:Home`, `pri:high`, `due<+7d`, words) all come down to it; the store compiles it to SQL.
/// `all` keeps every reminder.
package struct ReminderFilter: Hashable, Sendable {
    /// Where a reminder stands, as a query names it (`done:yes`, `status:in-progress`).
    package enum Status: String, CaseIterable, Hashable, Sendable {
        /// Open, not started.
        case todo
        /// Open and started.
        case inProgress = "in-progress"
        /// Closed as done.
        case done
        /// Closed without being done.
        case cancelled

        /// Whether reminders of this status are open (in To Do) rather than closed (in Completed).
        package var isOpen: Bool { self == .todo || self == .inProgress }
    }

    /// A list a reminder is in, as the store keeps it: the default list is no list id.
    package enum ListChoice: Hashable, Sendable {
        /// The store's default list.
        case defaultList
        /// Another list, by id.
        case list(UUID)
    }

    /// A day on the user's clock, with the instant it starts there.
    package struct DayStart: Hashable, Sendable {
        package let day: LocalDate
        package let instant: Date

        package init(day: LocalDate, instant: Date) {
            self.day = day
            self.instant = instant
        }
    }

    /// One condition on a reminder.
    package indirect enum Condition: Hashable, Sendable {
        /// A word or a phrase (several words in one) is in its title or notes, or in the name of a
        /// tag it carries or of its list: each of its words starts a word there, whatever the case
        /// and accents. A word of a script written without spaces (Chinese, Japanese, Thai…) or
        /// without any letter or digit (an emoji) is found anywhere in them, as written.
        case text(String)
        /// It carries one of these tags.
        case tagged([UUID])
        /// It is in one of these lists.
        case inList([ListChoice])
        /// Its priority is one of these.
        case priority(Set<Priority>)
        /// It is due at or after `from` and before `before` (either open-ended when `nil`); an
        /// all-day reminder counts as due at the start of its day, an undated one never.
        case due(from: Date?, before: Date?)
        /// It is due on the user's days from `from` and before `before` (either open-ended when
        /// `nil`): a timed reminder at an instant within them, an all-day one on one of them where
        /// it is (Tokyo's Tuesday is Tuesday, as its card says), an undated one never.
        case dueDays(from: DayStart?, before: DayStart?)
        /// It has no date.
        case undated
        /// It is open and overdue, as the dashboard says: due before `now`, or, all day, its day
        /// has ended where it is.
        case overdue(now: Date)
        /// Its status is one of these.
        case status(Set<Status>)
        /// The condition does not hold.
        case not(Condition)
    }

    /// The conditions, every one of which a kept reminder meets.
    package var conditions: [Condition]

    /// A filter of `conditions`.
    package init(_ conditions: [Condition] = []) {
        self.conditions = conditions
    }

    /// The reminders carrying tag `tagID`, in `list` and of `priority`, each only when given.
    package init(tagID: UUID? = nil, list: ListChoice? = nil, priority: Priority? = nil) {
        var conditions: [Condition] = []
        if let tagID { conditions.append(.tagged([tagID])) }
        if let list { conditions.append(.inList([list])) }
        if let priority { conditions.append(.priority([priority])) }
        self.init(conditions)
    }

    /// Every reminder.
    package static let all = ReminderFilter()

    /// Whether it keeps every reminder.
    package var isAll: Bool { conditions.isEmpty }

    /// Whether every condition only leaves words out (`-rfv`, `-text:call`): it selects nearly
    /// everything, so a batch command does not act on it unseen.
    package var onlyLeavesWordsOut: Bool {
        !conditions.isEmpty && conditions.allSatisfy { if case .not(.text) = $0 { true } else { false } }
    }

    /// The one tag every kept reminder carries, when a condition says so: reads can start from its links.
    package var requiredTag: UUID? {
        for case .tagged(let ids) in conditions where ids.count == 1 { return ids[0] }
        return nil
    }

    /// The one list every kept reminder is in, when a condition says so.
    package var requiredList: ListChoice? {
        for case .inList(let lists) in conditions where lists.count == 1 { return lists[0] }
        return nil
    }

    /// Whether it is no more than `requiredTag` (or nothing): the reads that start from a tag's
    /// links, or from the due index, need nothing else.
    package var isAtMostOneTag: Bool {
        conditions.isEmpty || (conditions.count == 1 && requiredTag != nil)
    }

    /// Whether open reminders (To Do) can meet it: no status condition rules them all out.
    package var mayIncludeOpen: Bool {
        allowedStatuses.contains { $0.isOpen }
    }

    /// Whether closed reminders (done or cancelled) can meet it.
    package var mayIncludeClosed: Bool {
        allowedStatuses.contains { !$0.isOpen }
    }

    /// The statuses its status conditions leave.
    private var allowedStatuses: Set<Status> {
        conditions.reduce(into: Set(Status.allCases)) { allowed, condition in
            switch condition {
            case .status(let statuses): allowed.formIntersection(statuses)
            case .not(.status(let statuses)): allowed.subtract(statuses)
            case .overdue: allowed.formIntersection([.todo, .inProgress])
            default: break
            }
        }
    }
}
