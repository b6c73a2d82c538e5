import Domain
import Foundation
@testable import Sync
import Testing

/// The three-way merge of one reminder, field by field, and what is kept of another client's resource.
struct SyncMergeTests {
    private let zone = "Europe/Berlin"

    private func fields(_ title: String = "Dentist", notes: String? = nil, day: Int = 1, done: Bool = false,
                        tags: [String] = [], alarms: [Alarm]? = Alarm.defaults) -> SyncFields {
        SyncFields(title: title, notes: notes,
                   schedule: .init(due: LocalDateTime(date: LocalDate(year: 2099, month: 3, day: day)!, time: LocalTime(hour: 9, minute: 0)!),
                                   timeZoneID: zone, recurrence: .never, recurrenceEnd: nil),
                   completion: .init(isCompleted: done, completedAt: nil), tags: tags, alarms: alarms)
    }

    private func merge(base: SyncFields?, local: SyncFields, remote: SyncFields, localIsLater: Bool = true) -> (SyncFields, [String]) {
        SyncFields.merge(base: base, local: local, remote: remote, localIsLater: localIsLater) { "Sync conflict: \($0)." }
    }

    @Test func aFieldChangedOnOneSideTakesThatSide() {
        let base = fields()
        #expect(merge(base: base, local: fields("Dentist at 2"), remote: base).0 == fields("Dentist at 2"))
        #expect(merge(base: base, local: base, remote: fields(day: 2)).0 == fields(day: 2))
        #expect(merge(base: base, local: base, remote: fields(done: true)).0 == fields(done: true))
    }

    @Test func differentFieldsOnBothSidesBothSurvive() {
        let (merged, conflicts) = merge(base: fields(), local: fields(notes: "bring the card"), remote: fields("Dentist, Dr Lee", day: 4))
        #expect(merged == fields("Dentist, Dr Lee", notes: "bring the card", day: 4))
        #expect(conflicts.isEmpty)
    }

    @Test func theSameFieldOnBothSidesKeepsTheLoserInTheNotes() {
        let base = fields(notes: "bring the card")
        let (localWins, conflicts) = merge(base: base, local: fields("At 3", notes: "bring the card"),
                                           remote: fields("At 2", notes: "bring the card"), localIsLater: true)
        #expect(conflicts == ["title"])
        #expect(localWins.title == "At 3")
        #expect(localWins.notes == "bring the card\nSync conflict: the server's title was \"At 2\".")
        let (remoteWins, _) = merge(base: base, local: fields("At 3", notes: "bring the card"),
                                    remote: fields("At 2", notes: "bring the card"), localIsLater: false)
        #expect(remoteWins.title == "At 2")
        #expect(remoteWins.notes == "bring the card\nSync conflict: the local title was \"At 3\".")
        // Both sides made the same change: no conflict.
        #expect(merge(base: base, local: fields("At 3"), remote: fields("At 3")).1.isEmpty)
    }

    @Test func theSnoozeOfTheSideThatAnsweredLastWinsAndAnAnswerAfterItEndsIt() {
        func answered(_ minute: Int, snoozedTo snooze: Int? = nil) -> SyncFields {
            var answered = fields()
            let nine = LocalDateTime(date: LocalDate(year: 2099, month: 3, day: 1)!, time: LocalTime(hour: 9, minute: 0)!)
                .resolved(in: TimeZone(identifier: zone)!)
            answered.acknowledged = nine.addingTimeInterval(TimeInterval(minute * 60))
            answered.snoozed = snooze.map { nine.addingTimeInterval(TimeInterval($0 * 60)) }
            return answered
        }
        // Snoozed here at 9:01 to 9:30, then on the server at 9:05 to 9:15: the later snooze.
        var merged = merge(base: fields(), local: answered(1, snoozedTo: 30), remote: answered(5, snoozedTo: 15)).0
        #expect(merged == answered(5, snoozedTo: 15))
        merged = merge(base: fields(), local: answered(5, snoozedTo: 15), remote: answered(1, snoozedTo: 30)).0
        #expect(merged == answered(5, snoozedTo: 15))
        // Dismissed on the server at 9:20, after the snooze here to 9:15: over.
        merged = merge(base: fields(), local: answered(1, snoozedTo: 15), remote: answered(20)).0
        #expect(merged == answered(20) && merged.snoozed == nil)
        // Snoozed here at 9:21, after the server's answer at 9:20: the snooze stands.
        merged = merge(base: fields(), local: answered(21, snoozedTo: 30), remote: answered(20)).0
        #expect(merged == answered(21, snoozedTo: 30))
        // The snooze made here went to the server; another device then moved or completed the
        // reminder, which ended it, answering at the same second (or with a clock behind): the side
        // that changed it since the base wins. The snooze used to come back, and be sent again.
        var moved = answered(1, snoozedTo: 30)
        moved.snoozed = nil
        moved.schedule.due = LocalDateTime(date: LocalDate(year: 2099, month: 3, day: 2)!, time: LocalTime(hour: 9, minute: 0)!)
        merged = merge(base: answered(1, snoozedTo: 30), local: answered(1, snoozedTo: 30), remote: moved).0
        #expect(merged == moved && merged.snoozed == nil)
        merged = merge(base: answered(1, snoozedTo: 30), local: moved, remote: answered(1, snoozedTo: 30)).0
        #expect(merged == moved)
        // Snoozed again here at 9:30 to 9:46 while the other device moved it (its answer older): the
        // snooze was of a time the reminder no longer has.
        merged = merge(base: answered(1, snoozedTo: 30), local: answered(30, snoozedTo: 46), remote: moved).0
        #expect(merged.schedule == moved.schedule && merged.snoozed == nil)
    }

    @Test func alarmsMergeAsAFieldAndADoneSideKeepsTheOthers() {
        let quarter = [Alarm.relative(seconds: -900)], day = [Alarm.relative(seconds: -86_400)]
        // Changed on one side: that side's.
        #expect(merge(base: fields(), local: fields(), remote: fields(alarms: quarter)).0.alarms == quarter)
        #expect(merge(base: fields(), local: fields(alarms: []), remote: fields()).0.alarms == [])
        // On both: the later change, the other kept in the notes as the user types alarms.
        let (merged, conflicts) = merge(base: fields(), local: fields(alarms: quarter), remote: fields(alarms: day), localIsLater: false)
        #expect(conflicts == ["alarms"])
        #expect(merged.alarms == day)
        #expect(merged.notes == "Sync conflict: the local alarms were -15m.")
        // Done on the server, which then says no alarms: the local ones stay for when it is reopened.
        let done = merge(base: fields(alarms: quarter), local: fields(alarms: quarter), remote: fields(done: true)).0
        #expect(done.completion.isCompleted && done.alarms == quarter)
    }

    @Test func conflictingNotesKeepBoth() {
        let (merged, conflicts) = merge(base: fields(notes: "a"), local: fields(notes: "mine"), remote: fields(notes: "theirs"))
        #expect(conflicts == ["notes"])
        #expect(merged.notes == "mine\nSync conflict: the server's notes were \"theirs\".")
    }

    @Test func tagsMergeAsSets() {
        let (merged, conflicts) = merge(base: fields(tags: ["Home", "Errands"]), local: fields(tags: ["Home", "Errands", "Urgent"]),
                                        remote: fields(tags: ["home", "Work"]))
        #expect(Set(merged.tags.map { $0.lowercased() }) == ["home", "urgent", "work"])
        #expect(conflicts.isEmpty)
        // Without a base, what either side has is kept.
        #expect(Set(merge(base: nil, local: fields(tags: ["A"]), remote: fields(tags: ["B"])).0.tags) == ["A", "B"])
    }

    @Test func withoutABaseEveryDifferenceIsAConflict() {
        let (merged, conflicts) = merge(base: nil, local: fields("Mine", day: 1), remote: fields("Theirs", day: 2), localIsLater: false)
        #expect(conflicts == ["title", "date and repeat"])
        #expect(merged.title == "Theirs")
        #expect(merged.schedule.due?.date == LocalDate(year: 2099, month: 3, day: 2))
        #expect(merged.notes == "Sync conflict: the local title was \"Mine\"; the local date and repeat was due 2099-03-01 09:00 Europe/Berlin.")
        #expect(merge(base: nil, local: fields(), remote: fields()).1.isEmpty)
    }
}
