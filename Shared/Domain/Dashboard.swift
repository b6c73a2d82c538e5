import Foundation

/// The reminders as the dashboard groups them: what is still to do, by urgency, and what is done.
package struct Dashboard: Hashable, Sendable {
    /// Open reminders due before now, oldest first.
    package var overdue: [ReminderWithTags]
    /// Open reminders due later today (the user's local day), soonest first.
    package var today: [ReminderWithTags]
    /// Open reminders due after today, soonest first.
    package var upcoming: [ReminderWithTags]
    /// Open reminders without a date, oldest first.
    package var someday: [ReminderWithTags]
    /// Done reminders, most recently completed first (the most recent ones when limited).
    package var completed: [ReminderWithTags]
    /// How many reminders are done in all, shown or not.
    package var completedTotal: Int

    /// Groups open reminders (sorted by due instant) and completed ones around `now`
    /// and the end of the user's local day; `completedTotal` counts the done ones not passed too.
    package init(open: [ReminderWithTags], completed: [ReminderWithTags], completedTotal: Int? = nil,
                 now: Date, timeZone: TimeZone) {
        let grouping = Grouping(now: now, timeZone: timeZone)
        overdue = open.filter { grouping.group(of: $0.reminder) == .overdue }
        today = open.filter { grouping.group(of: $0.reminder) == .today }
        upcoming = open.filter { grouping.group(of: $0.reminder) == .upcoming }
        someday = open.filter { grouping.group(of: $0.reminder) == .someday }
        self.completed = completed
        self.completedTotal = max(completedTotal ?? completed.count, completed.count)
    }

    /// How many completed reminders the dashboard shows unless asked for all: the most recent.
    package static let recentCompletedCount = 10

    /// Where an open reminder stands in time.
    package enum Group: Hashable, Sendable { case overdue, today, upcoming, someday }

    /// Sorts open reminders into groups around `now` and the end of the user's local day.
    package struct Grouping: Sendable {
        private let now: Date
        private let today: LocalDate
        private let endOfToday: Date

        /// The groups as of `now` for a user in `timeZone`.
        package init(now: Date, timeZone: TimeZone) {
            self.now = now
            today = LocalDate(containing: now, in: timeZone)
            endOfToday = today.interval(in: timeZone).upperBound
        }

        /// A timed reminder: overdue before now, today until the end of the user's day, upcoming
        /// after. An all-day one: overdue once its day has ended in its zone, today on the user's
        /// day. An undated one: some day.
        package func group(of reminder: Reminder) -> Group {
            // A timed one by its instant alone (its wall-clock time is not needed).
            if !reminder.isAllDay, let instant = reminder.scheduledAt { return group(of: instant) }
            return switch reminder.due {
            case .someday: .someday
            case .day(let day):
                // Two days after the user's today is upcoming in any zone (offsets are within 26 h
                // of each other), so the day's end is looked up only nearer now.
                day > today.adding(days: 1) ? .upcoming
                    : Reminder.endOfAllDay(day, in: reminder.timeZone) <= now ? .overdue
                    : day <= today ? .today : .upcoming
            case .moment(_, let instant): group(of: instant)
            }
        }

        /// Overdue before now, today until the end of the user's day, upcoming after.
        package func group(of instant: Date) -> Group {
            instant < now ? .overdue : instant < endOfToday ? .today : .upcoming
        }

        /// From this instant on, a To Do read by due instant holds only upcoming reminders: an
        /// overdue one is due before now, a timed one today before the end of the user's day, and
        /// an all-day one today starts its day in its own zone at most 26 hours after the user's
        /// (zones are at most 26 hours apart).
        package var onlyUpcomingFrom: Date { endOfToday.addingTimeInterval(26 * 3_600) }

        /// Where a To Do read by due instant can have a reminder out of its groups' order: only an
        /// all-day one, due from 26 hours before now (a day that has not ended lasts at most 25
        /// hours) to `onlyUpcomingFrom`. A read of the first N of To Do reads as many more as there
        /// are open all-day reminders due then, and keeps the first N once in order.
        package var outOfOrderAllDay: Range<Date> { now.addingTimeInterval(-26 * 3_600)..<onlyUpcomingFrom }
    }

    /// Puts open reminders read by due instant (an all-day one at the start of its day) in their
    /// groups' order, each group in the order read: an all-day reminder due today starts the day,
    /// before a timed one already overdue, and is held back until no overdue one can follow.
    /// Holds at most what is due before `Grouping.onlyUpcomingFrom`.
    package struct GroupOrder<Item> {
        private let onlyUpcomingFrom: Date
        private var held: [(item: Item, group: Group)] = []
        private var holding = true

        package init(_ grouping: Grouping) {
            onlyUpcomingFrom = grouping.onlyUpcomingFrom
        }

        /// Passes `item` (in `group`, due at `instant`) to `emit` when its turn has come, after
        /// any held ones whose turn came with it.
        package mutating func take(_ item: Item, group: Group, dueAt instant: Date?,
                                   _ emit: (Item, Group) throws -> Void) rethrows {
            guard holding else { return try emit(item, group) }
            if let instant, instant >= onlyUpcomingFrom {
                try flush(emit)
                holding = false
                return try emit(item, group)
            }
            if group == .overdue { return try emit(item, group) }
            held.append((item, group))
        }

        /// Passes the held ones to `emit`, today's before the upcoming ones; the read has ended.
        package mutating func flush(_ emit: (Item, Group) throws -> Void) rethrows {
            for group in [Group.today, .upcoming, .someday] {
                for entry in held where entry.group == group { try emit(entry.item, group) }
            }
            held.removeAll()
        }
    }

    /// The To Do section: overdue, then today, then upcoming, then the undated.
    package var toDo: [ReminderWithTags] { overdue + today + upcoming + someday }
}
