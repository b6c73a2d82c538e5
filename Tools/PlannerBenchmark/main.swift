// Times rebuilding the pending notifications for 10,000 repeating reminders (and 1,000 one-time
// ones): the planner must merge the series with a heap, not walk every occurrence of every series.
//
//     swift run -c release PlannerBenchmark [REPEATING] [RUNS]
import BenchmarkSupport
import Domain
import Foundation
import Storage
import UseCases

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let repeatingCount = arguments.first ?? 10_000
let runs = arguments.dropFirst().first ?? 21
let clock = ContinuousClock()
let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-17
var random = SplitMix64(seed: 5)
let uuids = CountingUUIDs()
let environment = AppEnvironment(now: { now }, uuid: { uuids.next() }, timeZone: TimeZone(identifier: "Europe/London") ?? .gmt)
let zones = ["America/New_York", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe", "UTC"]

let folder = Measure.scratchFolder()
defer { try? FileManager.default.removeItem(at: folder) }
let database = try AppDatabase.open(at: folder.appendingPathComponent("bench.sqlite").path)
let reminders = GRDBReminderRepository(database: database)
let center = GRDBNotificationRepository(database: database)

// Repeating reminders anchored up to two years back (a long series behind each), a quarter with end dates.
var batch: [(reminder: Reminder, tagIDs: [UUID])] = []
for index in 0..<(repeatingCount + 1_000) {
    let zone = TimeZone(identifier: zones[random.below(zones.count)]) ?? .gmt
    let isRepeating = index < repeatingCount
    let start = LocalDateTime(
        date: LocalDate(containing: now, in: zone).adding(days: isRepeating ? -random.below(730) : 1 + random.below(60)),
        time: LocalTime(hour: random.below(24), minute: random.below(4) * 15) ?? .nineAM)
    let rule: RecurrenceRule = !isRepeating ? .never : [RecurrenceRule.daily, .weekly(weekday: start.date.weekday),
                                                        .monthly(day: start.date.day)][random.below(3)]
    let end = isRepeating && random.below(4) == 0 ? LocalDate(containing: now, in: zone).adding(days: random.below(90)) : nil
    let reminder = Reminder(id: environment.uuid(), title: "Reminder \(index)", notes: nil,
                            scheduledAt: start.resolved(in: zone), timeZoneID: zone.identifier,
                            createdAt: now, updatedAt: now, recurrence: rule, recurrenceEnd: end)
    batch.append((reminder, []))
}
try await reminders.insert(batch)
print("Store: \(repeatingCount) repeating reminders (daily, weekly, monthly; 5 zones; a quarter with end dates), 1,000 one-time")

let plan = PlanNotificationsUseCase(reminders: reminders, center: center, settings: GRDBSettingRepository(database: database), environment: environment)
var durations: [Duration] = []
var planned: [NotificationRequest] = []
for _ in 0..<runs {
    let start = clock.now
    planned = try await plan(from: now)
    durations.append(clock.now - start)
}
let pending = try await center.pending()
print("""
Rebuild of the plan: median \(Measure.milliseconds(Measure.median(durations))) over \(runs) runs \
(min \(Measure.milliseconds(durations.min() ?? .zero)), max \(Measure.milliseconds(durations.max() ?? .zero)))
Pending after a rebuild: \(pending.count) (\(pending.filter { !$0.isRecurring }.count) one-time, \
\(pending.filter(\.isRecurring).count) repeating); last fires \(pending.last.map { $0.fireAt.ISO8601Format() } ?? "-")
Peak memory: \(String(format: "%.1f", Measure.peakMemoryMiB())) MiB
""")
