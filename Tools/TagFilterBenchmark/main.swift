// Times filtering the dashboard by one tag over a store of 100,000 reminders and prints the
// query plan, to show the filter is one indexed SQL query and not a scan filtered in memory.
//
//     swift run -c release TagFilterBenchmark [REMINDERS] [RUNS]
import BenchmarkSupport
import Domain
import Foundation
import Storage
import StoreDiagnostics
import UseCases

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let reminderCount = arguments.first ?? 100_000
let runs = arguments.dropFirst().first ?? 21
let clock = ContinuousClock()
let now = Date(timeIntervalSince1970: 1_795_000_000)
var random = SplitMix64(seed: 2026)
let uuids = CountingUUIDs()
let environment = AppEnvironment(now: { now }, uuid: { uuids.next() },
                                 timeZone: TimeZone(identifier: "Europe/London") ?? .gmt)

let folder = Measure.scratchFolder()
defer { try? FileManager.default.removeItem(at: folder) }
let database = try AppDatabase.open(at: folder.appendingPathComponent("bench.sqlite").path)
let reminders = GRDBReminderRepository(database: database)
let tagRepository = GRDBTagRepository(database: database)

// 20 tags; each reminder carries 0–3 of them, so one tag marks about 7.5% of reminders.
var tags: [Tag] = []
for index in 0..<20 {
    let tag = Tag(id: environment.uuid(), name: "Tag \(index)", colorHex: TagRules.palette[index % 8], createdAt: now)
    try await tagRepository.insert(tag)
    tags.append(tag)
}
let buildStart = clock.now
var batch: [(reminder: Reminder, tagIDs: [UUID])] = []
for index in 0..<reminderCount {
    let scheduled = now.addingTimeInterval(Double(random.below(400 * 86_400)) - 30 * 86_400)
    let done = random.below(5) == 0
    let reminder = Reminder(id: environment.uuid(), title: "Reminder \(index)", notes: nil, scheduledAt: scheduled,
                            timeZoneID: "Europe/London", isCompleted: done, completedAt: done ? now : nil,
                            createdAt: now, updatedAt: now)
    let tagIDs = Set((0..<random.below(4)).map { _ in tags[random.below(tags.count)].id })
    batch.append((reminder, Array(tagIDs)))
    if batch.count == 10_000 {
        try await reminders.insert(batch)
        batch.removeAll(keepingCapacity: true)
    }
}
try await reminders.insert(batch)
print("Store: \(reminderCount) reminders, \(tags.count) tags, built in \(clock.now - buildStart)")

let tag = tags[7]
print("\nEXPLAIN QUERY PLAN of To Do filtered by one tag:")
for line in try await reminders.queryPlanOfOpenReminders(tagged: tag.id) { print("  \(line)") }

let load = LoadDashboardUseCase(repository: reminders, environment: environment)
var filtered: [Duration] = []
var unfiltered: [Duration] = []
var matched = 0
for _ in 0..<runs {
    let start = clock.now
    let dashboard = try await load(matching: ReminderFilter(tagID: tag.id))
    filtered.append(clock.now - start)
    matched = dashboard.toDo.count + dashboard.completed.count

    let startAll = clock.now
    _ = try await load()
    unfiltered.append(clock.now - startAll)
}
print("""

Dashboard filtered by one tag (\(matched) reminders): median \(Measure.milliseconds(Measure.median(filtered))) over \(runs) runs
Whole dashboard, for comparison (\(reminderCount) reminders): median \(Measure.milliseconds(Measure.median(unfiltered)))
Ratio whole / filtered: \(String(format: "%.1f", Measure.seconds(Measure.median(unfiltered)) / Measure.seconds(Measure.median(filtered))))x
Peak memory: \(String(format: "%.1f", Measure.peakMemoryMiB())) MiB
""")
